/** Plain-text table for the console: columns padded to their widest cell, numbers right-aligned. */
export type Cell = string | number;

function render(cell: Cell): string {
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) return '-';
    return Math.abs(cell) >= 100 || Number.isInteger(cell)
      ? Math.round(cell).toLocaleString('en-US')
      : cell.toFixed(2);
  }
  return cell;
}

export function formatTable(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const texts = [header.map(String), ...rows.map((row) => row.map(render))];
  const widths = header.map((_, column) => Math.max(...texts.map((row) => (row[column] ?? '').length)));
  const numeric = header.map(
    (_, column) => rows.length > 0 && rows.every((row) => typeof row[column] === 'number'),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) =>
        numeric[column] ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!),
      )
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(texts[0]!), rule, ...texts.slice(1).map(line)].join('\n');
}

/** The same table as Markdown, padded as Prettier pads it, for the README's Performance section. */
export function formatMarkdownTable(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const texts = [header.map(String), ...rows.map((row) => row.map(render))];
  const widths = header.map((_, column) => Math.max(3, ...texts.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  const rule = `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`;
  return [line(texts[0]!), rule, ...texts.slice(1).map(line)].join('\n');
}
