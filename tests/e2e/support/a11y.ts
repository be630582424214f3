import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Fails on any axe violation of serious or critical impact, naming each one, where, and why. */
export async function expectNoSeriousAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const nodes = v.nodes.map((n) => {
        const why = n.failureSummary?.split('\n').slice(1).join(' ').trim();
        return `  ${n.target.join(' ')}: ${n.html}${why ? `\n    ${why}` : ''}`;
      });
      return `${v.impact} ${v.id}: ${v.help}\n${nodes.join('\n')}`;
    });
  expect(serious, `axe found serious problems on ${page.url()}`).toEqual([]);
}
