// The seed lot module's own statements (the generic ones are in src/entities/queries.ts).
import type { Runner } from '../../../graph/port.js';
import { seedLotEntity as lots } from './seedlots.entity.js';

export type LotState = {
  id: string;
  amount: number | null;
  units: string | null;
};

const lotById = (id: string) => `MATCH (l:${lots.label} {${lots.idField}: ${id}})`;

/** The lots' balances; writing lastUpdated first locks the lots, so concurrent transactions on a lot apply in turn. */
export function lockLots(tx: Runner, ids: string[], now: string): Promise<LotState[]> {
  return tx.run<LotState>(`UNWIND $ids AS id ${lotById('id')} SET l.lastUpdated = $now RETURN id, l.amount AS amount, l.units AS units`, { ids, now });
}

export async function setBalances(tx: Runner, rows: LotState[]): Promise<void> {
  await tx.run(`UNWIND $rows AS row ${lotById('row.id')} SET l.amount = row.amount, l.units = row.units`, { rows });
}
