import { max, sql } from 'drizzle-orm';
import { cedisToPesewas, pesewasToCedis } from '../../../shared/money';
import { EXTRA_PRICE_KEYS, type ExtraPriceKey } from '../../../shared/pricing';
import type { AdminExtraPricesResponse } from '../../../shared/schemas/branches.staff';
import type { ExtraPricesInput } from '../../../shared/schemas/branches';
import type { Executor } from '../../db/client';
import { extraPrices } from '../../db/schema/index';
import { loadExtraPrices } from '../bookings/booking-pricing';

/**
 * The extras' prices as staff see them, in cedis (STAFF-12): what quotes use
 * (loadExtraPrices; a key missing from the table reads as 0 there too), and when one last
 * changed. Saving writes every key, so a missing one comes back.
 */
export async function readAdminExtraPrices(db: Executor): Promise<AdminExtraPricesResponse> {
  const [pesewas, [latest]] = await Promise.all([
    loadExtraPrices(db),
    db.select({ at: max(extraPrices.updatedAt) }).from(extraPrices),
  ]);
  const prices = Object.fromEntries(
    EXTRA_PRICE_KEYS.map((key) => [key, pesewasToCedis(pesewas[key])]),
  ) as Record<ExtraPriceKey, number>;
  return { prices, updated_at: latest?.at?.toISOString() ?? null };
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
