import { describe, expect, it } from 'vitest';
import { reviewAuthor } from './review-author';

describe('reviewAuthor (REVIEW-3)', () => {
  it('signs with the first name and the last name’s initial only', () => {
    expect(reviewAuthor('Ama Mensah')).toBe('Ama M.');
    expect(reviewAuthor('  Kwame  Owusu   Asante ')).toBe('Kwame A.');
    expect(reviewAuthor('efua owusu')).toBe('efua O.');
  });

  it('keeps a single name as it is and never returns an empty signature', () => {
    expect(reviewAuthor('Yaw')).toBe('Yaw');
    expect(reviewAuthor('   ')).toBe('A renter');
  });

  it('takes a whole character for an initial, not half of one', () => {
    expect(reviewAuthor('Ama Ɛsi')).toBe('Ama Ɛ.');
  });
});
