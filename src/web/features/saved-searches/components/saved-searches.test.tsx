import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { savedSearchMessages as m } from '../../../../shared/saved-searches';
import type {
  ListSavedSearchesResponse,
  SavedSearch,
} from '../../../../shared/schemas/saved-searches';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { renderWithApp } from '../../../testing/render';
import { SaveSearch } from './save-search';
import { SavedSearchesList } from './saved-searches-list';

vi.mock(import('../../../lib/api-client'), async (importOriginal) => ({
  ...(await importOriginal()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);
afterEach(() => api.mockReset());

const SLOW = { timeout: 5000 };

const search = (over: Partial<SavedSearch> = {}): SavedSearch => ({
  id: 7,
  name: 'Weekend in Kumasi',
  filters: {
    make: 'Toyota',
    body_type: 'suv',
    location: 'Kumasi',
    min_price: null,
    max_price: 800,
    start_date: '2026-12-05',
    end_date: '2026-12-07',
  },
  query:
    '?make=Toyota&body_type=suv&location=Kumasi&max_price=800&start_date=2026-12-05&end_date=2026-12-07',
  status: 'alerting',
  listings: 3,
  alerts_sent: 2,
  last_alerted_on: '2026-11-28',
  created_at: '2026-11-20T10:00:00.000Z',
  ...over,
});

const page = (
  searches: SavedSearch[],
  next_before: number | null = null,
  count = searches.length,
): ListSavedSearchesResponse => ({ saved_searches: searches, next_before, count, limit: 20 });

describe('Save this search on the car list (SAVED-1)', { timeout: 20_000 }, () => {
  const filters = {
    make: 'Toyota',
    body_type: null,
    location: 'Kumasi',
    min_price: null,
    max_price: 800,
    start_date: '2026-12-05',
    end_date: '2026-12-07',
  } as const;

  it('shows what it keeps, sends only the filters that are set, and says it is saved', async () => {
    const user = userEvent.setup();
    api.mockResolvedValue({ message: m.saved, saved_search: search() });
    renderWithApp(<SaveSearch filters={filters} />);
    await user.click(screen.getByRole('button', { name: 'Save this search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' }, SLOW);
    expect(within(dialog).getByRole('list', { name: 'Filters kept' }).textContent).toMatch(
      /Toyota.*Kumasi.*Up to GH₵ 800 a day.*5 Dec 2026 to 7 Dec 2026/,
    );
    expect(dialog.textContent).toContain('We will text you when a car like this becomes free');
    const name = within(dialog).getByLabelText('Name of the search');
    expect((name as HTMLInputElement).value).toBe('Toyota in Kumasi');
    await user.clear(name);
    await user.type(name, 'Kumasi weekend');
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith('/saved-searches', {
        method: 'POST',
        body: {
          name: 'Kumasi weekend',
          make: 'Toyota',
          location: 'Kumasi',
          max_price: 800,
          start_date: '2026-12-05',
          end_date: '2026-12-07',
        },
      }),
    );
    expect((await screen.findByRole('status')).textContent).toContain(m.saved);
    expect(screen.getByRole('link', { name: 'See your saved searches' }).getAttribute('href')).toBe(
      '/saved',
    );
  });

  it('refuses an empty name before asking, and shows the limit the server gives', async () => {
    const user = userEvent.setup();
    api.mockRejectedValue(new ApiError(409, m.limitReached));
    renderWithApp(<SaveSearch filters={filters} />);
    await user.click(screen.getByRole('button', { name: 'Save this search' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    const name = within(dialog).getByLabelText('Name of the search');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toContain(
      m.nameRequired,
    );
    expect(api).not.toHaveBeenCalled();
    await user.type(name, 'One more');
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(m.limitReached);
  });

  it('with no filter at all, explains instead of offering to save', async () => {
    const user = userEvent.setup();
    const none = {
      make: null,
      body_type: null,
      location: null,
      min_price: null,
      max_price: null,
      start_date: null,
      end_date: null,
    };
    renderWithApp(<SaveSearch filters={none} />);
    await user.click(screen.getByRole('button', { name: 'Save this search' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(dialog.textContent).toContain(m.noFilters);
    expect(within(dialog).queryByRole('button', { name: 'Save search' })).toBeNull();
  });
});

describe('the Saved Search page (SAVED-3, SAVED-4)', { timeout: 20_000 }, () => {
  it("lists the searches in the first version's columns and opens the list with the search's filters", async () => {
    api.mockResolvedValue(
      page([
        search(),
        search({
          id: 6,
          name: 'Old trip',
          status: 'ended',
          listings: 0,
          alerts_sent: 0,
          last_alerted_on: null,
        }),
      ]),
    );
    renderWithApp(<SavedSearchesList />);
    const table = await screen.findByRole('table', {}, SLOW);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Title', 'Saved Search Query', 'Number Listings', 'Times', 'Action']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(first!.textContent).toContain('Weekend in Kumasi');
    expect(first!.textContent).toContain('Texts you when a car frees up');
    expect(first!.textContent).toContain('3 cars');
    expect(first!.textContent).toContain('2 texts');
    expect(first!.textContent).toContain('last 28 Nov 2026');
    const open = within(first!).getByRole('link', { name: 'Open search: Weekend in Kumasi' });
    expect(open.getAttribute('href')).toBe(`/available-cars${search().query}`);
    expect(second!.textContent).toContain('Ended: its dates have passed');
    expect(screen.getByText(/Showing 2 of 2 saved searches/)).toBeTruthy();
  });

  it('loads the next page by keyset when asked', async () => {
    const user = userEvent.setup();
    api
      .mockResolvedValueOnce(page([search()], 7, 2))
      .mockResolvedValueOnce(page([search({ id: 3, name: 'Older one' })], null, 2));
    renderWithApp(<SavedSearchesList />);
    await user.click(await screen.findByRole('button', { name: 'Load more' }, SLOW));
    expect(await screen.findByText('Older one')).toBeTruthy();
    expect(api).toHaveBeenLastCalledWith(
      '/saved-searches',
      expect.objectContaining({ query: { limit: 10, before: 7 } }),
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('renames and deletes a search, each after a dialog', async () => {
    const user = userEvent.setup();
    api.mockImplementation(async (path, options) => {
      if (options?.method === 'PATCH')
        return { message: m.renamed, saved_search: search({ name: 'Kumasi' }) };
      if (options?.method === 'DELETE') return { message: m.deleted };
      return page([search()]);
    });
    renderWithApp(<SavedSearchesList />);
    await user.click(
      await screen.findByRole('button', { name: 'Rename search: Weekend in Kumasi' }, SLOW),
    );
    const rename = await screen.findByRole('dialog', { name: 'Rename the search' });
    const field = within(rename).getByLabelText('New name');
    await user.clear(field);
    await user.type(field, 'Kumasi');
    await user.click(within(rename).getByRole('button', { name: 'Save name' }));
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith('/saved-searches/7', {
        method: 'PATCH',
        body: { name: 'Kumasi' },
      }),
    );
    expect((await screen.findByRole('status')).textContent).toContain(m.renamed);

    await user.click(screen.getByRole('button', { name: 'Delete search: Weekend in Kumasi' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the search?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith('/saved-searches/7', { method: 'DELETE' }),
    );
    expect((await screen.findByRole('status')).textContent).toContain(m.deleted);
  });

  it('with none saved, says how to save one', async () => {
    api.mockResolvedValue(page([]));
    renderWithApp(<SavedSearchesList />);
    expect(await screen.findByText(/You have no saved searches yet/, {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find a car' }).getAttribute('href')).toBe(
      '/available-cars',
    );
  });
});
