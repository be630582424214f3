import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  decryptDocument,
  DocumentKeyError,
  ENCRYPTED_MAGIC,
  encryptDocument,
  isEncryptedDocument,
  parseDocumentsKey,
} from './document-crypto';

// DOC-9: document photos are AES-256-GCM encrypted at rest.

const photo = Buffer.concat([
  Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'),
  randomBytes(500),
]);
const key = randomBytes(32);

describe('document encryption (DOC-9)', () => {
  it('writes something that is not the photo, and reads the photo back', () => {
    const stored = encryptDocument(key, photo, '7/abc');
    expect(stored.subarray(0, ENCRYPTED_MAGIC.length)).toEqual(ENCRYPTED_MAGIC);
    expect(stored.includes(photo.subarray(0, 16))).toBe(false);
    expect(stored.includes(photo.subarray(100, 140))).toBe(false);
    expect(isEncryptedDocument(stored)).toBe(true);
    expect(decryptDocument(key, stored, '7/abc')).toEqual(photo);
  });

  it('refuses clearly with the wrong key, or under another renter', () => {
    const stored = encryptDocument(key, photo, '7/abc');
    expect(() => decryptDocument(randomBytes(32), stored, '7/abc')).toThrow(DocumentKeyError);
    expect(() => decryptDocument(randomBytes(32), stored, '7/abc')).toThrow(/DOCUMENTS_KEY/);
    expect(() => decryptDocument(key, stored, '8/abc')).toThrow(DocumentKeyError);
  });

  it('reads a photo stored before encryption as it is', () => {
    expect(isEncryptedDocument(photo)).toBe(false);
    expect(decryptDocument(key, photo, '7/abc')).toEqual(photo);
  });

  it('takes the key as 64 hex digits or base64 of 32 bytes, nothing else', () => {
    expect(parseDocumentsKey(key.toString('hex'))).toEqual(key);
    expect(parseDocumentsKey(key.toString('base64'))).toEqual(key);
    expect(parseDocumentsKey(` ${key.toString('base64')}\n`)).toEqual(key);
    expect(parseDocumentsKey(randomBytes(16).toString('base64'))).toBeNull();
    expect(parseDocumentsKey('secret')).toBeNull();
    expect(parseDocumentsKey('')).toBeNull();
  });
});
