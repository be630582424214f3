import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The repository explains itself: code, tests and scripts cite the rules of
 * docs/requirements.md by id, never documents that are not in the repository, their section
 * numbers, or issue numbers. And every id they cite must be one the file defines.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const SCANNED_DIRS = ['src', 'tests', 'scripts'];
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|css|html|md|sql)$/;
const SELF = relative(root, fileURLToPath(import.meta.url));

// Built from pieces so that this file does not match its own rules.
const OUTSIDE_DOCS = ['SPEC', 'PRODUCT'];
const FORBIDDEN: { what: string; pattern: RegExp }[] = [
  {
    what: 'an outside document',
    pattern: new RegExp(`\\b(${OUTSIDE_DOCS.join('|')})(\\.md)?\\b`),
  },
  // A section of a published standard ('RFC 6797 §7.2') is a fine citation.
  { what: 'a section sign', pattern: /(?<!RFC \d+ )§\s*\d/ },
  { what: 'a bare P-section', pattern: /\bP\d{1,2}(\.\d+)?\b/ },
  { what: 'an issue number', pattern: /\b[Ii]ssues? #?\d+/ },
];

const REQUIREMENT_GROUPS = [
  'ROUTE',
  'ACCT',
  'VAL',
  'MONEY',
  'BOOK',
  'BRANCH',
  'PRICE',
  'PAY',
  'LIMIT',
  'CAT',
  'PAGE',
  'STAFF',
  'API',
  'RUN',
  'MSG',
  'PERF',
  'DOC',
  'REVIEW',
  'HAND',
  'AUDIT',
  'ROLE',
  'AREA',
  'SAVED',
  'CONV',
];
const CITED_ID = new RegExp(`\\b(?:${REQUIREMENT_GROUPS.join('|')})-\\d+\\b`, 'g');

/** The ids docs/requirements.md defines: each is written in bold where it is defined. */
function definedIds(requirements: string): string[] {
  return [...requirements.matchAll(/\*\*([A-Z]+-\d+)\*\*/g)].map((m) => m[1]!);
}

interface Finding {
  line: number;
  problem: string;
  text: string;
}

/** What is wrong with one file's text: forbidden citations, and ids that are not defined. */
function citationProblems(text: string, defined: ReadonlySet<string>): Finding[] {
  const findings: Finding[] = [];
  text.split('\n').forEach((line, index) => {
    for (const { what, pattern } of FORBIDDEN) {
      if (pattern.test(line)) findings.push({ line: index + 1, problem: what, text: line.trim() });
    }
    for (const [id] of line.matchAll(CITED_ID)) {
      if (!defined.has(id))
        findings.push({ line: index + 1, problem: `undefined id ${id}`, text: line.trim() });
    }
  });
  return findings;
}

function filesUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && TEXT_FILE.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((path) => path !== SELF && !path.split(/[\\/]/).includes('node_modules'));
}

const requirements = readFileSync(join(root, 'docs/requirements.md'), 'utf8');
const defined = new Set(definedIds(requirements));

describe('docs/requirements.md', () => {
  it('defines each id once, in the groups the citations know', () => {
    const ids = definedIds(requirements);
    expect(ids.length).toBeGreaterThan(50);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(ids.filter((id) => !REQUIREMENT_GROUPS.includes(id.split('-')[0]!))).toEqual([]);
  });
});

describe('citations in src/, tests/ and scripts/', () => {
  it('flags outside documents, sections, issue numbers and unknown ids', () => {
    const sample = [
      '// BOOK-3: no double booking',
      `// ${OUTSIDE_DOCS[0]} §2: the route table`,
      `/** ${OUTSIDE_DOCS[1]}.md P3 */`,
      '// the P2.4 rule',
      '// (issue 7.3)',
      '// BOOK-999 does not exist',
    ].join('\n');
    expect(citationProblems(sample, defined).map((f) => [f.line, f.problem])).toEqual([
      [2, 'an outside document'],
      [2, 'a section sign'],
      [3, 'an outside document'],
      [3, 'a bare P-section'],
      [4, 'a bare P-section'],
      [5, 'an issue number'],
      [6, 'undefined id BOOK-999'],
    ]);
  });

  it('cite only ids that docs/requirements.md defines, and nothing else', () => {
    const files = SCANNED_DIRS.flatMap(filesUnder);
    expect(files.length).toBeGreaterThan(100);
    const problems = files.flatMap((path) =>
      citationProblems(readFileSync(join(root, path), 'utf8'), defined).map(
        (f) => `${path}:${f.line}: ${f.problem}: ${f.text.slice(0, 120)}`,
      ),
    );
    expect(problems).toEqual([]);
  });
});
