import type { ReturnCharge } from '../../shared/schemas/bookings';

/**
 * A charge at the return as the renter reads it (HAND-14), named as the handover receipt
 * names it (KEPT_REASON_LABELS); here so the booking and invoice pages do not load the
 * handover module for five words (PAGE-18).
 */
const LABELS: Record<ReturnCharge['reason'], string> = {
  late_fee: 'Late return',
  fuel: 'Fuel',
  damage: 'Damage',
  cleaning: 'Cleaning',
  other: 'Other',
};

export const returnChargeLabel = (charge: ReturnCharge) =>
  `${LABELS[charge.reason]}${charge.note ? ` (${charge.note})` : ''}`;
