import { and, asc, count, eq, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { carImages } from '../../db/schema/index';

/** How many photos a car has, and the last position among them (null with none). */
export async function photoCountOfCar(db: Executor, carId: number) {
  const [stats] = await db
    .select({ photos: count(), last: max(carImages.position) })
    .from(carImages)
    .where(eq(carImages.carId, carId));
  return { photos: Number(stats?.photos ?? 0), lastPosition: stats?.last ?? null };
}

export const insertCarPhoto = async (db: Executor, values: typeof carImages.$inferInsert) =>
  (await db.insert(carImages).values(values).returning())[0]!;

/** The ids of a car's photos, smallest first. */
export async function photoIdsOfCar(db: Executor, carId: number) {
  const rows = await db
    .select({ id: carImages.id })
    .from(carImages)
    .where(eq(carImages.carId, carId))
    .orderBy(asc(carImages.id));
  return rows.map((row) => row.id);
}

/** Positions 0, 1, 2… in the order of `ids`, the cover first. */
export async function setPhotoOrder(db: Executor, carId: number, ids: number[]) {
  // One statement: the catalogue trigger fires once and no reader sees half an order.
  await db.execute(sql`
    update ${carImages} set position = o.position - 1
    from unnest(array[${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}]::int[]) with ordinality as o(id, position)
    where ${carImages.id} = o.id and ${carImages.carId} = ${carId}`);
}

/** Deletes one photo of a car; its row, or undefined when the car has no such photo. */
export const deleteCarPhotoRow = async (db: Executor, carId: number, photoId: number) =>
  (
    await db
      .delete(carImages)
      .where(and(eq(carImages.id, photoId), eq(carImages.carId, carId)))
      .returning()
  )[0];
