import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadOrCreateDocumentsKey } from './document-key';

// DOC-9: the zero-configuration run makes its documents key once and keeps it.

const dir = mkdtempSync(join(tmpdir(), 'carlink-key-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the zero-configuration documents key (DOC-9)', () => {
  it('is made once, readable by the owner only, and the same on every start', () => {
    const file = join(dir, 'data', 'documents.key');
    const first = loadOrCreateDocumentsKey(file);
    expect(first).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadOrCreateDocumentsKey(file)).toEqual(first);
  });

  it('refuses a damaged key file rather than making photos no one can open', () => {
    const file = join(dir, 'damaged.key');
    writeFileSync(file, 'not a key');
    expect(() => loadOrCreateDocumentsKey(file)).toThrow(/not a documents key.*DOCUMENTS_KEY/);
  });
});
