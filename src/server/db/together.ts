import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from './client';

/**
 * Runs data-modifying statements (INSERT, UPDATE, DELETE) as one: `WITH s0 AS (…), s1 AS (…)
 * SELECT 1`. PostgreSQL runs each of them once and to completion, all on one snapshot (none
 * sees another's rows), in one round trip: on a busy machine a booking's cost is mostly its
 * count of statements (decision 015). Use it only for statements that do not read each
 * other's writes.
 */
export async function executeTogether(db: Executor, statements: SQLWrapper[]) {
  if (statements.length <= 1) {
    if (statements[0]) await db.execute(statements[0].getSQL());
    return;
  }
  // getSQL(): a query builder put in sql`` directly comes in parentheses, which WITH refuses.
  const parts = statements.map((s, i) => sql`${sql.raw(`s${i}`)} as (${s.getSQL()})`);
  await db.execute(sql`with ${sql.join(parts, sql`, `)} select 1`);
}
