import { deriveExternalReferences } from '../../../entities/external-references.js';
import type { EntityDef } from '../../../entities/types.js';
import { moveSeed } from './balance.js';
import { contentFilters } from './seedlots.entity.js';

const LOT = { label: 'SeedLot', idProp: 'seedLotDbId' };
/** Either seed lot of a transaction: the one it takes from or the one it gives to. */
const EITHER_LOT = '-[:FROM_LOT|TO_LOT]->';

export const seedLotTransactionEntity: EntityDef = {
  path: 'seedlots/transactions',
  label: 'SeedLotTransaction',
  idField: 'transactionDbId',
  module: 'Germplasm',
  schema: 'SeedLotTransaction',
  jsonFields: ['additionalInfo', 'externalReferences'],
  refs: [
    { field: 'fromSeedLotDbId', rel: 'FROM_LOT', target: LOT },
    { field: 'toSeedLotDbId', rel: 'TO_LOT', target: LOT },
  ],
  filters: {
    transactionDbId: { kind: 'eq', prop: 'transactionDbId' },
    seedLotDbId: { kind: 'related', path: EITHER_LOT, label: 'SeedLot', prop: 'seedLotDbId' },
    // Germplasm, cross, program and crop of a transaction: those of either of its seed lots.
    ...contentFilters(`${EITHER_LOT}(:SeedLot)`),
  },
  // No PUT in the spec: a transaction is a ledger entry; recording one moves the seed (balance.ts).
  operations: ['list', 'create'],
  afterCreate: (tx, records, _ids, actor) => moveSeed(tx, records, actor),
  indexes: [],
  derive: deriveExternalReferences,
};
