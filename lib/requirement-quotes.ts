/**
 * The report's description of a test: each requirement it enforces, quoted with its section. Written as
 * Markdown (Allure's `description`) and as the same HTML (its `descriptionHtml`): with the HTML given, the
 * report does not render a hundred Markdown descriptions while the run waits for it.
 */
import { escapeHtml } from './html.ts';
import { requirementById, type RequirementId } from './requirements/index.ts';

const HEADING = 'Requirements this test enforces:';

export function requirementQuotesMarkdown(ids: readonly RequirementId[]): string {
  return [
    HEADING,
    '',
    ...ids.map((id) => {
      const requirement = requirementById(id);
      return `- **${id}** — "${requirement.quote}" (${requirement.section})`;
    }),
  ].join('\n');
}

/**
 * Each requirement's item, escaped once: the report's writer renders a description for every test, and
 * the tests of an area share most of their requirements (some declare seventy).
 */
const itemsHtml = new Map<RequirementId, string>();

function itemHtml(id: RequirementId): string {
  let item = itemsHtml.get(id);
  if (item === undefined) {
    const requirement = requirementById(id);
    item = `<li><strong>${escapeHtml(id)}</strong> — "${escapeHtml(requirement.quote)}" (${escapeHtml(requirement.section)})</li>`;
    itemsHtml.set(id, item);
  }
  return item;
}

export function requirementQuotesHtml(ids: readonly RequirementId[]): string {
  return `<p>${escapeHtml(HEADING)}</p>\n<ul>\n${ids.map(itemHtml).join('\n')}\n</ul>\n`;
}
