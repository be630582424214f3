import { useEffect } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from '../../lib/router';
import type { BranchesResponse } from '../../../shared/schemas/branches';
import type { Car } from '../../../shared/schemas/cars';
import { Spinner } from '../../components/spinner';
import { paths } from '../../config/paths';
import { useBranches } from '../../features/bookings/api/branches';
import { useCar } from '../../features/cars/api/cars';
import { asCar, htmlReadAt, serverRenderedCar } from '../../features/cars/server-car';
import { CarDetailsView } from '../../features/cars/components/car-details-view';
import { CarReviews } from '../../features/reviews/components/car-reviews';
import { CarIcon } from '../../components/icons';
import { ApiError } from '../../lib/api-client';
import { tripDatesFrom } from '../../lib/trip-dates';
import { usePageTitle } from '../../lib/use-page-title';
import './not-found.css';

/** A car handed over in navigation state, if it looks like one (state survives reloads, and can be stale). */
function carFromState(state: unknown): Car | null {
  return asCar((state as { car?: unknown } | null)?.car);
}

function parseId(raw: string | null): number | null | 'invalid' {
  if (raw === null || raw === '') return null;
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : 'invalid';
}

function CarNotFound() {
  return (
    <div className="page">
      <div className="container not-found">
        <span
          aria-hidden="true"
          style={{
            display: 'inline-flex',
            padding: 22,
            margin: '24px 0 8px',
            borderRadius: '50%',
            background: 'var(--gold-100)',
            color: 'var(--amber-800)',
          }}
        >
          <CarIcon size={44} />
        </span>
        <h1>Oops! It looks like you're lost.</h1>
        <p className="muted">We couldn’t find that car. It may have left our fleet.</p>
        <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 12 }}>
          <Link to={paths.home.getHref()} className="btn btn-primary">
            Go back to home
          </Link>
          <Link to={paths.availableCars.getHref()} className="btn btn-outline">
            See all cars
          </Link>
        </div>
      </div>
    </div>
  );
}

/** The airport fee when the car stands at the airport branch (PRICE-4): nothing hidden. */
function airportFeeFor(branchId: number, data: BranchesResponse | undefined): number | null {
  if (!data) return null;
  const branch = data.branches.find((b) => b.id === branchId);
  return branch?.is_airport ? (data.extra_prices?.airport_fee ?? null) : null;
}

/**
 * /car-details (PAGE-6): the car comes in navigation state (shown at once,
 * refreshed in the background) or from ?id= (a shared link). With neither, the visitor is
 * sent to the list, replacing this entry.
 */
export default function CarDetails() {
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const stateCar = carFromState(location.state);
  const parsed = parseId(searchParams.get('id'));
  const id = parsed === 'invalid' ? null : (parsed ?? stateCar?.id ?? null);
  // With the car the server rendered the HTML with, React's first render is the page already
  // on screen, not a spinner in its place; it is as fresh as the HTML.
  const htmlCar = serverRenderedCar(id);
  const car = useCar(
    id,
    htmlCar ?? (stateCar && stateCar.id === id ? stateCar : undefined),
    htmlCar ? htmlReadAt : 0,
  );

  const branches = useBranches();

  usePageTitle(car.data ? `${car.data.year} ${car.data.make} ${car.data.model}` : 'Car details');

  // A car that came in state alone gets its ?id= in the address bar, so the page can be shared.
  useEffect(() => {
    if (parsed === null && stateCar) {
      navigate(paths.carDetails.getHref(stateCar.id), { replace: true, state: location.state });
    }
  }, [parsed, stateCar, navigate, location.state]);

  if (parsed === 'invalid') return <CarNotFound />;
  if (id === null) return <Navigate to={paths.availableCars.getHref()} replace />;
  // A car handed over in state may since have left the fleet: the server's 404 wins.
  if (car.error instanceof ApiError && car.error.status === 404) return <CarNotFound />;
  if (car.data)
    return (
      <>
        <CarDetailsView
          car={car.data}
          dates={tripDatesFrom(searchParams)}
          airportFee={airportFeeFor(car.data.branch.id, branches.data)}
        />
        <CarReviews carId={car.data.id} />
      </>
    );
  if (car.isError) {
    return (
      <div className="page">
        <div className="container center-state">
          <p className="alert alert-error">{car.error.message}</p>
          <button type="button" className="btn btn-primary" onClick={() => void car.refetch()}>
            Try again
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="page">
      <div className="container center-state">
        <Spinner label="Loading the car…" />
      </div>
    </div>
  );
}
