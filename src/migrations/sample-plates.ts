// Samples stored before plates were records of their own held their plate as two plain properties (plateDbId,
// plateName). Each becomes a relationship to a plate, made from what the samples say when no plate has that DbId,
// in one transaction.
import { cypher } from '../graph/cypher-files.js';
import type { Migration } from './migration.js';

export const samplePlates: Migration = {
  id: 'sample-plates',
  description: "a sample's plate DbId and name become a relationship to a plate record",
  async pending(graph) {
    const [row] = await graph.read<{ n: number }>(cypher('genotyping/plates/samples-with-plain-plates'));
    return row.n;
  },
  apply: (graph) =>
    graph.transaction(async (tx) => {
      const [before] = await tx.run<{ n: number }>(cypher('genotyping/plates/samples-with-plain-plates'));
      await tx.run(cypher('genotyping/plates/plates-of-plain-samples'));
      await tx.run(cypher('genotyping/plates/link-plain-samples'));
      return before.n;
    }),
};
