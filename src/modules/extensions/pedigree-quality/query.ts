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
  const [row] = await graph.read<{ germplasm: QualityRecord[] }>(cypher(file), params);
  return row ?? null;
}
