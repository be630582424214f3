/**
 * Where the renter drives, said from the car's branch town (PRICE-3): 'Within Kumasi' for a
 * Kumasi car; outside it, a chauffeur is paid an out-of-station allowance.
 */
export function destinationTypeLabel(type: number | undefined, town: string): string {
  if (type === 1) return `Within ${town}`;
  if (type === 2) return `Outside ${town}`;
  return 'Not specified';
}
