import { Link } from 'react-router';
import { SECURITY_DEPOSIT_PESEWAS } from '../../../../shared/constants';
import { formatCedisWhole, formatPricePerDay, pesewasToCedis } from '../../../../shared/money';
import type { Car } from '../../../../shared/schemas/cars';
import { paths } from '../../../config/paths';
import { CheckIcon, PinIcon, ShieldIcon } from '../../../components/icons';

/** PAGE-6: the price per day and 'Rent Now', which takes the car to the booking form in navigation state. */
export function CarPriceBox({ car }: { car: Car }) {
  return (
    <div className="price-box">
      <p className="price-box-label">Price per day</p>
      <p className="price-box-price">
        <strong>{formatPricePerDay(car.price)}</strong>
        {car.oldPrice !== null && (
          <del>
            <span className="visually-hidden">was </span>
            {formatCedisWhole(car.oldPrice)}
          </del>
        )}
      </p>
      <Link
        to={paths.bookingDetails.getHref(car.id)}
        state={{ car }}
        className="btn btn-accent btn-block price-box-cta"
      >
        Rent Now
      </Link>
      <ul className="price-box-notes">
        <li>
          <ShieldIcon size={16} />
          Refundable security deposit of{' '}
          {formatCedisWhole(pesewasToCedis(SECURITY_DEPOSIT_PESEWAS))}
        </li>
        <li>
          <CheckIcon size={16} />
          Pay by mobile money or cash at pickup
        </li>
        <li>
          <CheckIcon size={16} />
          Free cancellation before your start date
        </li>
        {car.location.city && (
          <li>
            <PinIcon size={16} />
            Pick up in {car.location.city}
          </li>
        )}
      </ul>
    </div>
  );
}
