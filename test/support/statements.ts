// The statements the service sends to Neo4j while some work runs, seen through the transport's observer.
import { expect } from 'chai';
import { BoltGraph, COMMIT } from '../../src/graph/bolt-transport.js';
import { server } from './server.js';

/** The statement texts the service sent while `work` ran, in order (commits left out). */
export async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  const graph = server().graph;
  expect(graph).to.be.instanceOf(BoltGraph);
  const bolt = graph as BoltGraph;
  const seen: string[] = [];
  const previous = bolt.statementObserver;
  bolt.statementObserver = (cypher, ms) => {
    if (cypher !== COMMIT) seen.push(cypher);
    previous?.(cypher, ms);
  };
  try {
    await work();
  } finally {
    bolt.statementObserver = previous;
  }
  return seen;
}
