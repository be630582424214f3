import { desc, eq, lte } from 'drizzle-orm';
import type { TaxSettings } from '../../../shared/schemas/tax.staff';
import type { TaxLine } from '../../../shared/tax';
import type { Executor } from '../../db/client';
import { taxSettings, users } from '../../db/schema/index';

/**
 * The company's taxes (STAFF-45): every save is a row, the latest one is in force. A receipt
 * reads the row in force when its car came back (HAND-15, docs/decisions/036-tax-invoice.md).
 */

export interface TaxInForce {
  tin: string | null;
  lines: TaxLine[];
}

/** The settings as the owner's page shows them; all empty before the first save. */
export async function readTaxSettings(db: Executor): Promise<TaxSettings> {
  const [row] = await db
    .select({
      tin: taxSettings.tin,
      lines: taxSettings.lines,
      createdAt: taxSettings.createdAt,
      by: users.name,
    })
    .from(taxSettings)
    .leftJoin(users, eq(users.id, taxSettings.createdBy))
    .orderBy(desc(taxSettings.createdAt), desc(taxSettings.id))
    .limit(1);
  return {
    tin: row?.tin ?? null,
    lines: row?.lines ?? [],
    updated_at: row?.createdAt.toISOString() ?? null,
    updated_by: row?.by ?? null,
  };
}

/** The taxes in force at `at` (the latest saved by then), or none. */
export async function taxInForceAt(db: Executor, at: Date): Promise<TaxInForce | null> {
  const [row] = await db
    .select({ tin: taxSettings.tin, lines: taxSettings.lines })
    .from(taxSettings)
    .where(lte(taxSettings.createdAt, at))
    .orderBy(desc(taxSettings.createdAt), desc(taxSettings.id))
    .limit(1);
  return row ?? null;
}

/** A new version, in force from now on; the ones before stay for the receipts they printed. */
export async function saveTaxSettings(
  db: Executor,
  settings: TaxInForce,
  staffId: number,
): Promise<void> {
  await db.insert(taxSettings).values({
    tin: settings.tin,
    lines: settings.lines.map(({ name, rate_bp, on_levies }) => ({ name, rate_bp, on_levies })),
    createdBy: staffId,
  });
}

/** What the audit trail compares (AUDIT-2): the TIN and the taxes in force. */
export async function loadTaxSettingsForAudit(db: Executor) {
  const { tin, lines } = await readTaxSettings(db);
  return { tin, lines };
}
