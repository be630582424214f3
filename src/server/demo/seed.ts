import { count, sql } from 'drizzle-orm';
import { addDays, todayInAccra } from '../../shared/dates';
import { cedisToPesewas } from '../../shared/money';
import { demoImageUrl } from '../modules/media/media.routes';
import type { Database, Executor } from '../db/client';
import {
  atPickup,
  insertBooking,
  insertCar,
  insertSucceededPayment,
  insertUser,
} from '../db/factories';
import { branches, cars, users } from '../db/schema/index';
import { chooseSmsSecondStep } from '../modules/auth/staff-second-step';
import { DEMO_FLEET } from './fleet';
import { seedDemoReviews } from './reviews';

export const DEMO_RENTER = {
  name: 'Ama Mensah',
  msisdn: '0244000001',
  password: 'Demo@1234',
} as const;
/** The owner (STAFF-44): today's demo staff login. */
export const DEMO_STAFF = {
  name: 'Kwame Asante',
  msisdn: '0244000000',
  password: 'Staff@1234',
} as const;
/** A branch manager and a counter agent, one of each role (STAFF-44), with the same password. */
export const DEMO_MANAGER = {
  name: 'Efua Owusu',
  msisdn: '0244000002',
  password: 'Staff@1234',
  branches: ['East Legon office', 'Kotoka International Airport'],
} as const;
export const DEMO_AGENT = {
  name: 'Yaw Darko',
  msisdn: '0244000003',
  password: 'Staff@1234',
  branches: ['Kumasi office'],
} as const;

const fail = (message: string): never => {
  throw new Error(message);
};

const VIEW_NAMES = ['side view', 'side view from the right', 'front view', 'rear view'] as const;

/** True when there is nothing in the database a person could have made. */
export async function isDatabaseEmpty(db: Executor): Promise<boolean> {
  const [u] = await db.select({ n: count() }).from(users);
  const [c] = await db.select({ n: count() }).from(cars);
  return Number(u?.n ?? 0) === 0 && Number(c?.n ?? 0) === 0;
}

/**
 * Fills an empty database with the demo fleet, a renter and three staff accounts, one of each
 * role (RUN-4, STAFF-44).
 * Deterministic apart from booking codes; never called in production (config.ts).
 */
export async function seedDemoData(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Serialise concurrent first starts: only one process seeds.
    await tx.execute(sql`lock table ${users} in exclusive mode`);
    if (!(await isDatabaseEmpty(tx))) return false;

    // Both numbers count as verified (ACCT-10), so the demo renter can book at once.
    const renter = await insertUser(tx, {
      ...DEMO_RENTER,
      email: 'ama.mensah@example.com',
      phoneVerified: true,
      // Before her two past trips below (45 and 15 days ago): a customer joins first.
      joinedAt: new Date(Date.now() - 60 * 86_400_000),
    });
    // The branches come with migration 0017 (BRANCH-1); each demo car names its own.
    const branchIds = new Map(
      (await tx.select({ id: branches.id, name: branches.name }).from(branches)).map((b) => [
        b.name,
        b.id,
      ]),
    );
    const branchIdsOf = (names: readonly string[]) =>
      names.map((name) => branchIds.get(name) ?? fail(`no demo branch ${name}`));
    const owner = await insertUser(tx, {
      ...DEMO_STAFF,
      role: 'staff',
      staffRole: 'owner',
      phoneVerified: true,
      joinedAt: new Date(Date.now() - 365 * 86_400_000),
    });
    // The demo staff's second step is an SMS code, read on the sandbox phone (RUN-18).
    await chooseSmsSecondStep(tx, owner.id);
    for (const [member, staffRole] of [
      [DEMO_MANAGER, 'manager'],
      [DEMO_AGENT, 'agent'],
    ] as const) {
      const colleague = await insertUser(tx, {
        name: member.name,
        msisdn: member.msisdn,
        password: member.password,
        role: 'staff',
        staffRole,
        branchIds: branchIdsOf(member.branches),
        phoneVerified: true,
        joinedAt: new Date(Date.now() - 200 * 86_400_000),
      });
      await chooseSmsSecondStep(tx, colleague.id);
    }
    const fleet = [];
    for (const car of DEMO_FLEET) {
      const title = `${car.year} ${car.make} ${car.model}`;
      const images = Array.from({ length: car.imageCount }, (_, view) => ({
        url: demoImageUrl(car.bodyType, car.colourHex, view as 0 | 1 | 2 | 3),
        alt: `${title} in ${car.colour.toLowerCase()}, ${VIEW_NAMES[view]}`,
      }));
      fleet.push(
        await insertCar(
          tx,
          {
            make: car.make,
            model: car.model,
            year: car.year,
            description: car.description,
            bodyType: car.bodyType,
            transmission: car.transmission,
            fuelType: car.fuelType,
            colour: car.colour,
            noOfDoors: car.noOfDoors,
            seatCapacity: car.seatCapacity,
            hasAirconditioning: car.hasAirconditioning,
            hasBluetooth: car.hasBluetooth,
            usbCharger: car.usbCharger,
            pricePerDayPesewas: cedisToPesewas(car.pricePerDayCedis),
            oldPricePesewas: car.oldPriceCedis === null ? null : cedisToPesewas(car.oldPriceCedis),
            weeklyPricePesewas:
              car.weeklyPriceCedis === undefined ? null : cedisToPesewas(car.weeklyPriceCedis),
            ...(car.depositCedis === undefined
              ? {}
              : { depositPesewas: cedisToPesewas(car.depositCedis) }),
            branchId: branchIds.get(car.branch),
            city: car.city,
            lat: car.lat,
            long: car.long,
          },
          images,
        ),
      );
    }

    // Two past trips so the demo renter's history is not empty on the first visit.
    const today = todayInAccra();
    const [first, second] = [fleet[2]!, fleet[5]!];
    const trip = await insertBooking(tx, {
      userId: renter.id,
      carId: first.id,
      pricePerDayPesewas: first.pricePerDayPesewas,
      startDate: addDays(today, -40),
      endDate: addDays(today, -37),
      destination: 'Kumasi',
      destinationType: 2,
      status: 'completed',
      paymentStatus: 'paid',
      createdAt: new Date(Date.now() - 45 * 86_400_000),
    });
    // Paid on pickup: the cash staff took at the counter that morning.
    await insertSucceededPayment(tx, trip, { method: 'cash', at: atPickup(trip.startDate) });
    await insertBooking(tx, {
      userId: renter.id,
      carId: second.id,
      pricePerDayPesewas: second.pricePerDayPesewas,
      startDate: addDays(today, -12),
      endDate: addDays(today, -11),
      destination: 'Osu, Accra',
      destinationType: 1,
      status: 'cancelled',
      paymentStatus: 'unpaid',
      cancelledAt: new Date(Date.now() - 14 * 86_400_000),
      createdAt: new Date(Date.now() - 15 * 86_400_000),
    });
    await seedDemoReviews(tx, fleet);
    return true;
  });
}
