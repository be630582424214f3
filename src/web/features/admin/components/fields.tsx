import type {
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { describedBy, FieldMessages } from '../../../components/form-fields';

/*
 * The shared fields (components/form-fields.tsx) and what the console's forms need besides:
 * a class to place a field in a grid, a currency prefix, selects and checkboxes.
 */
interface FieldBase {
  id: string;
  label: string;
  /** The message to show now; the form decides when (touched, submitted or from the server). */
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
}

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'name' | 'onChange' | 'onBlur'
>;

export function TextField({
  id,
  label,
  error,
  hint,
  className,
  registration,
  inputProps,
  prefix,
}: FieldBase & { registration: UseFormRegisterReturn; inputProps?: InputProps; prefix?: string }) {
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
    <div className={className ? `field ${className}` : 'field'}>
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

export function TextAreaField({
  id,
  label,
  error,
  hint,
  className,
  registration,
  textareaProps,
}: FieldBase & {
  registration: UseFormRegisterReturn;
  textareaProps?: Omit<
    TextareaHTMLAttributes<HTMLTextAreaElement>,
    'id' | 'name' | 'onChange' | 'onBlur'
  >;
}) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
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

export function SelectField({
  id,
  label,
  error,
  hint,
  className,
  registration,
  options,
  placeholder,
  selectProps,
}: FieldBase & {
  registration: UseFormRegisterReturn;
  options: readonly { value: string; label: string }[];
  /** A first, empty choice ('Choose…'). */
  placeholder?: string;
  selectProps?: Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    'id' | 'name' | 'onChange' | 'onBlur'
  >;
}) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="select"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...selectProps}
        {...registration}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

export function CheckField({
  id,
  label,
  registration,
  error,
}: {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
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
        <span>{label}</span>
      </label>
      <FieldMessages id={id} error={error} />
    </div>
  );
}
