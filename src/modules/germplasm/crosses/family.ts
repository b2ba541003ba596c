// A cross is a node of the pedigree: its family. Each cross with a germplasm parent has a family germplasm, the one
// whose germplasmDbId is the crossDbId (so a client that knows the cross can name the family as a parent in
// POST /pedigree), named by the crossName, whose parents are the cross's parents with the types they were given.
// Breedbase does the same with a "cross" stock standing for the family. The family is written in the cross's own
// transaction through the pedigree write (its lock, parent-set rules, cycle search, crops and history), so a cross
// whose parents break a rule is refused with the family, and a changed cross moves its family's parents.
import type { Actor } from '../../../auth/actor.js';
import { ConflictError } from '../../../errors.js';
import { cypher } from '../../../graph/cypher-files.js';
import type { Runner } from '../../../graph/port.js';
import { writePedigree } from '../pedigree/commands/uploadPedigree.js';
import { parseUpload } from '../pedigree/parseUpload.js';
import type { ParentType } from '../pedigree/types.js';

type FamilyRow = {
  id: string;
  crossName: string | null;
  crossType: string | null;
  parent1: string | null;
  parent2: string | null;
  first: { germplasmDbId: string; germplasmName: string | null } | null;
  second: { germplasmDbId: string; germplasmName: string | null } | null;
  taken: boolean;
  isFamily: boolean;
};

const typeOf = (json: string | null): ParentType | undefined => (json ? (JSON.parse(json) as { parentType?: ParentType }).parentType : undefined);

export async function writeFamilies(tx: Runner, ids: string[], actor: Actor | undefined): Promise<void> {
  const rows = await tx.run<FamilyRow>(cypher('germplasm/crosses/families'), { ids });
  const nodes = [];
  for (const row of rows) {
    if (row.taken && !row.isFamily) {
      throw new ConflictError(`crossDbId "${row.id}" is already the germplasmDbId of a germplasm; a cross's family germplasm takes the cross's DbId, so give the cross another one.`);
    }
    const selfed = row.crossType === 'SELF' || row.crossType === 'BULK_SELFED' || (row.first && row.first.germplasmDbId === row.second?.germplasmDbId);
    const parents = selfed && row.first
      ? [{ germplasmDbId: row.first.germplasmDbId, parentType: 'SELF' }]
      : [
          ...(row.first ? [{ germplasmDbId: row.first.germplasmDbId, parentType: typeOf(row.parent1) ?? 'FEMALE' }] : []),
          ...(row.second ? [{ germplasmDbId: row.second.germplasmDbId, parentType: typeOf(row.parent2) ?? 'MALE' }] : []),
        ];
    // A cross without a germplasm parent (only plants, or nothing yet) has no family until it gets one.
    if (parents.length === 0 && !row.isFamily) continue;
    const name = row.crossName ?? `${row.first?.germplasmName ?? 'unknown'} x ${row.second?.germplasmName ?? 'unknown'}`;
    nodes.push({ germplasmDbId: row.id, germplasmName: name, parents });
  }
  if (nodes.length === 0) return;
  await writePedigree(tx, { upload: parseUpload(nodes, 'PUT'), updateExisting: true, actor, source: 'crosses' });
  await tx.run(cypher('germplasm/crosses/link-family'), { ids: nodes.map((n) => n.germplasmDbId) });
}
