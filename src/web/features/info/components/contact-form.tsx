import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { messages } from '../../../../shared/messages';
import type { ContactInput } from '../../../../shared/schemas/inbox';
import { TextAreaField, TextField } from '../../../components/form-fields';
import { CheckIcon } from '../../../components/icons';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { shownError } from '../../../lib/form-errors';
import { useSendContactMessage } from '../api/contact';
import './contact.css';

const emptyValues: ContactInput = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  message: '',
};
const isField = (field: string): field is keyof ContactInput => field in emptyValues;

// The schema and zod load after the page has rendered (lib/lazy-resolver.ts, PAGE-18).
const resolver = lazyResolver(() =>
  import('../../../../shared/schemas/inbox').then((m) => m.ContactInputSchema),
);

/**
 * Contact Us (PAGE-12): first name, last name, email, phone and message, all required. Stored
 * and confirmed (VAL-8); the form is emptied once the message is safely sent.
 */
export function ContactForm({ subject }: { subject?: string }) {
  const send = useSendContactMessage();
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, touchedFields, isSubmitted, isSubmitting },
  } = useForm<ContactInput>({
    resolver,
    mode: 'onTouched',
    defaultValues: { ...emptyValues, message: subject ? `${subject}\n\n` : '' },
  });
  const shown = (field: keyof ContactInput) =>
    shownError({ errors, touchedFields, isSubmitted }, field);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setConfirmation(null);
    try {
      const result = await send.mutateAsync(values);
      setConfirmation(result.message);
      reset(emptyValues);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setFailure(messages.http.internal);
        return;
      }
      setFailure(error.message);
      let focused = false;
      for (const [field, fieldMessages] of Object.entries(error.errors)) {
        if (!isField(field) || !fieldMessages[0]) continue;
        setError(field, { type: 'server', message: fieldMessages[0] }, { shouldFocus: !focused });
        focused = true;
      }
    }
  });

  return (
    <form
      className="contact-form"
      noValidate
      onSubmit={onSubmit}
      aria-busy={isSubmitting || undefined}
    >
      <div className="contact-form-row">
        <TextField
          id="contact-first-name"
          label="First name"
          registration={register('first_name')}
          error={shown('first_name')}
          inputProps={{ autoComplete: 'given-name', required: true }}
        />
        <TextField
          id="contact-last-name"
          label="Last name"
          registration={register('last_name')}
          error={shown('last_name')}
          inputProps={{ autoComplete: 'family-name', required: true }}
        />
      </div>
      <div className="contact-form-row">
        <TextField
          id="contact-email"
          label="Email"
          registration={register('email')}
          error={shown('email')}
          inputProps={{
            type: 'email',
            autoComplete: 'email',
            required: true,
            placeholder: 'you@example.com',
          }}
        />
        <TextField
          id="contact-phone"
          label="Phone"
          registration={register('phone')}
          error={shown('phone')}
          inputProps={{
            type: 'tel',
            inputMode: 'tel',
            autoComplete: 'tel',
            required: true,
            placeholder: '024 412 3456',
          }}
        />
      </div>
      <TextAreaField
        id="contact-message"
        label="Message"
        registration={register('message')}
        error={shown('message')}
        textareaProps={{
          required: true,
          rows: 6,
          placeholder: 'Which car, which dates, and where you are going…',
        }}
      />

      <div role="status" className="contact-status">
        {confirmation && (
          <p className="alert alert-success contact-confirmation">
            <CheckIcon size={20} />
            {confirmation}
          </p>
        )}
      </div>
      {failure && (
        <p className="alert alert-error" role="alert">
          {failure}
        </p>
      )}

      <button type="submit" className="btn btn-primary contact-submit" disabled={isSubmitting}>
        {isSubmitting ? (
          <>
            <Spinner small label="Sending…" />
            Sending…
          </>
        ) : (
          'Send Message'
        )}
      </button>
    </form>
  );
}
