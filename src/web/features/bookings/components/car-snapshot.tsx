import { formatCedis, formatPricePerDay } from '../../../../shared/money';
import type { Car } from '../../../../shared/schemas/cars';
import { CarImage } from '../../../components/car-image';
import { branchLabel } from '../../../lib/branch-label';

/** The car being booked, beside the step 1 form, so the renter never loses track of it. */
export function CarSnapshot({ car }: { car: Car }) {
  const image = car.images[0];
  const title = `${car.year} ${car.make} ${car.model}`;
  return (
    <aside className="card car-snapshot" aria-label="Your car">
      <CarImage src={image?.image_url} alt={image?.alt ?? title} className="car-snapshot-image" />
      <div className="car-snapshot-body">
        <p className="car-snapshot-title">{title}</p>
        <p className="car-snapshot-branch">
          {/* Drawn here rather than from components/icons: that module is a chunk of its own
              and this is the booking route's only icon (first-load budget). */}
          <svg
            viewBox="0 0 24 24"
            width="15"
            height="15"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d="M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11z" />
            <circle cx="12" cy="10" r="2.5" />
          </svg>
          {branchLabel(car.branch)}
        </p>
        <p className="car-snapshot-price">{formatPricePerDay(car.price)}</p>
        {car.weekly_price !== null && (
          <p className="car-snapshot-weekly">{formatCedis(car.weekly_price)} a week (7 days)</p>
        )}
        <p className="muted car-snapshot-note">
          Plus a {formatCedis(car.deposit)} refundable security deposit.
        </p>
      </div>
    </aside>
  );
}
