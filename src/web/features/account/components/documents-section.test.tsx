import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentMessages } from '../../../../shared/documents';
import type { CustomerDocument } from '../../../../shared/schemas/documents';
import { apiRequest } from '../../../lib/api-client';
import { uploadForm } from '../../../lib/private-files';
import { renderWithApp } from '../../../testing/render';
import { DocumentsSection } from './documents-section';

vi.mock(import('../../../lib/api-client'), async (importOriginal) => ({
  ...(await importOriginal()),
  apiRequest: vi.fn(),
}));
vi.mock(import('../../../lib/private-files'), async (importOriginal) => ({
  ...(await importOriginal()),
  uploadForm: vi.fn(),
  usePrivateImage: (url: string | null) => ({ url, src: 'blob:photo', error: false }),
}));
const api = vi.mocked(apiRequest);
const upload = vi.mocked(uploadForm);
afterEach(() => {
  api.mockReset();
  upload.mockReset();
});

const rejectedCard: CustomerDocument = {
  id: 3,
  kind: 'ghana_card',
  status: 'rejected',
  ghana_card_pin: 'GHA-123456789-0',
  date_of_birth: '1990-05-01',
  licence_number: null,
  licence_expiry: null,
  rejection_reason: 'The photo is blurred.',
  reviewed_at: '2026-11-24T10:00:00.000Z',
  uploaded_at: '2026-11-23T10:00:00.000Z',
  image_url: '/api/documents/3/image?v=1',
  hold: null,
};

// A busy machine may take longer than Testing Library's default second to answer.
const SLOW = { timeout: 5000 };

// Typing with user-event is slow on a busy machine: more than the default 5 s per test.
describe('the profile’s Documents (DOC-1 to DOC-3)', { timeout: 20_000 }, () => {
  it('shows each document’s status and a rejection’s reason', async () => {
    api.mockResolvedValue({ documents: [rejectedCard] });
    renderWithApp(<DocumentsSection />);
    const card = (await screen.findByRole('heading', { name: 'Ghana Card' }, SLOW)).closest(
      'article',
    )!;
    expect(within(card).getByText('Rejected')).toBeTruthy();
    expect(within(card).getByText('The photo is blurred.')).toBeTruthy();
    expect(within(card).getByRole('img', { name: 'Photo of your Ghana Card' })).toBeTruthy();
    const licence = screen.getByRole('heading', { name: 'Driving licence' }).closest('article')!;
    expect(within(licence).getByText('Not uploaded')).toBeTruthy();
  });

  it('checks the fields and the file before sending, then uploads the fields and the photo', async () => {
    const user = userEvent.setup();
    api.mockResolvedValue({ documents: [] });
    upload.mockResolvedValue({ message: documentMessages.uploaded, document: rejectedCard });
    renderWithApp(<DocumentsSection />);
    const licence = (await screen.findByRole('heading', { name: 'Driving licence' }, SLOW)).closest(
      'article',
    )!;
    const form = within(licence);
    await user.click(form.getByRole('button', { name: 'Upload' }));
    expect(await form.findByText(documentMessages.licenceNumberRequired)).toBeTruthy();
    expect(await form.findByText(documentMessages.expiryRequired)).toBeTruthy();
    expect(await form.findByText(documentMessages.fileMissing)).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();

    await user.type(form.getByLabelText('Licence number'), 'dl-0012345');
    await user.type(form.getByLabelText('Expiry date'), '2030-01-31');
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0])], 'licence.jpg', {
      type: 'image/jpeg',
    });
    await user.upload(form.getByLabelText('Photo of the licence'), photo);
    await user.click(form.getByRole('button', { name: 'Upload' }));

    expect(upload).toHaveBeenCalledTimes(1);
    const [path, sent] = upload.mock.calls[0]!;
    expect(path).toBe('/documents');
    const fields = Object.fromEntries((sent as FormData).entries());
    expect(fields).toMatchObject({
      kind: 'driving_licence',
      licence_number: 'dl-0012345',
      licence_expiry: '2030-01-31',
    });
    expect((fields.file as File).name).toBe('licence.jpg');
  });

  it('shows the Ghana Card rules: the PIN format and the age of 21', async () => {
    const user = userEvent.setup();
    api.mockResolvedValue({ documents: [] });
    renderWithApp(<DocumentsSection />);
    const card = (await screen.findByRole('heading', { name: 'Ghana Card' }, SLOW)).closest(
      'article',
    )!;
    const form = within(card);
    await user.type(form.getByLabelText('Ghana Card PIN'), 'GHA-1234-5');
    await user.type(form.getByLabelText('Date of birth'), `${new Date().getFullYear() - 18}-01-01`);
    await user.click(form.getByRole('button', { name: 'Upload' }));
    expect(await form.findByText(documentMessages.pinFormat)).toBeTruthy();
    expect(await form.findByText(documentMessages.tooYoung)).toBeTruthy();
    expect(form.getByLabelText('Ghana Card PIN').getAttribute('aria-invalid')).toBe('true');
  });

  it('deletes the documents after asking, and says so (DOC-13); a held one says why it stays', async () => {
    const user = userEvent.setup();
    const held = {
      ...rejectedCard,
      id: 4,
      kind: 'driving_licence' as const,
      ghana_card_pin: null,
      date_of_birth: null,
      licence_number: 'DL-1',
      licence_expiry: '2030-01-01',
      status: 'verified' as const,
      rejection_reason: null,
      hold: { reason: 'Damage dispute on CLG-7Q2K9X.', held_at: '2026-11-25T10:00:00.000Z' },
    };
    api.mockImplementation(async (path, options) =>
      options?.method === 'DELETE'
        ? {
            message: documentMessages.deletedExceptHeld,
            deleted: ['ghana_card'],
            documents: [held],
          }
        : { documents: [rejectedCard, held] },
    );
    renderWithApp(<DocumentsSection />);
    const licence = (await screen.findByRole('heading', { name: 'Driving licence' }, SLOW)).closest(
      'article',
    )!;
    expect(
      within(licence).getByText('Damage dispute on CLG-7Q2K9X.', { exact: false }),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete my documents' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your documents?' });
    expect(api).not.toHaveBeenCalledWith('/documents', { method: 'DELETE' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete my documents' }));
    expect(api).toHaveBeenCalledWith('/documents', { method: 'DELETE' });
    expect(await screen.findByText(documentMessages.deletedExceptHeld, {}, SLOW)).toBeTruthy();
    // Only the held document is left, so there is nothing more to delete.
    expect(screen.queryByRole('button', { name: 'Delete my documents' })).toBeNull();
  });
});
