// A traversed germplasm -> BrAPI PedigreeNode, every field present. Relationship arrays are null when excluded by
// the include* parameters and arrays (possibly empty) when included, sorted by DbId so responses are stable.
import { pedigreeStringIn, withRecorded } from './pedigree-string.js';
import type { PurdyGraph } from './purdy.js';
import type { TraversedNode, TraversedPage } from './traversal.js';

const byId = <T extends { germplasmDbId: string }>(a: T, b: T) => (a.germplasmDbId < b.germplasmDbId ? -1 : a.germplasmDbId > b.germplasmDbId ? 1 : 0);

function json(value: unknown) {
  return typeof value === 'string' ? JSON.parse(value) : null;
}

function orNull<T>(value: T | undefined): T | null {
  return value === undefined ? null : value;
}

/** Every node of a page, their Purdy strings written from the page's shared graph. */
export function presentPedigreeNodes(page: TraversedPage) {
  return page.nodes.map((node) => presentPedigreeNode(node, page.purdy));
}

export function presentPedigreeNode(node: TraversedNode, purdy: PurdyGraph) {
  const p = node.props as Record<string, unknown>;
  const siblings = node.siblings && [...new Map(node.siblings.map((s) => [s.germplasmDbId, s])).values()].sort(byId);
  // The same string (and recordedPedigree) as the germplasm record shows.
  const { shown, recordedDiffers } = pedigreeStringIn(p.germplasmDbId as string, purdy, p);
  return {
    additionalInfo: withRecorded(json(p.additionalInfo), recordedDiffers),
    breedingMethodDbId: node.method?.id ?? null,
    breedingMethodName: node.method?.name ?? null,
    crossingProjectDbId: orNull(p.crossingProjectDbId),
    crossingYear: orNull(p.crossingYear),
    defaultDisplayName: orNull(p.defaultDisplayName),
    externalReferences: json(p.externalReferences),
    familyCode: orNull(p.familyCode),
    germplasmDbId: p.germplasmDbId,
    germplasmName: orNull(p.germplasmName),
    germplasmPUI: orNull(p.germplasmPUI),
    parents: node.parents && [...node.parents].sort(byId),
    pedigreeString: shown,
    progeny: node.progeny && [...node.progeny].sort(byId),
    siblings,
  };
}
