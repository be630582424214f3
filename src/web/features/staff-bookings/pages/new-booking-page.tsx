import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { destinationTypeLabel } from '../../../lib/destination-label';
import { useForm } from 'react-hook-form';
import { guessNetwork } from '../../../../shared/mobile-money';
import { useNavigate } from '../../../lib/router';
import { MOBILE_MONEY_NETWORK_LABELS, MOBILE_MONEY_NETWORKS } from '../../../../shared/constants';
import { addDays, todayInAccra } from '../../../../shared/dates';
import { usePageTitle } from '../../../lib/use-page-title';
import { adminPaths } from '../../../config/admin-paths';
import { useBranches, useCarList } from '../../../lib/console/console-queries';
import {
  useCreateStaffBooking,
  useCustomerLookup,
  useStaffQuote,
  type StaffBookingBody,
} from '../api/staff-bookings-api';
import { phone } from '../../../components/console/admin-labels';
import { FieldMessages } from '../../../components/form-fields';
import { AdminPageHeader } from '../../../components/console/admin-shell';
import { bodyRules, messagesOf } from '../../../components/console/body-rules';
import {
  InputField,
  QuoteLines,
  SelectInput,
  serverErrorsOf,
  tripBody,
  tripQuoteQuery,
  TripExtrasFields,
  TripWhenFields,
  type SetTrip,
  type Trip,
} from '../components/staff-booking-fields';
import './booking.css';
import './staff-bookings.css';

const back = { to: adminPaths.adminBookings.getHref(), label: 'Bookings' };

/** A key per form: a retry of the same submit (a lost answer) is the same booking (API-5). */
const newKey = () =>
  globalThis.crypto?.randomUUID?.() ?? `staff-${Date.now()}-${Math.random().toString(36)}`;

interface NewBookingValues {
  msisdn: string;
  name: string;
  /** Narrows the list of cars only; not sent. */
  branch_id: string;
  car_id: string;
  trip: Trip;
  payment_method: '' | 'payOnPickup' | 'mobile_money';
  network: string;
}

/** The booking as the API takes it; a name only for a number with no account yet. */
const bookingBody = (values: NewBookingValues, existingCustomer: boolean): StaffBookingBody => ({
  msisdn: values.msisdn.trim(),
  ...(existingCustomer ? {} : { name: values.name.trim() }),
  car_id: values.car_id ? Number(values.car_id) : '',
  ...tripBody(values.trip),
  payment_method: values.payment_method,
  ...(values.payment_method === 'mobile_money' && values.network
    ? { network: values.network as StaffBookingBody['network'] }
    : {}),
});

// The API's own schema for the body (AdminCreateBookingInputSchema), by its field names.
const resolver = bodyRules<NewBookingValues, { existingCustomer: boolean }>(
  () =>
    import('../../../../shared/schemas/booking-changes.staff').then(
      (m) => m.AdminCreateBookingInputSchema,
    ),
  (values, { existingCustomer }) => bookingBody(values, existingCustomer),
);

/** The first field with a message takes the focus (BOOK-20), once it shows it. */
const focusFirstInvalid = () =>
  window.requestAnimationFrame(() =>
    document.querySelector<HTMLElement>('.new-booking [aria-invalid="true"]')?.focus(),
  );

/**
 * A phone or walk-in booking (STAFF-14 to STAFF-18): the customer by phone number first (an
 * existing account's name, or the name for a new one), then the car, dates, extras and the
 * live quote, and how they pay. The server prices and checks everything as for the site.
 */
export function NewBookingPage() {
  usePageTitle('New booking · Staff');
  const navigate = useNavigate();
  const id = useId();
  const today = todayInAccra();
  const [key] = useState(newKey);
  const create = useCreateStaffBooking(key);

  const [existingCustomer, setExistingCustomer] = useState(false);
  const {
    handleSubmit,
    watch,
    setValue,
    getValues,
    trigger,
    formState: { errors: formErrors, isSubmitted },
  } = useForm<NewBookingValues, { existingCustomer: boolean }>({
    resolver,
    context: { existingCustomer },
    defaultValues: {
      msisdn: '',
      name: '',
      branch_id: '',
      car_id: '',
      trip: {
        start: today,
        end: addDays(today, 1),
        pickup: '09:00',
        ret: '09:00',
        destination: '',
        destinationType: null,
        chauffeur: false,
        childSeat: false,
        delivery: '',
      },
      payment_method: '',
      network: '',
    },
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const [msisdn, name, branchId, carId, trip, method, network] = watch([
    'msisdn',
    'name',
    'branch_id',
    'car_id',
    'trip',
    'payment_method',
    'network',
  ]);
  /**
   * Every edit goes through here: once the form has been sent, the field is checked again as it
   * changes and the server's refusal is put away, so a fixed field stops showing red.
   */
  const change = <K extends keyof NewBookingValues>(field: K, value: NewBookingValues[K]) => {
    setValue(field, value as never);
    // The whole form: messages are keyed by the body's fields (destination, start_date…), not
    // by the form's (trip), so checking only the field changed would leave them showing.
    if (isSubmitted) void trigger();
    if (create.error) create.reset();
  };
  // The trip's fields are one value of the form, changed a part at a time.
  const set: SetTrip = (patch) => change('trip', { ...getValues('trip'), ...patch });
  // The wallet's network follows the number, as the renters' payment window does (PAY-2),
  // until staff choose one themselves.
  const networkChosen = useRef(false);
  const guessed = guessNetwork(msisdn);
  useEffect(() => {
    if (!networkChosen.current && guessed) setValue('network', guessed);
  }, [guessed, setValue]);

  const lookup = useCustomerLookup(useDeferredValue(msisdn.trim()));
  const customer = lookup.data;
  if (Boolean(customer) !== existingCustomer) setExistingCustomer(Boolean(customer));
  const branches = useBranches();
  const cars = useCarList({
    status: 'active',
    limit: 100,
    ...(branchId ? { branch_id: Number(branchId) } : {}),
  });
  // Where to, from the chosen car's branch town (PRICE-3), or the branch chosen above.
  const town =
    cars.data?.cars.find((c) => String(c.id) === carId)?.branch.town ??
    branches.data?.find((b) => String(b.id) === branchId)?.town ??
    'the branch town';
  const quoteQuery = useMemo(() => tripQuoteQuery(carId, trip), [carId, trip]);
  const quote = useStaffQuote(useDeferredValue(quoteQuery));
  const { fields: serverFields, message: failure } = serverErrorsOf(create.error);
  const errors: Record<string, string> = { ...serverFields, ...messagesOf(formErrors) };
  const quoteErrors = serverErrorsOf(quote.error);

  const onSubmit = handleSubmit((values) => {
    create.mutate(bookingBody(values, Boolean(customer)), {
      onSuccess: (data) =>
        navigate(adminPaths.adminBooking.getHref(data.booking.booking_code), {
          state: { notice: data.message },
        }),
      // The first field the server refused takes the focus (BOOK-20).
      onError: focusFirstInvalid,
    });
  }, focusFirstInvalid);

  const lookupNote = !msisdn.trim()
    ? 'Their account is found by this number, or a new one is opened.'
    : lookup.isFetching
      ? 'Looking the number up…'
      : customer
        ? null
        : lookup.isError
          ? (serverErrorsOf(lookup.error).fields.msisdn ?? 'Enter a valid phone number.')
          : lookup.data === null
            ? 'No account has this number yet: a new one is opened with the name below.'
            : 'Their account is found by this number, or a new one is opened.';

  return (
    <>
      <AdminPageHeader
        title="New booking"
        lead="For a customer on the phone or at the counter."
        back={back}
      />
      <form
        className="new-booking"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-busy={create.isPending}
      >
        <div className="new-booking-main">
          <section className="panel" aria-labelledby={`${id}-customer`}>
            <div className="panel-head">
              <h2 id={`${id}-customer`}>Customer</h2>
            </div>
            <div className="panel-body form-grid">
              <InputField
                id={`${id}-msisdn`}
                label="Phone number"
                value={msisdn}
                onChange={(value) => change('msisdn', value)}
                error={errors.msisdn}
                hint={lookupNote}
                inputProps={{ type: 'tel', autoComplete: 'off', inputMode: 'tel', maxLength: 40 }}
              />
              {customer ? (
                <div className="field">
                  <p className="customer-found" role="status">
                    <span className="muted">Existing customer</span>
                    <strong>{customer.name}</strong>
                    <span className="muted">{phone(customer.msisdn)}</span>
                  </p>
                </div>
              ) : (
                <InputField
                  id={`${id}-name`}
                  label="Customer's name"
                  value={name}
                  onChange={(value) => change('name', value)}
                  error={errors.name}
                  hint="Needed for a new account. They sign in later with “Forgot password”."
                  inputProps={{ autoComplete: 'off', maxLength: 100 }}
                />
              )}
            </div>
          </section>

          <section className="panel" aria-labelledby={`${id}-car`}>
            <div className="panel-head">
              <h2 id={`${id}-car`}>Car and dates</h2>
            </div>
            <div className="panel-body form-grid">
              {/* Full rows: a car's whole label ('2020 Toyota Corolla · East Legon office') shows. */}
              <SelectInput
                id={`${id}-branch`}
                className="span-2"
                label="Branch"
                value={branchId}
                onChange={(v) => {
                  change('branch_id', v);
                  change('car_id', '');
                }}
                placeholder="Every branch"
                // Only the branches whose cars this staff member may book (ROLE-5).
                options={(branches.data ?? [])
                  .filter((b) => b.yours)
                  .map((b) => ({ value: String(b.id), label: `${b.name}, ${b.town}` }))}
              />
              <SelectInput
                id={`${id}-car-id`}
                className="span-2"
                label="Car"
                value={carId}
                onChange={(value) => change('car_id', value)}
                placeholder={cars.isPending ? 'Loading cars…' : 'Choose a car'}
                error={errors.car_id}
                options={(cars.data?.cars ?? []).map((c) => ({
                  value: String(c.id),
                  label: `${c.title} · ${c.branch.name}`,
                }))}
              />
              <TripWhenFields
                id={id}
                trip={trip}
                set={set}
                errors={errors}
                today={today}
                pickupHint="A walk-in may start today at a time already past."
              />
              <InputField
                id={`${id}-destination`}
                label="Destination"
                value={trip.destination}
                onChange={(destination) => set({ destination })}
                error={errors.destination}
                inputProps={{ autoComplete: 'off', maxLength: 120, placeholder: 'Eg. Accra' }}
              />
              <fieldset
                className="fieldset"
                aria-describedby={errors.destination_type ? `${id}-where-error` : undefined}
              >
                <legend>Where to</legend>
                <div className="check-row">
                  {([1, 2] as const).map((value) => (
                    <label key={value} className="check">
                      <input
                        type="radio"
                        name={`${id}-destination-type`}
                        checked={trip.destinationType === value}
                        onChange={() => set({ destinationType: value })}
                      />
                      <span>{destinationTypeLabel(value, town)}</span>
                    </label>
                  ))}
                </div>
                <FieldMessages id={`${id}-where`} error={errors.destination_type} />
              </fieldset>
            </div>
          </section>

          <section className="panel" aria-labelledby={`${id}-extras`}>
            <div className="panel-head">
              <h2 id={`${id}-extras`}>Extras</h2>
            </div>
            <div className="panel-body form-grid">
              <TripExtrasFields
                id={id}
                trip={trip}
                set={set}
                errors={errors}
                deliveryHint="Only for cars at an Accra branch."
              />
            </div>
          </section>
        </div>

        <aside className="new-booking-side">
          <section className="panel" aria-labelledby={`${id}-quote`} aria-live="polite">
            <div className="panel-head">
              <h2 id={`${id}-quote`}>Price</h2>
            </div>
            <div className="panel-body">
              {!quoteQuery ? (
                <p className="muted quote-empty">Choose a car and dates to see the price.</p>
              ) : quote.isError ? (
                <p className="alert alert-error quote-empty">
                  {Object.values(quoteErrors.fields)[0] ?? quoteErrors.message}
                </p>
              ) : quote.data ? (
                <>
                  {!quote.data.available && (
                    <p className="alert alert-error">This car is not available for these dates.</p>
                  )}
                  <QuoteLines
                    lines={quote.data.lines}
                    total={quote.data.total_cost}
                    caption="Price of this booking"
                  />
                </>
              ) : (
                <p className="muted quote-empty">Working out the price…</p>
              )}
            </div>
          </section>

          <section className="panel" aria-labelledby={`${id}-pay`}>
            <div className="panel-head">
              <h2 id={`${id}-pay`}>Payment</h2>
            </div>
            <div className="panel-body">
              <fieldset
                className="fieldset"
                aria-describedby={errors.payment_method ? `${id}-method-error` : undefined}
              >
                <legend>How they pay</legend>
                <label className="check">
                  <input
                    type="radio"
                    name={`${id}-method`}
                    checked={method === 'payOnPickup'}
                    onChange={() => change('payment_method', 'payOnPickup')}
                  />
                  <span>Pay on pickup (cash at the counter)</span>
                </label>
                <label className="check">
                  <input
                    type="radio"
                    name={`${id}-method`}
                    checked={method === 'mobile_money'}
                    onChange={() => change('payment_method', 'mobile_money')}
                  />
                  <span>Mobile money: a prompt goes to the customer&rsquo;s phone</span>
                </label>
                <FieldMessages id={`${id}-method`} error={errors.payment_method} />
              </fieldset>
              {method === 'mobile_money' && (
                <SelectInput
                  id={`${id}-network`}
                  label="Network"
                  value={network}
                  onChange={(value) => {
                    networkChosen.current = true;
                    change('network', value);
                  }}
                  placeholder="Choose the network"
                  error={errors.network}
                  options={MOBILE_MONEY_NETWORKS.map((n) => ({
                    value: n,
                    label: MOBILE_MONEY_NETWORK_LABELS[n],
                  }))}
                />
              )}
              {failure && (
                <div className="alert alert-error" role="alert">
                  {failure}
                </div>
              )}
              <button
                type="submit"
                className="btn btn-primary new-booking-submit"
                disabled={create.isPending}
              >
                {create.isPending && <span className="spinner spinner-sm" aria-hidden="true" />}
                {create.isPending ? 'Booking…' : 'Create booking'}
              </button>
            </div>
          </section>
        </aside>
      </form>
    </>
  );
}
