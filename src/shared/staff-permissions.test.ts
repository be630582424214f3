import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STAFF_RULES, staffCan, type StaffRoute } from './staff-permissions';

/** docs/requirements.md's matrix (ROLE-3) is the table the server enforces, row for row. */
describe('the staff matrix', () => {
  const doc = readFileSync(new URL('../../docs/requirements.md', import.meta.url), 'utf8');
  const documented = new Map(
    [...doc.matchAll(/^\| `(\w+) (\/\S*)` +\| (✓|—) +\| (✓|—) +\| (✓|—) +\| ([^|]+) \|$/gm)].map(
      (m) => [`${m[1]} /api/admin${m[2]}`, [m[3], m[4], m[5], m[6]!.trim()]],
    ),
  );

  it('is written in docs/requirements.md exactly as the code has it', () => {
    const fromCode = Object.entries(STAFF_RULES).map(([route, rule]) => {
      const roles = rule.roles as readonly string[];
      const mark = (role: string) => (roles.includes(role) ? '✓' : '—');
      const scope =
        typeof rule.scope === 'string' ? rule.scope : `its ${Object.keys(rule.scope)[0]}`;
      return [route, [mark('owner'), mark('manager'), mark('agent'), scope]];
    });
    expect([...documented.entries()]).toEqual(fromCode);
  });

  it('lets the owner use every route', () => {
    for (const route of Object.keys(STAFF_RULES) as StaffRoute[])
      expect(staffCan('owner', route)).toBe(true);
    expect(staffCan(null, 'GET /api/admin/dashboard')).toBe(false);
    expect(staffCan('agent', 'PUT /api/admin/extra-prices')).toBe(false);
  });
});
