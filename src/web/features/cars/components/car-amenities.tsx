import type { ReactNode } from 'react';
import type { Car } from '../../../../shared/schemas/cars';
import { BluetoothIcon, SnowflakeIcon, UsbIcon } from '../../../components/icons';

/** PAGE-6: a badge for each of air-conditioning, Bluetooth and USB charger the car has. */
export function CarAmenities({ car }: { car: Car }) {
  const amenities: { label: string; icon: ReactNode; has: boolean }[] = [
    { label: 'Air conditioning', icon: <SnowflakeIcon size={15} />, has: car.has_airconditioning },
    { label: 'Bluetooth', icon: <BluetoothIcon size={15} />, has: car.has_bluetooth },
    { label: 'USB charger', icon: <UsbIcon size={15} />, has: car.usb_charger },
  ];
  const present = amenities.filter((a) => a.has);
  if (present.length === 0) return null;
  return (
    <ul className="amenities" aria-label="Amenities">
      {present.map((amenity) => (
        <li key={amenity.label} className="badge badge-green amenity">
          {amenity.icon}
          {amenity.label}
        </li>
      ))}
    </ul>
  );
}
