import type { ReactNode } from 'react';
import { useParams } from '../lib/router';
import type { Car } from '../../shared/schemas/cars';
import { Spinner } from '../components/spinner';
import { useCar } from '../features/cars/api/cars';
import { htmlReadAt, serverRenderedCar } from '../features/cars/server-car';
import { ApiError } from '../lib/api-client';
import { usePageTitle } from '../lib/use-page-title';
import NotFound from './routes/not-found';

function parseId(raw: string | undefined): number | null {
  const id = Number(raw);
  return raw && /^\d+$/.test(raw) && Number.isInteger(id) && id > 0 && id <= 2_147_483_647
    ? id
    : null;
}

/**
 * The frame of /inventory-page-single-v1/{id} (and v2, v3, v5; PAGE-7): loads the car
 * with that id and hands it to the page's layout; an unknown or malformed id is the not-found
 * page. Composed by the route modules, which pick the layout.
 */
export function SingleCarRoute({ children }: { children: (car: Car) => ReactNode }) {
  const { id: raw } = useParams();
  const id = parseId(raw);
  // The car the server rendered the HTML with: the first render is the page on screen.
  const htmlCar = serverRenderedCar(id);
  const car = useCar(id, htmlCar, htmlCar ? htmlReadAt : 0);
  const notFound = id === null || (car.error instanceof ApiError && car.error.status === 404);
  usePageTitle(notFound ? 'Page not found' : car.data ? car.data.title : 'Car details');

  if (notFound) return <NotFound />;
  if (car.data) return <>{children(car.data)}</>;
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
