// Reads pedigree files, streaming them row by row, into what the import needs: rows of names (SoyBase TSV, the two
// Helium forms, CSV with named columns) or pedigree nodes (BrAPI JSON). Problems a row shows by itself (no line name,
// an unknown parent type, a line given twice with different parents) are collected with the row's position, not
// thrown: one bad row must not stop a 100,000-row import.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { parse } from 'csv-parse';
import { BadRequestError } from '../../../../errors.js';
import type { ImportNode } from '../commands/importPedigree.js';
import type { NamedRow } from './namedRows.js';

export const FORMATS = ['soybase', 'helium', 'csv', 'brapi'] as const;
export type FileFormat = (typeof FORMATS)[number];

/** A problem found in the file itself; `at` says where ("line 12", "item 3"). */
export interface RowProblem {
  at: string[];
  germplasmName?: string;
  reason: string;
}

export interface NamedFile {
  kind: 'names';
  rows: Array<NamedRow & { at: string }>;
  problems: RowProblem[];
}

export interface NodeFile {
  kind: 'nodes';
  nodes: Array<ImportNode & { at: string }>;
  problems: RowProblem[];
}

export interface ReadOptions {
  /** CSV: which columns hold the line and its parents (default: recognised header names). */
  columns?: Partial<Record<Role, string>>;
  /** CSV: the field delimiter (default ","). */
  delimiter?: string;
}

type Role = 'name' | 'female' | 'male';

/** Header names recognised for each role (compared without case, spaces, dashes and underscores). */
const HEADER_NAMES: Record<Role, string[]> = {
  name: ['linename', 'line', 'name', 'germplasmname', 'strain', 'accession', 'progeny', 'cultivar', 'germplasm'],
  female: ['femaleparent', 'female', 'mother', 'parent1', 'femaleparentname'],
  male: ['maleparent', 'male', 'father', 'parent2', 'maleparentname'],
};
/** Cell values that mean "not given" (SoyBase has two lines whose parents are "Unknown"; Breedbase writes NA). */
const MISSING = new Set(['', '-', 'na', 'n/a', 'unknown', 'null']);
const HELIUM_MARK = /^#\s*heliumInput\s*=\s*PEDIGREE\s*$/i;

const normalise = (header: string) => header.toLowerCase().replace(/[\s_\-.]+/g, '');
export const cellValue = (raw: string | undefined) => (raw === undefined || MISSING.has(raw.trim().toLowerCase()) ? null : raw.trim());

/** The format from the file name, or from its first lines (a "# heliumInput = PEDIGREE" line means Helium). */
export async function detectFormat(file: string): Promise<FileFormat> {
  const ext = path.extname(file).toLowerCase();
  if (['.json', '.jsonl', '.ndjson'].includes(ext)) return 'brapi';
  for await (const line of firstLines(file, 50)) {
    if (HELIUM_MARK.test(line)) return 'helium';
    if (!line.startsWith('#') && line.trim()) break;
  }
  if (ext === '.helium') return 'helium';
  if (ext === '.csv') return 'csv';
  if (['.tsv', '.txt', '.tab'].includes(ext)) return 'soybase';
  throw new BadRequestError(`Cannot tell the format of ${file} from its name or first lines; give --format (${FORMATS.join(', ')}).`);
}

async function* firstLines(file: string, count: number): AsyncGenerator<string> {
  const lines = readline.createInterface({ input: fs.createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  let n = 0;
  try {
    for await (const line of lines) {
      yield line;
      if (++n >= count) return;
    }
  } finally {
    lines.close();
  }
}

export async function readPedigreeFile(file: string, format: FileFormat, options: ReadOptions = {}): Promise<NamedFile | NodeFile> {
  if (format === 'brapi') return readBrapi(file);
  const rows = new RowCollector();
  const delimiter = format === 'csv' ? (options.delimiter ?? ',') : '\t';
  let layout: ((cells: string[], at: string) => void) | undefined;
  for await (const { cells, line } of records(file, delimiter, format === 'csv')) {
    const at = `line ${line}`;
    if (layout) layout(cells, at);
    else if (format !== 'soybase') layout = headerLayout(rows, cells, format, options.columns);
    else {
      // SoyBase's header is a comment; a plain "strain, female, male" header row is skipped too.
      layout = (row, where) => rows.add(where, row[0], row[1], row[2]);
      const header = cells.map(normalise);
      if (!(HEADER_NAMES.name.includes(header[0]) && HEADER_NAMES.female.includes(header[1]))) layout(cells, at);
    }
  }
  return { kind: 'names', ...rows.finish() };
}

/** Parsed records with their line numbers. `#` starts a comment only at the start of a line (names may hold one). */
async function* records(file: string, delimiter: string, quoted: boolean): AsyncGenerator<{ cells: string[]; line: number }> {
  const parser = fs.createReadStream(file).pipe(
    parse({
      delimiter,
      quote: quoted ? '"' : false,
      comment: '#',
      comment_no_infix: true,
      relax_column_count: true,
      skip_empty_lines: true,
      bom: true,
      info: true,
    }),
  );
  for await (const record of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    yield { cells: record.record, line: record.info.lines };
  }
}

/** Helium (either form) and CSV: the first row names the columns. */
function headerLayout(rows: RowCollector, header: string[], format: FileFormat, given: ReadOptions['columns'] = {}) {
  const names = header.map(normalise);
  const find = (role: Role): number => {
    const wanted = given[role] !== undefined ? [normalise(given[role]!)] : HEADER_NAMES[role];
    return names.findIndex((n) => wanted.includes(n));
  };
  const nameCol = find('name');
  if (format === 'helium' && names.includes('parent')) {
    // Germinate's form: one row per relationship, LineName / Parent / ParentType.
    const parentCol = names.indexOf('parent');
    const typeCol = names.indexOf('parenttype');
    if (nameCol < 0) throw new BadRequestError(`The Helium header has no LineName column: ${header.join(', ')}.`);
    return (cells: string[], at: string) => rows.addEdge(at, cells[nameCol], cells[parentCol], typeCol < 0 ? undefined : cells[typeCol]);
  }
  const femaleCol = find('female');
  const maleCol = find('male');
  if (nameCol < 0 || (femaleCol < 0 && maleCol < 0)) {
    throw new BadRequestError(
      `The header (${header.join(', ')}) must name the line column and at least one parent column ` +
        `(e.g. LineName, FemaleParent, MaleParent${format === 'csv' ? '; or give --columns name=...,female=...,male=...' : ''}).`,
    );
  }
  return (cells: string[], at: string) => rows.add(at, cells[nameCol], femaleCol < 0 ? undefined : cells[femaleCol], maleCol < 0 ? undefined : cells[maleCol]);
}

/** Helium/Germinate parent types, and BrAPI's (which our export writes for SELF-less types Helium has no name for). */
const EDGE_TYPES: Record<string, 'female' | 'male' | 'self'> = { f: 'female', female: 'female', m: 'male', male: 'male', s: 'self', self: 'self' };

/** Collects rows by line name: a line given on several rows (edge rows, repeats) is merged when they agree. */
class RowCollector {
  private readonly byName = new Map<string, NamedRow & { at: string }>();
  private readonly problems: RowProblem[] = [];

  add(at: string, rawName: string | undefined, rawFemale: string | undefined, rawMale: string | undefined) {
    const name = cellValue(rawName);
    if (!name) return this.problems.push({ at: [at], reason: 'has no line name' });
    this.merge(at, { strain: name, female: cellValue(rawFemale), male: cellValue(rawMale) });
  }

  addEdge(at: string, rawName: string | undefined, rawParent: string | undefined, rawType: string | undefined) {
    const name = cellValue(rawName);
    if (!name) return this.problems.push({ at: [at], reason: 'has no line name' });
    const parent = cellValue(rawParent);
    if (!parent) return this.merge(at, { strain: name, female: null, male: null });
    const role = EDGE_TYPES[(rawType ?? '').trim().toLowerCase()];
    if (!role) {
      return this.problems.push({
        at: [at],
        germplasmName: name,
        reason: `parent type ${JSON.stringify(rawType ?? '')} of parent ${parent} is not F, M or SELF (BrAPI has no equivalent of Germinate's OTHER)`,
      });
    }
    this.merge(at, { strain: name, female: role === 'male' ? null : parent, male: role === 'female' ? null : parent });
  }

  private merge(at: string, row: NamedRow) {
    const known = this.byName.get(row.strain);
    if (!known) return void this.byName.set(row.strain, { ...row, at });
    for (const side of ['female', 'male'] as const) {
      if (row[side] === null || row[side] === known[side]) continue;
      if (known[side] === null) known[side] = row[side];
      else {
        this.problems.push({
          at: [at, known.at],
          germplasmName: row.strain,
          reason: `${row.strain} is given two ${side} parents: ${known[side]} (${known.at}) and ${row[side]} (${at}); the later row is left out`,
        });
      }
    }
  }

  finish() {
    return { rows: [...this.byName.values()], problems: this.problems };
  }
}

/** BrAPI JSON: an array of pedigree nodes or germplasm, a BrAPI response ({result: {data}}), or JSON Lines. */
async function readBrapi(file: string): Promise<NodeFile> {
  const items: Array<{ item: unknown; at: string; error?: string }> = [];
  if (/\.(jsonl|ndjson)$/i.test(file)) {
    let n = 0;
    for await (const line of firstLines(file, Infinity)) {
      n++;
      if (!line.trim()) continue;
      try {
        items.push({ item: JSON.parse(line), at: `line ${n}` });
      } catch (err) {
        items.push({ item: undefined, at: `line ${n}`, error: `not JSON (${(err as Error).message})` });
      }
    }
  } else {
    let body: unknown;
    try {
      body = JSON.parse(await fs.promises.readFile(file, 'utf8'));
    } catch (err) {
      throw new BadRequestError(`${file} is not valid JSON: ${(err as Error).message}`);
    }
    const list = Array.isArray(body) ? body : (body as { result?: { data?: unknown } } | null)?.result?.data;
    if (!Array.isArray(list)) throw new BadRequestError(`${file} must hold an array of pedigree nodes or germplasm (or a BrAPI response with result.data).`);
    list.forEach((item, i) => items.push({ item, at: `item ${i + 1}` }));
  }
  const nodes: NodeFile['nodes'] = [];
  const problems: RowProblem[] = [];
  for (const { item, at, error } of items) {
    const node = item as Partial<ImportNode> | null;
    if (node === null || typeof node !== 'object' || Array.isArray(node)) {
      problems.push({ at: [at], reason: error ?? 'is not a JSON object' });
    } else if (typeof node.germplasmDbId !== 'string' || !node.germplasmDbId) {
      // Ids are how other nodes name their parents; a node without one could not be linked to anything.
      problems.push({ at: [at], germplasmName: typeof node.germplasmName === 'string' ? node.germplasmName : undefined, reason: 'has no germplasmDbId' });
    } else {
      nodes.push({ ...(node as ImportNode), at });
    }
  }
  return { kind: 'nodes', nodes, problems };
}
