// Reads pedigree files, streaming them row by row, into what the import needs: rows of names (SoyBase TSV, the two
// Helium forms, CSV and edge lists, with or without a header) or pedigree nodes (BrAPI JSON). Problems a row shows
// by itself (no line name, an unknown parent type, a line given two female parents) are collected with the row's
// position, not thrown: one bad row must not stop a 100,000-row import.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { parse } from 'csv-parse';
import { BadRequestError } from '../../../../errors.js';
import type { ImportNode } from '../commands/importPedigree.js';
import type { ParentType } from '../types.js';
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
  /** Rows or relationships left out, with the reason. */
  problems: RowProblem[];
  /** Rows merged into an earlier one (a repeated relationship, a line repeated without parents). */
  merged: RowProblem[];
  /** Parents the file gives without a sex, stored as `unsexed` says. */
  unsexed: number;
  /** Every distinct name in the file's line and parent cells, rows left out included, in file order. */
  names: string[];
}

export interface NodeFile {
  kind: 'nodes';
  nodes: Array<ImportNode & { at: string }>;
  problems: RowProblem[];
}

export interface ReadOptions {
  /**
   * Which columns hold the line and its parents: header names, or 1-based positions (with `header: false`).
   * Roles: name (or child), female, male, parent (a parent of any type, one per row) and parentType.
   */
  columns?: Partial<Record<Role | 'child', string>>;
  /** CSV: the field delimiter (default ","). */
  delimiter?: string;
  /** CSV and Helium: the first row names the columns (default); false reads every row as data. */
  header?: boolean;
  /** How parents without a sex (Helium OTHER, a parent column without a type) are stored; see UNSEXED_POLICIES. */
  unsexed?: UnsexedPolicy;
}

/**
 * Parents without a sex. `population` (the default): every such parent is a POPULATION parent, the one BrAPI type
 * that claims no direction and admits any number of parents (a synthetic, a composite, a bulk), so none is lost and
 * none is given a sex the file does not state; with k of them, each contributes 1/k (for two, as a FEMALE x MALE
 * cross would). `ordered`: where a line has exactly two, the first in the file is FEMALE and the second MALE (files
 * that list the seed parent first); any other number stays POPULATION.
 */
export const UNSEXED_POLICIES = ['population', 'ordered'] as const;
export type UnsexedPolicy = (typeof UNSEXED_POLICIES)[number];

type Role = 'name' | 'female' | 'male' | 'parent' | 'parentType';

/** Header names recognised for each role (compared without case, spaces, dashes and underscores). */
const HEADER_NAMES: Record<Role, string[]> = {
  name: ['linename', 'line', 'name', 'germplasmname', 'strain', 'accession', 'progeny', 'cultivar', 'germplasm', 'child', 'genotype', 'offspring'],
  female: ['femaleparent', 'female', 'mother', 'parent1', 'femaleparentname'],
  male: ['maleparent', 'male', 'father', 'parent2', 'maleparentname'],
  parent: ['parent', 'parentname', 'parentline'],
  parentType: ['parenttype', 'type', 'parentrole', 'role', 'sex'],
};
/** Cell values that mean "not given" (SoyBase has two lines whose parents are "Unknown"; Breedbase writes NA). */
const MISSING = new Set(['', '-', 'na', 'n/a', 'unknown', 'null']);
const HELIUM_MARK = /^#\s*helium_?input(\s*=\s*PEDIGREE)?\s*$/i;

/** A parent's type as a file states it: Helium/Germinate letters and BrAPI's names; OTHER or none means no sex. */
const TYPE_WORDS: Record<string, ParentType | 'UNSEXED'> = {
  f: 'FEMALE', female: 'FEMALE', m: 'MALE', male: 'MALE', s: 'SELF', self: 'SELF',
  p: 'POPULATION', population: 'POPULATION', c: 'CLONAL', clonal: 'CLONAL', other: 'UNSEXED', '': 'UNSEXED',
};

const normalise = (header: string) => header.toLowerCase().replace(/[\s_\-.]+/g, '');
export const cellValue = (raw: string | undefined) => (raw === undefined || MISSING.has(raw.trim().toLowerCase()) ? null : raw.trim());

/** The format from the file name, or from its first lines (a "# heliumInput = PEDIGREE" line means Helium). */
export async function detectFormat(file: string): Promise<FileFormat> {
  const ext = path.extname(file).toLowerCase();
  if (['.json', '.jsonl', '.ndjson'].includes(ext)) return 'brapi';
  for await (const line of firstLines(file, 50)) {
    if (HELIUM_MARK.test(line.trim())) return 'helium';
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
    else if (options.header === false) (layout = positionLayout(rows, options.columns))(cells, at);
    else if (format !== 'soybase') layout = headerLayout(rows, cells, options.columns);
    else {
      // SoyBase's header is a comment; a plain "strain, female, male" header row is skipped too.
      layout = (row, where) => rows.add(where, row[0], sexed(row[1], row[2]));
      const header = cells.map(normalise);
      if (!(HEADER_NAMES.name.includes(header[0]) && HEADER_NAMES.female.includes(header[1]))) layout(cells, at);
    }
  }
  return { kind: 'names', ...rows.finish(options.unsexed ?? 'population') };
}

/**
 * Parsed records with their true line numbers, whatever the line endings (CRLF, LF, CR, mixed: a file edited on
 * two systems has both). `#` starts a comment only at the start of a line (names may hold one).
 */
async function* records(file: string, delimiter: string, quoted: boolean): AsyncGenerator<{ cells: string[]; line: number }> {
  const parser = fs.createReadStream(file).pipe(
    parse({
      delimiter,
      record_delimiter: ['\r\n', '\n', '\r'],
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

const sexed = (female: string | undefined, male: string | undefined): RawParent[] => [
  { name: female, type: 'FEMALE' },
  { name: male, type: 'MALE' },
];

/** Helium (either form) and CSV with a header row: the first row names the columns. */
function headerLayout(rows: RowCollector, header: string[], given: ReadOptions['columns'] = {}) {
  const names = header.map(normalise);
  const wanted = roleColumns(given);
  const find = (role: Role): number => {
    const candidates = wanted[role] !== undefined ? [normalise(wanted[role]!)] : HEADER_NAMES[role];
    return names.findIndex((n) => candidates.includes(n));
  };
  const columns = { name: find('name'), female: find('female'), male: find('male'), parent: find('parent'), parentType: find('parentType') };
  if (columns.name < 0 || (columns.female < 0 && columns.male < 0 && columns.parent < 0)) {
    throw new BadRequestError(
      `The header (${header.join(', ')}) must name the line column and its parent column(s): ` +
        'LineName, FemaleParent, MaleParent; or LineName, Parent and optionally ParentType (one row per parent); ' +
        'or give --columns (e.g. child=Progeny,parent=Parent), or --no-header with positions (e.g. --columns parent=1,child=2).',
    );
  }
  return rowLayout(rows, columns);
}

/** A file without a header row: the columns are given by position. */
function positionLayout(rows: RowCollector, given: ReadOptions['columns'] = {}) {
  const wanted = roleColumns(given);
  const position = (role: Role) => {
    const value = wanted[role];
    if (value === undefined) return -1;
    if (!/^[1-9]\d*$/.test(value)) throw new BadRequestError(`Without a header row, columns are given by position (1, 2, ...): ${role}=${value} is not one.`);
    return Number(value) - 1;
  };
  const columns = { name: position('name'), female: position('female'), male: position('male'), parent: position('parent'), parentType: position('parentType') };
  if (columns.name < 0 || (columns.female < 0 && columns.male < 0 && columns.parent < 0)) {
    throw new BadRequestError('A file without a header needs --columns with the line and its parents by position, e.g. parent=1,child=2 or child=1,female=2,male=3.');
  }
  return rowLayout(rows, columns);
}

/** `child` is another name for the line's column. */
function roleColumns(given: NonNullable<ReadOptions['columns']>): Partial<Record<Role, string>> {
  const { child, ...roles } = given;
  return child !== undefined && roles.name === undefined ? { ...roles, name: child } : roles;
}

function rowLayout(rows: RowCollector, c: Record<Role, number>) {
  const cell = (cells: string[], i: number) => (i < 0 ? undefined : cells[i]);
  if (c.parent >= 0) {
    // One row per relationship (Germinate's Helium, edge lists): the type column, when there is one, says the role.
    return (cells: string[], at: string) => rows.add(at, cells[c.name], [{ name: cell(cells, c.parent), type: cell(cells, c.parentType) ?? '' }]);
  }
  return (cells: string[], at: string) => rows.add(at, cells[c.name], sexed(cell(cells, c.female), cell(cells, c.male)));
}

interface RawParent {
  name: string | undefined;
  /** A BrAPI type, or the word the file uses (F, M, OTHER, ...). */
  type: string;
}

interface Seen {
  type: ParentType | 'UNSEXED';
  at: string;
}

/**
 * Collects every row of a line: an edge list gives a child on many rows, one per parent. A repeated relationship is
 * merged and reported; F and M rows naming one parent make it a SELF (Germinate's way of writing a selfing); two
 * different FEMALE (or MALE) parents keep the first and report the later row.
 */
class RowCollector {
  private readonly byName = new Map<string, { at: string; parents: Map<string, Seen>; order: string[] }>();
  private readonly problems: RowProblem[] = [];
  private readonly merged: RowProblem[] = [];
  private readonly names = new Set<string>();

  add(at: string, rawName: string | undefined, parents: RawParent[]) {
    const name = cellValue(rawName);
    for (const cell of [name, ...parents.map((p) => cellValue(p.name))]) if (cell) this.names.add(cell);
    if (!name) return void this.problems.push({ at: [at], reason: 'has no line name' });
    const given: Array<{ parent: string; seen: Seen }> = [];
    let named = 0;
    for (const p of parents) {
      const parent = cellValue(p.name);
      if (!parent) continue;
      named++;
      const type = TYPE_WORDS[p.type.trim().toLowerCase()];
      if (type) given.push({ parent, seen: { type, at } });
      else {
        this.problems.push({
          at: [at],
          germplasmName: name,
          reason: `parent type ${JSON.stringify(p.type)} of parent ${parent} is not one of F, M, SELF, POPULATION, CLONAL or OTHER (no sex); the relationship is left out`,
        });
      }
    }
    // A row whose only relationships were left out adds nothing, not even its line.
    if (named > 0 && given.length === 0) return;
    let line = this.byName.get(name);
    if (!line) this.byName.set(name, (line = { at, parents: new Map(), order: [] }));
    else if (named === 0) this.merged.push({ at: [at, line.at], germplasmName: name, reason: `repeats ${name} without parents; merged with ${line.at}` });
    for (const { parent, seen } of given) this.addParent(name, line, parent, seen);
  }

  private addParent(name: string, line: { parents: Map<string, Seen>; order: string[] }, parent: string, seen: Seen) {
    const known = line.parents.get(parent);
    if (known) {
      if (known.type === seen.type) {
        this.merged.push({ at: [seen.at, known.at], germplasmName: name, reason: `repeats the relationship ${name} <- ${parent} (${seen.type === 'UNSEXED' ? 'no sex given' : seen.type}); merged with ${known.at}` });
      } else if ((known.type === 'FEMALE' && seen.type === 'MALE') || (known.type === 'MALE' && seen.type === 'FEMALE')) {
        known.type = 'SELF';
      } else {
        this.problems.push({
          at: [seen.at, known.at],
          germplasmName: name,
          reason: `${name} is given ${parent} as ${known.type} (${known.at}) and as ${seen.type} (${seen.at}); the later row is left out`,
        });
      }
      return;
    }
    if (seen.type === 'FEMALE' || seen.type === 'MALE') {
      const other = [...line.parents].find(([, s]) => s.type === seen.type);
      if (other) {
        const side = seen.type.toLowerCase();
        return void this.problems.push({
          at: [seen.at, other[1].at],
          germplasmName: name,
          reason: `${name} is given two ${side} parents: ${other[0]} (${other[1].at}) and ${parent} (${seen.at}); the later row is left out`,
        });
      }
    }
    line.parents.set(parent, { ...seen });
    line.order.push(parent);
  }

  finish(policy: UnsexedPolicy) {
    let unsexed = 0;
    const rows = [...this.byName].map(([strain, line]) => {
      const open = line.order.filter((p) => line.parents.get(p)!.type === 'UNSEXED');
      unsexed += open.length;
      const ordered = policy === 'ordered' && open.length === 2 && line.order.length === 2;
      const parents = line.order.map((name) => {
        const { type } = line.parents.get(name)!;
        const parentType: ParentType = type !== 'UNSEXED' ? type : ordered ? (name === open[0] ? 'FEMALE' : 'MALE') : 'POPULATION';
        return { name, parentType };
      });
      return { strain, parents, at: line.at };
    });
    return { rows, problems: this.problems, merged: this.merged, unsexed, names: [...this.names] };
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
