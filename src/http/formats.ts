// JSON, CSV or TSV: the one format negotiation of the calls that answer tables (the observation and observation
// unit tables, the kinship matrix). Delimited text has every cell quoted, quotes doubled and LF line ends, so any
// value (commas, tabs, quotes, line breaks in names) survives a round trip through a CSV reader.
import { BadRequestError, NotAcceptableError } from '../errors.js';
import { chunkedBody } from './body.js';
import type { BrapiContext } from './types.js';

export type DelimitedType = 'text/csv' | 'text/tsv';
export type TableFormat = 'application/json' | DelimitedType;

const BY_NAME: Record<string, TableFormat> = { json: 'application/json', csv: 'text/csv', tsv: 'text/tsv' };
/** The media types a table call answers (also what the served document lists for its Accept header). */
export const TABLE_TYPES = Object.values(BY_NAME);
const TYPES = TABLE_TYPES;

/**
 * The answer's format: a `format` query parameter (json, csv, tsv) where the call has one, else the Accept header
 * (JSON when it allows anything); 406 when Accept allows none of them.
 */
export function tableFormat(ctx: BrapiContext, format?: unknown): TableFormat {
  if (format !== undefined) {
    if (typeof format !== 'string' || !Object.hasOwn(BY_NAME, format)) throw new BadRequestError(`format must be one of ${Object.keys(BY_NAME).join(', ')}.`);
    return BY_NAME[format];
  }
  // No Accept header allows anything; an Accept header that is present but empty lists no acceptable type.
  const header = ctx.headers.accept;
  const accepted = header !== undefined && header.trim() === '' ? false : ctx.accepts(...TYPES);
  if (!accepted) throw new NotAcceptableError(`${ctx.method} ${ctx.path} answers ${TYPES.join(', ')}.`);
  return accepted as TableFormat;
}

function* delimitedLines(rows: Iterable<string[]>, type: DelimitedType): Generator<string> {
  const separator = type === 'text/csv' ? ',' : '\t';
  for (const cells of rows) yield cells.map((c) => `"${c.replace(/"/g, '""')}"`).join(separator) + '\n';
}

/** Answers delimited text (UTF-8), written line by line (a big table is streamed, see body.ts). */
export function respondDelimited(ctx: BrapiContext, type: DelimitedType, rows: Iterable<string[]>): void {
  ctx.type = `${type}; charset=utf-8`;
  ctx.body = chunkedBody(delimitedLines(rows, type));
}
