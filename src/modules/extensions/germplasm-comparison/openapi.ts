// The germplasm comparison in the OpenAPI document /docs renders.
import type { ExtensionOperation } from '../../../openapi/document.js';
import { EXTENSIONS_TAG, errorResponses, ok } from '../../../openapi/extension.js';
import { KINSHIP_METHODS } from '../kinship/kinship.js';

export const GERMPLASM_COMPARISON_PATH = '/extensions/germplasm-comparison';

const named = { type: 'object', required: ['germplasmDbId', 'germplasmName'], properties: { germplasmDbId: { type: 'string' }, germplasmName: { type: 'string', nullable: true } } };

const result = {
  type: 'object',
  required: ['method', 'germplasm', 'coefficientOfParentage', 'relationship', 'commonAncestorCount', 'commonAncestors', 'path'],
  properties: {
    method: { type: 'string', enum: [...KINSHIP_METHODS] },
    germplasm: { type: 'array', items: named, minItems: 2, maxItems: 2, description: 'The two germplasm, in request order (first, second).' },
    coefficientOfParentage: { type: 'number', description: 'Malécot\'s coefficient of coancestry f of the two, as the kinship extension computes it (same method and parent-type rules).' },
    relationship: { type: 'number', description: 'The additive relationship, 2f.' },
    commonAncestorCount: { type: 'integer' },
    commonAncestors: {
      type: 'array',
      description: 'Germplasm that are ancestors of both (a germplasm counts as its own ancestor at generation 0), nearest first.',
      items: {
        type: 'object',
        required: ['germplasmDbId', 'germplasmName', 'generationsFromFirst', 'generationsFromSecond', 'mostRecent'],
        properties: {
          germplasmDbId: { type: 'string' },
          germplasmName: { type: 'string', nullable: true },
          generationsFromFirst: { type: 'integer', description: 'Fewest PARENT relationships from the first germplasm up to it.' },
          generationsFromSecond: { type: 'integer' },
          mostRecent: { type: 'boolean', description: 'None of its descendants is also a common ancestor.' },
        },
      },
    },
    path: {
      type: 'object',
      nullable: true,
      description: 'The shortest chain of PARENT relationships between the two, walked either way; null when none joins them.',
      required: ['length', 'germplasm', 'steps'],
      properties: {
        length: { type: 'integer' },
        germplasm: { type: 'array', items: named, description: 'From the first germplasm to the second.' },
        steps: {
          type: 'array',
          items: {
            type: 'object',
            required: ['fromDbId', 'toDbId', 'direction', 'parentType'],
            properties: {
              fromDbId: { type: 'string' },
              toDbId: { type: 'string' },
              direction: { type: 'string', enum: ['PARENT', 'CHILD'], description: 'PARENT: toDbId is a parent of fromDbId; CHILD: a child.' },
              parentType: { type: 'string', enum: ['MALE', 'FEMALE', 'SELF', 'POPULATION', 'CLONAL'] },
            },
          },
        },
      },
    },
  },
};

export const germplasmComparisonOperation: ExtensionOperation = {
  path: GERMPLASM_COMPARISON_PATH,
  method: 'get',
  module: 'Germplasm',
  operation: {
    tags: [EXTENSIONS_TAG],
    summary: 'Extension: two germplasm side by side (common ancestors, pedigree path, coefficient of parentage)',
    description:
      'Not part of BrAPI. Their common ancestors with the generations from each and the most recent ones marked, the ' +
      'shortest path between them through the pedigree, and their coefficient of parentage as the kinship extension ' +
      'computes it. Exactly two DbIds (the same one twice compares a germplasm with itself); an unknown DbId is a 404 naming it.',
    parameters: [
      {
        name: 'germplasmDbIds',
        in: 'query',
        required: true,
        description: 'The two germplasm, comma-separated: germplasmDbIds=A,B (A,A compares A with itself). Also taken as the '
          + 'parameter twice, germplasmDbIds=A&germplasmDbIds=B, each value a whole DbId (for DbIds holding a comma).',
        schema: { type: 'array', minItems: 2, maxItems: 2, items: { type: 'string', minLength: 1 } },
        style: 'form',
        explode: false,
      },
      {
        name: 'method',
        in: 'query',
        description: '"pedigree" (default): founders non-inbred. "inbred": every line fully inbred, the coefficient of parentage of self-pollinated crops. As the kinship call.',
        schema: { type: 'string', enum: [...KINSHIP_METHODS] },
      },
      { $ref: '#/components/parameters/authorizationHeader' },
    ],
    responses: { 200: ok(result), ...errorResponses },
  },
};

export const germplasmComparisonOperations: ExtensionOperation[] = [germplasmComparisonOperation];
