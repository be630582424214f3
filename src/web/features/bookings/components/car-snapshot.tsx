import { SECURITY_DEPOSIT_PESEWAS } from '../../../../shared/constants';
import { formatCedis, formatPricePerDay, pesewasToCedis } from '../../../../shared/money';
import type { Car } from '../../../../shared/schemas/cars';
import { CarImage } from '../../../components/car-image';

/** The car being booked, beside the step 1 form, so the renter never loses track of it. */
export function CarSnapshot({ car }: { car: Car }) {
  const image = car.images[0];
  const title = `${car.year} ${car.make} ${car.model}`;
  return (
    <aside className="card car-snapshot" aria-label="Your car">
      <CarImage src={image?.image_url} alt={image?.alt ?? title} className="car-snapshot-image" />
      <div className="car-snapshot-body">
        <p className="car-snapshot-title">{title}</p>
        <p className="car-snapshot-price">{formatPricePerDay(car.price)}</p>
        <p className="muted car-snapshot-note">
          Plus a {formatCedis(pesewasToCedis(SECURITY_DEPOSIT_PESEWAS))} security deposit.
        </p>
      </div>
    </aside>
  );
}
