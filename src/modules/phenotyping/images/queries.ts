// Image content: the bytes sit on their own node, (:Image)-[:HAS_CONTENT]->(:ImageContent), so listing images never
// reads them; they are stored base64-encoded, which every transport carries.
import type { Graph, Runner } from '../../../graph/port.js';
import { imageEntity as images } from './images.entity.js';

export const CONTENT = 'ImageContent';
export const HAS_CONTENT = 'HAS_CONTENT';
const byId = `MATCH (n:${images.label} {${images.idField}: $id})`;

/**
 * Stores the bytes and the metadata they give; false when no image has the DbId. Writing the image first locks it,
 * so two concurrent uploads cannot both create a content node.
 */
export async function writeContent(tx: Runner, id: string, bytes: Buffer, mimeType: string, props: Record<string, unknown>): Promise<boolean> {
  const rows = await tx.run(
    `${byId} SET n += $props MERGE (n)-[:${HAS_CONTENT}]->(c:${CONTENT}) SET c.bytes = $bytes, c.mimeType = $mimeType RETURN n.${images.idField} AS id`,
    { id, bytes: bytes.toString('base64'), mimeType, props },
  );
  return rows.length > 0;
}

/** The stored bytes and their type: undefined when no image has the DbId, bytes null when it has no content yet. */
export async function readContent(graph: Graph, id: string): Promise<{ bytes: Buffer | null; mimeType: string | null } | undefined> {
  const [row] = await graph.read<{ bytes: string | null; mimeType: string | null }>(
    `${byId} OPTIONAL MATCH (n)-[:${HAS_CONTENT}]->(c:${CONTENT}) RETURN c.bytes AS bytes, c.mimeType AS mimeType`,
    { id },
  );
  return row && { bytes: row.bytes === null ? null : Buffer.from(row.bytes, 'base64'), mimeType: row.mimeType };
}
