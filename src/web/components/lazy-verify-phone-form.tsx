import { Suspense, type ComponentProps } from 'react';
import { lazyPart } from '../lib/lazy-part';
import { Spinner } from './spinner';
import type { VerifyPhoneForm } from './verify-phone-form';

const Form = lazyPart(() => import('./verify-phone-form').then((m) => m.VerifyPhoneForm));

/**
 * The code form (ACCT-15) where a page shows it only after something the person did
 * (registering, Verify now, booking unverified): its chunk and the sandbox inbox's come when
 * the browser is idle, not in the page's first load (PAGE-18). Same props as VerifyPhoneForm.
 */
export function LazyVerifyPhoneForm(props: ComponentProps<typeof VerifyPhoneForm>) {
  return (
    <Suspense fallback={<Spinner label="Loading…" />}>
      <Form {...props} />
    </Suspense>
  );
}
