// The one read of the pedigree quality report: the germplasm of the scope with their parents.
import { cypher } from '../../../graph/cypher-files.js';
import type { Graph } from '../../../graph/port.js';
import type { QualityRecord } from './quality.js';

export interface QualityScope {
  commonCropName?: string;
  programDbId?: string;
}

/** The scope's germplasm; null when the program named does not exist. */
export async function readQualityScope(graph: Graph, scope: QualityScope): Promise<{ germplasm: QualityRecord[] } | null> {
  const params = { commonCropName: scope.commonCropName ?? null, programDbId: scope.programDbId ?? null };
  const file = scope.programDbId === undefined ? 'extensions/pedigree-quality' : 'extensions/pedigree-quality-program';
  const rows = await graph.read<QualityRecord & Record<string, unknown>>(cypher(file), params);
  // A program's statement answers one row of nulls for a program without germplasm, and none for an unknown one.
  if (scope.programDbId !== undefined && rows.length === 0) return null;
  return { germplasm: rows.filter((g) => g.germplasmDbId !== null) };
}
