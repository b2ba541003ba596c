// The pedigree check of one variant set: every genotyped germplasm with a genotyped parent, its recorded parents
// judged against the markers (mendel.ts); and the genomic relationship matrix beside the pedigree's (grm.ts).
import { NotFoundError } from '../../../errors.js';
import { cypher } from '../../../graph/cypher-files.js';
import type { Graph } from '../../../graph/port.js';
import { computeKinship, type KinshipMethod } from '../kinship/kinship.js';
import { readAncestry } from '../kinship/query.js';
import { dosages, genotypedSet, readGenotypes, type GenotypedGermplasm } from './genotypes.js';
import { alleleFrequencies, vanRaden } from './grm.js';
import { checkOffspring, DEFAULT_CHECK, type CheckOptions, type Line, type OffspringCheck } from './mendel.js';

interface Loaded {
  lines: Map<string, Line & { callSetDbId: string; record: GenotypedGermplasm }>;
  variantCount: number;
}

/** One line per genotyped germplasm (its first call set), with its genotypes. */
async function load(graph: Graph, variantSetDbId: string): Promise<Loaded> {
  const { scope, records } = await genotypedSet(graph, variantSetDbId);
  const genotypes = await readGenotypes(graph, scope, records.map((r) => r.column));
  const lines = new Map(records.map((r, i) => [r.germplasmDbId, { germplasmDbId: r.germplasmDbId, germplasmName: r.germplasmName, genotypes: genotypes[i], callSetDbId: r.callSetDbId, record: r }]));
  return { lines, variantCount: scope.variantCount };
}

export interface PedigreeCheckResult extends OffspringCheck {
  germplasmDbId: string;
  germplasmName: string | null;
  callSetDbId: string;
}

export async function checkPedigrees(graph: Graph, variantSetDbId: string, only: string[] | null, options: CheckOptions = DEFAULT_CHECK) {
  const { lines, variantCount } = await load(graph, variantSetDbId);
  const offspring = [...lines.values()].filter((l) => (!only || only.includes(l.germplasmDbId)) && l.record.parents.some((p) => lines.has(p.parentDbId)));
  const parentsOf = (o: (typeof offspring)[number]) => o.record.parents.map((p) => ({ ...p, line: lines.get(p.parentDbId) ?? null }));
  // First without candidates; the lines some parent fails for are checked again with every other genotyped line as
  // a candidate but themselves and their descendants.
  const first = offspring.map((o) => checkOffspring(o, parentsOf(o), [], options));
  const failing = offspring.filter((_, i) => first[i].parents.some((p) => p.verdict === 'INCONSISTENT'));
  const descendants = new Map((await graph.read<{ id: string; descendants: string[] }>(cypher('extensions/descendants'), { ids: failing.map((o) => o.germplasmDbId) }))
    .map((r) => [r.id, new Set(r.descendants)]));
  const results: PedigreeCheckResult[] = offspring.map((o, i) => {
    let check = first[i];
    if (failing.includes(o)) {
      const excluded = descendants.get(o.germplasmDbId) ?? new Set<string>();
      const pool = [...lines.values()].filter((l) => l.germplasmDbId !== o.germplasmDbId && !excluded.has(l.germplasmDbId));
      check = checkOffspring(o, parentsOf(o), pool, options);
    }
    return { germplasmDbId: o.germplasmDbId, germplasmName: o.germplasmName, callSetDbId: o.callSetDbId, ...check };
  });
  return { variantCount, genotyped: lines.size, results };
}

/** G (VanRaden) for the listed germplasm, allele frequencies from every line of the set, and the pedigree A. */
export async function genomicRelationship(graph: Graph, variantSetDbId: string, ids: string[], method: KinshipMethod) {
  const { lines } = await load(graph, variantSetDbId);
  const missing = ids.filter((id) => !lines.has(id));
  if (missing.length) throw new NotFoundError(`Not genotyped in variant set ${variantSetDbId}: ${missing.slice(0, 20).join(', ')}${missing.length > 20 ? ` and ${missing.length - 20} more` : ''}.`);
  const p = alleleFrequencies([...lines.values()].map((l) => dosages(l.genotypes)));
  const g = vanRaden(ids.map((id) => dosages(lines.get(id)!.genotypes)), p);
  const kinship = computeKinship(await readAncestry(graph, ids), ids, method);
  return {
    variantSetDbId,
    germplasmDbIds: ids,
    germplasmNames: ids.map((id) => lines.get(id)!.germplasmName),
    markers: g.markers,
    genomicRelationship: g.matrix,
    pedigreeRelationship: kinship.relationship,
    pedigreeMethod: method,
  };
}
