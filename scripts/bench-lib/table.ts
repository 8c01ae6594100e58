/** Rows as a Markdown table (readable in a terminal, pasteable into docs); number columns right-aligned. */
export function formatTable(rows: readonly Record<string, string | number>[]): string {
  const columns = Object.keys(rows[0] ?? {});
  const right = columns.map((column) => typeof rows[0]?.[column] === 'number');
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => String(row[column]).length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (right[i] ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0))).join(' | ')} |`;
  const rule = `|${widths.map((width, i) => (right[i] ? `${'-'.repeat(width + 1)}:` : '-'.repeat(width + 2))).join('|')}|`;
  return [line(columns), rule, ...rows.map((row) => line(columns.map((column) => String(row[column]))))].join('\n');
}
