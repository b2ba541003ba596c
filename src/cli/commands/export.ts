// `npm run export -- <germplasm DbId or name>... [options]`: writes a pedigree slice (what GET /pedigree answers
// for the same germplasm and depths) as Helium or BrAPI JSON. With --all, the whole pedigree.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { EXPORT_FORMATS, writePedigreeSlice, type ExportFormat } from '../../modules/germplasm/pedigree/io/exportSlice.js';
import { runWithGraph } from '../database.js';
import { println, UsageError, type CliIo } from '../io.js';

const USAGE = `usage: npm run export -- <germplasm DbId or name>... [options]   (or --all)
  --ancestors <n>|all      generations of parents (default all)
  --descendants <n>|all    generations of children (default 0)
  --siblings               also list each node's siblings (BrAPI JSON)
  --format helium|brapi    default helium
  --out <file>             default: standard output`;

export async function exportCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      ancestors: { type: 'string', default: 'all' },
      descendants: { type: 'string', default: '0' },
      siblings: { type: 'boolean', default: false },
      format: { type: 'string', default: 'helium' },
      out: { type: 'string' },
      all: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });

  const depth = (text: string) => (text === 'all' ? null : /^\d+$/.test(text) ? Number(text) : NaN);
  const ancestors = depth(values.ancestors);
  const descendants = depth(values.descendants);
  const problem =
    values.help || (positionals.length === 0) === !values.all ? '' :
    !(EXPORT_FORMATS as readonly string[]).includes(values.format) ? `unknown format ${values.format}` :
    Number.isNaN(ancestors) || Number.isNaN(descendants) ? '--ancestors and --descendants take a number or "all"' :
    null;
  if (problem !== null) throw new UsageError(problem, USAGE);

  return runWithGraph(io, async (graph) => {
    const out = values.out ? fs.createWriteStream(values.out) : io.out;
    const summary = await writePedigreeSlice(graph, { germplasm: positionals, ancestors, descendants, siblings: values.siblings }, values.format as ExportFormat, out);
    if (values.out) await new Promise((resolve) => (out as fs.WriteStream).end(resolve));
    println(io.err, `${summary.nodes} germplasm exported${values.out ? ` to ${values.out}` : ''}`);
    if (summary.otherTypes) println(io.err, `note: ${summary.otherTypes} POPULATION/CLONAL relationships are written with their BrAPI type; Helium only knows F and M`);
    if (summary.sharedNames.length) println(io.err, `note: several germplasm of the slice share these names, which Helium reads as one line: ${summary.sharedNames.slice(0, 10).join(', ')}`);
    return 0;
  });
}
