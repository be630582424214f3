import { describe, expect, it } from 'vitest';
import { defaultSlot, handoverSlots } from './handover-times';

describe('pickup and return times within opening hours (BOOK-16)', () => {
  it('offers every half hour from opening to closing, both included', () => {
    const slots = handoverSlots('07:00', '21:00');
    expect(slots[0]).toBe('07:00');
    expect(slots[1]).toBe('07:30');
    expect(slots.at(-1)).toBe('21:00');
    expect(slots).toHaveLength(29);
  });

  it('starts at the next half hour when a branch opens off the half hour', () => {
    expect(handoverSlots('07:15', '08:30')).toEqual(['07:30', '08:00', '08:30']);
  });

  it('preselects 09:00, or the first time a branch opening later offers', () => {
    expect(defaultSlot(handoverSlots('07:00', '21:00'))).toBe('09:00');
    expect(defaultSlot(handoverSlots('10:00', '18:00'))).toBe('10:00');
  });
});
