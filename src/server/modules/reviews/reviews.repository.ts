import { and, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bookings, cars, reviews, users } from '../../db/schema/index';

const reviewColumns = {
  review: reviews,
  authorName: users.name,
  car: { id: cars.id, make: cars.make, model: cars.model, year: cars.year },
  bookingCode: bookings.bookingCode,
};

export type ReviewWithNames = {
  review: typeof reviews.$inferSelect;
  authorName: string;
  car: { id: number; make: string; model: string; year: number };
  bookingCode: string;
};

function reviewsWhere(db: Executor, where: SQL | undefined) {
  return db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .innerJoin(cars, eq(cars.id, reviews.carId))
    .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
    .where(where);
}

/** The average (one decimal) and count of visible reviews, of one car or of all (REVIEW-3, REVIEW-5). */
export async function visibleRating(db: Executor, carId?: number) {
  const [row] = await db
    .select({
      n: count(),
      average: sql<string | null>`round(avg(${reviews.rating}), 1)`,
    })
    .from(reviews)
    .where(
      and(isNull(reviews.hiddenAt), carId === undefined ? undefined : eq(reviews.carId, carId)),
    );
  const n = Number(row?.n ?? 0);
  return { count: n, average: n && row?.average !== null ? Number(row!.average) : null };
}

/** The newest visible reviews of a car. */
export const recentCarReviews = (db: Executor, carId: number, limit: number) =>
  reviewsWhere(db, and(eq(reviews.carId, carId), isNull(reviews.hiddenAt)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);

/** The newest visible reviews that say something, for the home page (REVIEW-5). */
export const recentCommentedReviews = (db: Executor, limit: number) =>
  reviewsWhere(db, and(isNull(reviews.hiddenAt), isNotNull(reviews.comment)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);

export const reviewOfBooking = async (db: Executor, bookingId: number) =>
  (await db.select().from(reviews).where(eq(reviews.bookingId, bookingId)).limit(1))[0];

/** The new review, or undefined when the booking has one already (the unique index decides). */
export async function insertReview(db: Executor, values: typeof reviews.$inferInsert) {
  const [row] = await db
    .insert(reviews)
    .values(values)
    .onConflictDoNothing({ target: reviews.bookingId })
    .returning();
  return row;
}

/** The console's page of reviews, newest first, optionally only hidden or only shown ones. */
export async function listReviews(
  db: Executor,
  query: { page: number; limit: number; hidden?: boolean },
  branchIds: readonly number[] | null = null,
) {
  const where = and(
    query.hidden === undefined
      ? undefined
      : query.hidden
        ? isNotNull(reviews.hiddenAt)
        : isNull(reviews.hiddenAt),
    // A manager's branches only: where the reviewed rental was (ROLE-5).
    branchIds
      ? inArray(
          reviews.bookingId,
          db
            .select({ id: bookings.id })
            .from(bookings)
            .where(inArray(bookings.branchId, [...branchIds, -1])),
        )
      : undefined,
  );
  const rows = await reviewsWhere(db, where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db.select({ n: count() }).from(reviews).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findReviewWithNames(db: Executor, id: number) {
  return (await reviewsWhere(db, eq(reviews.id, id)).limit(1))[0];
}

/** Hides or shows a review (REVIEW-4); false when there is no such review. */
export async function setReviewHidden(db: Executor, id: number, hidden: boolean, staffId: number) {
  const rows = await db
    .update(reviews)
    .set(hidden ? { hiddenAt: new Date(), hiddenBy: staffId } : { hiddenAt: null, hiddenBy: null })
    .where(eq(reviews.id, id))
    .returning({ id: reviews.id });
  return rows.length > 0;
}
