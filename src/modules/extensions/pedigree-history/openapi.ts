// The pedigree-history extension in the OpenAPI document /docs renders. Its envelope, parameters and error
// responses are the official components; the entry schema is its own, inline (no name that could clash with BrAPI's).
import type { ExtensionOperation } from '../../../openapi/document.js';
import { EXTENSIONS_TAG, dataResult, errorResponses, ok } from '../../../openapi/extension.js';

const entry = {
  type: 'object',
  required: ['changeId', 'sequence', 'timestamp', 'userId', 'source', 'action', 'germplasmDbId', 'germplasmName', 'parentDbId', 'parentGermplasmName', 'parentType'],
  properties: {
    changeId: { type: 'string', description: 'One pedigree write: a POST or PUT /pedigree request, or one batch of an import.' },
    sequence: { type: 'integer', description: 'Order of the write among all pedigree writes (increasing).' },
    timestamp: { type: 'string', format: 'date-time', description: 'When the write was committed (its transaction time, UTC).' },
    userId: { type: 'string', nullable: true, description: 'Who wrote it (the token\'s user); null with authentication disabled or for an import without --user.' },
    source: { type: 'string', nullable: true, description: '"POST /pedigree", "PUT /pedigree", "import", "crosses", "undo <changeId>" or "merge <duplicate> into <survivor>".' },
    action: { type: 'string', enum: ['ADDED', 'REMOVED', 'MERGED'], description: 'The PARENT relationship was added or removed (a new parentType is both); MERGED: the germplasm parentDbId (a duplicate) was merged into this one and deleted.' },
    germplasmDbId: { type: 'string', description: 'The child, by the DbId it had when the change was recorded (a duplicate merged into this germplasm keeps its own).' },
    germplasmName: { type: 'string', nullable: true },
    parentDbId: { type: 'string' },
    parentGermplasmName: { type: 'string', nullable: true, description: 'The parent\'s current name.' },
    parentType: { type: 'string', nullable: true, enum: ['MALE', 'FEMALE', 'SELF', 'POPULATION', 'CLONAL', null], description: 'null for a MERGED entry.' },
  },
};

export const historyOperation: ExtensionOperation = {
  path: '/extensions/germplasm/{germplasmDbId}/pedigree-history',
  method: 'get',
  operation: {
    tags: [EXTENSIONS_TAG],
    summary: 'Extension: the recorded changes of a germplasm\'s parents',
    description:
      'Not part of BrAPI. Every pedigree write (POST and PUT /pedigree, the import command) records each PARENT ' +
      'relationship it adds or removes, with who, when and a change id per request or import batch, in the same ' +
      'transaction as the write. This lists the changes of the germplasm\'s own parents, oldest first, paged.',
    parameters: [
      { name: 'germplasmDbId', in: 'path', required: true, description: 'The child germplasm.', schema: { type: 'string' } },
      { $ref: '#/components/parameters/page' },
      { $ref: '#/components/parameters/pageSize' },
      { $ref: '#/components/parameters/authorizationHeader' },
    ],
    responses: {
      200: ok(dataResult(entry)),
      ...errorResponses,
    },
  },
};

export const undoOperation: ExtensionOperation = {
  path: '/extensions/pedigree-history/{changeId}/undo',
  method: 'post',
  module: 'Germplasm',
  operation: {
    tags: [EXTENSIONS_TAG],
    summary: 'Extension: undo one recorded pedigree change',
    description:
      'Not part of BrAPI. Removes every PARENT relationship the change added and puts back every one it removed, as ' +
      'a PUT /pedigree of the germplasm it touched: the same rules apply (parent sets, cycles, crops, ownership), and ' +
      'the undo is recorded as a change of its own. A relationship changed again by a later change makes the undo ' +
      'ambiguous: 409, naming the later changes to undo first. Answers the pedigree nodes of the germplasm it changed.',
    parameters: [
      { name: 'changeId', in: 'path', required: true, description: 'A changeId from the pedigree history.', schema: { type: 'string' } },
      { $ref: '#/components/parameters/page' },
      { $ref: '#/components/parameters/pageSize' },
      { $ref: '#/components/parameters/authorizationHeader' },
    ],
    responses: {
      200: { $ref: '#/components/responses/PedigreeListResponse' },
      ...errorResponses,
      409: { description: 'Conflict: later changes touched the same relationships; the message names them.', content: { 'text/plain': { schema: { type: 'string' } } } },
    },
  },
};

export const pedigreeHistoryOperations: ExtensionOperation[] = [historyOperation, undoOperation];
