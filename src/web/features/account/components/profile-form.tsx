import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { messages } from '../../../../shared/messages';
import { formatMsisdn } from '../../../../shared/phone';
import type { ProfileFormInput, ProfileFormValues, User } from '../../../../shared/schemas/auth';
import { FieldMessages, TextField } from '../../../components/form-fields';
import { CheckIcon } from '../../../components/icons';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { shownError } from '../../../lib/form-errors';
import { useUpdateProfile } from '../api/profile';
import { ProfilePhoto } from './profile-photo';
import './profile.css';

/** 'Ama Serwaa Mensah' → first 'Ama', last 'Serwaa Mensah': the account keeps one name. */
function splitName(name: string) {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { first_name: first, last_name: rest.join(' ') };
}

function valuesOf(user: User): ProfileFormInput {
  return {
    ...splitName(user.name),
    email: user.email ?? '',
    whatsapp: user.whatsapp ? formatMsisdn(user.whatsapp) : '',
  };
}

const initialsOf = (user: User) =>
  user.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

/** Server field names → the form's (the API keeps one `name`; the form shows two). */
const FIELD_OF: Record<string, keyof ProfileFormInput> = {
  name: 'first_name',
  email: 'email',
  whatsapp: 'whatsapp',
};

// The schema and zod load after the page has rendered (lib/lazy-resolver.ts, PAGE-18).
const resolver = lazyResolver(() =>
  import('../../../../shared/schemas/auth').then((m) => m.ProfileFormSchema),
);

/**
 * Profile (ACCT-8): the signed-in renter's own details, saved with PATCH /api/auth/me. The
 * phone number is the sign-in identity, shown but not editable here.
 */
export function ProfileForm({ user }: { user: User }) {
  const [saved, setSaved] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, touchedFields, isSubmitted, isSubmitting, isDirty },
  } = useForm<ProfileFormInput, unknown, ProfileFormValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: valuesOf(user),
  });
  const shown = (field: keyof ProfileFormInput) =>
    shownError({ errors, touchedFields, isSubmitted }, field);

  // Editing again after a save: the 'saved' line no longer describes the form.
  useEffect(() => {
    const subscription = watch(() => {
      setSaved(null);
      setFailure(null);
    });
    return () => subscription.unsubscribe();
  }, [watch]);

  const onSubmit = handleSubmit(async (values) => {
    setSaved(null);
    setFailure(null);
    try {
      const result = await update.mutateAsync({
        name: `${values.first_name} ${values.last_name}`,
        email: values.email,
        whatsapp: values.whatsapp,
      });
      reset(valuesOf(result.user));
      setSaved(result.message);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setFailure(messages.http.internal);
        return;
      }
      setFailure(error.message);
      let focused = false;
      for (const [field, fieldMessages] of Object.entries(error.errors)) {
        const formField = FIELD_OF[field];
        if (!formField || !fieldMessages[0]) continue;
        setError(
          formField,
          { type: 'server', message: fieldMessages[0] },
          { shouldFocus: !focused },
        );
        focused = true;
      }
    }
  });

  return (
    <form
      className="profile-form"
      noValidate
      onSubmit={onSubmit}
      aria-busy={isSubmitting || undefined}
    >
      <section className="card account-panel" aria-labelledby="profile-photo-title">
        <h2 id="profile-photo-title" className="profile-section-title">
          Profile photo
        </h2>
        <ProfilePhoto initials={initialsOf(user)} />
      </section>

      <section className="card account-panel" aria-labelledby="profile-details-title">
        <h2 id="profile-details-title" className="profile-section-title">
          Your details
        </h2>
        <div className="profile-grid">
          <TextField
            id="profile-first-name"
            label="First name"
            registration={register('first_name')}
            error={shown('first_name')}
            inputProps={{ autoComplete: 'given-name', required: true }}
          />
          <TextField
            id="profile-last-name"
            label="Last name"
            registration={register('last_name')}
            error={shown('last_name')}
            inputProps={{ autoComplete: 'family-name', required: true }}
          />
          <TextField
            id="profile-email"
            label="Email"
            registration={register('email')}
            error={shown('email')}
            hint="For receipts and booking reminders. Optional."
            inputProps={{ type: 'email', autoComplete: 'email', placeholder: 'you@example.com' }}
          />
          <div className="field">
            <label htmlFor="profile-phone">Phone</label>
            <input
              id="profile-phone"
              className="input"
              type="tel"
              name="phone"
              value={formatMsisdn(user.msisdn)}
              readOnly
              aria-describedby="profile-phone-hint"
            />
            <FieldMessages id="profile-phone" hint="Your sign-in number. To change it, call us." />
          </div>
          <TextField
            id="profile-whatsapp"
            label="WhatsApp number"
            registration={register('whatsapp')}
            error={shown('whatsapp')}
            hint="If it differs from your phone number. Optional."
            inputProps={{
              type: 'tel',
              inputMode: 'tel',
              autoComplete: 'tel',
              placeholder: '024 412 3456',
            }}
          />
        </div>

        <div role="status" className="profile-status">
          {saved && (
            <p className="alert alert-success profile-saved">
              <CheckIcon size={20} />
              {saved}
            </p>
          )}
        </div>
        {failure && (
          <p className="alert alert-error" role="alert">
            {failure}
          </p>
        )}
        <div className="profile-actions">
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting ? (
              <>
                <Spinner small label="Saving…" />
                Saving…
              </>
            ) : (
              'Save Profile'
            )}
          </button>
          {isDirty && !isSubmitting && (
            <button type="button" className="btn btn-ghost" onClick={() => reset(valuesOf(user))}>
              Undo changes
            </button>
          )}
        </div>
      </section>
    </form>
  );
}
