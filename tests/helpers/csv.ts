/**
 * A small RFC 4180 reader for tests: quoted fields with doubled quotes, commas and line breaks
 * inside quotes, CRLF or LF between records. Returns the rows; a leading BOM is reported apart.
 */
export function parseCsv(text: string): { bom: boolean; rows: string[][] } {
  const bom = text.startsWith('\uFEFF');
  const input = bom ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  while (i < input.length) {
    const ch = input[i] as string;
    if (quoted) {
      if (ch === '"' && input[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (ch === '"') quoted = false;
      else field += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && input[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else if (ch === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
    i += 1;
  }
  if (quoted) throw new Error('parseCsv: unterminated quoted field');
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return { bom, rows };
}
