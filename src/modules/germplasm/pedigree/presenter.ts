// A traversed germplasm -> BrAPI PedigreeNode, every field present. Relationship arrays are null when excluded by
// the include* parameters and arrays (possibly empty) when included, sorted by DbId so responses are stable.
import { pedigreeString, withRecorded } from './pedigree-string.js';
import type { TraversedNode } from './traversal.js';

const byId = <T extends { germplasmDbId: string }>(a: T, b: T) => (a.germplasmDbId < b.germplasmDbId ? -1 : a.germplasmDbId > b.germplasmDbId ? 1 : 0);

function json(value: unknown) {
  return typeof value === 'string' ? JSON.parse(value) : null;
}

function orNull<T>(value: T | undefined): T | null {
  return value === undefined ? null : value;
}

export function presentPedigreeNode(node: TraversedNode) {
  const p = node.props;
  const siblings = node.siblings && [...new Map(node.siblings.map((s) => [s.germplasmDbId, s])).values()].sort(byId);
  // The same string (and recordedPedigree) as the germplasm record shows.
  const { shown, recordedDiffers } = pedigreeString(p.germplasmDbId as string, node.purdy, p);
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
