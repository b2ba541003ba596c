// Reads a POST /pedigree (array) or PUT /pedigree (object keyed by germplasmDbId, or array) body into nodes and
// PARENT edges, collecting every problem the request shows by itself. A node's `progeny` entry and the child's
// `parents` entry describe the same edge; they must agree.
import { randomUUID } from 'node:crypto';
import { BadRequestError } from '../../../errors.js';
import { PARENT_TYPES, type Edge, type ParentType, type PedigreeUpload, type Problem, type UploadNode } from './types.js';

/** PedigreeNode members stored on the germplasm as in the Germplasm schema. */
// commonCropName is not a PedigreeNode member but clients send it (the germplasm's crop): it is stored on germplasm the
// write creates (and by PUT), and refused by POST where it contradicts the stored crop (uploadPedigree.ts).
export const GERMPLASM_MEMBERS = ['germplasmName', 'germplasmPUI', 'defaultDisplayName', 'breedingMethodDbId', 'additionalInfo', 'externalReferences', 'commonCropName'];
/** PedigreeNode members that only the pedigree has, stored as plain germplasm properties. */
const PEDIGREE_MEMBERS: Record<string, 'string' | 'integer'> = {
  familyCode: 'string',
  crossingYear: 'integer',
  crossingProjectDbId: 'string',
  pedigreeString: 'string',
};

export class PedigreeRejectedError extends BadRequestError {
  constructor(readonly problems: Problem[]) {
    super(
      `The pedigree was not changed. ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n` +
        problems.map((p) => `- ${p.germplasmDbId}: ${p.reason}`).join('\n'),
    );
  }
}

// A bulk upload holds tens of thousands of nodes: each is read in one pass that builds only what the upload keeps
// (a place in the body, such as "body[12].parents[0]", is written out only for a message).
export function parseUpload(body: unknown, method: 'POST' | 'PUT'): PedigreeUpload {
  const entries = bodyEntries(body, method);
  const problems: Problem[] = [];
  const nodes: UploadNode[] = [];
  const edges = new Map<string, Edge>();
  // The relationships first given by a node's progeny (the others by their child's parents), for a conflict's message.
  const byProgeny = new Set<string>();
  // Without progeny lists (a loader's POST), a child's relationships come only from its own node, described once:
  // the node's few are compared among themselves, and no key is built for each of tens of thousands.
  const keyed = entries.values.some((v) => v !== null && typeof v === 'object' && (v as Record<string, unknown>).progeny != null);
  const unkeyed: Edge[] = [];
  let ofNode = 0;
  const referencedNames = new Map<string, string>();
  const replaceParentsOf: string[] = [];
  const replaceProgenyOf: string[] = [];
  const seen = new Set<string>();

  const addEdge = (child: string, parent: string, parentType: ParentType, side: Side) => {
    if (!keyed) {
      let other: Edge | undefined;
      for (let i = ofNode; i < unkeyed.length && !other; i++) if (unkeyed[i].parent === parent) other = unkeyed[i];
      if (!other) unkeyed.push({ child, parent, parentType });
      else if (other.parentType !== parentType) {
        problems.push({ germplasmDbId: child, reason: `parent ${parent} is given as ${other.parentType} (by ${child}.parents) and as ${parentType} (by ${child}.parents)`, parent });
      }
      return;
    }
    const key = `${child}\u0000${parent}`;
    const other = edges.get(key);
    if (!other) {
      edges.set(key, { child, parent, parentType });
      if (side === 'progeny') byProgeny.add(key);
    } else if (other.parentType !== parentType) {
      const from = (s: Side) => (s === 'progeny' ? `${parent}.progeny` : `${child}.parents`);
      problems.push({
        germplasmDbId: child,
        reason: `parent ${parent} is given as ${other.parentType} (by ${from(byProgeny.has(key) ? 'progeny' : 'parents')}) and as ${parentType} (by ${from(side)})`,
        parent,
      });
    }
  };

  for (let n = 0; n < entries.length; n++) {
    const key = entries.keys?.[n];
    const value = entries.values[n];
    const where = () => entries.where(n);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new BadRequestError(`${where()} must be a pedigree node object.`);
    }
    const node = value as Record<string, unknown>;
    const given = node.germplasmDbId;
    if (given !== undefined && given !== null && typeof given !== 'string') {
      throw new BadRequestError(`${where()}.germplasmDbId must be a string.`);
    }
    if (key !== undefined && typeof given === 'string' && given !== key) {
      throw new BadRequestError(`${where()}.germplasmDbId is "${given}" but the node is keyed "${key}".`);
    }
    const id = key ?? (given as string | undefined);
    if (method === 'PUT' && !id) throw new BadRequestError(`${where()}.germplasmDbId is required to edit a node.`);
    const germplasmDbId = id ?? randomUUID();
    if (seen.has(germplasmDbId)) {
      problems.push({ germplasmDbId, reason: 'is described twice in this request' });
      continue;
    }
    seen.add(germplasmDbId);
    const germplasm: Record<string, unknown> = {};
    for (const m of GERMPLASM_MEMBERS) if (Object.hasOwn(node, m)) germplasm[m] = node[m];
    nodes.push({ germplasmDbId, germplasm, pedigree: pedigreeMembers(node, where) });

    ofNode = unkeyed.length;
    for (const side of SIDES) {
      const list = node[side];
      if (list === undefined || list === null) continue;
      if (!Array.isArray(list)) throw new BadRequestError(`${where()}.${side} must be an array.`);
      if (method === 'PUT') (side === 'parents' ? replaceParentsOf : replaceProgenyOf).push(germplasmDbId);
      for (let i = 0; i < list.length; i++) {
        const ref = reference(list[i], where, side, i, problems, germplasmDbId);
        if (!ref) continue;
        if (ref.name) referencedNames.set(ref.germplasmDbId, ref.name);
        if (ref.germplasmDbId === germplasmDbId) {
          problems.push({ germplasmDbId, reason: 'cannot be its own parent', parent: germplasmDbId });
          continue;
        }
        if (side === 'parents') addEdge(germplasmDbId, ref.germplasmDbId, ref.parentType, side);
        else addEdge(ref.germplasmDbId, germplasmDbId, ref.parentType, side);
      }
    }
  }
  if (problems.length) throw new PedigreeRejectedError(problems);
  return { nodes, edges: keyed ? [...edges.values()] : unkeyed, referencedNames, replaceParentsOf, replaceProgenyOf };
}

type Side = 'parents' | 'progeny';
const SIDES: readonly Side[] = ['parents', 'progeny'];

/** The body's nodes (and, for a PUT keyed by DbId, their keys), and where each is for a message. */
function bodyEntries(body: unknown, method: 'POST' | 'PUT'): { length: number; values: unknown[]; keys?: string[]; where: (n: number) => string } {
  if (Array.isArray(body)) return { length: body.length, values: body, where: (n) => `body[${n}]` };
  if (method === 'PUT' && body !== null && typeof body === 'object') {
    const keys = Object.keys(body);
    return { length: keys.length, values: Object.values(body), keys, where: (n) => `body["${keys[n]}"]` };
  }
  throw new BadRequestError(
    method === 'POST' ? 'The body must be an array of pedigree nodes.' : 'The body must be an object keyed by germplasmDbId (or an array of pedigree nodes).',
  );
}

const PEDIGREE_MEMBER_LIST = Object.entries(PEDIGREE_MEMBERS);

function pedigreeMembers(node: Record<string, unknown>, where: () => string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [member, type] of PEDIGREE_MEMBER_LIST) {
    if (!Object.hasOwn(node, member)) continue;
    const value = node[member];
    const ok = value === null || (type === 'string' ? typeof value === 'string' : Number.isInteger(value));
    if (!ok) throw new BadRequestError(`${where()}.${member} must be ${type === 'string' ? 'a string' : 'an integer'}.`);
    if (member === 'pedigreeString') {
      // One string per germplasm, whichever call gave it: the Germplasm field `pedigree` (pedigree-string.ts); a
      // pedigreeString kept apart by earlier versions goes.
      out.pedigree = value;
      out.pedigreeString = null;
    } else {
      out[member] = value;
    }
  }
  return out;
}

function reference(item: unknown, node: () => string, side: Side, i: number, problems: Problem[], owner: string) {
  const where = () => `${node()}.${side}[${i}]`;
  if (item === null || typeof item !== 'object' || Array.isArray(item)) throw new BadRequestError(`${where()} must be an object.`);
  const { germplasmDbId, germplasmName, parentType } = item as Record<string, unknown>;
  if (typeof germplasmDbId !== 'string' || germplasmDbId === '') throw new BadRequestError(`${where()}.germplasmDbId must be a non-empty string.`);
  if (germplasmName !== undefined && germplasmName !== null && typeof germplasmName !== 'string') {
    throw new BadRequestError(`${where()}.germplasmName must be a string.`);
  }
  if (!PARENT_TYPES.includes(parentType as ParentType)) {
    problems.push({ germplasmDbId: owner, reason: `${where()}.parentType must be one of ${PARENT_TYPES.join(', ')}; got ${JSON.stringify(parentType)}` });
    return undefined;
  }
  return { germplasmDbId, name: (germplasmName as string | null | undefined) ?? undefined, parentType: parentType as ParentType };
}
