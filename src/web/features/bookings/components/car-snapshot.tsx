import { formatCedis, formatPricePerDay } from '../../../../shared/money';
import type { Car } from '../../../../shared/schemas/cars';
import { CarImage } from '../../../components/car-image';
import { PinIcon } from '../../../components/icons';
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
          <PinIcon size={15} />
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
