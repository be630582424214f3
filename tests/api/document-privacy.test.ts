import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { access, readFile, unlink, writeFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { documentMessages } from '../../src/shared/schemas/documents';
import { insertBooking, insertCar } from '../../src/server/db/factories';
import { customerDocuments, documentDeletions } from '../../src/server/db/schema/index';
import {
  DocumentKeyError,
  ENCRYPTED_MAGIC,
} from '../../src/server/modules/documents/document-crypto';
import { documentFile, readDocumentPhoto } from '../../src/server/modules/documents/document-files';
import { runDocumentRetention } from '../../src/server/modules/documents/document-retention';
import {
  encryptPlaintextDocuments,
  ENCRYPTED_MARKER,
} from '../../src/server/modules/documents/plaintext-documents';
import { makeImage } from '../support/admin';
import { api, day, uploadDocument } from '../support/api';
import { setupTestApp } from '../support/test-app';

// DOC-9 to DOC-13: ID documents encrypted at rest, deleted when no longer needed unless held
// for a dispute, and deleted by the renter.

const ctx = await setupTestApp();
const client = api(ctx.app);
const staff = await client.staff();
const store = ctx.app.documentStore;
const DAY = 86_400_000;
const RETENTION = 90;

const rowOf = async (id: number) =>
  (await ctx.db.select().from(customerDocuments).where(eq(customerDocuments.id, id)))[0];
const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );
/** The retention job as it would run `days` from now. */
const retentionIn = (days: number) =>
  runDocumentRetention(ctx.db, store, {
    retentionDays: RETENTION,
    now: new Date(Date.now() + days * DAY),
  });

describe('document photos are encrypted at rest (DOC-9)', () => {
  it('the file on disk is not the image; the owner still gets the image', async () => {
    const renter = await client.renter();
    const document = await uploadDocument(renter);
    const row = (await rowOf(document.id))!;
    const onDisk = await readFile(documentFile(store.dir, row.userId, row.fileKey));
    expect(onDisk.subarray(0, ENCRYPTED_MAGIC.length)).toEqual(ENCRYPTED_MAGIC);
    expect(onDisk.includes(Buffer.from('WEBP'))).toBe(false);
    await expect(sharp(onDisk).metadata()).rejects.toThrow();

    const image = await renter.get(document.image_url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(Number(image.headers['content-length'])).toBe(image.rawPayload.length);
    expect((await sharp(image.rawPayload).metadata()).format).toBe('webp');
  });

  it('another key cannot open it, and says why', async () => {
    const renter = await client.renter();
    const document = await uploadDocument(renter);
    const row = (await rowOf(document.id))!;
    const wrong = { dir: store.dir, key: randomBytes(32) };
    await expect(readDocumentPhoto(wrong, row.userId, row.fileKey)).rejects.toThrow(
      DocumentKeyError,
    );
    await expect(readDocumentPhoto(wrong, row.userId, row.fileKey)).rejects.toThrow(
      /DOCUMENTS_KEY is not the key/,
    );
  });

  it('a photo stored before encryption is read as it is, then encrypted in place once', async () => {
    const renter = await client.renter();
    const webp = await sharp(await makeImage('jpeg', 200, 120))
      .webp()
      .toBuffer();
    const fileKey = randomBytes(12).toString('hex');
    const path = documentFile(store.dir, renter.user.id, fileKey);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, webp);
    const [row] = await ctx.db
      .insert(customerDocuments)
      .values({
        userId: renter.user.id,
        kind: 'ghana_card',
        fileKey,
        ghanaCardPin: 'GHA-123456789-0',
        dateOfBirth: '1990-01-01',
      })
      .returning();
    const url = `/api/documents/${row!.id}/image`;
    expect((await renter.get(url)).rawPayload).toEqual(webp);

    // The pass at start left its marker; a folder with a photo in plain gets another pass.
    await unlink(join(store.dir, ENCRYPTED_MARKER)).catch(() => undefined);
    expect(await encryptPlaintextDocuments(ctx.db, store)).toBeGreaterThanOrEqual(1);
    const onDisk = await readFile(path);
    expect(onDisk.subarray(0, ENCRYPTED_MAGIC.length)).toEqual(ENCRYPTED_MAGIC);
    expect((await renter.get(url)).rawPayload).toEqual(webp);
    expect(await exists(join(store.dir, ENCRYPTED_MARKER))).toBe(true);
    expect(await encryptPlaintextDocuments(ctx.db, store)).toBe(0);
  });
});

describe('documents are deleted when no longer needed (DOC-10, DOC-12)', () => {
  it('a renter who never rented: deleted 90 days after the upload, file and all', async () => {
    const renter = await client.renter();
    const document = await uploadDocument(renter);
    const row = (await rowOf(document.id))!;
    const path = documentFile(store.dir, row.userId, row.fileKey);

    await retentionIn(RETENTION - 1);
    expect(await rowOf(document.id)).toBeDefined();
    await retentionIn(RETENTION + 1);
    expect(await rowOf(document.id)).toBeUndefined();
    expect(await exists(path)).toBe(false);

    const records = await ctx.db
      .select()
      .from(documentDeletions)
      .where(eq(documentDeletions.userId, renter.user.id));
    expect(records).toMatchObject([{ kind: 'ghana_card', reason: 'retention', status: 'pending' }]);
    // Staff still see that it existed and when it went (DOC-12).
    const seen = await staff.get(`/api/admin/customers/${renter.user.id}/documents`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({
      documents: [],
      deleted: [{ kind: 'ghana_card', reason: 'retention' }],
    });
  });

  it('counts from the end of the last completed trip, and never while a booking is not over', async () => {
    const renter = await client.renter();
    const document = await uploadDocument(renter, 'driving_licence');
    const car = await insertCar(ctx.db);
    // A trip that ended 60 days from now (as the job will see it then).
    await insertBooking(ctx.db, {
      userId: renter.user.id,
      carId: car.id,
      pricePerDayPesewas: car.pricePerDayPesewas,
      startDate: day(-10),
      endDate: day(-8),
      status: 'completed',
      paymentStatus: 'paid',
      updatedAt: new Date(Date.now() + 60 * DAY),
    });
    await retentionIn(60 + RETENTION - 1);
    expect(await rowOf(document.id)).toBeDefined();
    await retentionIn(60 + RETENTION + 1);
    expect(await rowOf(document.id)).toBeUndefined();

    const booked = await client.renter();
    const kept = await uploadDocument(booked);
    await insertBooking(ctx.db, {
      userId: booked.user.id,
      carId: (await insertCar(ctx.db)).id,
      pricePerDayPesewas: 100_00,
      startDate: day(30),
      endDate: day(31),
      status: 'confirmed',
    });
    await retentionIn(1_000);
    expect(await rowOf(kept.id)).toBeDefined();
  });

  it('staff hold a document for a dispute with a reason; released, it goes (DOC-11)', async () => {
    const renter = await client.renter();
    const document = await uploadDocument(renter);
    const path = `/api/admin/documents/${document.id}`;

    const noReason = await staff.post(`${path}/hold`, { reason: ' ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toEqual([documentMessages.holdReasonRequired]);
    expect((await staff.post(`${path}/release`)).statusCode).toBe(409);
    expect((await staff.post('/api/admin/documents/999999/hold', { reason: 'x' })).statusCode).toBe(
      404,
    );

    const held = await staff.post(`${path}/hold`, { reason: 'Damage dispute on GR-1234-26' });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json()).toMatchObject({
      message: documentMessages.held,
      document: { id: document.id, hold: { reason: 'Damage dispute on GR-1234-26' } },
    });
    // The renter sees it is kept, and why.
    const mine = await renter.get('/api/documents');
    expect(mine.json().documents[0].hold.reason).toBe('Damage dispute on GR-1234-26');

    await retentionIn(1_000);
    expect(await rowOf(document.id)).toBeDefined();
    const deleting = await renter.delete('/api/documents');
    expect(deleting.statusCode).toBe(200);
    expect(deleting.json()).toMatchObject({ message: documentMessages.onlyHeldLeft, deleted: [] });
    expect(await rowOf(document.id)).toBeDefined();

    const released = await staff.post(`${path}/release`);
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().document.hold).toBeNull();
    await retentionIn(RETENTION + 1);
    expect(await rowOf(document.id)).toBeUndefined();
  });
});

describe('a renter deletes their documents (DOC-13)', () => {
  it('deletes the photos and details, and records it', async () => {
    const renter = await client.renter();
    const card = await uploadDocument(renter);
    await uploadDocument(renter, 'driving_licence');
    const row = (await rowOf(card.id))!;

    const res = await renter.delete('/api/documents');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: documentMessages.deleted, documents: [] });
    expect(res.json().deleted.sort()).toEqual(['driving_licence', 'ghana_card']);
    expect((await renter.get('/api/documents')).json().documents).toEqual([]);
    expect(await exists(documentFile(store.dir, row.userId, row.fileKey))).toBe(false);
    expect((await renter.get(card.image_url)).statusCode).toBe(404);
    const records = await ctx.db
      .select({ reason: documentDeletions.reason })
      .from(documentDeletions)
      .where(eq(documentDeletions.userId, renter.user.id));
    expect(records).toEqual([{ reason: 'renter' }, { reason: 'renter' }]);

    const again = await renter.delete('/api/documents');
    expect(again.json().message).toBe(documentMessages.nothingToDelete);
  });

  it('is refused while a trip is under way, with the reason', async () => {
    const renter = await client.renter();
    const card = await uploadDocument(renter);
    await insertBooking(ctx.db, {
      userId: renter.user.id,
      carId: (await insertCar(ctx.db)).id,
      pricePerDayPesewas: 100_00,
      startDate: day(-1),
      endDate: day(1),
      status: 'active',
      paymentStatus: 'paid',
    });
    const res = await renter.delete('/api/documents');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(documentMessages.tripUnderWay);
    expect(await rowOf(card.id)).toBeDefined();
  });

  it('never touches another renter’s documents', async () => {
    const owner = await client.renter();
    const card = await uploadDocument(owner);
    const other = await client.renter();
    expect((await other.delete('/api/documents')).json().message).toBe(
      documentMessages.nothingToDelete,
    );
    expect(await rowOf(card.id)).toBeDefined();
  });
});
