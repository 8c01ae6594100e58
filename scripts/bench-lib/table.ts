import { markdownTable } from 'markdown-table';

/** Rows as a Markdown table (readable in a terminal, pasteable into docs); number columns right-aligned. */
export function formatTable(rows: readonly Record<string, string | number>[]): string {
  const columns = Object.keys(rows[0] ?? {});
  const align = columns.map((column) => (typeof rows[0]?.[column] === 'number' ? 'r' : 'l'));
  return markdownTable([columns, ...rows.map((row) => columns.map((column) => String(row[column])))], { align });
}
