import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { PendingDocument } from '../../../../shared/schemas/documents';
import { apiRequest } from '../../../lib/api-client';
import { Route, Routes } from '../../../lib/router';
import { renderWithApp } from '../../../testing/render';
import { AdminShell } from '../../../components/console/admin-shell';
import { DocumentsPage } from './documents-page';

vi.mock(import('../../../lib/api-client'), async (importOriginal) => ({
  ...(await importOriginal()),
  apiRequest: vi.fn(),
}));
vi.mock(import('../../../lib/private-files'), async (importOriginal) => ({
  ...(await importOriginal()),
  usePrivateImage: (url: string | null) => ({ url, src: 'blob:photo', error: false }),
}));
const api = vi.mocked(apiRequest);
beforeEach(() => api.mockReset());

const verified: PendingDocument = {
  id: 21,
  kind: 'ghana_card',
  status: 'verified',
  ghana_card_pin: 'GHA-123456789-0',
  date_of_birth: '1990-01-01',
  licence_number: null,
  licence_expiry: null,
  rejection_reason: null,
  reviewed_at: '2026-11-27T09:05:00.000Z',
  uploaded_at: '2026-11-26T08:00:00.000Z',
  image_url: '/api/documents/21/image?v=1',
  hold: null,
  customer: { id: 4, name: 'Yaa Asantewaa' },
  reviewed_by: 'Kwame Asante',
};

describe('the console’s Documents (DOC-5, DOC-8)', () => {
  test('the Verified tab says who verified each document, and when', async () => {
    api.mockResolvedValue({ documents: [verified] });
    renderWithApp(
      <Routes>
        <Route path="/admin/documents" element={<DocumentsPage />} />
      </Routes>,
      { route: '/admin/documents?status=verified' },
    );
    expect(screen.getByRole('button', { name: 'Verified' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    const card = await screen.findByRole('article', { name: 'Ghana Card' });
    expect(within(card).getByText('Verified by').nextElementSibling?.textContent).toBe(
      'Kwame Asante, 27 Nov 2026, 09:05',
    );
    expect(api).toHaveBeenCalledWith(
      '/admin/documents',
      expect.objectContaining({
        query: { status: 'verified' },
      }),
    );
  });

  test('the Documents menu item counts the documents waiting for a check', async () => {
    api.mockImplementation(async (path) =>
      String(path) === '/admin/dashboard'
        ? { documents_waiting: 3, needs_action: { awaiting_cash: [], flagged_payments: [] } }
        : { messages: [], unread: 0 },
    );
    renderWithApp(
      <AdminShell user={{ name: 'Kwame Asante', msisdn: '233244000000' }} onSignOut={() => {}}>
        <p>page</p>
      </AdminShell>,
      { route: '/admin' },
    );
    const link = (await screen.findByText('waiting for a check')).closest('a')!;
    expect(link.getAttribute('href')).toBe('/admin/documents');
    expect(within(link).getByText('3')).toBeTruthy();
  });

  test('the badge agrees with the queue: a queue longer than the count refreshes it (DOC-8)', async () => {
    let dashboards = 0;
    const pending = (id: number): PendingDocument => ({
      ...verified,
      id,
      status: 'pending',
      reviewed_at: null,
      reviewed_by: null,
    });
    api.mockImplementation(async (path) => {
      if (String(path) === '/admin/dashboard') {
        dashboards += 1;
        // Loaded before two more renters uploaded; the server counts 4 now.
        return {
          documents_waiting: dashboards === 1 ? 2 : 4,
          needs_action: { awaiting_cash: [], flagged_payments: [] },
        };
      }
      if (String(path) === '/admin/documents') return { documents: [1, 2, 3, 4].map(pending) };
      return { messages: [], unread: 0 };
    });
    renderWithApp(
      <AdminShell user={{ name: 'Kwame Asante', msisdn: '233244000000' }} onSignOut={() => {}}>
        <Routes>
          <Route path="/admin/documents" element={<DocumentsPage />} />
        </Routes>
      </AdminShell>,
      { route: '/admin/documents' },
    );
    const link = (await screen.findByText('waiting for a check')).closest('a')!;
    await waitFor(() => expect(within(link).getByText('4')).toBeTruthy());
  });
});
