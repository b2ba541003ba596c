// Delimited text for the table answers (CSV, TSV): every cell quoted, quotes doubled, LF line ends, so any value
// (commas, tabs, quotes, line breaks in names) survives a round trip through a CSV reader.

export type DelimitedType = 'text/csv' | 'text/tsv';

export function delimited(rows: string[][], type: DelimitedType): string {
  const separator = type === 'text/csv' ? ',' : '\t';
  return rows.map((cells) => cells.map((c) => `"${c.replace(/"/g, '""')}"`).join(separator)).join('\n') + '\n';
}
