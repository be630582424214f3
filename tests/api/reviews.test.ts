import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { reviewMessages } from '../../src/shared/schemas/reviews';
import { insertBooking, insertCar } from '../../src/server/db/factories';
import { branches } from '../../src/server/db/schema/index';
import { api, day } from '../support/api';
import { setupTestApp } from '../support/test-app';

// REVIEW-1 to REVIEW-5: reviews of completed trips, ratings, and staff's moderation.

const ctx = await setupTestApp();
const client = api(ctx.app);
const staff = await client.staff();
const [branch] = await ctx.db.select({ id: branches.id }).from(branches).limit(1);
const branchId = branch!.id;

const newCar = () => insertCar(ctx.db, { branchId, make: 'Kia', model: 'Picanto', year: 2023 });

async function trip(
  userId: number,
  carId: number,
  status: 'completed' | 'confirmed' | 'cancelled' = 'completed',
  daysAgo = 10,
) {
  return insertBooking(ctx.db, {
    userId,
    carId,
    branchId,
    pricePerDayPesewas: 300_00,
    startDate: day(status === 'confirmed' ? 5 : -daysAgo),
    endDate: day(status === 'confirmed' ? 6 : -daysAgo + 2),
    status,
    paymentStatus: status === 'completed' ? 'paid' : 'unpaid',
  });
}

describe('a renter reviews a completed trip (REVIEW-1, REVIEW-2)', () => {
  it('rates 1–5 with an optional comment, once per booking', async () => {
    const renter = await client.renter({ name: 'Akosua Boateng', msisdn: '0244777001' });
    const car = await newCar();
    const booking = await trip(renter.user.id, car.id);
    const url = `/api/bookings/${booking.bookingCode}/review`;

    expect((await renter.get(url)).json()).toEqual({ review: null, can_review: true });
    const res = await renter.post(url, { rating: 5, comment: '  Spotless car.  ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: reviewMessages.thanks,
      review: { rating: 5, comment: 'Spotless car.' },
    });
    expect((await renter.get(url)).json()).toMatchObject({
      review: { rating: 5, comment: 'Spotless car.' },
      can_review: false,
    });

    const again = await renter.post(url, { rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: reviewMessages.alreadyReviewed });

    // Without a comment is fine too; a lower-case code is the same booking.
    const second = await trip(renter.user.id, car.id, 'completed', 30);
    const plain = await renter.post(`/api/bookings/${second.bookingCode.toLowerCase()}/review`, {
      rating: '3',
      comment: '',
    });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().review).toMatchObject({ rating: 3, comment: null });
  });

  it('refuses a trip not completed (409) and a bad rating or long comment (422)', async () => {
    const renter = await client.renter();
    const car = await newCar();
    const upcoming = await trip(renter.user.id, car.id, 'confirmed');
    const early = await renter.post(`/api/bookings/${upcoming.bookingCode}/review`, {
      rating: 4,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: reviewMessages.notCompleted });
    expect((await renter.get(`/api/bookings/${upcoming.bookingCode}/review`)).json()).toEqual({
      review: null,
      can_review: false,
    });

    const done = await trip(renter.user.id, car.id);
    for (const rating of [0, 6, 4.5, 'five', undefined]) {
      const res = await renter.post(`/api/bookings/${done.bookingCode}/review`, {
        rating,
      });
      expect(res.statusCode, String(rating)).toBe(422);
      expect(res.json().errors).toEqual({ rating: [reviewMessages.ratingRequired] });
    }
    const long = await renter.post(`/api/bookings/${done.bookingCode}/review`, {
      rating: 4,
      comment: 'x'.repeat(1001),
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ comment: [reviewMessages.commentTooLong] });
  });

  it('visitors get 401; another renter gets 404 as if the booking did not exist', async () => {
    const owner = await client.renter();
    const other = await client.renter();
    const booking = await trip(owner.user.id, (await newCar()).id);
    const url = `/api/bookings/${booking.bookingCode}/review`;
    expect((await client.get(url)).statusCode).toBe(401);
    expect((await client.post(url, { rating: 5 })).statusCode).toBe(401);
    const stranger = await other.post(url, { rating: 1, comment: 'Bad' });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ message: messages.booking.notFound });
    expect((await other.get(url)).statusCode).toBe(404);
  });
});

describe('ratings in public (REVIEW-3, REVIEW-5)', () => {
  it("a car's average, count and newest reviews, signed with first name and initial only", async () => {
    const car = await newCar();
    const ratings = [5, 4, 4];
    for (const [i, rating] of ratings.entries()) {
      const renter = await client.renter({
        name: `Kojo Mensah${i}`,
        msisdn: `024477710${i}`,
      });
      const booking = await trip(renter.user.id, car.id, 'completed', 40 - i * 5);
      await renter.post(`/api/bookings/${booking.bookingCode}/review`, {
        rating,
        comment: `Trip ${i}`,
      });
    }
    const res = await client.get(`/api/cars/${car.id}/reviews`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(3);
    expect(body.average).toBe(4.3);
    expect(body.reviews.map((r: { comment: string }) => r.comment)).toEqual([
      'Trip 2',
      'Trip 1',
      'Trip 0',
    ]);
    expect(body.reviews[0]).toEqual({
      id: expect.any(Number),
      rating: 4,
      comment: 'Trip 2',
      author: 'Kojo M.',
      car: '2023 Kia Picanto',
      created_at: expect.any(String),
    });
    // No phone number, in any form, anywhere in the answer.
    expect(res.body).not.toMatch(/24477710|233\d{9}/);
    expect(res.body).not.toContain('Mensah');

    const none = await client.get(`/api/cars/${(await newCar()).id}/reviews`);
    expect(none.json()).toEqual({ average: null, count: 0, reviews: [] });
  });

  it('the site-wide summary counts visible reviews and lists the newest with a comment', async () => {
    const res = await client.get('/api/reviews');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBeGreaterThanOrEqual(3);
    expect(body.reviews.length).toBeGreaterThan(0);
    expect(body.reviews.every((r: { comment: string | null }) => r.comment)).toBe(true);
    expect(res.body).not.toMatch(/233\d{9}|0244777/);
  });
});

describe('staff hide abusive reviews (REVIEW-4)', () => {
  it('lists reviews with their renter; hidden ones count nowhere; shown again they count', async () => {
    const renter = await client.renter({ name: 'Rude Renter' });
    const car = await newCar();
    const booking = await trip(renter.user.id, car.id);
    const { review } = (
      await renter.post(`/api/bookings/${booking.bookingCode}/review`, {
        rating: 1,
        comment: 'Something abusive',
      })
    ).json();

    const list = await staff.get('/api/admin/reviews?limit=100');
    expect(list.statusCode).toBe(200);
    const row = list.json().reviews.find((r: { id: number }) => r.id === review.id);
    expect(row).toMatchObject({
      hidden: false,
      booking_code: booking.bookingCode,
      customer: { id: renter.user.id, name: 'Rude Renter' },
    });

    const hidden = await staff.post(`/api/admin/reviews/${review.id}/hide`);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({
      message: reviewMessages.hidden,
      review: { hidden: true },
    });
    expect((await client.get(`/api/cars/${car.id}/reviews`)).json()).toEqual({
      average: null,
      count: 0,
      reviews: [],
    });
    const site = (await client.get('/api/reviews')).json();
    expect(site.reviews.map((r: { id: number }) => r.id)).not.toContain(review.id);
    const onlyHidden = (await staff.get('/api/admin/reviews?hidden=true')).json();
    expect(onlyHidden.reviews.map((r: { id: number }) => r.id)).toEqual([review.id]);

    const shown = await staff.post(`/api/admin/reviews/${review.id}/show`);
    expect(shown.json().review.hidden).toBe(false);
    expect((await client.get(`/api/cars/${car.id}/reviews`)).json().count).toBe(1);

    expect((await staff.post('/api/admin/reviews/999999/hide')).statusCode).toBe(404);
  });
});
