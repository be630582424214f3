import { useEffect, useId, type ReactNode, type Ref } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { horizonEnd } from '../../../../shared/availability';
import { MAX_RENTAL_DAYS } from '../../../../shared/constants';
import { addDays, isIsoDate, timeInAccra, todayInAccra } from '../../../../shared/dates';
import { formatCedis } from '../../../../shared/money';
import type { Branch } from '../../../../shared/schemas/branches';
import type { Car } from '../../../../shared/schemas/cars';
import { destinationTypeLabel } from '../../../lib/destination-label';
import { shownError } from '../../../lib/form-errors';
import { useBranches } from '../api/branches';
import {
  defaultSlot,
  firstPickupDay,
  handoverSlots,
  slotsAhead,
  USUAL_HOURS,
} from '../handover-times';
import { BranchFacts } from './branch-facts';
import type {
  BookingDetailField,
  BookingDetailsInput,
  BookingDetailsOutput,
} from './booking-form-types';
import { TripAvailability } from './trip-availability';

interface BookingDatesStepProps {
  car: Car;
  form: UseFormReturn<BookingDetailsInput, unknown, BookingDetailsOutput>;
  onValid: (values: BookingDetailsOutput) => void;
  onCancel: () => void;
  /** A server error that belongs to no field of this step (PAGE-8). */
  formError: string | null;
  headingRef: Ref<HTMLHeadingElement>;
}

/** A branch's town decides whether delivery in Accra is offered (PRICE-4). */
export const isInAccra = (branch: { town: string }) => branch.town.trim().toLowerCase() === 'accra';

/**
 * Said here, not in shared/messages.ts: this step is in the page's first load, which that
 * module would push past its budget (PAGE-18).
 */
const NO_PICKUP_LEFT_TODAY = 'No pickup times are left today. Choose a later start date.';

const perDay = (amount: number) => `${formatCedis(amount)} a day`;

/**
 * Step 1, 'Destination and Booking Dates' (PAGE-8): the dates with the car's availability for
 * them (BOOK-17), pickup and return times within the branch's hours (BOOK-16), the branch
 * itself (BRANCH-2), the destination, and the extras with their prices (PRICE-3, PRICE-4).
 */
export function BookingDatesStep({
  car,
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
    setValue,
    getValues,
    formState: { errors, touchedFields, isSubmitted },
  } = form;
  const today = todayInAccra();
  const [startDate, endDate, destinationType, chauffeur, delivery] = watch([
    'start_date',
    'end_date',
    'destination_type',
    'chauffeur',
    'delivery',
  ]);
  const branches = useBranches();
  // The car's own branch in full (address, hours); the car's summary until the list is here.
  const branch: Branch | undefined = branches.data?.branches.find((b) => b.id === car.branch.id);
  const prices = branches.data?.extra_prices;
  const slots = handoverSlots(
    branch?.opens ?? USUAL_HOURS.opens,
    branch?.closes ?? USUAL_HOURS.closes,
  );
  // Today's times that have passed are not offered (BOOK-16); the clock is read each render.
  const clock = timeInAccra();
  const pickupSlots = slotsAhead(slots, String(startDate), today, clock);
  const firstDay = firstPickupDay(slots, today, clock);
  const lastStart = horizonEnd(today);
  const deliveryOffered = isInAccra(car.branch);
  // Within or outside the car's branch town (PRICE-3): a Kumasi car asks about Kumasi.
  const town = car.branch.town;
  const outsideTown = String(destinationType) === '2';

  // A time not offered (another branch's hours, or passed today) moves to the usual time, or
  // the first one still ahead.
  const slotsKey = slots.join();
  const pickupKey = pickupSlots.join();
  useEffect(() => {
    const offered = { pickup_time: pickupKey.split(','), return_time: slotsKey.split(',') };
    for (const field of ['pickup_time', 'return_time'] as const) {
      const times = offered[field];
      if (times[0] && !times.includes(String(getValues(field))))
        setValue(field, defaultSlot(times));
    }
  }, [slotsKey, pickupKey, getValues, setValue]);

  const datesChosen =
    isIsoDate(String(startDate)) &&
    isIsoDate(String(endDate)) &&
    startDate >= today &&
    startDate <= lastStart &&
    endDate >= startDate;

  const errorOf = (field: BookingDetailField) =>
    shownError({ errors, touchedFields, isSubmitted }, field);
  const fieldProps = (field: BookingDetailField, hint?: string) => {
    const message = errorOf(field);
    const describedBy = [message ? `${id}-${field}-error` : null, hint ?? null].filter(Boolean);
    return {
      'aria-invalid': message ? true : undefined,
      'aria-describedby': describedBy.length ? describedBy.join(' ') : undefined,
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
            min={firstDay}
            max={lastStart}
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
            max={
              isIsoDate(String(startDate)) && startDate >= today
                ? addDays(startDate, MAX_RENTAL_DAYS)
                : undefined
            }
            {...fieldProps('end_date')}
            {...register('end_date')}
          />
          {fieldError('end_date')}
        </div>
      </div>

      <TripAvailability
        carId={car.id}
        window={datesChosen ? { from: startDate, to: endDate } : null}
        onChoose={(range) => {
          setValue('start_date', range.start_date, { shouldValidate: true });
          setValue('end_date', range.end_date, { shouldValidate: true });
        }}
      />

      <div className="booking-date-row">
        <div className="field">
          <label htmlFor={`${id}-pickup-time`}>Pickup time</label>
          <select
            id={`${id}-pickup-time`}
            className="input"
            {...fieldProps('pickup_time', branch ? `${id}-hours` : undefined)}
            {...register('pickup_time')}
          >
            {pickupSlots.map((slot) => (
              <option key={slot} value={slot}>
                {slot}
              </option>
            ))}
          </select>
          {pickupSlots.length === 0 && <p className="field-error">{NO_PICKUP_LEFT_TODAY}</p>}
          {fieldError('pickup_time')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-return-time`}>Return time</label>
          <select
            id={`${id}-return-time`}
            className="input"
            {...fieldProps('return_time', branch ? `${id}-hours` : undefined)}
            {...register('return_time')}
          >
            {slots.map((slot) => (
              <option key={slot} value={slot}>
                {slot}
              </option>
            ))}
          </select>
          {fieldError('return_time')}
        </div>
      </div>

      <section className="booking-branch" aria-labelledby={`${id}-branch-title`}>
        <h2 id={`${id}-branch-title`} className="booking-section-title">
          Pickup and return
        </h2>
        <BranchFacts branch={branch ?? car.branch} hoursId={`${id}-hours`} />
        {branch?.is_airport && prices && (
          <p className="field-hint">
            Pickup at the airport adds a fee of {formatCedis(prices.airport_fee)}.
          </p>
        )}
      </section>

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
            <span>{destinationTypeLabel(1, town)}</span>
          </label>
          <label className="booking-radio">
            <input type="radio" value="2" {...register('destination_type')} />
            <span>{destinationTypeLabel(2, town)}</span>
          </label>
        </div>
        {fieldError('destination_type')}
      </fieldset>

      {outsideTown && (
        <div className="alert alert-info booking-out-of-town" role="note">
          <p>
            <strong>Leaving {town}.</strong> Plan fuel and road time for the journey and bring the
            car back to {car.branch.name} by your return time.
            {chauffeur
              ? prices
                ? ` Your chauffeur's out-of-station allowance of ${perDay(prices.out_of_station_per_day)} is added.`
                : " Your chauffeur's out-of-station allowance is added for each day."
              : ' A chauffeur travelling with you is paid an out-of-station allowance for each day.'}
          </p>
        </div>
      )}

      <fieldset className="field booking-extras">
        <legend>Extras</legend>
        <Extra
          control={<input type="checkbox" {...register('chauffeur')} />}
          label="Chauffeur"
          price={prices ? perDay(prices.chauffeur_per_day) : undefined}
          hint={
            prices
              ? `Outside ${town}, plus ${perDay(prices.out_of_station_per_day)} allowance.`
              : `Outside ${town}, plus an allowance for each day.`
          }
        />
        <Extra
          control={<input type="checkbox" {...register('child_seat')} />}
          label="Child seat"
          price={prices ? perDay(prices.child_seat_per_day) : undefined}
        />
        {deliveryOffered && (
          <Extra
            control={<input type="checkbox" {...register('delivery')} />}
            label="Deliver the car to an address in Accra"
            price={prices ? formatCedis(prices.delivery_fee) : undefined}
            hint="Instead of collecting it at the branch."
          />
        )}
        {deliveryOffered && delivery && (
          <div className="field booking-delivery-address">
            <label htmlFor={`${id}-delivery`}>Delivery address in Accra</label>
            <input
              id={`${id}-delivery`}
              type="text"
              className="input"
              placeholder="Eg. 14 Ring Road, Osu"
              autoComplete="street-address"
              maxLength={200}
              {...fieldProps('delivery_address')}
              {...register('delivery_address')}
            />
            {fieldError('delivery_address')}
          </div>
        )}
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

/** One extra: its checkbox, name and price, and a line on when it applies. */
function Extra({
  control,
  label,
  price,
  hint,
}: {
  control: ReactNode;
  label: string;
  price?: string;
  hint?: string;
}) {
  return (
    <label className="booking-extra">
      {control}
      <span className="booking-extra-text">
        <span className="booking-extra-label">
          {label}
          {price && <span className="booking-extra-price">{price}</span>}
        </span>
        {hint && <span className="booking-extra-hint">{hint}</span>}
      </span>
    </label>
  );
}
