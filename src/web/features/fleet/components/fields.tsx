import type { ReactNode, SelectHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { describedBy, FieldMessages } from '../../../components/form-fields';

/*
 * What the console's forms need besides the shared fields (components/form-fields.tsx, whose
 * TextField and TextAreaField they use): selects and checkboxes.
 */
interface FieldBase {
  id: string;
  label: string;
  /** The message to show now; the form decides when (touched, submitted or from the server). */
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
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
