// The datasets the benchmark loads: the SoyBase parentage (real, ~20k germplasm, irregular) and the synthetic
// pedigrees of bench/generate.ts. Each is a list of POST /pedigree nodes in which every parent appears before its
// children, plus probe germplasm for the slices.
import path from 'node:path';
import { FIXTURES } from '../src/demo/load.js';
import { namedPedigree } from '../src/modules/germplasm/pedigree/io/namedRows.js';
import { readSoybase } from '../src/demo/soybase.js';
import { generatePedigree, type PedigreeNode } from './generate.js';

export interface Dataset {
  name: string;
  nodes: PedigreeNode[];
  probes: string[];
  /** What the dataset is made of (counts), for the report. */
  meta: Record<string, unknown>;
}

export function syntheticDataset(size: number): Dataset {
  const { nodes, probes, stats } = generatePedigree(size);
  return { name: `synthetic-${label(size)}`, nodes, probes, meta: stats };
}

export function label(size: number): string {
  return size >= 1_000_000 && size % 1_000_000 === 0 ? `${size / 1_000_000}M` : size % 1000 === 0 ? `${size / 1000}k` : String(size);
}

/**
 * SoyBase as the demo loader sees it, with every germplasm described (named) once. SoyBase has one line that is
 * its own parent and one two-line cycle, which the service rejects (the demo loader reports them): those
 * relationships are dropped here so that both loads get exactly the same, valid, input.
 */
export function soybaseDataset(probeCount = 8): Dataset {
  const soybase = readSoybase(path.join(FIXTURES, 'soybase'));
  const ids = new Map(soybase.germplasm.map((g) => [g.record.germplasmName as string, g.germplasmDbId]));
  const byId = new Map<string, PedigreeNode>();
  for (const g of soybase.germplasm) {
    byId.set(g.germplasmDbId, { germplasmDbId: g.germplasmDbId, germplasmName: g.record.germplasmName as string, parents: [] });
  }
  for (const node of namedPedigree(soybase.rows, ids)) {
    const known = byId.get(node.germplasmDbId);
    const name = known?.germplasmName ?? node.germplasmName ?? node.germplasmDbId;
    byId.set(node.germplasmDbId, { germplasmDbId: node.germplasmDbId, germplasmName: name, parents: node.parents });
  }
  // Parents named only inside pedigree expressions have no node of their own yet.
  for (const node of [...byId.values()]) {
    for (const p of node.parents) {
      if (!byId.has(p.germplasmDbId)) byId.set(p.germplasmDbId, { germplasmDbId: p.germplasmDbId, germplasmName: p.germplasmName, parents: [] });
    }
  }
  const { order, dropped } = topologicalOrder(byId);
  return {
    name: 'soybase',
    nodes: order,
    probes: deepestProbes(order, probeCount),
    meta: { nodes: order.length, edges: order.reduce((n, x) => n + x.parents.length, 0), droppedRelationships: dropped },
  };
}

/** Parents before children (depth-first, in input order); a relationship that closes a cycle is dropped. */
function topologicalOrder(byId: Map<string, PedigreeNode>): { order: PedigreeNode[]; dropped: string[] } {
  const state = new Map<string, 'open' | 'done'>();
  const order: PedigreeNode[] = [];
  const dropped: string[] = [];
  // Iterative, since a recursive walk of a long selfing chain could overflow the stack.
  for (const root of byId.keys()) {
    if (state.has(root)) continue;
    const stack: Array<{ id: string; next: number }> = [{ id: root, next: 0 }];
    state.set(root, 'open');
    while (stack.length) {
      const top = stack[stack.length - 1];
      const node = byId.get(top.id)!;
      if (top.next < node.parents.length) {
        const parent = node.parents[top.next++].germplasmDbId;
        const seen = state.get(parent);
        if (seen === 'open') {
          dropped.push(`${node.germplasmDbId} -> ${parent}`);
          node.parents = node.parents.filter((p) => p.germplasmDbId !== parent);
          top.next--;
        } else if (!seen) {
          state.set(parent, 'open');
          stack.push({ id: parent, next: 0 });
        }
        continue;
      }
      state.set(top.id, 'done');
      order.push(node);
      stack.pop();
    }
  }
  return { order, dropped };
}

/** The germplasm with the most generations both above and below them (ties by DbId): the deepest slices. */
function deepestProbes(order: PedigreeNode[], count: number): string[] {
  const up = new Map<string, number>();
  const down = new Map<string, number>();
  for (const n of order) up.set(n.germplasmDbId, Math.max(0, ...n.parents.map((p) => up.get(p.germplasmDbId)! + 1)));
  for (let i = order.length - 1; i >= 0; i--) {
    const n = order[i];
    const below = down.get(n.germplasmDbId) ?? 0;
    for (const p of n.parents) down.set(p.germplasmDbId, Math.max(down.get(p.germplasmDbId) ?? 0, below + 1));
  }
  const score = (id: string) => Math.min(up.get(id)!, down.get(id) ?? 0);
  return order
    .map((n) => n.germplasmDbId)
    .sort((a, b) => score(b) - score(a) || (a < b ? -1 : 1))
    .slice(0, count);
}
