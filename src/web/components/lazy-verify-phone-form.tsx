import { Suspense, type ComponentProps } from 'react';
import { lazyPart } from '../lib/lazy-part';
import { Spinner } from './spinner';
import type { VerifyPhoneForm } from './verify-phone-form';

const Form = lazyPart(() => import('./verify-phone-form').then((m) => m.VerifyPhoneForm), {
  start: 'on-demand',
});

/** Starts loading the form ahead of showing it (the person is on the way there). */
export const preloadVerifyPhoneForm = Form.preload;

/**
 * The code form (ACCT-15) where a page shows it only after something the person did
 * (registering, Verify now): its chunk and the sandbox inbox's are not in the page's first
 * load (PAGE-18). They load when the page calls preloadVerifyPhoneForm (the register tab is
 * open, the person has started on the profile) or when the form is shown. Same props as
 * VerifyPhoneForm.
 */
export function LazyVerifyPhoneForm(props: ComponentProps<typeof VerifyPhoneForm>) {
  return (
    <Suspense fallback={<Spinner label="Loading…" />}>
      <Form {...props} />
    </Suspense>
  );
}
