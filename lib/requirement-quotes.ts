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

export function requirementQuotesHtml(ids: readonly RequirementId[]): string {
  const items = ids.map((id) => {
    const requirement = requirementById(id);
    return `<li><strong>${escapeHtml(id)}</strong> — "${escapeHtml(requirement.quote)}" (${escapeHtml(requirement.section)})</li>`;
  });
  return `<p>${escapeHtml(HEADING)}</p>\n<ul>\n${items.join('\n')}\n</ul>\n`;
}
