import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm, type FieldErrors, type Resolver, type ResolverResult } from 'react-hook-form';
import { Link } from '../lib/router';
import { messages } from '../../shared/messages';
import { formatMsisdn } from '../../shared/phone';
import type { User } from '../../shared/schemas/auth';
import { paths } from '../config/paths';
import { ApiError } from '../lib/api-client';
import { lazyRuleset } from '../lib/lazy-resolver';
import { useSandboxInbox } from '../lib/sandbox-phone';
import { sendPhoneCode, verifyPhone } from '../lib/session-store';
import { FieldMessages, describedBy } from './form-fields';
import './verify-phone-form.css';

/** LIMIT-9: a new code only this long after the last one. */
const RESEND_AFTER_SECONDS = 60;

interface VerifyPhoneFormProps {
  /** The signed-in user's number (E.164 digits), where the code went. */
  msisdn: string;
  /**
   * Registering has just sent a code (ACCT-10), so the form only waits out the resend delay.
   * Otherwise (booking, the profile) the form asks for a code as it appears.
   */
  codeJustSent?: boolean;
  onVerified: (user: User) => void;
  /** Ids inside the form start with this, so two forms never share one. */
  idPrefix: string;
  /** A second way out beside Verify ('Skip for now', 'Back'). */
  secondary?: ReactNode;
  /** The form replaced what the person was looking at: start them in the code field. */
  autoFocus?: boolean;
  /**
   * What checks the code. By default the signed-in user's phone check (ACCT-10); the sign-in
   * code step (ACCT-17) finishes the sign-in with its ticket instead.
   */
  submitCode?: (code: string) => Promise<User>;
  /** Asks for another code: by default send-code (ACCT-10); null offers no Resend. */
  resendCode?: (() => Promise<unknown>) | null;
  /** The submit button's words. */
  submitLabel?: string;
}

/** The code as typed, without the spaces a phone may put in when it pastes one. */
const typedCode = (raw: string) => raw.replace(/\s+/g, '');

/*
 * The API's rule for the code (VerifyPhoneInputSchema: required), then the form's own: six
 * digits, as the SMS gives it, said before a request is spent. Loaded after the form renders.
 */
interface CodeValues {
  code: string;
}

const resolver = lazyRuleset<CodeValues, CodeValues>(() =>
  import('../../shared/schemas/auth').then(
    ({ VerifyPhoneInputSchema }): Resolver<CodeValues> =>
      (values): ResolverResult<CodeValues> => {
        const code = typedCode(values.code);
        const parsed = VerifyPhoneInputSchema.safeParse({ code });
        const message = !parsed.success
          ? (parsed.error.issues[0]?.message ?? messages.phone.codeRequired)
          : /^\d{6}$/.test(code)
            ? null
            : messages.phone.codeFormat;
        if (message) {
          const errors: FieldErrors<CodeValues> = { code: { type: 'validate', message } };
          return { values: {}, errors };
        }
        return { values: { code }, errors: {} };
      },
  ),
);

const formatWait = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * The one place a renter types the code from the SMS (ACCT-10, ACCT-15), used after
 * registering, in the booking flow (ACCT-12) and on the profile. `autocomplete="one-time-code"`
 * and a numeric keyboard let a phone offer the code straight from the message.
 */
export function VerifyPhoneForm({
  msisdn,
  codeJustSent = false,
  onVerified,
  idPrefix,
  secondary,
  autoFocus = false,
  submitCode = verifyPhone,
  resendCode = sendPhoneCode,
  submitLabel = 'Verify',
}: VerifyPhoneFormProps) {
  const inputId = `${idPrefix}-code`;
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    clearErrors,
    formState: { errors },
  } = useForm({
    resolver,
    defaultValues: { code: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const fieldError = errors.code?.message;
  const [failure, setFailure] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [sending, setSending] = useState(false);
  const [resendAt, setResendAt] = useState(() =>
    codeJustSent ? Date.now() + RESEND_AFTER_SECONDS * 1000 : 0,
  );
  const [now, setNow] = useState(() => Date.now());
  const secondsLeft = Math.max(0, Math.ceil((resendAt - now) / 1000));
  const sandbox = useSandboxInbox(msisdn);

  // The countdown ticks only while there is something to count.
  useEffect(() => {
    if (secondsLeft === 0) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [secondsLeft]);

  async function requestCode(automatic: boolean) {
    if (!resendCode) return;
    setSending(true);
    setFailure(null);
    try {
      await resendCode();
      setNote(messages.phone.codeSent);
      setResendAt(Date.now() + RESEND_AFTER_SECONDS * 1000);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setFailure(messages.http.internal);
      } else if (error.status === 429 && error.retryAfterSeconds) {
        setResendAt(Date.now() + error.retryAfterSeconds * 1000);
        // Asked for a code again within the minute: the last one still works (10 minutes).
        if (automatic && error.retryAfterSeconds <= RESEND_AFTER_SECONDS)
          setNote('We sent you a code a moment ago. Enter it below.');
        else setFailure(error.message);
      } else {
        setFailure(error.message);
      }
    } finally {
      setSending(false);
      setNow(Date.now());
    }
  }

  const asked = useRef(false);
  useEffect(() => {
    if (codeJustSent || asked.current) return;
    asked.current = true;
    void requestCode(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the form first shows
  }, [codeJustSent]);

  const submit = handleSubmit(
    async ({ code }) => {
      setFailure(null);
      setVerifying(true);
      try {
        const user = await submitCode(code);
        onVerified(user);
      } catch (error) {
        const message = error instanceof ApiError ? error.message : messages.http.internal;
        const onField = error instanceof ApiError ? error.errors.code?.[0] : undefined;
        if (onField) setError('code', { message: onField });
        else setFailure(message);
        setFocus('code');
      } finally {
        setVerifying(false);
      }
    },
    () => setFailure(null),
  );

  const hint = '6 digits, from the text message';
  return (
    <form className="verify-phone" noValidate onSubmit={(e) => void submit(e)}>
      <p className="verify-phone-lead">
        Enter the code we sent to <strong className="nowrap">{formatMsisdn(msisdn)}</strong>
      </p>
      <div className="field">
        <label htmlFor={inputId}>Code from the SMS</label>
        <input
          id={inputId}
          className="input verify-phone-input"
          autoComplete="one-time-code"
          inputMode="numeric"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={12}
          autoFocus={autoFocus}
          {...register('code', { onChange: () => clearErrors('code') })}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={describedBy(inputId, hint, fieldError)}
        />
        <FieldMessages id={inputId} hint={hint} error={fieldError} />
      </div>

      <div className="verify-phone-actions">
        <button type="submit" className="btn btn-primary" disabled={verifying}>
          {verifying && <span className="spinner spinner-sm" aria-hidden="true" />}
          {verifying ? 'Checking…' : submitLabel}
        </button>
        {secondary}
      </div>

      {resendCode && (
        <div className="verify-phone-resend">
          <span className="muted">No code?</span>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={secondsLeft > 0 || sending}
            onClick={() => void requestCode(false)}
          >
            {secondsLeft > 0 ? (
              <>
                Resend code in <span className="verify-phone-timer">{formatWait(secondsLeft)}</span>
              </>
            ) : sending ? (
              'Sending…'
            ) : (
              'Resend code'
            )}
          </button>
        </div>
      )}

      <div aria-live="polite">
        {note && !failure && <p className="verify-phone-note">{note}</p>}
      </div>
      {failure && (
        <div className="alert alert-error verify-phone-alert" role="alert">
          {failure}
        </div>
      )}

      {sandbox.isSuccess && (
        <p className="verify-phone-sandbox">
          <span className="verify-phone-badge">Test mode</span> No real SMS is sent.{' '}
          <Link to={paths.sandboxPhone.getHref(msisdn)} target="_blank" rel="noopener">
            Open the sandbox phone
            <span className="visually-hidden"> (opens in a new tab)</span>
          </Link>{' '}
          to read the code.
        </p>
      )}
    </form>
  );
}
