// Export of a pedigree slice (the nodes GET /pedigree answers for the same germplasm and depths): as BrAPI JSON
// (an array of PedigreeNode, importable again) or as Helium (Germinate's one-row-per-relationship form). The slice's
// DbIds come from one traversal; the nodes are then read and written a chunk at a time, so memory stays flat.
import type { Writable } from 'node:stream';
import { once } from 'node:events';
import { compileWhere } from '../../../../entities/filters.js';
import { NotFoundError, BadRequestError } from '../../../../errors.js';
import { cypher } from '../../../../graph/cypher-files.js';
import type { Graph } from '../../../../graph/port.js';
import { germplasmEntity } from '../../germplasm/germplasm.entity.js';
import { presentPedigreeNodes } from '../presenter.js';
import { readPedigreeNodes, traversalQuery } from '../traversal.js';

export const EXPORT_FORMATS = ['helium', 'brapi'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface SliceOptions {
  /** DbIds or names of the base germplasm; empty means every germplasm. */
  germplasm: string[];
  /** Generations of ancestors and descendants; null means all. */
  ancestors: number | null;
  descendants: number | null;
  siblings: boolean;
}

export interface ExportSummary {
  nodes: number;
  /** Helium only: relationships written with a BrAPI type Helium has no letter for (POPULATION, CLONAL). */
  otherTypes: number;
  /** Helium only: names shared by several germplasm of the slice (Helium identifies lines by name). */
  sharedNames: string[];
}

const CHUNK = 1000;
const ARRAYS = { includeParents: true, includeProgeny: true };

export async function writePedigreeSlice(graph: Graph, slice: SliceOptions, format: ExportFormat, out: Writable): Promise<ExportSummary> {
  const base = await resolveGermplasm(graph, slice.germplasm);
  const filter = compileWhere(germplasmEntity, base.length ? { germplasmDbId: base } : {});
  const query = traversalQuery({ filter, pedigreeDepth: slice.ancestors, progenyDepth: slice.descendants, ...ARRAYS, includeSiblings: slice.siblings }, true);
  const [{ ids } = { ids: [] as string[] }] = await graph.read<{ ids: string[] }>(query, filter.params);

  const summary: ExportSummary = { nodes: ids.length, otherTypes: 0, sharedNames: [] };
  const names = new Map<string, string>();
  await write(out, format === 'helium' ? '# heliumInput = PEDIGREE\nLineName\tParent\tParentType\n' : '[');
  for (let i = 0; i < ids.length; i += CHUNK) {
    const nodes = presentPedigreeNodes(await readPedigreeNodes(graph, ids.slice(i, i + CHUNK), { ...ARRAYS, includeSiblings: slice.siblings }));
    let text = '';
    for (const [j, node] of nodes.entries()) {
      if (format === 'brapi') {
        text += (i + j === 0 ? '\n' : ',\n') + JSON.stringify(node);
        continue;
      }
      const line = lineName(node);
      if (names.has(line) && names.get(line) !== node.germplasmDbId) summary.sharedNames.push(line);
      names.set(line, node.germplasmDbId as string);
      const parents = node.parents ?? [];
      if (parents.length === 0) text += `${line}\t\t\n`;
      for (const p of parents) {
        const parent = lineName(p);
        if (p.parentType === 'SELF') text += `${line}\t${parent}\tF\n${line}\t${parent}\tM\n`; // a self is a cross of the line with itself
        else if (p.parentType === 'FEMALE' || p.parentType === 'MALE') text += `${line}\t${parent}\t${p.parentType[0]}\n`;
        else {
          summary.otherTypes++;
          text += `${line}\t${parent}\t${p.parentType}\n`;
        }
      }
    }
    await write(out, text);
  }
  await write(out, format === 'brapi' ? '\n]\n' : '');
  return summary;
}

/** A line's name in Helium: its germplasmName (tabs and line breaks would break the format), else its DbId. */
const lineName = (g: { germplasmDbId: unknown; germplasmName: unknown }) => String(g.germplasmName ?? g.germplasmDbId).replace(/[\t\r\n]+/g, ' ');

/** Each argument as a DbId if one germplasm has it, else as a name that exactly one germplasm has. */
async function resolveGermplasm(graph: Graph, given: string[]): Promise<string[]> {
  if (given.length === 0) return [];
  const byId = new Set((await graph.read<{ id: string }>(cypher('germplasm/pedigree/existing'), { ids: given })).map((r) => r.id));
  const rest = given.filter((g) => !byId.has(g));
  const byName = new Map((await graph.read<{ name: string; ids: string[] }>(cypher('germplasm/pedigree/ids-by-name'), { names: rest })).map((r) => [r.name, r.ids]));
  const ids = given.filter((g) => byId.has(g));
  for (const name of rest) {
    const found = byName.get(name) ?? [];
    if (found.length === 0) throw new NotFoundError(`No germplasm has the DbId or name "${name}".`);
    if (found.length > 1) throw new BadRequestError(`${found.length} germplasm are named "${name}" (${found.join(', ')}); give a DbId.`);
    ids.push(found[0]);
  }
  return ids;
}

async function write(out: Writable, text: string) {
  if (text && !out.write(text)) await once(out, 'drain');
}
