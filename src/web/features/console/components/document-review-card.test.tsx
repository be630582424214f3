import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentMessages } from '../../../../shared/documents';
import type { CustomerDocument } from '../../../../shared/schemas/documents';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { renderWithApp } from '../../../testing/render';
import { DocumentReviewCard } from './document-review-card';

vi.mock(import('../../../lib/api-client'), async (importOriginal) => ({
  ...(await importOriginal()),
  apiRequest: vi.fn(),
}));
vi.mock(import('../../../lib/private-files'), async (importOriginal) => ({
  ...(await importOriginal()),
  usePrivateImage: (url: string | null) => ({ url, src: 'blob:photo', error: false }),
}));
const api = vi.mocked(apiRequest);
afterEach(() => api.mockReset());

const pending: CustomerDocument = {
  id: 12,
  kind: 'driving_licence',
  status: 'pending',
  ghana_card_pin: null,
  date_of_birth: null,
  licence_number: 'DL-778',
  licence_expiry: '2028-03-01',
  rejection_reason: null,
  reviewed_at: null,
  uploaded_at: '2026-11-25T08:00:00.000Z',
  image_url: '/api/documents/12/image?v=1',
  hold: null,
};

// Typing with user-event is slow on a busy machine: more than the default 5 s per test.
describe('a document in the console (DOC-4)', { timeout: 20_000 }, () => {
  it('verifies with one click', async () => {
    const user = userEvent.setup();
    api.mockResolvedValue({ message: documentMessages.verified, document: pending });
    renderWithApp(<DocumentReviewCard document={pending} />);
    expect(await screen.findByText('DL-778')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(api).toHaveBeenCalledWith('/admin/documents/12/verify', {
      method: 'POST',
      body: { uploaded_at: pending.uploaded_at },
    });
  });

  it('rejects only with a reason, asked in a dialog', async () => {
    const user = userEvent.setup();
    api.mockResolvedValue({ message: documentMessages.rejected, document: pending });
    renderWithApp(<DocumentReviewCard document={pending} />);
    await user.click(screen.getByRole('button', { name: 'Reject…' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject the driving licence' });
    expect(dialog).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(documentMessages.reasonRequired)).toBeTruthy();
    expect(api).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Reason'), 'The expiry date is covered by a finger.');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(api).toHaveBeenCalledWith('/admin/documents/12/reject', {
      method: 'POST',
      body: { reason: 'The expiry date is covered by a finger.', uploaded_at: pending.uploaded_at },
    });
  });

  it('names the Ghana Card properly in the reject dialog', async () => {
    const user = userEvent.setup();
    const card: CustomerDocument = {
      ...pending,
      id: 13,
      kind: 'ghana_card',
      ghana_card_pin: 'GHA-123456789-0',
      date_of_birth: '1990-01-01',
      licence_number: null,
      licence_expiry: null,
    };
    renderWithApp(<DocumentReviewCard document={card} />);
    await user.click(screen.getByRole('button', { name: 'Reject…' }));
    expect(screen.getByRole('dialog', { name: 'Reject the Ghana Card' })).toBeTruthy();
  });

  it('says who decided and when, once decided', () => {
    renderWithApp(
      <DocumentReviewCard
        document={{
          ...pending,
          status: 'rejected',
          rejection_reason: 'Blurred',
          reviewed_at: '2026-11-27T17:20:00.000Z',
          reviewed_by: 'Kwame Asante',
        }}
      />,
    );
    expect(screen.getByText('Rejected by').nextElementSibling?.textContent).toBe(
      'Kwame Asante, 27 Nov 2026, 17:20',
    );
  });

  it('a pending document says nothing about a decision', () => {
    renderWithApp(<DocumentReviewCard document={pending} />);
    expect(screen.queryByText(/ by$/)).toBeNull();
  });

  it('holds a document for a dispute with a reason, and releases it (DOC-11)', async () => {
    const user = userEvent.setup();
    api.mockRejectedValueOnce(
      new ApiError(422, 'Check the form', { reason: [documentMessages.holdReasonRequired] }),
    );
    api.mockResolvedValue({ message: documentMessages.held, document: pending });
    renderWithApp(<DocumentReviewCard document={pending} />);
    await user.click(screen.getByRole('button', { name: 'Hold for a dispute…' }));
    const dialog = screen.getByRole('dialog', { name: 'Hold the driving licence for a dispute' });
    await user.click(within(dialog).getByRole('button', { name: 'Hold' }));
    expect(await within(dialog).findByText(documentMessages.holdReasonRequired)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason'), 'Damage dispute on CLG-7Q2K9X.');
    await user.click(within(dialog).getByRole('button', { name: 'Hold' }));
    expect(api).toHaveBeenLastCalledWith('/admin/documents/12/hold', {
      method: 'POST',
      body: { reason: 'Damage dispute on CLG-7Q2K9X.' },
    });
  });

  it('shows a held document’s reason, with Release hold', async () => {
    const user = userEvent.setup();
    const held = {
      ...pending,
      hold: { reason: 'Damage dispute on CLG-7Q2K9X.', held_at: '2026-11-26T09:00:00.000Z' },
    };
    api.mockResolvedValue({ message: documentMessages.released, document: pending });
    renderWithApp(<DocumentReviewCard document={held} />);
    expect(await screen.findByText(/Damage dispute on CLG-7Q2K9X\./)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Release hold' }));
    expect(api).toHaveBeenCalledWith('/admin/documents/12/release', { method: 'POST' });
  });
});
