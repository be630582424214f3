import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { describedBy, FieldMessages } from './form-fields';
import './password-field.css';

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'name' | 'onChange' | 'onBlur'
>;

interface FieldProps {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  /** The message to show now (the form decides when: touched or submitted). */
  error?: string | undefined;
  hint?: ReactNode;
  inputProps?: InputProps;
}

/**
 * A password input with a Show/Hide button: used by sign-in and register, password recovery
 * and the profile's change of password.
 */
export function PasswordField({ id, label, registration, error, hint, inputProps }: FieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="password-input">
        <input
          id={id}
          className="input"
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          {...inputProps}
          {...registration}
        />
        <button
          type="button"
          className="password-toggle"
          aria-controls={id}
          aria-label={`${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
          onClick={() => setVisible((v) => !v)}
        >
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
            <path
              d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
            />
            <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
            {visible && (
              <path d="M4 4l16 16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            )}
          </svg>
          <span aria-hidden="true">{visible ? 'Hide' : 'Show'}</span>
        </button>
      </div>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
