import { describe, expect, it } from 'vitest';
import { guessNetwork } from './mobile-money';

describe('guessNetwork', () => {
  it.each([
    ['024 412 3456', 'mtn'],
    ['0551234567', 'mtn'],
    ['+233 20 123 4567', 'telecel'],
    ['0501234567', 'telecel'],
    ['233271234567', 'airteltigo'],
    ['0571234567', 'airteltigo'],
    ['024', 'mtn'],
  ])('%s → %s', (raw, network) => expect(guessNetwork(raw)).toBe(network));

  it.each(['', '0', '0301234567', '12345', '0281234567'])('%s → no guess', (raw) =>
    expect(guessNetwork(raw)).toBeNull(),
  );
});
