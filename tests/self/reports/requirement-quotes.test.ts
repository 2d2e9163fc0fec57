import { expect, test } from '@playwright/test';
import { escapeHtml } from '../../../lib/html.ts';
import { requirementQuotesHtml, requirementQuotesMarkdown } from '../../../lib/requirement-quotes.ts';
import { REQUIREMENTS } from '../../../lib/requirements/index.ts';
import { withQuotesInHtml } from '../../../reporting/allure-report.ts';

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

test("the report is given a result's quotes as HTML; any other description is left to Allure", () => {
  const quoted = ids.slice(0, 3);
  const result = (description: string, requirements = quoted) => ({
    name: 'a-result.json',
    content: Buffer.from(
      JSON.stringify({
        labels: [
          { name: 'epic', value: 'stores' },
          ...requirements.map((value) => ({ name: 'requirement', value })),
        ],
        description,
      }),
    ),
  });
  const given = withQuotesInHtml(result(requirementQuotesMarkdown(quoted)));
  const parsed = JSON.parse(given.content.toString('utf8')) as {
    description: string;
    descriptionHtml: string;
  };
  expect(parsed.descriptionHtml).toBe(requirementQuotesHtml(quoted));
  expect(parsed.description, 'the Markdown is kept for other readers').toBe(
    requirementQuotesMarkdown(quoted),
  );

  for (const other of [
    result('a description of its own'),
    result(requirementQuotesMarkdown(quoted), quoted.slice(1)),
    { name: 'a-attachment.json', content: Buffer.from('{"description":"x"}') },
    { name: 'damaged-result.json', content: Buffer.from('{"labels": [') },
    { name: 'null-result.json', content: Buffer.from('null') },
  ])
    expect(withQuotesInHtml(other)).toBe(other);
});
