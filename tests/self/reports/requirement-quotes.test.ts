import { expect, test } from '@playwright/test';
import { escapeHtml } from '../../../lib/html.ts';
import { requirementQuotesHtml, requirementQuotesMarkdown } from '../../../lib/requirement-quotes.ts';
import { REQUIREMENTS } from '../../../lib/requirements/index.ts';

const ids = REQUIREMENTS.filter((r) => r.testable).map((r) => r.id);

test('the HTML description quotes each requirement as the Markdown one does, in the same order', () => {
  const html = requirementQuotesHtml(ids);
  const markdown = requirementQuotesMarkdown(ids);
  const items = [...html.matchAll(/<li><strong>([^<]*)<\/strong> — "(.*)" \((.*)\)<\/li>/g)];
  expect(items.map((m) => m[1])).toEqual(ids.map((id) => escapeHtml(id)));
  for (const [i, requirement] of REQUIREMENTS.filter((r) => r.testable).entries()) {
    expect(items[i]![2]).toBe(escapeHtml(requirement.quote));
    expect(items[i]![3]).toBe(escapeHtml(requirement.section));
    expect(markdown).toContain(`- **${requirement.id}** — "${requirement.quote}" (${requirement.section})`);
  }
});

test('text from the spec is escaped: a quote cannot open a tag in the report', () => {
  const quoted = REQUIREMENTS.find((r) => /[<>&"]/.test(r.quote));
  expect(quoted, 'some quote of the spec holds a character HTML escapes').toBeDefined();
  const html = requirementQuotesHtml([quoted!.id]);
  expect(html).toContain(escapeHtml(quoted!.quote));
  expect(html.replace(/<\/?(p|ul|li|strong)>/g, '')).not.toMatch(/[<>]/);
});
