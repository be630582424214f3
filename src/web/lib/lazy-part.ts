import { lazy, type ComponentType } from 'react';

/**
 * A part of a page that its first paint does not show (a later step, a dialog, a form that
 * opens on a click), in a chunk of its own, so the page's first-load JavaScript stays in its
 * budget (PAGE-18, docs/decisions/024-own-router.md). The chunk is fetched when the browser is
 * next idle after the page has rendered, so it is usually in before the person gets to it;
 * or, with `start: 'now'`, as soon as the page's module runs, for a part that waits for the
 * page's data anyway (it downloads beside the request instead of after it); or, with
 * `start: 'on-demand'`, when the page calls the part's `preload()` (a sign the person is
 * heading there) or renders it. On a page painted from its HTML alone (decision 004) an
 * idle load would fetch the part's stylesheet too, which that page must not ask for.
 *
 * Render the part inside a <Suspense> that is already on screen, and switch to it in a
 * transition (startTransition): React then keeps what is shown until the chunk is in, rather
 * than a fallback. Defined once, at module level, so the load starts once.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  {
    start = 'idle',
    after,
  }: {
    start?: 'idle' | 'now' | 'on-demand';
    /** What must load before this part when idle (a form's rules before its next step). */
    after?: () => Promise<unknown>;
  } = {},
) {
  let loaded: Promise<{ default: ComponentType<P> }> | undefined;
  const begin = () =>
    (loaded ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        loaded = undefined; // A dropped connection: the next render tries again.
        throw error;
      },
    ));
  const preload = () => void begin().catch(() => undefined);
  if (start === 'now') preload();
  else if (start === 'idle') whenIdle(() => (after ? void after().finally(preload) : preload()));
  return Object.assign(lazy(begin), { preload });
}

/** After the page's first render has had the main thread; soon in any case. */
export function whenIdle(task: () => void) {
  if (typeof window === 'undefined') return; // The build-time renderer loads nothing ahead.
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 3000 });
  else setTimeout(task, 1000);
}
