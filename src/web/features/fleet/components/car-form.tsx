import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { SECURITY_DEPOSIT_PESEWAS } from '../../../../shared/constants';
import { pesewasToCedis } from '../../../../shared/money';
import { townPosition } from '../../../../shared/towns';
import type {
  AdminCar,
  AdminCarFormValues,
  AdminCarInput,
} from '../../../../shared/schemas/cars.staff';

/** The deposit a new car starts with (PRICE-5); not imported from the schema, which is zod. */
const DEFAULT_DEPOSIT_CEDIS = pesewasToCedis(SECURITY_DEPOSIT_PESEWAS);
import { shownError } from '../../../lib/form-errors';
import { useBranches } from '../../../lib/console/console-queries';
import {
  BODY_TYPE_OPTIONS,
  FUEL_TYPE_OPTIONS,
  TRANSMISSION_OPTIONS,
} from '../../../components/console/admin-labels';
import { TextAreaField, TextField } from '../../../components/form-fields';
import { CheckField, SelectField } from './fields';
import { applyServerErrors } from '../../../components/console/server-errors';

/** Where a new car starts on the map until its branch is chosen: Accra, the company's base. */
const ACCRA = { lat: '5.6037', long: '-0.1870' };
/** '5.6037', '-0.1870': as the form shows coordinates. */
const coordinate = (n: number) => n.toFixed(4);

const FIELDS = [
  'make',
  'model',
  'year',
  'description',
  'body_type',
  'transmission',
  'fuel_type',
  'colour',
  'no_of_doors',
  'seat_capacity',
  'has_airconditioning',
  'has_bluetooth',
  'usb_charger',
  'price_per_day',
  'old_price',
  'weekly_price',
  'deposit',
  'branch_id',
  'lat',
  'long',
] as const satisfies readonly (keyof AdminCarFormValues)[];

type Field = (typeof FIELDS)[number];

/** The form holds what the inputs hold: text for numbers, '' for an empty optional one. */
function formValuesOf(car: AdminCar | null): AdminCarFormValues {
  const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
  return {
    make: car?.make ?? '',
    model: car?.model ?? '',
    year: car ? String(car.year) : '',
    description: car?.description ?? '',
    body_type: car?.body_type ?? ('' as AdminCar['body_type']),
    transmission: car?.transmission ?? ('' as AdminCar['transmission']),
    fuel_type: car?.fuel_type ?? ('' as AdminCar['fuel_type']),
    colour: car?.colour ?? '',
    no_of_doors: text(car?.no_of_doors),
    seat_capacity: text(car?.seat_capacity),
    has_airconditioning: car?.has_airconditioning ?? true,
    has_bluetooth: car?.has_bluetooth ?? false,
    usb_charger: car?.usb_charger ?? false,
    price_per_day: car ? String(car.price_per_day) : '',
    old_price: text(car?.old_price),
    weekly_price: text(car?.weekly_price),
    deposit: car ? String(car.deposit) : String(DEFAULT_DEPOSIT_CEDIS),
    branch_id: car ? String(car.branch_id) : '',
    lat: car ? String(car.lat) : ACCRA.lat,
    long: car ? String(car.long) : ACCRA.long,
  };
}

interface CarFormProps {
  car: AdminCar | null;
  pending: boolean;
  onSave: (input: AdminCarInput) => Promise<unknown>;
  submitLabel: string;
}

// The schema and zod load after the page has rendered (lib/lazy-resolver.ts, PAGE-18).
const resolver = lazyResolver(() =>
  import('../../../../shared/schemas/cars.staff').then((m) => m.AdminCarInputSchema),
);

/** Every field of a car, validated by the same schema the server uses (AdminCarInputSchema). */
export function CarForm({ car, pending, onSave, submitLabel }: CarFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<AdminCarFormValues, unknown, AdminCarInput>({
    resolver,
    mode: 'onTouched',
    defaultValues: formValuesOf(car),
  });
  const {
    register,
    handleSubmit,
    setError,
    reset,
    getValues,
    setValue,
    watch,
    formState: { errors, touchedFields, isSubmitted, isDirty },
  } = form;
  const shown = (field: Field) => shownError({ errors, touchedFields, isSubmitted }, field);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSave(values);
      // The saved car is the new starting point: Save is idle again until the next change.
      reset(getValues());
    } catch (error) {
      setFailure(applyServerErrors(error, setError, FIELDS));
    }
  });

  const id = (field: Field) => `car-${field}`;

  // STAFF-11: the branch is chosen from the branches, never typed. Until the list arrives the
  // car's own branch is the one choice, so the select keeps its value.
  const branches = useBranches();
  // Only the staff member's own branches: a car goes nowhere else (ROLE-5).
  const branchList = branches.data?.filter((b) => b.yours) ?? (car ? [car.branch] : []);
  const branchOptions = branchList.map((b) => ({
    value: String(b.id),
    label: `${b.name} (${b.town})`,
  }));
  // STAFF-34: the car's town is its branch's (the server sets it); an existing car shows its
  // own city (it may name a part of the town) until its branch changes.
  const branchId = String(watch('branch_id') ?? '');
  const branch = branchList.find((b) => String(b.id) === branchId);
  const town =
    car && branchId === String(car.branch_id)
      ? car.city
      : (branch?.town ?? 'Choose a branch first');
  const branchField = register('branch_id', {
    // Another branch: the map position moves to its town's centre (staff may refine it).
    onChange: (event: { target: { value: string } }) => {
      const chosen = branchList.find((b) => String(b.id) === event.target.value);
      const position = chosen && townPosition(chosen.town);
      if (!position) return;
      const options = { shouldDirty: true, shouldValidate: isSubmitted };
      setValue('lat', coordinate(position.lat), options);
      setValue('long', coordinate(position.long), options);
    },
  });
  const where = branch && townPosition(branch.town) ? branch.town : 'Accra';
  const position = townPosition(where)!;

  return (
    <form className="car-form" noValidate onSubmit={onSubmit} aria-busy={pending || undefined}>
      <section className="panel" aria-labelledby="car-basics-heading">
        <div className="panel-head">
          <h2 id="car-basics-heading">The car</h2>
        </div>
        <div className="panel-body form-grid form-grid-3">
          <TextField
            id={id('make')}
            label="Make"
            registration={register('make')}
            error={shown('make')}
            inputProps={{ autoComplete: 'off', placeholder: 'e.g. Toyota' }}
          />
          <TextField
            id={id('model')}
            label="Model"
            registration={register('model')}
            error={shown('model')}
            inputProps={{ autoComplete: 'off', placeholder: 'e.g. Corolla' }}
          />
          <TextField
            id={id('year')}
            label="Year"
            registration={register('year')}
            error={shown('year')}
            inputProps={{ inputMode: 'numeric', placeholder: 'e.g. 2022' }}
          />
          <TextField
            id={id('colour')}
            label="Colour"
            registration={register('colour')}
            error={shown('colour')}
            inputProps={{ autoComplete: 'off', placeholder: 'e.g. Silver' }}
          />
          <SelectField
            id={id('body_type')}
            label="Body type"
            registration={register('body_type')}
            error={shown('body_type')}
            options={BODY_TYPE_OPTIONS}
            placeholder="Choose…"
          />
          <SelectField
            id={id('transmission')}
            label="Transmission"
            registration={register('transmission')}
            error={shown('transmission')}
            options={TRANSMISSION_OPTIONS}
            placeholder="Choose…"
          />
          <SelectField
            id={id('fuel_type')}
            label="Fuel"
            registration={register('fuel_type')}
            error={shown('fuel_type')}
            options={FUEL_TYPE_OPTIONS}
            placeholder="Choose…"
          />
          <TextField
            id={id('no_of_doors')}
            label="Doors (optional)"
            registration={register('no_of_doors')}
            error={shown('no_of_doors')}
            inputProps={{ inputMode: 'numeric' }}
          />
          <TextField
            id={id('seat_capacity')}
            label="Seats (optional)"
            registration={register('seat_capacity')}
            error={shown('seat_capacity')}
            inputProps={{ inputMode: 'numeric' }}
          />
          <fieldset className="fieldset span-2">
            <legend>Features</legend>
            <div className="check-row">
              <CheckField
                id={id('has_airconditioning')}
                label="Air conditioning"
                registration={register('has_airconditioning')}
                error={shown('has_airconditioning')}
              />
              <CheckField
                id={id('has_bluetooth')}
                label="Bluetooth"
                registration={register('has_bluetooth')}
                error={shown('has_bluetooth')}
              />
              <CheckField
                id={id('usb_charger')}
                label="USB charger"
                registration={register('usb_charger')}
                error={shown('usb_charger')}
              />
            </div>
          </fieldset>
          <TextAreaField
            id={id('description')}
            label="Description"
            className="span-2 span-all"
            registration={register('description')}
            error={shown('description')}
            hint="Shown to renters on the car's page."
            textareaProps={{ rows: 4 }}
          />
        </div>
      </section>

      <section className="panel" aria-labelledby="car-price-heading">
        <div className="panel-head">
          <h2 id="car-price-heading">Price and place</h2>
        </div>
        <div className="panel-body form-grid form-grid-3">
          <SelectField
            id={id('branch_id')}
            label="Branch"
            className="span-2 span-all"
            registration={branchField}
            error={shown('branch_id')}
            options={branchOptions}
            placeholder={branches.isError ? 'Branches could not be loaded' : 'Choose…'}
            hint="Where renters pick the car up and return it."
          />
          <TextField
            id={id('price_per_day')}
            label="Price per day"
            prefix="GH₵"
            registration={register('price_per_day')}
            error={shown('price_per_day')}
            hint={car ? 'Existing bookings keep the price they were made at.' : undefined}
            inputProps={{ inputMode: 'decimal', placeholder: 'e.g. 450' }}
          />
          <TextField
            id={id('old_price')}
            label="Old price (optional)"
            prefix="GH₵"
            registration={register('old_price')}
            error={shown('old_price')}
            hint="Shown crossed out, for a discount."
            inputProps={{ inputMode: 'decimal' }}
          />
          <TextField
            id={id('weekly_price')}
            label="Weekly price (optional)"
            prefix="GH₵"
            registration={register('weekly_price')}
            error={shown('weekly_price')}
            hint="For 7 days; less than 7 daily prices. Rentals of a week or more use it."
            inputProps={{ inputMode: 'decimal' }}
          />
          <TextField
            id={id('deposit')}
            label="Deposit"
            prefix="GH₵"
            registration={register('deposit')}
            error={shown('deposit')}
            hint={`Refundable; usually GH₵ ${DEFAULT_DEPOSIT_CEDIS}.`}
            inputProps={{ inputMode: 'decimal' }}
          />
          <div className="field">
            <label htmlFor="car-town">Town</label>
            <output id="car-town" className="car-town">
              {town}
            </output>
            <p className="field-hint">The branch&apos;s town: renters find the car there.</p>
          </div>
          <TextField
            id={id('lat')}
            label="Latitude"
            registration={register('lat')}
            error={shown('lat')}
            hint={`${where} is ${coordinate(position.lat)}.`}
            inputProps={{ inputMode: 'decimal' }}
          />
          <TextField
            id={id('long')}
            label="Longitude"
            registration={register('long')}
            error={shown('long')}
            hint={`${where} is ${coordinate(position.long)}.`}
            inputProps={{ inputMode: 'text' }}
          />
        </div>
      </section>

      {failure && (
        <div className="alert alert-error" role="alert">
          {failure}
        </div>
      )}
      <div className="form-actions form-actions-sticky">
        {car && isDirty && <span className="muted unsaved">Unsaved changes</span>}
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending && <span className="spinner spinner-sm" aria-hidden="true" />}
          {pending ? 'Saving…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
