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

export function parseUpload(body: unknown, method: 'POST' | 'PUT'): PedigreeUpload {
  const entries = bodyEntries(body, method);
  const problems: Problem[] = [];
  const nodes: UploadNode[] = [];
  const edges = new Map<string, Edge & { from: string }>();
  const referencedNames = new Map<string, string>();
  const replaceParentsOf: string[] = [];
  const replaceProgenyOf: string[] = [];
  const seen = new Set<string>();

  const addEdge = (edge: Edge, from: string) => {
    const key = `${edge.child}\u0000${edge.parent}`;
    const other = edges.get(key);
    if (other && other.parentType !== edge.parentType) {
      problems.push({
        germplasmDbId: edge.child,
        reason: `parent ${edge.parent} is given as ${other.parentType} (by ${other.from}) and as ${edge.parentType} (by ${from})`,
        parent: edge.parent,
      });
    }
    if (!other) edges.set(key, { ...edge, from });
  };

  for (const { key, value, where } of entries) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new BadRequestError(`${where} must be a pedigree node object.`);
    }
    const node = value as Record<string, unknown>;
    const given = node.germplasmDbId;
    if (given !== undefined && given !== null && typeof given !== 'string') {
      throw new BadRequestError(`${where}.germplasmDbId must be a string.`);
    }
    if (key !== undefined && typeof given === 'string' && given !== key) {
      throw new BadRequestError(`${where}.germplasmDbId is "${given}" but the node is keyed "${key}".`);
    }
    const id = key ?? (given as string | undefined);
    if (method === 'PUT' && !id) throw new BadRequestError(`${where}.germplasmDbId is required to edit a node.`);
    const germplasmDbId = id ?? randomUUID();
    if (seen.has(germplasmDbId)) {
      problems.push({ germplasmDbId, reason: 'is described twice in this request' });
      continue;
    }
    seen.add(germplasmDbId);
    nodes.push({
      germplasmDbId,
      germplasm: Object.fromEntries(GERMPLASM_MEMBERS.filter((m) => Object.hasOwn(node, m)).map((m) => [m, node[m]])),
      pedigree: pedigreeMembers(node, where),
    });

    for (const side of ['parents', 'progeny'] as const) {
      const list = node[side];
      if (list === undefined || list === null) continue;
      if (!Array.isArray(list)) throw new BadRequestError(`${where}.${side} must be an array.`);
      if (method === 'PUT') (side === 'parents' ? replaceParentsOf : replaceProgenyOf).push(germplasmDbId);
      list.forEach((item, i) => {
        const ref = reference(item, `${where}.${side}[${i}]`, problems, germplasmDbId);
        if (!ref) return;
        if (ref.name) referencedNames.set(ref.germplasmDbId, ref.name);
        if (ref.germplasmDbId === germplasmDbId) {
          problems.push({ germplasmDbId, reason: 'cannot be its own parent', parent: germplasmDbId });
          return;
        }
        const edge = side === 'parents'
          ? { child: germplasmDbId, parent: ref.germplasmDbId, parentType: ref.parentType }
          : { child: ref.germplasmDbId, parent: germplasmDbId, parentType: ref.parentType };
        addEdge(edge, `${germplasmDbId}.${side}`);
      });
    }
  }
  if (problems.length) throw new PedigreeRejectedError(problems);
  return {
    nodes,
    edges: [...edges.values()].map(({ child, parent, parentType }) => ({ child, parent, parentType })),
    referencedNames,
    replaceParentsOf,
    replaceProgenyOf,
  };
}

function bodyEntries(body: unknown, method: 'POST' | 'PUT') {
  if (Array.isArray(body)) return body.map((value, i) => ({ key: undefined, value, where: `body[${i}]` }));
  if (method === 'PUT' && body !== null && typeof body === 'object') {
    return Object.entries(body).map(([key, value]) => ({ key: key as string | undefined, value, where: `body["${key}"]` }));
  }
  throw new BadRequestError(
    method === 'POST' ? 'The body must be an array of pedigree nodes.' : 'The body must be an object keyed by germplasmDbId (or an array of pedigree nodes).',
  );
}

function pedigreeMembers(node: Record<string, unknown>, where: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [member, type] of Object.entries(PEDIGREE_MEMBERS)) {
    if (!Object.hasOwn(node, member)) continue;
    const value = node[member];
    const ok = value === null || (type === 'string' ? typeof value === 'string' : Number.isInteger(value));
    if (!ok) throw new BadRequestError(`${where}.${member} must be ${type === 'string' ? 'a string' : 'an integer'}.`);
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

function reference(item: unknown, where: string, problems: Problem[], owner: string) {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) throw new BadRequestError(`${where} must be an object.`);
  const { germplasmDbId, germplasmName, parentType } = item as Record<string, unknown>;
  if (typeof germplasmDbId !== 'string' || germplasmDbId === '') throw new BadRequestError(`${where}.germplasmDbId must be a non-empty string.`);
  if (germplasmName !== undefined && germplasmName !== null && typeof germplasmName !== 'string') {
    throw new BadRequestError(`${where}.germplasmName must be a string.`);
  }
  if (!PARENT_TYPES.includes(parentType as ParentType)) {
    problems.push({ germplasmDbId: owner, reason: `${where}.parentType must be one of ${PARENT_TYPES.join(', ')}; got ${JSON.stringify(parentType)}` });
    return undefined;
  }
  return { germplasmDbId, name: (germplasmName as string | null | undefined) ?? undefined, parentType: parentType as ParentType };
}
