// The statements of a VCF import that write entities, generated from the declarations (labels, relationship types)
// and graph.ts (the staging labels), so that they follow a change of either; every value is a parameter.
import { declaredRef } from '../../../entities/import-records.js';
import { G } from '../graph.js';
import { referenceEntity } from '../references/references.entity.js';
import { variantEntity } from '../variants/variants.entity.js';

const IN_SET = declaredRef(variantEntity, 'variantSetDbId');
const ON_REFERENCE = declaredRef(variantEntity, 'referenceDbId');
const IN_REFERENCE_SET = declaredRef(referenceEntity, 'referenceSetDbId');
const SET = IN_REFERENCE_SET.target;

/**
 * One batch of variants, each with its packed calls, under a label no call reads until the import commits; renews
 * the import's heartbeat (staging.ts). Stages nothing when the marker is gone (another import found this one dead).
 * Params: $importId, $rows (list of {props, calls (bytes), ploidy})
 */
export const STAGE_VARIANTS = `MATCH (m:${G.stagedImport} {importId: $importId})
SET m.heartbeat = datetime()
WITH m
UNWIND $rows AS row
CREATE (v:${G.staged})
SET v = properties(row.props)
CREATE (v)-[:${G.hasCalls}]->(:${G.callRow} {calls: row.calls, ploidy: row.ploidy})
RETURN count(v) AS staged`;

/**
 * Commit, with the variant set: its reference set (the assembly, shared by every import on it) and the contigs as its
 * references, made when new (as the declarations store them).
 * Params: $set ({id, props}), $references (list of {id, props})
 */
export const COMMIT_REFERENCES = `MERGE (rs:${SET.label} {${SET.idProp}: $set.id})
ON CREATE SET rs += $set.props
WITH rs
UNWIND $references AS ref
MERGE (r:${referenceEntity.label} {${referenceEntity.idField}: ref.id})
ON CREATE SET r += ref.props
MERGE (r)-[:${IN_REFERENCE_SET.rel}]->(rs)
RETURN count(r) AS references`;

/**
 * Commit, last step: the staged variants become variants of the set, each placed on the reference of its contig, all
 * in this transaction. Their importId stays: removing a property rewrites the node's property records, and for 50,000
 * variants that alone took the transaction past the bundled database's memory limit (384 MB) at commit.
 * Params: $importId, $variantSetDbId, $referenceIds (map: contig -> referenceDbId, as the variants' records name them)
 */
export const COMMIT_VARIANTS = `MATCH (vs:${IN_SET.target.label} {${IN_SET.target.idProp}: $variantSetDbId})
MATCH (v:${G.staged} {importId: $importId})
REMOVE v:${G.staged}
SET v:${variantEntity.label}
CREATE (v)-[:${IN_SET.rel} {i: 0}]->(vs)
WITH v
CALL (v) {
  MATCH (ref:${ON_REFERENCE.target.label} {${ON_REFERENCE.target.idProp}: $referenceIds[v.referenceName]})
  CREATE (v)-[:${ON_REFERENCE.rel}]->(ref)
}
RETURN count(v) AS variants`;
