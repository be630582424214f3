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
import { isSessionValid, useSession } from '../../lib/session-store';
import { useAccountFavourites } from '../../features/account/api/favourites';
import { FAVOURITES_PAGE_SIZE } from '../../../shared/constants';

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

/** A saved car's card with its Remove button. */
function FavoriteItem({
  car,
  index,
  onRemoved,
}: {
  car: Car;
  index: number;
  onRemoved: (m: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <li className="favorite-item">
      <CarCard car={car} eager={index < 4} headingLevel="h2" />
      <button
        type="button"
        className="btn btn-outline btn-sm favorite-remove"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          removeFromWishlist(car.id).then(
            () => onRemoved(`${car.title} removed from your favorites.`),
            (error: unknown) => {
              setBusy(false);
              onRemoved(
                `${car.title} could not be removed: ${error instanceof Error ? error.message : 'please try again'}`,
              );
            },
          );
        }}
      >
        <HeartIcon size={16} filled />
        Remove<span className="visually-hidden"> {car.title}</span>
      </button>
    </li>
  );
}

/**
 * Signed in: the account's favourites (AREA-5, AREA-6), the same on every device, 8 at a time
 * with 'Show more' (keyset paging).
 */
function AccountFavorites({ onNotice }: { onNotice: (m: string) => void }) {
  const favourites = useAccountFavourites();
  if (favourites.isPending) return <CarSkeletons count={4} />;
  if (favourites.isError)
    return (
      <p className="alert alert-error" role="alert">
        Your favorites could not be loaded: {favourites.error.message}{' '}
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => void favourites.refetch()}
        >
          Try again
        </button>
      </p>
    );
  const pages = favourites.data.pages;
  const cars = pages.flatMap((page) => page.favourites.map((f) => f.car));
  const total = pages[0]?.total ?? 0;
  if (total === 0) return <FavoritesEmpty />;
  return (
    <>
      <p className="favorites-summary">
        Showing 1 to {cars.length} of {total} saved {total === 1 ? 'car' : 'cars'}. They are kept
        with your account, on every device.
      </p>
      <ul className="grid-cars favorites-grid">
        {cars.map((car, index) => (
          <FavoriteItem key={car.id} car={car} index={index} onRemoved={onNotice} />
        ))}
      </ul>
      {favourites.hasNextPage && (
        <p className="favorites-more">
          <button
            type="button"
            className="btn btn-outline"
            disabled={favourites.isFetchingNextPage}
            onClick={() => void favourites.fetchNextPage()}
          >
            {favourites.isFetchingNextPage ? 'Loading…' : 'Show more'}
          </button>
        </p>
      )}
    </>
  );
}

/** /favorite (PAGE-13): the cars saved with 'Save', newest first, as real car cards. */
export default function FavoritePage() {
  usePageTitle('My Favorites');
  const signedIn = isSessionValid(useSession());
  const [notice, setNotice] = useState('');
  return (
    <AccountShell title="My Favorites" lead="The cars you saved, ready to compare and book.">
      <p role="status" className={notice ? 'alert alert-success' : 'visually-hidden'}>
        {notice}
      </p>
      {signedIn ? (
        <AccountFavorites onNotice={setNotice} />
      ) : (
        <BrowserFavorites onNotice={setNotice} />
      )}
    </AccountShell>
  );
}

/** A visitor's favourites: kept in this browser (PAGE-15), 8 a page. */
function BrowserFavorites({ onNotice: setNotice }: { onNotice: (m: string) => void }) {
  const saved = useWishlist();
  const [params, setParams] = useSearchParams();
  const newestFirst = [...saved].reverse();
  const lastPage = lastPageOf(newestFirst.length, FAVOURITES_PAGE_SIZE);
  const requested = Number(params.get('page'));
  const page = Number.isInteger(requested) && requested >= 1 ? Math.min(requested, lastPage) : 1;
  const pageIds = newestFirst.slice((page - 1) * FAVOURITES_PAGE_SIZE, page * FAVOURITES_PAGE_SIZE);
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
    for (const id of goneKey.split(',')) void removeFromWishlist(Number(id));
  }, [goneKey]);

  const cars = results.flatMap((r) => (r.data ? [r.data] : []));
  const loading = results.some((r) => r.isPending && !isGone(r.error));
  const failed = results.find((r) => r.isError && !isGone(r.error));
  const range = showingRange(page, FAVOURITES_PAGE_SIZE, newestFirst.length);

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
            <FavoriteItem key={car.id} car={car} index={index} onRemoved={setNotice} />
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

  return content;
}
