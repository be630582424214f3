import { shownError } from '../../../lib/form-errors';
import { useId, type Ref } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { todayInAccra } from '../../../../shared/dates';
import type {
  BookingDetailField,
  BookingDetailsInput,
  BookingDetailsOutput,
} from './booking-form-types';

interface BookingDatesStepProps {
  form: UseFormReturn<BookingDetailsInput, unknown, BookingDetailsOutput>;
  onValid: (values: BookingDetailsOutput) => void;
  onCancel: () => void;
  /** A server error that belongs to no field of this step (PAGE-8). */
  formError: string | null;
  headingRef: Ref<HTMLHeadingElement>;
}

/** Step 1, 'Destination and Booking Dates' (PAGE-8). */
export function BookingDatesStep({
  form,
  onValid,
  onCancel,
  formError,
  headingRef,
}: BookingDatesStepProps) {
  const id = useId();
  const {
    register,
    handleSubmit,
    watch,
    trigger,
    formState: { errors, touchedFields, isSubmitted },
  } = form;
  const today = todayInAccra();
  const startDate = watch('start_date');

  const errorOf = (field: BookingDetailField) =>
    shownError({ errors, touchedFields, isSubmitted }, field);
  const fieldProps = (field: BookingDetailField) => {
    const message = errorOf(field);
    return {
      'aria-invalid': message ? true : undefined,
      'aria-describedby': message ? `${id}-${field}-error` : undefined,
    };
  };
  const fieldError = (field: BookingDetailField) => {
    const message = errorOf(field);
    return message ? (
      <p id={`${id}-${field}-error`} className="field-error">
        {message}
      </p>
    ) : null;
  };

  return (
    <form className="card booking-panel" noValidate onSubmit={handleSubmit(onValid)}>
      <h1 ref={headingRef} tabIndex={-1} className="booking-step-title">
        Destination and Booking Dates
      </h1>
      <p className="muted booking-step-intro">
        Choose when you need the car and where you will drive it.
      </p>

      {formError && (
        <p className="alert alert-error" role="alert">
          {formError}
        </p>
      )}

      <div className="booking-date-row">
        <div className="field">
          <label htmlFor={`${id}-start`}>Start date</label>
          <input
            id={`${id}-start`}
            type="date"
            className="input"
            min={today}
            {...fieldProps('start_date')}
            {...register('start_date', {
              // The end date's rule depends on the start: re-check it as soon as the start
              // changes (not only when the start field loses focus).
              onChange: () => {
                if (touchedFields.end_date || isSubmitted) void trigger('end_date');
              },
            })}
          />
          {fieldError('start_date')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-end`}>End date</label>
          <input
            id={`${id}-end`}
            type="date"
            className="input"
            min={startDate && startDate >= today ? startDate : today}
            {...fieldProps('end_date')}
            {...register('end_date')}
          />
          {fieldError('end_date')}
        </div>
      </div>

      <div className="field">
        <label htmlFor={`${id}-destination`}>Destination</label>
        <input
          id={`${id}-destination`}
          type="text"
          className="input"
          placeholder="Eg. Accra"
          autoComplete="address-level2"
          maxLength={120}
          {...fieldProps('destination')}
          {...register('destination')}
        />
        {fieldError('destination')}
      </div>

      <fieldset
        className="field booking-radio-group"
        aria-describedby={errorOf('destination_type') ? `${id}-destination_type-error` : undefined}
      >
        <legend>Destination type</legend>
        <div className="booking-radio-options">
          <label className="booking-radio">
            <input type="radio" value="1" {...register('destination_type')} />
            <span>Within Accra</span>
          </label>
          <label className="booking-radio">
            <input type="radio" value="2" {...register('destination_type')} />
            <span>Outside Accra</span>
          </label>
        </div>
        {fieldError('destination_type')}
      </fieldset>

      <div className="booking-actions">
        <button type="button" className="btn btn-outline" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="submit"
          className="btn btn-primary"
          // Keeps focus in the field being edited: its blur would validate it, and a message
          // appearing above would move this button away between mouse down and up, losing
          // the click. Submitting validates every field anyway.
          onMouseDown={(event) => event.preventDefault()}
        >
          Proceed
        </button>
      </div>
    </form>
  );
}
