import { useQueries } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from '../../lib/router';
import { lastPageOf, showingRange } from '../../../shared/pagination';
import type { Car } from '../../../shared/schemas/cars';
import { AccountShell } from '../account-shell';
import { CarSkeletons } from '../../components/car-skeletons';
import { HeartIcon } from '../../components/icons';
import { Pagination } from '../../components/pagination';
import { FavoritesEmpty } from '../../features/account/components/favorites-empty';
import { carKeys } from '../../lib/car-list';
import { CarCard } from '../../features/cars/components/car-card';
import { ApiError, apiRequest } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';
import { removeFromWishlist, useWishlist } from '../../lib/wishlist';

/** PAGE-13: the favourites grid shows at most 8 cars a page. */
const FAVORITES_PAGE_SIZE = 8;

const isGone = (error: unknown) => error instanceof ApiError && error.status === 404;

/** Each saved car, by id, sharing the car-details cache (a car seen there shows at once). */
function useSavedCars(ids: readonly number[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: carKeys.detail(id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiRequest<{ car: Car }>(`/cars/${id}`, { signal }).then((r) => r.car),
      retry: (count: number, error: unknown) => !isGone(error) && count < 2,
    })),
  });
}

/** /favorite (PAGE-13): the cars saved with 'Save', newest first, as real car cards. */
export default function FavoritePage() {
  usePageTitle('My Favorites');
  const saved = useWishlist();
  const [params, setParams] = useSearchParams();
  const [notice, setNotice] = useState('');
  const newestFirst = [...saved].reverse();
  const lastPage = lastPageOf(newestFirst.length, FAVORITES_PAGE_SIZE);
  const requested = Number(params.get('page'));
  const page = Number.isInteger(requested) && requested >= 1 ? Math.min(requested, lastPage) : 1;
  const pageIds = newestFirst.slice((page - 1) * FAVORITES_PAGE_SIZE, page * FAVORITES_PAGE_SIZE);
  const results = useSavedCars(pageIds);

  // A car retired from the fleet since it was saved cannot be shown or booked: let it go.
  const goneIds = pageIds.filter((_, i) => isGone(results[i]?.error));
  const goneKey = goneIds.join(',');
  // Said as the render finds them (not after a second commit from an effect).
  const [noticedGone, setNoticedGone] = useState('');
  if (goneKey && goneKey !== noticedGone) {
    setNoticedGone(goneKey);
    setNotice(
      'A car you had saved is no longer in our fleet, so it was removed from your favorites.',
    );
  }
  useEffect(() => {
    if (!goneKey) return;
    for (const id of goneKey.split(',')) removeFromWishlist(Number(id));
  }, [goneKey]);

  const cars = results.flatMap((r) => (r.data ? [r.data] : []));
  const loading = results.some((r) => r.isPending && !isGone(r.error));
  const failed = results.find((r) => r.isError && !isGone(r.error));
  const range = showingRange(page, FAVORITES_PAGE_SIZE, newestFirst.length);

  let content;
  if (newestFirst.length === 0) {
    content = <FavoritesEmpty />;
  } else if (loading && cars.length === 0) {
    content = <CarSkeletons count={pageIds.length} />;
  } else {
    content = (
      <>
        <p className="favorites-summary">
          Showing {range.from} to {range.to} of {range.total} saved{' '}
          {range.total === 1 ? 'car' : 'cars'}. They are kept in this browser.
        </p>
        {failed && (
          <p className="alert alert-error" role="alert">
            Some saved cars could not be loaded: {failed.error?.message}{' '}
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => results.forEach((r) => r.isError && void r.refetch())}
            >
              Try again
            </button>
          </p>
        )}
        <ul className="grid-cars favorites-grid">
          {cars.map((car, index) => (
            <li key={car.id} className="favorite-item">
              <CarCard car={car} eager={index < 4} headingLevel="h2" />
              <button
                type="button"
                className="btn btn-outline btn-sm favorite-remove"
                onClick={() => {
                  removeFromWishlist(car.id);
                  setNotice(`${car.title} removed from your favorites.`);
                }}
              >
                <HeartIcon size={16} filled />
                Remove<span className="visually-hidden"> {car.title}</span>
              </button>
            </li>
          ))}
        </ul>
        <Pagination
          page={page}
          lastPage={lastPage}
          label="Favorites pages"
          onChange={(next) => setParams(next === 1 ? {} : { page: String(next) })}
        />
      </>
    );
  }

  return (
    <AccountShell title="My Favorites" lead="The cars you saved, ready to compare and book.">
      <p role="status" className={notice ? 'alert alert-success' : 'visually-hidden'}>
        {notice}
      </p>
      {content}
    </AccountShell>
  );
}
