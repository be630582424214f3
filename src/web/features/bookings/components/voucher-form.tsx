import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { Payment } from '../../../../shared/schemas/payments';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { useSubmitOtp } from '../api/payments';

// The voucher's rule (SubmitOtpSchema), loaded after the page has rendered (lib/lazy-resolver.ts).
const voucherResolver = lazyResolver(() =>
  import('../../../../shared/schemas/payments').then((m) => m.SubmitOtpSchema),
);

/**
 * Telecel Cash: the renter makes a voucher on the phone (the provider's instruction says
 * how) and types it here; the server hands it to the provider.
 */
export function VoucherForm({ payment }: { payment: Payment }) {
  const id = useId();
  const submit = useSubmitOtp(payment.reference);
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm({
    resolver: voucherResolver,
    defaultValues: { otp: '' },
    // The message stays until the next send; typing only clears it.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const shown = errors.otp?.message ?? (submit.isError ? submit.error.message : null);

  const send = handleSubmit(({ otp }) => {
    if (submit.isPending) return;
    submit.mutate(otp);
  });

  return (
    <form className="pay-voucher" noValidate onSubmit={(event) => void send(event)}>
      <p id={`${id}-hint`}>
        {payment.display_text ??
          'Dial *110# on your phone to generate a voucher code, then enter it here.'}
      </p>
      <div className="field">
        <label htmlFor={`${id}-otp`}>Voucher code</label>
        <input
          id={`${id}-otp`}
          className="input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={8}
          aria-invalid={shown ? true : undefined}
          aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
          {...register('otp', { onChange: () => clearErrors('otp') })}
        />
        {shown && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {shown}
          </p>
        )}
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={submit.isPending}>
        {submit.isPending ? 'Sending…' : 'Send voucher'}
      </button>
    </form>
  );
}
