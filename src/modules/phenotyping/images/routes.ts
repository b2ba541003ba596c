// Image content and deletion: PUT /images/{imageDbId}/imagecontent stores the bytes, GET of the same path (an
// extension: the spec has no call to read them) returns them, POST /delete/images removes the images a search body
// selects. Storage of the bytes: queries.ts.
import type { IncomingMessage } from 'node:http';
import { compileWhere } from '../../../entities/filters.js';
import { deleteEntities } from '../../../entities/commands/deleteEntities.js';
import { getEntity } from '../../../entities/queries.js';
import { assertCanModify } from '../../../auth/ownership.js';
import { BadRequestError, NotFoundError, PayloadTooLargeError } from '../../../errors.js';
import { addStatus, respondOne } from '../../../http/envelope.js';
import { publicOrigin } from '../../../http/origin.js';
import { offering, read, write, type RouteDef } from '../../../http/routes.js';
import type { BrapiContext } from '../../../http/types.js';
import { validateBody } from '../../../http/validate.js';
import { searchInput } from '../../../search/members.js';
import { imageEntity as images } from './images.entity.js';
import { imageDimensions } from './dimensions.js';
import { imageContentOperation } from './openapi.js';
import { CONTENT, HAS_CONTENT, readContent, writeContent } from './queries.js';

const content = `/${images.path}/:${images.idField}/imagecontent`;

export const routes: RouteDef[] = [
  write.put(content, async (ctx) => {
    const id = ctx.params[images.idField];
    const mimeType = (ctx.get('content-type').split(';')[0] ?? '').trim().toLowerCase();
    if (!/^image\/[\w.+-]+$/.test(mimeType)) throw new BadRequestError(`The body must be the image itself, with a Content-Type image/*; got "${mimeType}".`);
    const bytes = await readBytes(ctx.req, ctx.services.config.maxBodyBytes, ctx.get('content-length'));
    if (!bytes.length) throw new BadRequestError('The body holds no image bytes.');
    // The metadata follows the uploaded image: its type, size, dimensions (when readable) and where to fetch it.
    const props = {
      mimeType,
      imageFileSize: bytes.length,
      imageURL: `${publicOrigin(ctx)}${ctx.services.config.basePath}/${images.path}/${encodeURIComponent(id)}/imagecontent`,
      ...imageDimensions(bytes),
    };
    const written = await ctx.services.graph.transaction(async (tx) => {
      await assertCanModify(tx, ctx.state.actor, images.label, images.idField, [id]);
      return writeContent(tx, id, bytes, mimeType, props);
    });
    if (!written) throw notFound(id);
    respondOne(ctx, await getEntity(ctx.services.graph, images, id));
  }),

  ...offering(['image/*'], read.operation(imageContentOperation, async (ctx) => {
    const id = ctx.params[images.idField];
    const stored = await readContent(ctx.services.graph, id);
    if (!stored) throw notFound(id);
    if (stored.bytes === null) throw new NotFoundError(`Image "${id}" has no content yet (PUT /images/${id}/imagecontent stores it).`);
    ctx.type = stored.mimeType ?? 'application/octet-stream';
    ctx.body = stored.bytes;
  })),

  write.post('/delete/images', (ctx) => deleteImages(ctx)),
];

function notFound(id: string) {
  return new NotFoundError(`No ${images.label} has ${images.idField} "${id}".`);
}

/**
 * The request body as bytes, at most `limit` of them (413 past it). A body larger than the limit is still read to
 * its end, so the client receives the 413 instead of a reset connection.
 */
function readBytes(req: IncomingMessage, limit: number, declaredLength: string): Promise<Buffer> {
  const tooLarge = () => new PayloadTooLargeError(`The image is larger than this server accepts (at most ${limit} bytes, BRAPI_MAX_BODY_BYTES).`);
  if (Number(declaredLength) > limit) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => (size > limit ? reject(tooLarge()) : resolve(Buffer.concat(chunks, size))));
    req.on('error', reject);
  });
}

/**
 * POST /delete/images: the body is an image search request; every image it selects is deleted with its content, in
 * one transaction. An imageDbId that names no image is a 404 naming it, and nothing is deleted. A body that selects
 * by nothing deletes nothing (BRAVA sends `{}`; deleting every image would be the wrong reading of an empty request).
 */
async function deleteImages(ctx: BrapiContext) {
  const body = ctx.request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new BadRequestError('The body must be an image search request object.');
  validateBody('post', '/delete/images', body);
  const { input, ignored } = searchInput(body as Record<string, unknown>, new Set(Object.keys(images.filters)), ctx.services.config.maxPageSize);
  for (const member of ignored) {
    const why = images.unapplied && Object.hasOwn(images.unapplied, member) ? `: ${images.unapplied[member]}` : '';
    addStatus(ctx, 'WARNING', `Member "${member}" cannot select images to delete and was ignored${why}.`);
  }
  const filter = compileWhere(images, input);
  if (!Object.keys(filter.params).length) {
    addStatus(ctx, 'WARNING', 'The request selects no images (no usable member), so nothing was deleted.');
    return respondOne(ctx, { imageDbIds: [] });
  }
  const deleted = await deleteEntities(ctx.services.graph, {
    entity: images,
    filters: [filter],
    named: [input.imageDbId ?? []].flat().map(String),
    owned: `-[:${HAS_CONTENT}]->(o:${CONTENT})`,
    actor: ctx.state.actor,
  });
  if (!deleted.length) addStatus(ctx, 'INFO', 'No image matches this request; nothing was deleted.');
  respondOne(ctx, { imageDbIds: deleted });
}
