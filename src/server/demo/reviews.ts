import { randomBytes } from 'node:crypto';
import { addDays, todayInAccra } from '../../shared/dates';
import type { Executor } from '../db/client';
import { atPickup, insertBooking, insertSucceededPayment, insertUser } from '../db/factories';
import { reviews, type cars } from '../db/schema/index';

/**
 * Demo renters who finished a trip and reviewed it (REVIEW-1), so a demo's home page and car
 * details show real rows from the reviews table (REVIEW-3, REVIEW-5). They cannot sign in: their
 * passwords are random and never shown. Demo data only (RUN-4).
 */
const DEMO_REVIEWS = [
  {
    name: 'Akosua Boateng',
    paidWith: 'mobile_money',
    msisdn: '0244000101',
    car: 0,
    daysAgo: 60,
    rating: 5,
    comment:
      'Booked for my sister’s wedding weekend and paid with MoMo in two minutes. The car was spotless and ready on time.',
  },
  {
    name: 'Kofi Owusu',
    paidWith: 'mobile_money',
    msisdn: '0244000102',
    car: 3,
    daysAgo: 45,
    rating: 5,
    comment:
      'Drove from Kumasi to Tamale and back without a single problem. The price I saw was the price I paid.',
  },
  {
    name: 'Efua Mensah',
    paidWith: 'cash',
    msisdn: '0244000103',
    car: 0,
    daysAgo: 30,
    rating: 4,
    comment:
      'Cash at pickup, a full tank and a friendly team that explained everything before we drove off.',
  },
  {
    name: 'Yaw Darko',
    paidWith: 'cash',
    msisdn: '0244000104',
    car: 1,
    daysAgo: 20,
    rating: 4,
    comment: null,
  },
] as const;

export async function seedDemoReviews(tx: Executor, fleet: (typeof cars.$inferSelect)[]) {
  const today = todayInAccra();
  for (const demo of DEMO_REVIEWS) {
    const car = fleet[demo.car % fleet.length]!;
    const user = await insertUser(tx, {
      name: demo.name,
      msisdn: demo.msisdn,
      password: `${randomBytes(18).toString('base64url')}Aa1!`,
      phoneVerified: true,
      // A customer joins before their first booking, not on the day the demo was seeded.
      joinedAt: new Date(Date.now() - (demo.daysAgo + 20) * 86_400_000),
    });
    const booked = new Date(Date.now() - (demo.daysAgo + 5) * 86_400_000);
    const ended = new Date(Date.now() - (demo.daysAgo - 3) * 86_400_000);
    const booking = await insertBooking(tx, {
      userId: user.id,
      carId: car.id,
      branchId: car.branchId,
      pricePerDayPesewas: car.pricePerDayPesewas,
      startDate: addDays(today, -demo.daysAgo),
      endDate: addDays(today, -demo.daysAgo + 2),
      destination: 'Accra',
      destinationType: 1,
      status: 'completed',
      paymentStatus: 'paid',
      paymentMethod: demo.paidWith === 'cash' ? 'payOnPickup' : 'mobile_money',
      createdAt: booked,
    });
    // A paid booking has the money behind it: mobile money a few minutes after booking, or
    // cash at the counter on the morning of pickup.
    await insertSucceededPayment(tx, booking, {
      method: demo.paidWith,
      at:
        demo.paidWith === 'cash'
          ? atPickup(booking.startDate)
          : new Date(booked.getTime() + 3 * 60_000),
      walletMsisdn: user.msisdn,
    });
    await tx.insert(reviews).values({
      bookingId: booking.id,
      userId: user.id,
      carId: car.id,
      rating: demo.rating,
      comment: demo.comment,
      createdAt: ended,
    });
  }
}
