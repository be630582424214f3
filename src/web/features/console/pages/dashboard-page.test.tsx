import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { AdminDashboardResponse } from '../../../../shared/schemas/console';
import { apiRequest } from '../../../lib/api-client';
import { renderWithApp } from '../../../testing/render';
import { DashboardPage } from './dashboard-page';

vi.mock(import('../../../lib/api-client'), async (importOriginal) => ({
  ...(await importOriginal()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);
beforeEach(() => api.mockReset());

/** 1 October to 27 November 2026, a payment on 5 October, 8 November and 27 November. */
const daily = (() => {
  const days: { date: string; amount: number }[] = [];
  for (let d = new Date('2026-10-01T00:00:00Z'); d <= new Date('2026-11-27T00:00:00Z');) {
    const date = d.toISOString().slice(0, 10);
    const paid: Record<string, number> = {
      '2026-10-05': 11_250,
      '2026-11-08': 4_600,
      '2026-11-27': 500,
    };
    days.push({ date, amount: paid[date] ?? 0 });
    d = new Date(d.getTime() + 86_400_000);
  }
  return days;
})();

const dashboard: AdminDashboardResponse = {
  today: '2026-11-27',
  pickups: [],
  returns: [],
  needs_action: { awaiting_cash: [], flagged_payments: [] },
  documents_waiting: 0,
  sms_today: { sent: 0, failed: 0 },
  utilisation: {
    month: '2026-11',
    booked_days: 7,
    available_days: 1_138,
    rate: 7 / 1_138,
    cars: 38,
  },
  revenue: {
    this_month: { month: '2026-11', amount: 5_100, payments: 2 },
    last_month: { month: '2026-10', amount: 11_250, payments: 3 },
    daily,
  },
  deposits: { month: '2026-11', held_now: 0, held_count: 0, returned: 70, kept: 130, returns: 1 },
};

describe('the dashboard’s figures and their labels (STAFF-7, STAFF-31)', () => {
  test('utilisation names the month it measures, and its car-days are the whole month', async () => {
    api.mockResolvedValue(dashboard);
    renderWithApp(<DashboardPage />);
    const panel = (await screen.findByRole('heading', { name: 'Utilisation' })).closest('section')!;
    expect(within(panel).getByText('1% of the fleet’s days booked in November 2026')).toBeTruthy();
    expect(
      within(panel).getByText(
        '7 car-days booked of 1,138 available: 38 cars on offer × 30 days of November 2026, less 2 maintenance days.',
      ),
    ).toBeTruthy();
  });

  test('each day’s bars are labelled with November’s days, and no axis ends at the 31st', async () => {
    api.mockResolvedValue(dashboard);
    renderWithApp(<DashboardPage />);
    const bars = (await screen.findByText('Each day of November 2026')).closest('figure')!;
    expect([...bars.querySelectorAll('svg text')].map((t) => t.textContent)).toEqual([
      '1st',
      '15th',
      '30th',
    ]);
    const race = screen.getByText('November 2026, running total').closest('figure')!;
    const labels = [...race.querySelectorAll('svg text')].map((t) => t.textContent);
    expect(labels).toContain('30th');
    expect(labels).not.toContain('31st');
  });
});

describe('the texts sent today (STAFF-36)', () => {
  test('shows the count, and the undelivered ones as an alert linking to the SMS log', async () => {
    api.mockResolvedValue({ ...dashboard, sms_today: { sent: 42, failed: 3 } });
    renderWithApp(<DashboardPage />);
    const label = await screen.findByRole('link', { name: 'Texts sent today' });
    expect(label.getAttribute('href')).toBe('/admin/sms');
    const tile = label.closest('.kpi')!;
    expect(within(tile as HTMLElement).getByText('42')).toBeTruthy();
    expect(within(tile as HTMLElement).getByText('3 not delivered')).toBeTruthy();
    expect(tile.className).toContain('kpi-alert');
  });

  test('says none failed when none did', async () => {
    api.mockResolvedValue({ ...dashboard, sms_today: { sent: 1, failed: 0 } });
    renderWithApp(<DashboardPage />);
    const tile = (await screen.findByRole('link', { name: 'Texts sent today' })).closest('.kpi')!;
    expect(within(tile as HTMLElement).getByText('none failed')).toBeTruthy();
    expect(tile.className).not.toContain('kpi-alert');
  });
});
