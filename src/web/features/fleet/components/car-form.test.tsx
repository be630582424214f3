import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { AdminBranchListItem } from '../../../../shared/schemas/branches.staff';
import type { AdminCar } from '../../../../shared/schemas/cars.staff';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { renderWithApp } from '../../../testing/render';
import { CarForm } from './car-form';

vi.mock(import('../../../lib/api-client'), async (importOriginal) => ({
  ...(await importOriginal()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);
/** Answers may take a while on a busy two-core machine. */
const slow = { timeout: 5_000 };

const branch = (id: number, name: string, town: string): AdminBranchListItem => ({
  id,
  name,
  town,
  address: `${name}, ${town}`,
  phone: '+233302000111',
  opens: '07:00',
  closes: '21:00',
  is_airport: false,
  car_count: 3,
  yours: true,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
});
const BRANCHES = [branch(1, 'East Legon office', 'Accra'), branch(3, 'Kumasi office', 'Kumasi')];

const car: AdminCar = {
  id: 7,
  title: '2022 Toyota Corolla',
  make: 'Toyota',
  model: 'Corolla',
  year: 2022,
  description: 'Comfortable.',
  body_type: 'sedan',
  transmission: 'automatic',
  fuel_type: 'petrol',
  colour: 'Silver',
  no_of_doors: 4,
  seat_capacity: 5,
  has_airconditioning: true,
  has_bluetooth: true,
  usb_charger: true,
  price_per_day: 400,
  old_price: null,
  weekly_price: 2400,
  deposit: 250,
  branch_id: 3,
  branch: { id: 3, name: 'Kumasi office', town: 'Kumasi' },
  city: 'Kumasi',
  lat: 6.69,
  long: -1.62,
  retired: false,
  retired_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  photos: [],
};

beforeEach(() => {
  api.mockReset();
});

// Typing a whole car with userEvent takes seconds on a busy two-core machine.
describe('the car form (STAFF-11)', { timeout: 20_000 }, () => {
  test("chooses the branch from the branches, keeping the car's own while the list loads", async () => {
    let answer: (value: unknown) => void = () => {};
    api.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const onSave = vi.fn(async () => {});
    renderWithApp(<CarForm car={car} pending={false} onSave={onSave} submitLabel="Save" />);

    const select = screen.getByRole('combobox', { name: 'Branch' });
    expect(select).toHaveProperty('value', '3');
    answer({ branches: BRANCHES });
    expect(
      await screen.findByRole('option', { name: 'East Legon office (Accra)' }, slow),
    ).toBeDefined();
    expect(select).toHaveProperty('value', '3');
    expect(screen.getByLabelText('Weekly price (optional)')).toHaveProperty('value', '2400');
    expect(screen.getByLabelText('Deposit')).toHaveProperty('value', '250');

    const user = userEvent.setup();
    await user.selectOptions(select, '1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // The form's rules load after render (lazyResolver), so the save comes a moment later.
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith(
        expect.objectContaining({ branch_id: 1, weekly_price: 2400, deposit: 250 }),
      ),
    );
  });

  test('an empty field hints with "e.g.", so a hint is never taken for a value already filled in (STAFF-32)', () => {
    api.mockResolvedValue({ branches: BRANCHES });
    renderWithApp(<CarForm car={null} pending={false} onSave={vi.fn()} submitLabel="Add car" />);
    const hinted = screen
      .getAllByRole('textbox')
      .concat(screen.queryAllByRole('spinbutton'))
      .filter((field) => field.getAttribute('placeholder'));
    // Make, model, year, colour and price per day.
    expect(hinted.length).toBeGreaterThanOrEqual(5);
    for (const field of hinted) {
      expect(field.getAttribute('placeholder'), field.id).toMatch(/^e\.g\. \S/);
    }
    // The branch is picked from the list, never typed (STAFF-11).
    expect(screen.getByRole('combobox', { name: 'Branch' })).toBeDefined();
    expect(screen.queryByRole('textbox', { name: /branch/i })).toBeNull();
  });

  test('a new car must be given a branch, and a weekly price below 7 days', async () => {
    api.mockResolvedValue({ branches: BRANCHES });
    const onSave = vi.fn(async () => {});
    renderWithApp(<CarForm car={null} pending={false} onSave={onSave} submitLabel="Add car" />);
    const user = userEvent.setup();
    expect(screen.getByLabelText('Deposit')).toHaveProperty('value', '200');
    await user.type(screen.getByLabelText('Price per day'), '300');
    await user.type(screen.getByLabelText('Weekly price (optional)'), '2100');
    await user.click(screen.getByRole('button', { name: 'Add car' }));

    expect(await screen.findByText('Choose a branch', undefined, slow)).toBeDefined();
    // The weekly check needs every other field right first: fill them and try again.
    await user.type(screen.getByLabelText('Make'), 'Kia');
    await user.type(screen.getByLabelText('Model'), 'Rio');
    await user.type(screen.getByLabelText('Year'), '2021');
    await user.type(screen.getByLabelText('Colour'), 'Red');
    await user.selectOptions(screen.getByLabelText('Body type'), 'sedan');
    await user.selectOptions(screen.getByLabelText('Transmission'), 'manual');
    await user.selectOptions(screen.getByLabelText('Fuel'), 'petrol');
    await user.type(screen.getByLabelText('Description'), 'Small.');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Branch' }),
      'Kumasi office (Kumasi)',
    );
    await user.click(screen.getByRole('button', { name: 'Add car' }));
    expect(
      await screen.findByText(
        'Weekly price must be less than 7 days at the price per day (GH₵ 2,100.00)',
        undefined,
        slow,
      ),
    ).toBeDefined();
    expect(screen.getByLabelText('Weekly price (optional)').getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(onSave).not.toHaveBeenCalled();
  });

  test('choosing the Kumasi branch puts a new car in Kumasi: its town and map position follow (STAFF-34)', async () => {
    api.mockResolvedValue({ branches: BRANCHES });
    renderWithApp(<CarForm car={null} pending={false} onSave={vi.fn()} submitLabel="Add car" />);
    const user = userEvent.setup();
    // The town is the branch's, shown, never typed.
    expect(screen.queryByRole('textbox', { name: 'City' })).toBeNull();
    expect(screen.getByText('Town').nextElementSibling?.textContent).toBe('Choose a branch first');
    await screen.findByRole('option', { name: 'Kumasi office (Kumasi)' }, slow);
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Branch' }),
      'Kumasi office (Kumasi)',
    );
    expect(screen.getByText('Town').nextElementSibling?.textContent).toBe('Kumasi');
    expect(screen.getByLabelText('Latitude')).toHaveProperty('value', '6.6885');
    expect(screen.getByLabelText('Longitude')).toHaveProperty('value', '-1.6244');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Branch' }),
      'East Legon office (Accra)',
    );
    expect(screen.getByText('Town').nextElementSibling?.textContent).toBe('Accra');
    expect(screen.getByLabelText('Latitude')).toHaveProperty('value', '5.6037');
  });

  test("an existing car's own position stays until its branch changes", async () => {
    api.mockResolvedValue({ branches: BRANCHES });
    renderWithApp(<CarForm car={car} pending={false} onSave={vi.fn()} submitLabel="Save" />);
    await screen.findByRole('option', { name: 'East Legon office (Accra)' }, slow);
    expect(screen.getByText('Town').nextElementSibling?.textContent).toBe('Kumasi');
    expect(screen.getByLabelText('Latitude')).toHaveProperty('value', '6.69');
  });

  test("shows the server's field message on the branch select", async () => {
    api.mockResolvedValue({ branches: BRANCHES });
    const onSave = vi.fn(async () => {
      throw new ApiError(422, 'Please correct the highlighted fields.', {
        branch_id: ['Choose a branch'],
      });
    });
    renderWithApp(<CarForm car={car} pending={false} onSave={onSave} submitLabel="Save" />);
    const user = userEvent.setup();
    await screen.findByRole('option', { name: 'East Legon office (Accra)' }, slow);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose a branch', undefined, slow)).toBeDefined();
    expect(screen.getByRole('combobox', { name: 'Branch' })).toBe(document.activeElement);
  });
});
