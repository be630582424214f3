import { describe, expect, it } from 'vitest';
import { DEMO_FLEET, type DemoCar } from './fleet';

const BODY_TYPES: readonly DemoCar['bodyType'][] = [
  'sedan',
  'suv',
  'hatchback',
  'coupe',
  'convertible',
  'wagon',
  'pickup',
  'van',
];

describe('demo fleet', () => {
  const REQUIRED_MAKES = [
    'Toyota',
    'Honda',
    'Hyundai',
    'Kia',
    'Nissan',
    'Ford',
    'BMW',
    'Mercedes-Benz',
    'Audi',
    'Land Rover',
  ];
  const countBy = (key: (car: DemoCar) => string) => {
    const counts = new Map<string, number>();
    for (const car of DEMO_FLEET) counts.set(key(car), (counts.get(key(car)) ?? 0) + 1);
    return counts;
  };

  it('has a varied fleet of every required make and body type, with Toyota the most common', () => {
    expect(DEMO_FLEET.length).toBeGreaterThanOrEqual(34);
    expect(DEMO_FLEET.length).toBeLessThanOrEqual(40);
    const makes = countBy((car) => car.make);
    for (const make of REQUIRED_MAKES) expect(makes.get(make) ?? 0, make).toBeGreaterThanOrEqual(2);
    expect([...makes.keys()].sort()).toEqual([...REQUIRED_MAKES].sort());
    const toyotas = makes.get('Toyota') ?? 0;
    for (const [make, count] of makes)
      if (make !== 'Toyota') expect(count, make).toBeLessThan(toyotas);
    const bodies = countBy((car) => car.bodyType);
    for (const bodyType of BODY_TYPES)
      expect(bodies.get(bodyType) ?? 0, bodyType).toBeGreaterThanOrEqual(2);
    expect(new Set(DEMO_FLEET.map((car) => car.transmission))).toEqual(
      new Set(['automatic', 'manual']),
    );
    expect(new Set(DEMO_FLEET.map((car) => car.fuelType))).toEqual(
      new Set(['petrol', 'diesel', 'hybrid']),
    );
  });

  it('shows eight different makes and body types first, for the home page', () => {
    const firstEight = DEMO_FLEET.slice(0, 8);
    expect(new Set(firstEight.map((car) => car.make)).size).toBe(8);
    expect(new Set(firstEight.map((car) => car.bodyType)).size).toBe(8);
  });

  it('prices every car in whole cedis between GH₵ 350 and GH₵ 3,500, with a few reductions', () => {
    for (const car of DEMO_FLEET) {
      const label = `${car.make} ${car.model}`;
      expect(Number.isInteger(car.pricePerDayCedis), label).toBe(true);
      expect(car.pricePerDayCedis, label).toBeGreaterThanOrEqual(350);
      expect(car.pricePerDayCedis, label).toBeLessThanOrEqual(3500);
      if (car.oldPriceCedis !== null) {
        expect(Number.isInteger(car.oldPriceCedis), label).toBe(true);
        expect(car.oldPriceCedis, label).toBeGreaterThan(car.pricePerDayCedis);
      }
    }
    const reduced = DEMO_FLEET.filter((car) => car.oldPriceCedis !== null).length;
    expect(reduced).toBeGreaterThanOrEqual(3);
    expect(reduced).toBeLessThanOrEqual(7);
  });

  it('places every car in Ghana with plausible details', () => {
    const withMissing = DEMO_FLEET.filter(
      (car) => car.noOfDoors === null || car.seatCapacity === null,
    );
    expect(withMissing.length).toBeGreaterThanOrEqual(1);
    expect(withMissing.length).toBeLessThanOrEqual(2);
    for (const car of DEMO_FLEET) {
      const label = `${car.make} ${car.model}`;
      expect(car.lat, label).toBeGreaterThanOrEqual(4.5);
      expect(car.lat, label).toBeLessThanOrEqual(11.2);
      expect(car.long, label).toBeGreaterThanOrEqual(-3.3);
      expect(car.long, label).toBeLessThanOrEqual(1.3);
      expect(car.year, label).toBeGreaterThanOrEqual(2016);
      expect(car.year, label).toBeLessThanOrEqual(2024);
      expect(car.colourHex, label).toMatch(/^#[0-9A-Fa-f]{6}$/);
      expect(car.colour.trim(), label).not.toBe('');
      expect(car.description.length, label).toBeGreaterThan(40);
      if (car.noOfDoors !== null) expect([2, 3, 4, 5], label).toContain(car.noOfDoors);
      if (car.seatCapacity !== null) {
        expect(car.seatCapacity, label).toBeGreaterThanOrEqual(2);
        expect(car.seatCapacity, label).toBeLessThanOrEqual(15);
      }
    }
    expect(new Set(DEMO_FLEET.map((car) => car.description)).size).toBe(DEMO_FLEET.length);
    expect(DEMO_FLEET.filter((car) => car.hasAirconditioning).length).toBeGreaterThan(
      DEMO_FLEET.length * 0.8,
    );
    expect(DEMO_FLEET.some((car) => !car.hasBluetooth)).toBe(true);
    expect(DEMO_FLEET.some((car) => !car.usbCharger)).toBe(true);
  });
});
