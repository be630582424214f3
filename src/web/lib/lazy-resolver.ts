import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { whenIdle } from './lazy-part';

type FormSchema = z.ZodType<FieldValues, FieldValues>;

/**
 * The page draws its form without its rules, and the rules come just after (PAGE-18): zod
 * and the form's schema are about 26 KiB gzip, a quarter of a page's JavaScript budget, and no
 * field needs them before the person leaves it or sends the form. So a form's schema is
 * loaded by a dynamic import, when the browser is next idle after the page has rendered, or at
 * the first validation if that comes sooner; the validation waits for it (a blur or a submit
 * in the first instant just answers a moment later).
 *
 * Every form that validates with a shared schema uses this, with the schema's module given
 * as an import, never imported as a value by the page (that would put zod back in its chunk;
 * src/web/app/route-budget.test.ts fails):
 *
 *   const resolver = lazyResolver(() =>
 *     import('../../../../shared/schemas/auth').then((m) => m.LoginFormSchema));
 *   useForm<LoginFormValues>({ resolver, … });
 *
 * `lazyResolver` accepts a ready-made resolver too (`() => import('./x').then((m) =>
 * m.resolver)`), for a form whose messages are read from the schema's issues by hand.
 * Defined once per form, at module level, so the load starts once.
 */
export function lazyResolver<S extends FormSchema>(
  load: () => Promise<S>,
): Resolver<z.input<S>, unknown, z.output<S>> {
  return lazyRuleset<z.input<S>, z.output<S>>(() =>
    Promise.all([load(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) =>
        zodResolver(schema) as unknown as Resolver<z.input<S>, unknown, z.output<S>>,
    ),
  );
}

/** As lazyResolver, for a resolver written by hand (loaded the same way). */
export function lazyRuleset<In extends FieldValues, Out>(
  load: () => Promise<Resolver<In, unknown, Out>>,
): Resolver<In, unknown, Out> {
  let loaded: Promise<Resolver<In, unknown, Out>> | undefined;
  // A failed load (a dropped connection) is tried again at the next validation.
  const start = () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));
  whenIdle(() => void start().catch(() => undefined));
  return async (values, context, options) => (await start())(values, context, options);
}
