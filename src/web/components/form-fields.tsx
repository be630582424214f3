import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import './form-fields.css';

interface FieldBase {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  /** The message to show now (the form decides when: touched or submitted). */
  error?: string | undefined;
  hint?: ReactNode;
  /** More classes on the field's wrapper (to place it in a form's grid). */
  className?: string | undefined;
}

const fieldClass = (className: string | undefined) => (className ? `field ${className}` : 'field');

/** The ids an input points at, so a screen reader reads the hint and the error with it. */
export function describedBy(id: string, hint: ReactNode, error: string | undefined) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export function FieldMessages({
  id,
  hint,
  error,
}: {
  id: string;
  hint?: ReactNode;
  error?: string | undefined;
}) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error field-error-line">
          <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
            <circle cx="12" cy="12" r="10" fill="currentColor" />
            <path d="M12 7v6M12 16.5v.5" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
          {error}
        </p>
      )}
    </>
  );
}

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'name' | 'onChange' | 'onBlur'
>;

/**
 * A labelled input with its hint and error (react-hook-form registration). `prefix` is shown
 * before the input, for the eye only (a currency: the label says it in words).
 */
export function TextField({
  id,
  label,
  registration,
  error,
  hint,
  className,
  inputProps,
  prefix,
}: FieldBase & { inputProps?: InputProps; prefix?: string }) {
  const input = (
    <input
      id={id}
      className="input"
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, hint, error)}
      {...inputProps}
      {...registration}
    />
  );
  return (
    <div className={fieldClass(className)}>
      <label htmlFor={id}>{label}</label>
      {prefix ? (
        <div className="input-affix">
          <span aria-hidden="true">{prefix}</span>
          {input}
        </div>
      ) : (
        input
      )}
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

type TextAreaProps = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id' | 'name' | 'onChange' | 'onBlur'
>;

export function TextAreaField({
  id,
  label,
  registration,
  error,
  hint,
  className,
  textareaProps,
}: FieldBase & { textareaProps?: TextAreaProps }) {
  return (
    <div className={fieldClass(className)}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        className="textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...textareaProps}
        {...registration}
      />
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
