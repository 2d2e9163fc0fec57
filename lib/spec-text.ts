/**
 * How a quote of the spec is compared with the spec's text: markdown and whitespace set aside, the words
 * kept exactly. A table row `| amount | number | Chargeback amount |` reads `amount | number | Chargeback
 * amount`; `` `bearer` `` reads `bearer`. The requirement catalogue's quotes must occur in the spec so read.
 */

/** One line of the spec, or a quote, with markdown code marks, emphasis and outer table pipes removed. */
function normaliseLine(line: string): string {
  let text = line.trim();
  if (text.startsWith('|') && text.endsWith('|')) text = text.slice(1, -1);
  if (/^[-|: ]+$/.test(text)) return '';
  return text
    .replace(/^#+\s*/, '')
    .replace(/^\d+\.\s+/, '')
    .replace(/^[-*]\s+/, '')
    .replace(/`/g, '')
    .replace(/\*\*/g, '')
    .replace(/\s*\|\s*/g, ' | ');
}

/** The text with markdown and whitespace differences removed; lines are joined by one space. */
export function normaliseSpecText(text: string): string {
  return text.split(/\r?\n/).map(normaliseLine).filter(Boolean).join(' ').replace(/\s+/g, ' ').trim();
}

/** True when `quote` occurs in `spec`, both normalised. */
export function quoteOccursIn(quote: string, spec: string): boolean {
  const wanted = normaliseSpecText(quote);
  return wanted !== '' && normaliseSpecText(spec).includes(wanted);
}
