import { describe, expect, it } from 'vitest';
import { csvCell } from '../modules/audit/audit.service';
import { diffFields } from './audit-entities';

describe('diffFields (AUDIT-2, AUDIT-6)', () => {
  it('keeps only the fields that changed, as [before, after]', () => {
    expect(
      diffFields(
        { price: 300, make: 'Kia', photos: [{ id: 1 }], at: new Date('2026-11-28T10:00:00Z') },
        { price: 350, make: 'Kia', photos: [{ id: 1 }], at: new Date('2026-11-28T10:00:00Z') },
      ),
    ).toEqual({ price: [300, 350] });
  });

  it('a create is every field against null, a removal every field to null', () => {
    expect(diffFields(null, { make: 'Kia', year: 2021 })).toEqual({
      make: [null, 'Kia'],
      year: [null, 2021],
    });
    expect(diffFields({ note: 'Brakes' }, null)).toEqual({ note: ['Brakes', null] });
  });

  it('never carries a password, hash, token, secret or file key, whatever a loader returns', () => {
    const changes = diffFields(null, {
      passwordHash: 'x',
      accessToken: 'y',
      tokenHash: 'z',
      secretKey: 's',
      fileKey: 'f',
      file_key: 'g',
      name: 'Ama',
    });
    expect(changes).toEqual({ name: [null, 'Ama'] });
  });
});

describe('csvCell (AUDIT-10)', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('+233')).toBe("'+233");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell(-1)).toBe('-1');
  });
});
