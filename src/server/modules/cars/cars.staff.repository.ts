import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { cedisToPesewas, pesewasToCedis } from '../../../shared/money';
import type {
  AdminCar,
  AdminCarInput,
  AdminCarListQuery,
  AdminCarPhoto,
} from '../../../shared/schemas/cars.staff';
import type { BranchSummary } from '../../../shared/schemas/branches';
import type { Executor } from '../../db/client';
import { bookings, carImages, cars } from '../../db/schema/index';
import { branchSummaries, findBranchSummary } from '../branches/branches.staff.repository';
import { carTitle } from './car-mapper';
import { holdsCar } from './cars.repository';
import { pageOffset } from '../../staff-api/paging';
import { likeEscape } from '../../staff-api/search';
import { srcsetOf } from './car-photo-files';

type CarRow = typeof cars.$inferSelect;
type CarImageRow = typeof carImages.$inferSelect;

export function toAdminPhoto(image: CarImageRow): AdminCarPhoto {
  return {
    id: image.id,
    image_url: image.url,
    alt: image.alt,
    position: image.position,
    srcset: srcsetOf(image.url),
  };
}

export function toAdminCar(car: CarRow, branch: BranchSummary, images: CarImageRow[]): AdminCar {
  return {
    id: car.id,
    title: carTitle(car),
    make: car.make,
    model: car.model,
    year: car.year,
    description: car.description,
    body_type: car.bodyType as AdminCar['body_type'],
    transmission: car.transmission as AdminCar['transmission'],
    fuel_type: car.fuelType as AdminCar['fuel_type'],
    colour: car.colour,
    no_of_doors: car.noOfDoors,
    seat_capacity: car.seatCapacity,
    has_airconditioning: car.hasAirconditioning,
    has_bluetooth: car.hasBluetooth,
    usb_charger: car.usbCharger,
    price_per_day: pesewasToCedis(car.pricePerDayPesewas),
    old_price: car.oldPricePesewas === null ? null : pesewasToCedis(car.oldPricePesewas),
    weekly_price: car.weeklyPricePesewas === null ? null : pesewasToCedis(car.weeklyPricePesewas),
    deposit: pesewasToCedis(car.depositPesewas),
    branch_id: car.branchId,
    branch,
    city: car.city,
    lat: car.lat,
    long: car.long,
    retired: car.retiredAt !== null,
    retired_at: car.retiredAt?.toISOString() ?? null,
    created_at: car.createdAt.toISOString(),
    updated_at: car.updatedAt.toISOString(),
    photos: images.map(toAdminPhoto),
  };
}

/** The columns of a car from the form's values (cedis become pesewas here, once). */
export function carValuesOf(input: AdminCarInput, city: string) {
  return {
    make: input.make,
    model: input.model,
    year: input.year,
    description: input.description,
    bodyType: input.body_type,
    transmission: input.transmission,
    fuelType: input.fuel_type,
    colour: input.colour,
    noOfDoors: input.no_of_doors,
    seatCapacity: input.seat_capacity,
    hasAirconditioning: input.has_airconditioning,
    hasBluetooth: input.has_bluetooth,
    usbCharger: input.usb_charger,
    pricePerDayPesewas: cedisToPesewas(input.price_per_day),
    oldPricePesewas: input.old_price === null ? null : cedisToPesewas(input.old_price),
    weeklyPricePesewas: input.weekly_price === null ? null : cedisToPesewas(input.weekly_price),
    depositPesewas: cedisToPesewas(input.deposit),
    branchId: input.branch_id,
    city,
    lat: input.lat,
    long: input.long,
  };
}

export async function photosOfCars(db: Executor, carIds: number[]) {
  const byCar = new Map<number, CarImageRow[]>();
  if (!carIds.length) return byCar;
  const rows = await db
    .select()
    .from(carImages)
    .where(inArray(carImages.carId, carIds))
    .orderBy(asc(carImages.carId), asc(carImages.position), asc(carImages.id));
  for (const row of rows) {
    const list = byCar.get(row.carId) ?? [];
    list.push(row);
    byCar.set(row.carId, list);
  }
  return byCar;
}

export const photosOfCar = async (db: Executor, carId: number) =>
  (await photosOfCars(db, [carId])).get(carId) ?? [];

export const findCarRow = async (db: Executor, id: number) =>
  (await db.select().from(cars).where(eq(cars.id, id)).limit(1))[0];

export const insertCarRow = async (db: Executor, input: AdminCarInput, city: string) =>
  (await db.insert(cars).values(carValuesOf(input, city)).returning())[0]!;

/** Every field of a car from the form; undefined when there is no such car. */
export const updateCarRow = async (db: Executor, id: number, input: AdminCarInput, city: string) =>
  (
    await db
      .update(cars)
      .set({ ...carValuesOf(input, city), updatedAt: sql`now()` })
      .where(eq(cars.id, id))
      .returning()
  )[0];

/** Retires a car on offer; undefined when it is missing or already retired. */
export const markCarRetired = async (db: Executor, id: number) =>
  (
    await db
      .update(cars)
      .set({ retiredAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(cars.id, id), isNull(cars.retiredAt)))
      .returning()
  )[0];

/** Offers a retired car again; undefined when it is missing or not retired. */
export const markCarRestored = async (db: Executor, id: number) =>
  (
    await db
      .update(cars)
      .set({ retiredAt: null, updatedAt: sql`now()` })
      .where(and(eq(cars.id, id), isNotNull(cars.retiredAt)))
      .returning()
  )[0];

/** Locks the car row: photo and retire changes of one car take turns, as bookings do. */
export const lockCarRow = async (db: Executor, id: number) =>
  (await db.select().from(cars).where(eq(cars.id, id)).for('update'))[0];

/** A car row as the console shows it: with its branch and its photos. */
export async function adminCarOf(db: Executor, car: CarRow): Promise<AdminCar> {
  const [branch, photos] = await Promise.all([
    findBranchSummary(db, car.branchId),
    photosOfCar(db, car.id),
  ]);
  // cars.branch_id is a foreign key: the branch is there.
  return toAdminCar(car, branch!, photos);
}

export async function loadAdminCar(db: Executor, id: number): Promise<AdminCar | undefined> {
  const car = await findCarRow(db, id);
  return car && adminCarOf(db, car);
}

/** Each typed word must start a word of 'year make model colour city' (as the renter search). */
function searchCondition(q: string | undefined): SQL | undefined {
  const terms = q?.toLowerCase().split(/\s+/).filter(Boolean) ?? [];
  if (!terms.length) return undefined;
  const haystack = sql`(' ' || lower(${cars.year}::text || ' ' || ${cars.make} || ' ' || ${cars.model} || ' ' || ${cars.colour} || ' ' || ${cars.city}))`;
  return and(...terms.map((t) => sql`${haystack} like ${`% ${likeEscape(t)}%`}`));
}

export async function listAdminCars(
  db: Executor,
  query: AdminCarListQuery,
  branchIds: readonly number[] | null = null,
) {
  const where = and(
    // A manager's or an agent's branches only (ROLE-5).
    branchIds ? inArray(cars.branchId, [...branchIds]) : undefined,
    query.status === 'active'
      ? isNull(cars.retiredAt)
      : query.status === 'retired'
        ? isNotNull(cars.retiredAt)
        : undefined,
    query.make ? sql`lower(${cars.make}) = ${query.make.toLowerCase()}` : undefined,
    query.body_type ? eq(cars.bodyType, query.body_type) : undefined,
    query.branch_id ? eq(cars.branchId, query.branch_id) : undefined,
    searchCondition(query.q),
  );
  const [rows, totals, makes] = await Promise.all([
    db
      .select()
      .from(cars)
      .where(where)
      .orderBy(desc(cars.createdAt), desc(cars.id))
      .limit(query.limit)
      .offset(pageOffset(query.page, query.limit)),
    db.select({ total: count() }).from(cars).where(where),
    db.selectDistinct({ make: cars.make }).from(cars).orderBy(asc(cars.make)),
  ]);
  const [photos, branches] = await Promise.all([
    photosOfCars(
      db,
      rows.map((r) => r.id),
    ),
    branchSummaries(
      db,
      rows.map((r) => r.branchId),
    ),
  ]);
  return {
    cars: rows.map((car) => toAdminCar(car, branches.get(car.branchId)!, photos.get(car.id) ?? [])),
    total: Number(totals[0]?.total ?? 0),
    makes: makes.map((m) => m.make),
  };
}

/** A rental still holding this car (not finished): retiring would strand it. */
export async function hasUnfinishedRental(db: Executor, carId: number) {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(bookings)
    .where(and(eq(bookings.carId, carId), eq(bookings.kind, 'rental'), holdsCar))
    .limit(1);
  return rows.length > 0;
}
