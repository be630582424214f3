import { sql } from 'drizzle-orm';
import { cedisToPesewas, pesewasToCedis } from '../../../shared/money';
import { EXTRA_PRICE_KEYS, type ExtraPriceKey } from '../../../shared/pricing';
import type { AdminExtraPricesResponse } from '../../../shared/schemas/admin';
import type { ExtraPricesInput } from '../../../shared/schemas/branches';
import type { Executor } from '../../db/client';
import { extraPrices } from '../../db/schema/index';

/**
 * The extras' prices as staff see them, in cedis (STAFF-12). A key missing from the table
 * (deleted by hand) reads as 0 here, so staff see it and set it; saving writes every key.
 */
export async function readAdminExtraPrices(db: Executor): Promise<AdminExtraPricesResponse> {
  const rows = await db.select().from(extraPrices);
  const byKey = new Map(rows.map((row) => [row.key, row.amountPesewas]));
  const prices = Object.fromEntries(
    EXTRA_PRICE_KEYS.map((key) => [key, pesewasToCedis(byKey.get(key) ?? 0)]),
  ) as Record<ExtraPriceKey, number>;
  const latest = rows.reduce<Date | null>(
    (at, row) => (at === null || row.updatedAt > at ? row.updatedAt : at),
    null,
  );
  return { prices, updated_at: latest?.toISOString() ?? null };
}

/**
 * Every price in one statement (cedis become pesewas here, once). One statement is one bump of
 * the catalogue version by trigger, so quotes use the new prices at once (docs/decisions/003);
 * a price that did not change keeps its updated_at.
 */
export async function saveExtraPrices(db: Executor, input: ExtraPricesInput) {
  await db
    .insert(extraPrices)
    .values(EXTRA_PRICE_KEYS.map((key) => ({ key, amountPesewas: cedisToPesewas(input[key]) })))
    .onConflictDoUpdate({
      target: extraPrices.key,
      set: {
        amountPesewas: sql`excluded.amount_pesewas`,
        updatedAt: sql`case when ${extraPrices.amountPesewas} = excluded.amount_pesewas then ${extraPrices.updatedAt} else now() end`,
      },
    });
}
