import { useStaffCan } from '../../../lib/console/use-staff-can';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from '../../../lib/router';
import type { AdminCar } from '../../../../shared/schemas/cars.staff';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCar, useRetireCar, useSaveCar } from '../api/fleet-api';
import { ArchiveIcon, ExternalIcon, RestoreIcon } from '../../../components/console/admin-icons';
import { cedis, formatDateTime } from '../../../components/console/admin-labels';
import { AdminPageHeader } from '../../../components/console/admin-shell';
import { CarForm } from '../components/car-form';
import { ConfirmDialog } from '../../../components/console/confirm-dialog';
import { MaintenanceBlocks } from '../components/maintenance-blocks';
import { PhotoManager } from '../components/photo-manager';
import { errorMessage } from '../../../components/console/server-errors';
import { ErrorState, LoadingState } from '../../../components/console/states';
import './car-edit.css';
import { adminPaths } from '../../../config/admin-paths';

const back = { to: adminPaths.adminCars.getHref(), label: 'Cars' };

function NewCar() {
  usePageTitle('Add a car · Staff');
  const save = useSaveCar(null);
  const navigate = useNavigate();
  return (
    <>
      <AdminPageHeader
        title="Add a car"
        lead="It is on offer to renters as soon as it is saved. Photos come next."
        back={back}
      />
      <CarForm
        car={null}
        pending={save.isPending}
        submitLabel="Add car"
        onSave={async (input) => {
          const car = await save.mutateAsync(input);
          navigate(adminPaths.adminCar.getHref(car.id), {
            replace: true,
            state: { notice: `${car.title} added. Now add its photos.` },
          });
        }}
      />
    </>
  );
}

function RetireControl({ car }: { car: AdminCar }) {
  const [open, setOpen] = useState(false);
  const retire = useRetireCar(car.id);
  const action = car.retired ? 'restore' : 'retire';
  return (
    <>
      <button
        type="button"
        className={car.retired ? 'btn btn-outline btn-sm' : 'btn btn-outline-danger btn-sm'}
        onClick={() => {
          retire.reset();
          setOpen(true);
        }}
      >
        {car.retired ? <RestoreIcon size={18} /> : <ArchiveIcon size={18} />}
        {car.retired ? 'Restore to the fleet' : 'Retire car'}
      </button>
      <ConfirmDialog
        open={open}
        title={car.retired ? `Offer ${car.title} again?` : `Retire ${car.title}?`}
        confirmLabel={car.retired ? 'Restore car' : 'Retire car'}
        tone={car.retired ? 'primary' : 'danger'}
        pending={retire.isPending}
        error={retire.isError ? errorMessage(retire.error) : null}
        onClose={() => setOpen(false)}
        onConfirm={() => retire.mutate(action, { onSuccess: () => setOpen(false) })}
      >
        {car.retired ? (
          <p>Renters will see it in the catalogue and can book it again.</p>
        ) : (
          <p>
            Renters will no longer see or book it. Its past bookings stay in the history, and you
            can restore it later.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}

function EditCar({ id }: { id: number }) {
  const can = useStaffCan();
  const car = useCar(id);
  const save = useSaveCar(id);
  const location = useLocation();
  const [saved, setSaved] = useState<string | null>(null);
  const arrivedNotice = (location.state as { notice?: string } | null)?.notice ?? null;
  usePageTitle(car.data ? `${car.data.title} · Staff` : 'Car · Staff');

  if (car.isPending) return <LoadingState label="Loading the car…" />;
  if (car.isError) {
    return (
      <>
        <AdminPageHeader title="Car" back={back} />
        <ErrorState
          title="Couldn't load this car"
          error={car.error}
          onRetry={() => void car.refetch()}
        />
      </>
    );
  }
  const data = car.data;
  const notice = saved ?? arrivedNotice;

  return (
    <>
      <AdminPageHeader
        title={data.title}
        lead={
          <>
            {data.retired ? (
              <span className="badge badge-grey">Retired</span>
            ) : (
              <span className="badge badge-green">On offer</span>
            )}{' '}
            {cedis(data.price_per_day)} a day · updated {formatDateTime(data.updated_at)}
          </>
        }
        back={back}
        actions={
          <>
            {!data.retired && (
              <Link to={paths.carDetails.getHref(data.id)} className="btn btn-outline btn-sm">
                <ExternalIcon size={18} />
                See it as renters do
              </Link>
            )}
            {can('POST /api/admin/cars/:id/retire') && <RetireControl car={data} />}
          </>
        }
      />
      {notice && (
        <p className="alert alert-success" role="status">
          {notice}
        </p>
      )}
      <div className="car-edit-grid">
        <div className="car-edit-main">
          {can('PUT /api/admin/cars/:id') ? (
            <CarForm
              key={data.id}
              car={data}
              pending={save.isPending}
              submitLabel="Save changes"
              onSave={async (input) => {
                setSaved(null);
                const updated = await save.mutateAsync(input);
                setSaved(`${updated.title} saved.`);
              }}
            />
          ) : (
            // An agent sees the car as it is; a manager or the owner changes it (ROLE-3).
            <CarFacts car={data} />
          )}
        </div>
        <div className="car-edit-side">
          {can('POST /api/admin/cars/:id/photos') && <PhotoManager car={data} />}
          <MaintenanceBlocks
            carId={data.id}
            editable={can('POST /api/admin/cars/:id/maintenance')}
          />
        </div>
      </div>
    </>
  );
}

const word = (value: string) => value.charAt(0).toUpperCase() + value.slice(1).replace('_', ' ');

/** A car's facts for a role that may not edit them: what the counter needs to know. */
function CarFacts({ car }: { car: AdminCar }) {
  const rows: [string, string][] = [
    ['Branch', car.branch.name],
    ['Price per day', cedis(car.price_per_day)],
    ['Body', word(car.body_type)],
    ['Transmission', word(car.transmission)],
    ['Fuel', word(car.fuel_type)],
    ['Colour', car.colour],
    ['Seats', car.seat_capacity === null ? '—' : String(car.seat_capacity)],
  ];
  return (
    <section className="panel" aria-labelledby="car-facts-heading">
      <div className="panel-head">
        <h2 id="car-facts-heading">The car</h2>
      </div>
      <dl className="facts">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="panel-body muted">A manager or the owner changes a car's details.</p>
    </section>
  );
}

/** /admin/cars/new and /admin/cars/:id: one page, adding or editing. */
export function CarEditPage() {
  const { id } = useParams();
  if (id === undefined) return <NewCar />;
  const carId = Number(id);
  if (!Number.isInteger(carId) || carId < 1) {
    return (
      <>
        <AdminPageHeader title="Car not found" back={back} />
        <p className="muted">There is no car at this address.</p>
      </>
    );
  }
  return <EditCar key={carId} id={carId} />;
}
