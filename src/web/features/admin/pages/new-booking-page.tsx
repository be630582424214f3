import { useDeferredValue, useId, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from '../../../lib/router';
import { MOBILE_MONEY_NETWORK_LABELS, MOBILE_MONEY_NETWORKS } from '../../../../shared/constants';
import { addDays, todayInAccra } from '../../../../shared/dates';
import { usePageTitle } from '../../../lib/use-page-title';
import { adminPaths } from '../admin-paths';
import { useBranches, useCarList } from '../api/admin-api';
import {
  useCreateStaffBooking,
  useCustomerLookup,
  useStaffQuote,
  type StaffBookingBody,
} from '../api/staff-bookings-api';
import { phone } from '../components/admin-labels';
import { AdminPageHeader } from '../components/admin-shell';
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

  const [msisdn, setMsisdn] = useState('');
  const [name, setName] = useState('');
  const [branchId, setBranchId] = useState('');
  const [carId, setCarId] = useState('');
  const [trip, setTrip] = useState<Trip>({
    start: today,
    end: addDays(today, 1),
    pickup: '09:00',
    ret: '09:00',
    destination: '',
    destinationType: 1,
    chauffeur: false,
    childSeat: false,
    delivery: '',
  });
  const set: SetTrip = (patch) => setTrip((now) => ({ ...now, ...patch }));
  const [method, setMethod] = useState<'' | 'payOnPickup' | 'mobile_money'>('');
  const [network, setNetwork] = useState('');

  const lookup = useCustomerLookup(useDeferredValue(msisdn.trim()));
  const customer = lookup.data;
  const branches = useBranches();
  const cars = useCarList({
    status: 'active',
    limit: 100,
    ...(branchId ? { branch_id: Number(branchId) } : {}),
  });
  const quoteQuery = useMemo(() => tripQuoteQuery(carId, trip), [carId, trip]);
  const quote = useStaffQuote(useDeferredValue(quoteQuery));
  const { fields: errors, message: failure } = serverErrorsOf(create.error);
  const quoteErrors = serverErrorsOf(quote.error);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body: StaffBookingBody = {
      msisdn: msisdn.trim(),
      ...(customer ? {} : { name: name.trim() }),
      car_id: carId ? Number(carId) : '',
      ...tripBody(trip),
      payment_method: method,
      ...(method === 'mobile_money' && network ? { network } : {}),
    };
    create.mutate(body, {
      onSuccess: (data) =>
        navigate(adminPaths.adminBooking.getHref(data.booking.booking_code), {
          state: { notice: data.message },
        }),
      onError: () => {
        // The first field the server refused takes the focus (BOOK-20).
        window.requestAnimationFrame(() =>
          document.querySelector<HTMLElement>('.new-booking [aria-invalid="true"]')?.focus(),
        );
      },
    });
  };

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
      <form className="new-booking" noValidate onSubmit={onSubmit} aria-busy={create.isPending}>
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
                onChange={setMsisdn}
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
                  onChange={setName}
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
                  setBranchId(v);
                  setCarId('');
                }}
                placeholder="Every branch"
                options={(branches.data ?? []).map((b) => ({
                  value: String(b.id),
                  label: `${b.name}, ${b.town}`,
                }))}
              />
              <SelectInput
                id={`${id}-car-id`}
                className="span-2"
                label="Car"
                value={carId}
                onChange={setCarId}
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
              <fieldset className="fieldset">
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
                      <span>{value === 1 ? 'Within Accra' : 'Outside Accra'}</span>
                    </label>
                  ))}
                </div>
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
                    onChange={() => setMethod('payOnPickup')}
                  />
                  <span>Pay on pickup (cash at the counter)</span>
                </label>
                <label className="check">
                  <input
                    type="radio"
                    name={`${id}-method`}
                    checked={method === 'mobile_money'}
                    onChange={() => setMethod('mobile_money')}
                  />
                  <span>Mobile money: a prompt goes to the customer&rsquo;s phone</span>
                </label>
                {errors.payment_method && (
                  <p className="field-error" id={`${id}-method-error`}>
                    {errors.payment_method}
                  </p>
                )}
              </fieldset>
              {method === 'mobile_money' && (
                <SelectInput
                  id={`${id}-network`}
                  label="Network"
                  value={network}
                  onChange={setNetwork}
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
