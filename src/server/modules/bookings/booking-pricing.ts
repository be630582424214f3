import { pesewasToCedis } from '../../../shared/money';
import { EXTRA_PRICE_KEYS, type ExtraPrices, type PriceLine } from '../../../shared/pricing';
import type { QuoteLine } from '../../../shared/schemas/bookings';
import type { Executor } from '../../db/client';
import { extraPrices } from '../../db/schema/index';

/** Every extra at no cost: for bookings made before extras existed, and for tests. */
export const NO_EXTRA_PRICES: ExtraPrices = Object.fromEntries(
  EXTRA_PRICE_KEYS.map((key) => [key, 0]),
) as ExtraPrices;

/**
 * The extras' current prices (PRICE-3, PRICE-4). A key missing from the table (a row deleted
 * by hand) counts as free rather than failing every booking.
 */
export async function loadExtraPrices(db: Executor): Promise<ExtraPrices> {
  const rows = await db.select().from(extraPrices);
  const prices = { ...NO_EXTRA_PRICES };
  for (const row of rows) {
    if ((EXTRA_PRICE_KEYS as readonly string[]).includes(row.key)) {
      prices[row.key as keyof ExtraPrices] = row.amountPesewas;
    }
  }
  return prices;
}

export type StoredLine = { label: string; amount_pesewas: number };

/** Price lines as a booking keeps them (bookings.lines, PRICE-6). */
export const storedLines = (lines: PriceLine[]): StoredLine[] =>
  lines.map((line) => ({ label: line.label, amount_pesewas: line.amountPesewas }));

/** Lines in cedis, as the API answers them (PRICE-1). */
export const apiLines = (lines: (PriceLine | StoredLine)[]): QuoteLine[] =>
  lines.map((line) => ({
    label: line.label,
    amount: pesewasToCedis('amountPesewas' in line ? line.amountPesewas : line.amount_pesewas),
  }));
