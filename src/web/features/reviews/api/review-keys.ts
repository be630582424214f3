/** The reviews' query keys, apart from the hooks so the home page loads no mutation code. */
export const reviewKeys = {
  site: ['reviews', 'site'] as const,
  car: (id: number) => ['reviews', 'car', id] as const,
  booking: (code: string) => ['reviews', 'booking', code] as const,
};
