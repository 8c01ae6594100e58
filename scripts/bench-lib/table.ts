/** Prints rows as a Markdown table (readable in a terminal, pasteable into a note); numbers right-aligned. */
export function formatTable(rows: readonly Record<string, string | number>[]): string {
  const first = rows[0];
  if (!first) return '(no rows)';
  const columns = Object.keys(first);
  const cell = (row: Record<string, string | number>, column: string) => String(row[column] ?? '');
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => cell(row, column).length)));
  const numeric = columns.map((column) => rows.every((row) => typeof row[column] === 'number'));
  const pad = (text: string, i: number) => (numeric[i] ? text.padStart(widths[i] ?? 0) : text.padEnd(widths[i] ?? 0));
  const line = (cells: string[]) => `| ${cells.map(pad).join(' | ')} |`;
  return [
    line(columns),
    `|${widths.map((w, i) => (numeric[i] ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`,
    ...rows.map((row) => line(columns.map((column) => cell(row, column)))),
  ].join('\n');
}
