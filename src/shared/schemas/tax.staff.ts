import { z } from 'zod';
import { taxMessages as m } from '../staff-messages';
import { normalizeTin, TAX_LINES_MAX, TAX_NAME_MAX, TAX_RATE_BP_MAX, TIN_PATTERN } from '../tax';

/**
 * The company's taxes (STAFF-45), under /api/admin/tax-settings: its TIN and the taxes it
 * charges, which receipts show (HAND-15). The owner's alone.
 */

export const TaxLineSchema = z.object({
  name: z
    .string({ error: m.nameRequired })
    .trim()
    .min(1, { error: m.nameRequired })
    .max(TAX_NAME_MAX, { error: m.nameMax }),
  /** The rate in basis points, a whole number: 250 is 2.5 %, 1500 is 15 %. */
  rate_bp: z
    .number({ error: m.rateInvalid })
    .int({ error: m.rateInvalid })
    .min(1, { error: m.rateInvalid })
    .max(TAX_RATE_BP_MAX, { error: m.rateInvalid }),
  /** Charged on the value plus the taxes above it (true), or on the value alone (false). */
  on_levies: z.boolean().default(false),
});

export const TaxSettingsInputSchema = z
  .object({
    /** The GRA TIN or Ghana Card PIN; empty or null: none given. */
    tin: z
      .string()
      .nullish()
      .transform((v) => (v?.trim() ? normalizeTin(v) : null))
      .refine((v) => v === null || TIN_PATTERN.test(v), { error: m.tinInvalid }),
    /** The taxes in the order the receipt lists them; empty: none charged. */
    lines: z.array(TaxLineSchema).max(TAX_LINES_MAX, { error: m.tooMany }),
  })
  .superRefine((input, ctx) => {
    const seen = new Set<string>();
    input.lines.forEach((line, i) => {
      const key = line.name.toLowerCase().replace(/\s+/g, ' ');
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', message: m.nameTwice, path: ['lines', i, 'name'] });
      seen.add(key);
    });
    if (input.lines.length > 0 && input.tin === null)
      ctx.addIssue({ code: 'custom', message: m.tinRequired, path: ['tin'] });
  });
export type TaxSettingsInput = z.input<typeof TaxSettingsInputSchema>;

export const TaxSettingsSchema = z.object({
  tin: z.string().nullable(),
  lines: z.array(z.object({ name: z.string(), rate_bp: z.number().int(), on_levies: z.boolean() })),
  /** When they were last saved, and by whom; null before the first save. */
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type TaxSettings = z.infer<typeof TaxSettingsSchema>;

export const TaxSettingsResponseSchema = z.object({ tax_settings: TaxSettingsSchema });
export type TaxSettingsResponse = z.infer<typeof TaxSettingsResponseSchema>;
