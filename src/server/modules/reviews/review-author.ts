/**
 * How a review is signed in public (REVIEW-3): the first name and the last name's initial,
 * 'Ama M.'; never the full name or the phone number.
 */
export function reviewAuthor(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'A renter';
  const first = words[0]!;
  const last = words.length > 1 ? words[words.length - 1]! : '';
  const initial = last ? `${Array.from(last)[0]!.toUpperCase()}.` : '';
  return initial ? `${first} ${initial}` : first;
}
