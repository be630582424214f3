import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { apiRequest } from '../../../lib/api-client';
import { renderWithApp } from '../../../testing/render';
import { BranchesPage } from './branches-page';

vi.mock(import('../../../lib/api-client'), async (importOriginal) => ({
  ...(await importOriginal()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);

beforeEach(() => {
  api.mockReset();
  // The table asks the screen's width; jsdom has no matchMedia.
  window.matchMedia = vi.fn().mockReturnValue({
    matches: false,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  });
});

describe('the Branches page (STAFF-10)', () => {
  test("writes a branch's phone as the renters' pages do", async () => {
    api.mockResolvedValue({
      branches: [
        {
          id: 1,
          name: 'East Legon office',
          town: 'Accra',
          address: '12 Lagos Avenue, East Legon',
          phone: '+233302900100',
          opens: '07:00',
          closes: '21:00',
          is_airport: false,
          car_count: 4,
          yours: true,
        },
      ],
    });
    renderWithApp(<BranchesPage />);
    expect((await screen.findAllByText('+233 30 290 0100')).length).toBeGreaterThan(0);
    expect(screen.queryByText('+233302900100')).toBeNull();
  });

  test("opens a branch's edit page only where the manager works (ROLE-5, ROLE-8)", async () => {
    const branch = (id: number, name: string, yours: boolean) => ({
      id,
      name,
      town: 'Accra',
      address: `${name}, Accra`,
      phone: '+233302900100',
      opens: '07:00',
      closes: '21:00',
      is_airport: false,
      car_count: 2,
      yours,
    });
    api.mockResolvedValue({
      branches: [branch(1, 'East Legon office', true), branch(2, 'Kumasi office', false)],
    });
    renderWithApp(<BranchesPage />, { staffRole: 'manager' });
    expect((await screen.findAllByRole('link', { name: 'East Legon office' })).length).toBe(1);
    expect(screen.queryByRole('link', { name: 'Kumasi office' })).toBeNull();
    expect(screen.getAllByText('Kumasi office').length).toBeGreaterThan(0);
  });

  test('writes a phone typed in the local form (030 …) the same way, never as +030 …', async () => {
    api.mockResolvedValue({
      branches: [
        {
          id: 2,
          name: 'Kumasi office',
          town: 'Kumasi',
          address: 'Adum, Kumasi',
          phone: '032 202 0111',
          opens: '07:00',
          closes: '19:00',
          is_airport: false,
          car_count: 2,
          yours: true,
        },
      ],
    });
    renderWithApp(<BranchesPage />);
    expect((await screen.findAllByText('+233 32 202 0111')).length).toBeGreaterThan(0);
    expect(screen.queryByText('+0322020111')).toBeNull();
  });
});
