// GET /images/{imageDbId}/imagecontent in the OpenAPI document: an extension on an official path (the spec stores an
// image's bytes with PUT but has no call to read them back), declared so that the document lists every method the
// path answers (its Allow header names GET and PUT).
import type { ExtensionOperation } from '../../../openapi/document.js';
import { EXTENSIONS_TAG, errorResponses } from '../../../openapi/extension.js';

export const imageContentOperation: ExtensionOperation = {
  path: '/images/{imageDbId}/imagecontent',
  method: 'get',
  module: 'Phenotyping',
  operation: {
    // Under Images too: it reads back what the official PUT on the same path stores.
    tags: ['Images', EXTENSIONS_TAG],
    summary: 'Extension: the bytes of an image, as PUT /images/{imageDbId}/imagecontent stored them',
    description: 'Not part of BrAPI. Answers the stored image with its Content-Type; 404 for an unknown image or one with no content yet.',
    parameters: [
      { name: 'imageDbId', in: 'path', required: true, description: 'The image.', schema: { type: 'string' } },
      { $ref: '#/components/parameters/authorizationHeader' },
    ],
    responses: {
      200: { description: 'The image bytes.', content: { 'image/*': { schema: { type: 'string', format: 'binary' } } } },
      ...errorResponses,
    },
  },
};

export const imageContentOperations: ExtensionOperation[] = [imageContentOperation];
