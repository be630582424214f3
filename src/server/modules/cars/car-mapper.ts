import { pesewasToCedis } from '../../../shared/money';
import type { Car } from '../../../shared/schemas/cars';
import type { CarBranch, CarImageRow, CarRow } from './cars.repository';

export const carTitle = (car: Pick<CarRow, 'year' | 'make' | 'model'>) =>
  `${car.year} ${car.make} ${car.model}`;

/** The API's view of a car (the table's shape is a storage decision, not the contract). */
export function toApiCar(car: CarRow, images: CarImageRow[], branch: CarBranch): Car {
  return {
    id: car.id,
    title: carTitle(car),
    make: car.make,
    model: car.model,
    year: car.year,
    description: car.description,
    price: pesewasToCedis(car.pricePerDayPesewas),
    oldPrice: car.oldPricePesewas === null ? null : pesewasToCedis(car.oldPricePesewas),
    images: images.map((i) => ({ image_url: i.url, alt: i.alt })),
    transmission: car.transmission as Car['transmission'],
    no_of_doors: car.noOfDoors,
    seat_capacity: car.seatCapacity,
    has_airconditioning: car.hasAirconditioning,
    has_bluetooth: car.hasBluetooth,
    usb_charger: car.usbCharger,
    body_type: car.bodyType as Car['body_type'],
    fuel_type: car.fuelType as Car['fuel_type'],
    colour: car.colour,
    location: { city: car.city, lat: car.lat, long: car.long },
    branch: { id: branch.id, name: branch.name, town: branch.town },
    weekly_price: car.weeklyPricePesewas === null ? null : pesewasToCedis(car.weeklyPricePesewas),
    deposit: pesewasToCedis(car.depositPesewas),
  };
}
