import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldMessages } from '../../../components/form-fields';

// The plain text field, the password field and the hint/error lines are the site's shared
// ones (components/); these are the sign-in and register forms' own.
export { PasswordField } from '../../../components/password-field';

export function CheckboxField({
  id,
  registration,
  error,
  children,
}: {
  id: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="field field-check">
      <label className="check" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...registration}
        />
        <span>{children}</span>
      </label>
      <FieldMessages id={id} hint={null} error={error} />
    </div>
  );
}

/** A whole-form failure, announced as soon as it appears. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div className="alert alert-error auth-alert" role="alert">
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="M12 3 2 20h20z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
        <path d="M12 10v4M12 17v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span>{children}</span>
    </div>
  );
}
