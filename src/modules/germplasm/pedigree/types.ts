export const PARENT_TYPES = ['MALE', 'FEMALE', 'SELF', 'POPULATION', 'CLONAL'] as const;
export type ParentType = (typeof PARENT_TYPES)[number];

/** One PARENT relationship: (child)-[:PARENT {parentType}]->(parent). */
export interface Edge {
  child: string;
  parent: string;
  parentType: ParentType;
}

/** A germplasm named by an upload: its DbId (given or generated) and the fields the request sets. */
export interface UploadNode {
  germplasmDbId: string;
  /** Germplasm-schema fields as given (germplasmName, germplasmPUI, defaultDisplayName, ...). */
  germplasm: Record<string, unknown>;
  /** Pedigree-only properties (familyCode, crossingYear, crossingProjectDbId; pedigreeString as `pedigree`). */
  pedigree: Record<string, unknown>;
}

export interface Problem {
  /** The germplasm the problem is about (for an edge, its child). */
  germplasmDbId: string;
  reason: string;
  /** For a problem with one PARENT relationship: its parent. */
  parent?: string;
  /** For a problem with one member of the node (not its parents): that member; an import leaves it out. */
  field?: string;
  /** For a cycle: the germplasm on it, child first. */
  cycle?: string[];
  /** For a child whose given parents do not go with its stored ones (parent-types.ts): both sets. */
  conflict?: { stored: ParentRef[]; given: ParentRef[] };
}

/** A parent as a report names it. */
export interface ParentRef {
  germplasmDbId: string;
  germplasmName: string;
  parentType: ParentType;
}

export interface PedigreeUpload {
  nodes: UploadNode[];
  /** One per child and parent: parseUpload keeps one and refuses two types for the same pair. */
  edges: Edge[];
  /** Names referenced by edges, for endpoints the request does not describe (used to create them). */
  referencedNames: Map<string, string>;
  /** Nodes whose parent edges are replaced (PUT with a `parents` array) ... */
  replaceParentsOf: string[];
  /** ... and whose progeny edges are replaced (PUT with a `progeny` array). */
  replaceProgenyOf: string[];
}
