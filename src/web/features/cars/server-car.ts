import type { Car } from '../../../shared/schemas/cars';
import { serverCarJson } from '../../lib/first-paint';

/** `value` if it looks like a car (the fields a car's page cannot do without). */
export function asCar(value: unknown): Car | null {
  const car = value as Partial<Car> | null | undefined;
  return car &&
    typeof car.id === 'number' &&
    Array.isArray(car.images) &&
    typeof car.make === 'string'
    ? (car as Car)
    : null;
}

let serverCar: Car | null | undefined;

/** About when the HTML came: this module is loaded with it (web-static.ts preloads it). */
export const htmlReadAt = Date.now();

/**
 * The car the server rendered this page's HTML with, if it is car `id` (lib/first-paint.ts):
 * /car-details?id= and the inventory single-car pages. Given to useCar as its initial data,
 * React's first render is the page already on screen, not a spinner in its place.
 */
export function serverRenderedCar(id: number | null): Car | undefined {
  if (serverCar === undefined) {
    try {
      serverCar = serverCarJson ? asCar(JSON.parse(serverCarJson)) : null;
    } catch {
      serverCar = null;
    }
  }
  return serverCar && serverCar.id === id ? serverCar : undefined;
}
