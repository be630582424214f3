import type { InputHTMLAttributes, ReactNode } from 'react';
import type { QuoteLine } from '../../../../shared/schemas/bookings';
import { describedBy, FieldMessages } from '../../../components/form-fields';
import { ApiError } from '../../../lib/api-client';
import { cedis } from '../../../components/console/admin-labels';

/*
 * Controlled fields for the staff booking forms (the new booking page and the change dialogs),
 * fed from each form's react-hook-form values (watch, setValue): each labelled, its hint and
 * its message tied to it. The forms check their body with the API's schema (body-rules.ts) and
 * the server checks every rule again (BOOK-20 lists every failing field at once).
 */

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>;

export function InputField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  className,
  inputProps,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  inputProps?: InputProps;
}) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...inputProps}
      />
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

export function SelectInput({
  id,
  label,
  value,
  onChange,
  options,
  placeholder,
  error,
  hint,
  className,
  disabled,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  disabled?: boolean;
}) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="select"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
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

export function CheckInput({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="field field-check">
      <label className="check" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>{label}</span>
      </label>
    </div>
  );
}

/** The server's price, line by line, as the renter's summary shows it (PRICE-6). */
export function QuoteLines({
  lines,
  total,
  caption,
}: {
  lines: QuoteLine[];
  total: number;
  caption: string;
}) {
  return (
    <table className="cost-table">
      <caption className="visually-hidden">{caption}</caption>
      <tbody>
        {lines.map((line, i) => (
          <tr key={i}>
            <th scope="row">{line.label}</th>
            <td>{cedis(line.amount)}</td>
          </tr>
        ))}
        <tr className="cost-table-total">
          <th scope="row">Total</th>
          <td>{cedis(total)}</td>
        </tr>
      </tbody>
    </table>
  );
}

/** A 422's first message for each field, and the message for the whole form. */
export function serverErrorsOf(error: unknown): {
  fields: Record<string, string>;
  message: string | null;
} {
  if (!error) return { fields: {}, message: null };
  if (!(error instanceof ApiError))
    return {
      fields: {},
      message: error instanceof Error ? error.message : 'Something went wrong.',
    };
  const fields: Record<string, string> = {};
  for (const [field, list] of Object.entries(error.errors)) if (list[0]) fields[field] = list[0];
  return { fields, message: error.message };
}

/** The trip as the staff booking forms hold it: dates, times, destination and extras. */
export interface Trip {
  start: string;
  end: string;
  pickup: string;
  ret: string;
  destination: string;
  /** Null until staff ask where the customer drives (a new booking; required, STAFF-16). */
  destinationType: 1 | 2 | null;
  chauffeur: boolean;
  childSeat: boolean;
  delivery: string;
}

export type SetTrip = (patch: Partial<Trip>) => void;

/** The staff quote's query for a car and a trip; null until a car and sensible dates. */
export function tripQuoteQuery(carId: string, trip: Trip) {
  if (!carId || !trip.start || !trip.end || trip.start > trip.end) return null;
  return {
    car_id: Number(carId),
    start_date: trip.start,
    end_date: trip.end,
    pickup_time: trip.pickup,
    return_time: trip.ret,
    // Not asked yet: the quote prices it as within the town, as the site's quote does.
    ...(trip.destinationType ? { destination_type: trip.destinationType } : {}),
    chauffeur: trip.chauffeur,
    child_seat: trip.childSeat,
    delivery_address: trip.delivery.trim(),
  };
}

/** The trip's fields as the staff create and change bodies take them. */
export function tripBody(trip: Trip) {
  return {
    start_date: trip.start,
    end_date: trip.end,
    pickup_time: trip.pickup,
    return_time: trip.ret,
    destination: trip.destination.trim(),
    destination_type: trip.destinationType,
    chauffeur: trip.chauffeur,
    child_seat: trip.childSeat,
    ...(trip.delivery.trim() ? { delivery_address: trip.delivery.trim() } : {}),
  };
}

/** Start and end dates, pickup and return times, each with the server's message. */
export function TripWhenFields({
  id,
  trip,
  set,
  errors,
  today,
  pickupHint,
}: {
  id: string;
  trip: Trip;
  set: SetTrip;
  errors: Record<string, string>;
  today: string;
  pickupHint?: string;
}) {
  return (
    <>
      <InputField
        id={`${id}-start`}
        label="Start date"
        value={trip.start}
        onChange={(start) => set({ start })}
        error={errors.start_date}
        inputProps={{ type: 'date', min: today }}
      />
      <InputField
        id={`${id}-end`}
        label="End date"
        value={trip.end}
        onChange={(end) => set({ end })}
        error={errors.end_date}
        inputProps={{ type: 'date', min: trip.start || today }}
      />
      <InputField
        id={`${id}-pickup`}
        label="Pickup time"
        value={trip.pickup}
        onChange={(pickup) => set({ pickup })}
        error={errors.pickup_time}
        hint={pickupHint}
        inputProps={{ type: 'time', step: 60 }}
      />
      <InputField
        id={`${id}-return`}
        label="Return time"
        value={trip.ret}
        onChange={(ret) => set({ ret })}
        error={errors.return_time}
        inputProps={{ type: 'time', step: 60 }}
      />
    </>
  );
}

/** Chauffeur, child seat and the delivery address (PRICE-3, PRICE-4). */
export function TripExtrasFields({
  id,
  trip,
  set,
  errors,
  deliveryHint,
}: {
  id: string;
  trip: Trip;
  set: SetTrip;
  errors: Record<string, string>;
  deliveryHint?: string;
}) {
  return (
    <>
      <div className="check-row span-all">
        <CheckInput
          id={`${id}-chauffeur`}
          label="Chauffeur"
          checked={trip.chauffeur}
          onChange={(chauffeur) => set({ chauffeur })}
        />
        <CheckInput
          id={`${id}-child-seat`}
          label="Child seat"
          checked={trip.childSeat}
          onChange={(childSeat) => set({ childSeat })}
        />
      </div>
      <InputField
        id={`${id}-delivery`}
        label="Delivery address (optional)"
        className="span-all"
        value={trip.delivery}
        onChange={(delivery) => set({ delivery })}
        error={errors.delivery_address}
        hint={deliveryHint}
        inputProps={{ autoComplete: 'off', maxLength: 200 }}
      />
    </>
  );
}
