import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { addDays, todayInAccra } from '../../../../shared/dates';
import type { DashboardTrip, Owed } from '../../../../shared/schemas/account-dashboard';
import { renderWithApp } from '../../../testing/render';
import { AccountLayout } from './account-layout';
import { countdownWords, OwedPanel, PastTripsPanel, TripPanel } from './dashboard-overview';
import { StatTiles } from './dashboard-tiles';

const today = todayInAccra();
const trip = (over: Partial<DashboardTrip> = {}): DashboardTrip => ({
  booking_code: 'CL-7K3Q9M',
  status: 'confirmed',
  payment_status: 'paid',
  payment_method: 'mobile_money',
  under_way: false,
  car: { id: 3, title: '2021 Kia Picanto', image: null },
  branch: {
    id: 1,
    name: 'East Legon office',
    town: 'Accra',
    address: '12 Lagos Avenue',
    phone: '0302900100',
    opens: '07:00',
    closes: '21:00',
    is_airport: false,
  },
  start_date: addDays(today, 3),
  pickup_time: '09:00',
  end_date: addDays(today, 5),
  return_time: '17:00',
  pickup_at: new Date(Date.now() + (2 * 24 + 5) * 3_600_000 + 60_000).toISOString(),
  return_at: new Date(Date.now() + 5 * 24 * 3_600_000).toISOString(),
  delivery_address: null,
  ...over,
});
const noDocuments = { ghana_card: 'missing', driving_licence: 'verified' } as const;

describe('the dashboard tiles (AREA-1)', () => {
  test('show the real figures, one tile each, and leave them blank while loading', () => {
    renderWithApp(
      <StatTiles figures={{ trips: 4, saved_searches: 2, unread_messages: 1, favourites: 0 }} />,
    );
    const tiles = screen.getAllByRole('listitem');
    expect(tiles.map((t) => t.textContent)).toEqual([
      'Trips4My bookings (Trips)',
      'Total Saved Search2Saved searches (Total Saved Search)',
      'Messages1Unread, from us (Messages)',
      'My Favorites0View favorites (My Favorites)',
    ]);
  });

  test('have no made-up number before the figures come', () => {
    renderWithApp(<StatTiles figures={null} />);
    for (const tile of screen.getAllByRole('listitem')) expect(tile.textContent).not.toMatch(/\d/);
  });
});

describe('the next trip (AREA-2)', () => {
  test('counts down to the pickup and says what to bring', () => {
    renderWithApp(<TripPanel trip={trip()} documents={noDocuments} />);
    const panel = screen.getByRole('region', { name: 'Your next trip' });
    expect(within(panel).getByText('Pickup in 2 days 5 hours')).toBeTruthy();
    expect(panel.textContent).toContain('East Legon office, Accra');
    expect(panel.textContent).toContain('Your Ghana CardNot uploaded');
    expect(panel.textContent).toContain('Your Driving licenceVerified');
    expect(within(panel).getByRole('link', { name: 'profile' }).getAttribute('href')).toBe(
      '/profile',
    );
  });

  test('under way, counts down to the return', () => {
    renderWithApp(<TripPanel trip={trip({ under_way: true })} documents={noDocuments} />);
    expect(screen.getByRole('heading', { name: 'Your trip under way' })).toBeTruthy();
    expect(screen.getByText(/^Return in 4 days 23 hours|^Return in 5 days$/)).toBeTruthy();
  });

  test('none booked: says so and offers the cars', () => {
    renderWithApp(<TripPanel trip={null} documents={noDocuments} />);
    expect(screen.getByText('You have no trip booked.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Cars' })).toBeTruthy();
  });

  test('words a countdown in days, hours and minutes', () => {
    expect(countdownWords(60_000)).toBe('1 minute');
    expect(countdownWords(3 * 3_600_000 + 20 * 60_000)).toBe('3 hours 20 minutes');
    expect(countdownWords(24 * 3_600_000)).toBe('1 day');
  });
});

describe('what is owed and past trips (AREA-3, AREA-4)', () => {
  const owed = (kind: Owed['kind'], amount: number, code: string): Owed => ({
    booking_code: code,
    car_title: '2021 Kia Picanto',
    kind,
    amount,
    start_date: addDays(today, 3),
  });

  test('each sum links to its booking’s page, where it is paid, and the total is shown', () => {
    renderWithApp(
      <OwedPanel owed={[owed('pay_now', 900, 'CL-AAAAAA'), owed('top_up', 300, 'CL-BBBBBB')]} />,
    );
    const panel = screen.getByRole('region', { name: 'What you owe' });
    expect(panel.textContent).toContain('GH₵ 1,200.00');
    expect(
      within(panel)
        .getByRole('link', { name: /^Pay now\s*for booking CL-AAAAAA$/ })
        .getAttribute('href'),
    ).toBe('/booking-history/CL-AAAAAA');
    expect(
      within(panel)
        .getByRole('link', { name: /^Pay the difference\s*for booking CL-BBBBBB$/ })
        .getAttribute('href'),
    ).toBe('/booking-history/CL-BBBBBB');
  });

  test('nothing owed says so', () => {
    renderWithApp(<OwedPanel owed={[]} />);
    expect(screen.getByText('Nothing to pay right now.')).toBeTruthy();
  });

  test('a past trip not reviewed asks for a rating', () => {
    renderWithApp(
      <PastTripsPanel
        trips={[
          {
            booking_code: 'CL-CCCCCC',
            car: { id: 3, title: '2021 Kia Picanto', image: null },
            start_date: addDays(today, -9),
            end_date: addDays(today, -7),
            can_review: true,
          },
        ]}
      />,
    );
    expect(
      screen
        .getByRole('link', { name: /^Rate this trip\s*2021 Kia Picanto, CL-CCCCCC$/ })
        .getAttribute('href'),
    ).toBe('/booking-history/CL-CCCCCC');
  });
});

describe('the side menu shows what applies (AREA-9)', () => {
  const menuLinks = () =>
    within(screen.getByRole('navigation', { name: 'Account' }))
      .getAllByRole('link')
      .map((link) => link.textContent);

  test('a renter who lists no car is offered the partner programme, not owner tools', () => {
    renderWithApp(
      <AccountLayout title="Dashboard" userName="Ama Mensah" onLogout={() => {}}>
        <p>page</p>
      </AccountLayout>,
    );
    expect(menuLinks()).toEqual([
      'Dashboard',
      'Earn with your car',
      'My Favorites',
      'Saved Search',
      'Messages',
      'Profile',
    ]);
    expect(screen.getByRole('link', { name: 'Earn with your car' }).getAttribute('href')).toBe(
      '/pricing',
    );
  });

  test('someone who lists cars gets My Listings and Add Listings in its place', () => {
    renderWithApp(
      <AccountLayout title="Dashboard" userName="Ama Mensah" onLogout={() => {}} listsCars>
        <p>page</p>
      </AccountLayout>,
    );
    expect(menuLinks().slice(0, 3)).toEqual(['Dashboard', 'My Listings', 'Add Listings']);
  });
});
