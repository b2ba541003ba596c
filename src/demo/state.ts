// Whether the demo data is whole. The load writes its marker first (state 'loading') and sets it to 'complete' only
// as its last step, so a start after a crash, a kill or a time-out midway finds 'loading' and never serves half a
// demo as if it were whole: it removes what was written and loads the demo again.
import { cypher } from '../graph/cypher-files.js';
import type { Graph } from '../graph/port.js';

const NAME = 'demo';
const REMOVE_BATCH = 10_000;

export type DemoMarkerState = 'loading' | 'complete';

export interface DemoMarker {
  state: DemoMarkerState;
  step: string | null;
  startedAt: string;
}

export async function readDemoMarker(graph: Graph): Promise<DemoMarker | undefined> {
  const [row] = await graph.read<{ state: DemoMarkerState; step: string | null; startedAt: string }>(cypher('demo/state'), { name: NAME });
  return row;
}

/** The load's first write (or, before a reload, its restart): the marker says 'loading' from here on. */
export async function beginDemoMarker(graph: Graph, step: string): Promise<void> {
  await graph.write(cypher('demo/begin'), { name: NAME, state: 'loading', step });
}

/** Records the step the load is in; 'complete' only from the load's last step. */
export async function markDemoStep(graph: Graph, step: string | null, state: DemoMarkerState = 'loading'): Promise<void> {
  const [row] = await graph.write(cypher('demo/step'), { name: NAME, step, state });
  // The marker is written first; a load that finds none was started some other way and must not claim completion.
  if (!row) throw new Error('The demo marker is missing: the demo load did not begin with it.');
}

/** Whether the database holds anything besides API tokens (which a token CLI may have made before a first start). */
export async function holdsData(graph: Graph): Promise<boolean> {
  return (await graph.read(cypher('demo/empty'))).length > 0;
}

/** Removes an incomplete demo load except its marker (which keeps saying 'loading' until the reload completes). */
export async function removeIncompleteDemo(graph: Graph): Promise<number> {
  let removed = 0;
  for (;;) {
    const [row] = await graph.write<{ removed: number }>(cypher('demo/remove-batch'), { batch: REMOVE_BATCH });
    if (!row || row.removed === 0) return removed;
    removed += row.removed;
  }
}
