// GET /seedlots/{seedLotDbId}/transactions: the transactions of one seed lot.
import type { BrapiRouter } from '../../../http/types.js';

// Placeholder: filled in by the module's own work.
export function registerSeedLotTransactions(_router: BrapiRouter) {}
