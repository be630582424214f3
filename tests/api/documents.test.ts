import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { addDays, isIsoDate } from '../../src/shared/dates';
import { DOCUMENT_MAX_BYTES, documentMessages } from '../../src/shared/schemas/documents';
import { makeImage } from '../support/admin';
import { api, day, today, type Client } from '../support/api';
import { setupTestApp } from '../support/test-app';

// DOC-1 to DOC-6: renters' documents, their private photos, and staff's check.

const ctx = await setupTestApp();
const client = api(ctx.app);
const staff = await client.staff();
const adultBirth = `${Number(today.slice(0, 4)) - 30}-03-14`;

const ghanaCard = (overrides: Record<string, string> = {}) => ({
  kind: 'ghana_card',
  ghana_card_pin: 'GHA-123456789-0',
  date_of_birth: adultBirth,
  ...overrides,
});
const licence = (overrides: Record<string, string> = {}) => ({
  kind: 'driving_licence',
  licence_number: 'DL-0012345',
  licence_expiry: day(400),
  ...overrides,
});

const upload = (
  renter: Client,
  fields: Record<string, string>,
  file: { value: Buffer; filename?: string; type?: string } | null = null,
) =>
  renter.upload('/api/documents', [
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...(file
      ? [
          {
            name: 'file',
            value: file.value,
            filename: file.filename ?? 'card.jpg',
            type: file.type ?? 'image/jpeg',
          },
        ]
      : []),
  ]);

describe('a renter uploads documents (DOC-2, DOC-3)', () => {
  it('uploads a Ghana Card: pending, details kept, the photo re-encoded without metadata', async () => {
    const renter = await client.renter();
    // A camera photo: JPEG with EXIF (where GPS positions live), wider than the stored width.
    const photo = await sharp({
      create: { width: 2400, height: 1500, channels: 3, background: { r: 20, g: 90, b: 60 } },
    })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Renter phone', Make: 'PhoneCo' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const res = await upload(renter, ghanaCard({ ghana_card_pin: ' gha-123456789-0 ' }), {
      value: photo,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { document, message } = res.json();
    expect(message).toBe(documentMessages.uploaded);
    expect(document).toMatchObject({
      kind: 'ghana_card',
      status: 'pending',
      ghana_card_pin: 'GHA-123456789-0',
      date_of_birth: adultBirth,
      licence_number: null,
      rejection_reason: null,
    });
    expect(document.image_url).toMatch(/^\/api\/documents\/\d+\/image\?v=\d+$/);

    const image = await renter.get(document.image_url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('no-store');
    const stored = await sharp(image.rawPayload).metadata();
    expect(stored.format).toBe('webp');
    expect(stored.width).toBe(1600);
    expect(stored.exif).toBeUndefined();

    const list = await renter.get('/api/documents');
    expect(list.json().documents).toEqual([document]);
    expect(list.headers['cache-control']).toBe('no-store');
  });

  it('accepts a driving licence as PNG or WebP, judged by the bytes and not the name', async () => {
    const renter = await client.renter();
    const res = await upload(renter, licence(), {
      value: await makeImage('webp'),
      filename: 'licence.jpg',
      type: 'image/jpeg',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().document).toMatchObject({
      kind: 'driving_licence',
      licence_number: 'DL-0012345',
      ghana_card_pin: null,
    });
    const png = await upload(renter, licence({ licence_number: 'dl 778' }), {
      value: await makeImage('png'),
      filename: 'licence.png',
      type: 'image/png',
    });
    expect(png.statusCode, png.body).toBe(201);
    // The same kind again replaces the document: one licence, back to pending.
    const list = (await renter.get('/api/documents')).json().documents;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ licence_number: 'DL 778', status: 'pending' });
  });

  it('refuses every wrong field at once with 422 and the messages of DOC-2', async () => {
    const renter = await client.renter();
    // Born 21 years ago today; on 29 February, the 28th (no such day 21 years back).
    const sameDay = `${Number(today.slice(0, 4)) - 21}${today.slice(4)}`;
    const young = isIsoDate(sameDay) ? sameDay : `${sameDay.slice(0, 4)}-02-28`;
    const tooYoung = addDays(young, 1);
    const res = await upload(
      renter,
      ghanaCard({ ghana_card_pin: 'GHA-12345-0', date_of_birth: tooYoung }),
      { value: Buffer.from('not a picture at all, only words\n'.repeat(10)), type: 'image/png' },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      ghana_card_pin: [documentMessages.pinFormat],
      date_of_birth: [documentMessages.tooYoung],
      file: [documentMessages.fileType],
    });
    // Exactly 21 today is old enough.
    const ok = await upload(renter, ghanaCard({ date_of_birth: young }), {
      value: await makeImage('jpeg'),
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('refuses an expired licence, a missing kind, and a missing file', async () => {
    const renter = await client.renter();
    const expired = await upload(renter, licence({ licence_expiry: day(-1) }), {
      value: await makeImage('jpeg'),
    });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors).toEqual({ licence_expiry: [documentMessages.licenceExpired] });

    const noKind = await upload(renter, {}, { value: await makeImage('jpeg') });
    expect(noKind.statusCode).toBe(422);
    expect(noKind.json().errors).toEqual({ kind: [documentMessages.kindRequired] });

    const noFile = await upload(renter, licence());
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().errors.file).toEqual([documentMessages.fileMissing]);

    const json = await renter.post('/api/documents', licence());
    expect(json.statusCode).toBe(422);
    expect((await renter.get('/api/documents')).json().documents).toEqual([]);
  });

  it('refuses a file over 8 MB with 413, and an image with a lying header with 422', async () => {
    const renter = await client.renter();
    const big = Buffer.alloc(DOCUMENT_MAX_BYTES + 1, 1);
    big.set([0xff, 0xd8, 0xff], 0);
    const tooBig = await upload(renter, licence(), { value: big });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ message: documentMessages.fileTooLarge });

    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(200, 7),
    ]);
    const unreadable = await upload(renter, licence(), { value: fake, type: 'image/png' });
    expect(unreadable.statusCode).toBe(422);
    expect(unreadable.json().errors).toEqual({ file: [documentMessages.fileUnreadable] });
  });
});

describe('who may see a document (DOC-6)', () => {
  it('visitors get 401; another renter gets 404 for the photo; staff may open it', async () => {
    const owner = await client.renter();
    const other = await client.renter();
    const { document } = (
      await upload(owner, ghanaCard(), { value: await makeImage('jpeg') })
    ).json();

    expect((await client.get('/api/documents')).statusCode).toBe(401);
    expect((await client.get(document.image_url)).statusCode).toBe(401);
    const stranger = await other.get(document.image_url);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ message: documentMessages.notFound });
    // Another renter's list never shows it.
    expect((await other.get('/api/documents')).json().documents).toEqual([]);

    const asStaff = await staff.get(document.image_url);
    expect(asStaff.statusCode).toBe(200);
    expect(asStaff.headers['cache-control']).toBe('no-store');
    expect((await staff.get('/api/documents/999999/image')).statusCode).toBe(404);
  });
});

describe('staff check documents (DOC-4, DOC-5)', () => {
  it('lists pending documents oldest first with their renter, and a customer’s documents', async () => {
    const renter = await client.renter({ name: 'Yaa Asantewaa' });
    const card = (await upload(renter, ghanaCard(), { value: await makeImage('jpeg') })).json()
      .document;
    const lic = (await upload(renter, licence(), { value: await makeImage('png') })).json()
      .document;

    const queue = await staff.get('/api/admin/documents');
    expect(queue.statusCode).toBe(200);
    const mine = queue
      .json()
      .documents.filter((d: { customer: { id: number } }) => d.customer.id === renter.user.id);
    expect(mine.map((d: { id: number }) => d.id)).toEqual([card.id, lic.id]);
    expect(mine[0].customer).toEqual({ id: renter.user.id, name: 'Yaa Asantewaa' });
    expect(mine[0].reviewed_by).toBeNull();

    const customer = await staff.get(`/api/admin/customers/${renter.user.id}/documents`);
    expect(customer.json().documents.map((d: { kind: string }) => d.kind)).toEqual([
      'driving_licence',
      'ghana_card',
    ]);
    expect((await staff.get('/api/admin/customers/999999/documents')).statusCode).toBe(404);
  });

  it('counts the documents waiting for the console’s Documents badge (DOC-8)', async () => {
    const waiting = async () =>
      (await staff.get('/api/admin/dashboard')).json().documents_waiting as number;
    const before = await waiting();
    const renter = await client.renter();
    const card = (await upload(renter, ghanaCard(), { value: await makeImage('jpeg') })).json()
      .document;
    await upload(renter, licence(), { value: await makeImage('png') });
    expect(await waiting()).toBe(before + 2);
    await staff.post(`/api/admin/documents/${card.id}/verify`);
    expect(await waiting()).toBe(before + 1);
  });

  it('verifies, and rejects only with a reason the renter then reads', async () => {
    const renter = await client.renter();
    const card = (await upload(renter, ghanaCard(), { value: await makeImage('jpeg') })).json()
      .document;

    const noReason = await staff.post(`/api/admin/documents/${card.id}/reject`, {
      reason: '   ',
    });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors).toEqual({ reason: [documentMessages.reasonRequired] });
    const missing = await staff.post(`/api/admin/documents/${card.id}/reject`, {});
    expect(missing.statusCode).toBe(422);

    const rejected = await staff.post(`/api/admin/documents/${card.id}/reject`, {
      reason: 'The photo is blurred: the PIN cannot be read.',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().document).toMatchObject({
      status: 'rejected',
      rejection_reason: 'The photo is blurred: the PIN cannot be read.',
    });
    const seen = (await renter.get('/api/documents')).json().documents[0];
    expect(seen).toMatchObject({
      status: 'rejected',
      rejection_reason: 'The photo is blurred: the PIN cannot be read.',
    });
    const pending = (await staff.get('/api/admin/documents')).json().documents;
    expect(pending.map((d: { id: number }) => d.id)).not.toContain(card.id);

    // A new photo goes back to staff, the old reason gone.
    const again = await upload(renter, ghanaCard(), { value: await makeImage('png') });
    expect(again.json().document).toMatchObject({
      id: card.id,
      status: 'pending',
      rejection_reason: null,
    });
    // The replaced photo is gone from disk: the old URL's file is the new one.
    expect(again.json().document.image_url).not.toBe(card.image_url);

    const verified = await staff.post(`/api/admin/documents/${card.id}/verify`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().document).toMatchObject({ status: 'verified', rejection_reason: null });
    expect(verified.json().document.reviewed_at).not.toBeNull();
    // DOC-5: the Verified tab says who decided, and when.
    const done = (await staff.get('/api/admin/documents?status=verified'))
      .json()
      .documents.find((d: { id: number }) => d.id === card.id);
    expect(done).toMatchObject({ reviewed_by: staff.user.name });
    expect(done.reviewed_at).toBe(verified.json().document.reviewed_at);
    expect((await staff.post('/api/admin/documents/999999/verify')).statusCode).toBe(404);
  });

  it('texts the renter each decision: the reason and where to upload again, or a confirmation (DOC-7)', async () => {
    const renter = await client.renter();
    // Account texts are not reminders: they go even with reminders turned off (MSG-9).
    const off = await renter.patch('/api/auth/me', { sms_reminders: false });
    expect(off.statusCode, off.body).toBe(200);
    const lic = (await upload(renter, licence(), { value: await makeImage('png') })).json()
      .document;
    const phone = async () => {
      await ctx.app.sms.idle();
      const res = await client.get(`/api/sandbox/sms?to=${encodeURIComponent(renter.user.msisdn)}`);
      expect(res.statusCode).toBe(200);
      return (res.json() as { messages: { body: string }[] }).messages.map((m) => m.body);
    };
    const before = (await phone()).length;

    const stale = await staff.post(`/api/admin/documents/${lic.id}/reject`, {
      reason: 'Too dark',
      uploaded_at: '2001-01-01T00:00:00.000Z',
    });
    expect(stale.statusCode).toBe(409);
    // A refused decision tells the renter nothing.
    expect(await phone()).toHaveLength(before);

    const rejected = await staff.post(`/api/admin/documents/${lic.id}/reject`, {
      reason: 'The expiry date is covered by your thumb.',
    });
    expect(rejected.statusCode).toBe(200);
    const afterReject = await phone();
    expect(afterReject).toHaveLength(before + 1);
    expect(afterReject).toContain(
      'CarLink: your driving licence was not accepted: The expiry date is covered by your thumb. Please upload a new photo on your profile.',
    );

    await upload(renter, licence(), { value: await makeImage('jpeg') });
    expect((await staff.post(`/api/admin/documents/${lic.id}/verify`)).statusCode).toBe(200);
    const afterVerify = await phone();
    expect(afterVerify).toHaveLength(before + 2);
    expect(afterVerify).toContain('CarLink: your driving licence is verified. Thank you.');
  });

  it('refuses a decision about a photo the renter has replaced since staff opened it (409)', async () => {
    const renter = await client.renter();
    const first = (await upload(renter, ghanaCard(), { value: await makeImage('jpeg') })).json()
      .document;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = (await upload(renter, ghanaCard(), { value: await makeImage('png') })).json()
      .document;
    expect(second.uploaded_at).not.toBe(first.uploaded_at);

    const stale = await staff.post(`/api/admin/documents/${first.id}/verify`, {
      uploaded_at: first.uploaded_at,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: documentMessages.replacedSince });
    const staleReject = await staff.post(`/api/admin/documents/${first.id}/reject`, {
      reason: 'Blurred',
      uploaded_at: first.uploaded_at,
    });
    expect(staleReject.statusCode).toBe(409);
    expect((await renter.get('/api/documents')).json().documents[0].status).toBe('pending');

    const fresh = await staff.post(`/api/admin/documents/${second.id}/verify`, {
      uploaded_at: second.uploaded_at,
    });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().document.status).toBe('verified');
  });
});
