/** A small RFC 4180 reader and writer: quoted fields, doubled quotes, CRLF or LF line ends. */

/** The rows of a CSV text as records keyed by the header's names. */
export function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') field += text[++i];
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (quoted) throw new Error('the CSV ends inside a quoted field');
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  const [header, ...body] = rows.filter((r) => r.some((f) => f.trim() !== ''));
  if (!header) return [];
  return body.map((r) => Object.fromEntries(header.map((name, i) => [name.trim(), (r[i] ?? '').trim()])));
}

/** Records as CSV text, with the given columns, quoting what needs it. */
export function toCsv(columns: readonly string[], records: readonly Record<string, unknown>[]): string {
  const cell = (value: unknown) => {
    const text = value == null ? '' : String(value);
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return `${[columns.join(','), ...records.map((r) => columns.map((c) => cell(r[c])).join(','))].join('\n')}\n`;
}
