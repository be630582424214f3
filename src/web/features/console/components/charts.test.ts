import { describe, expect, test } from 'vitest';
import { axisDays, cumulative, hasAmounts, monthAxis, niceCeiling, shortCedis } from './charts';

describe('the dashboard charts', () => {
  test('an axis tops out at a round number at or above the largest value', () => {
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(7)).toBe(10);
    expect(niceCeiling(10)).toBe(10);
    expect(niceCeiling(10_250)).toBe(20_000);
    expect(niceCeiling(2_300)).toBe(2_500);
    expect(niceCeiling(41_000)).toBe(50_000);
  });

  test('running totals add each day to the ones before', () => {
    expect(cumulative([])).toEqual([]);
    expect(cumulative([100, 0, 250.5, 50])).toEqual([100, 100, 350.5, 400.5]);
  });

  test('axis labels stay short enough for a phone', () => {
    expect(shortCedis(0)).toBe('GH₵\u00a00');
    expect(shortCedis(950)).toBe('GH₵\u00a0950');
    expect(shortCedis(12_500)).toBe('GH₵\u00a012.5k');
    expect(shortCedis(20_000)).toBe('GH₵\u00a020k');
    expect(shortCedis(1_500_000)).toBe('GH₵\u00a01.5m');
  });

  test("a month's axis names its first, middle and last day in proper English (STAFF-31)", () => {
    expect(axisDays(31).map((d) => d.label)).toEqual(['1st', '15th', '31st']);
    expect(axisDays(30).map((d) => d.label)).toEqual(['1st', '15th', '30th']);
    expect(axisDays(28).map((d) => d.label)).toEqual(['1st', '15th', '28th']);
  });

  test("this month's axis names this month's days, even beside a longer month (STAFF-31)", () => {
    // November against October: October's 31st still has a place, but no '31st' label.
    const november = monthAxis(30, 31);
    expect(november.span).toBe(31);
    expect(november.labels.map((d) => d.label)).toEqual(['1st', '15th', '30th']);
    expect(november.labels.map((d) => d.anchor)).toEqual(['start', 'middle', 'middle']);
    // March against February: the axis is March's own.
    const march = monthAxis(31, 28);
    expect(march.span).toBe(31);
    expect(march.labels.map((d) => [d.label, d.anchor])).toEqual([
      ['1st', 'start'],
      ['15th', 'middle'],
      ['31st', 'end'],
    ]);
  });

  test('a period with no money in it has nothing to draw (STAFF-31)', () => {
    expect(hasAmounts([], [])).toBe(false);
    expect(hasAmounts([0, 0, 0], [0])).toBe(false);
    expect(hasAmounts([0, 0], [0, 120])).toBe(true);
  });
});
