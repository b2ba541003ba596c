import { BoltGraph } from './bolt-transport.js';
import type { Graph } from './port.js';

export interface GraphConfig {
  uri: string;
  user?: string;
  password?: string;
  database?: string;
  timeoutMs?: number;
}

const BOLT_SCHEMES = ['bolt', 'bolt+s', 'bolt+ssc', 'neo4j', 'neo4j+s', 'neo4j+ssc'];

/** A Bolt connection to the Neo4j 5 the URI names (bolt:// for one server, neo4j:// for a cluster or Aura). */
export function connectGraph(config: GraphConfig): Graph {
  let scheme: string;
  try {
    scheme = new URL(config.uri).protocol.replace(':', '');
  } catch {
    throw new Error(`NEO4J_URI "${config.uri}" is not a URI: use bolt://host:7687, neo4j://host or neo4j+s://host`);
  }
  if (!BOLT_SCHEMES.includes(scheme)) {
    throw new Error(`NEO4J_URI has an unsupported scheme "${scheme}": the service speaks Bolt (bolt://, neo4j://, ` +
      'neo4j+s://, with +ssc for self-signed certificates); HTTP endpoints are not supported');
  }
  return new BoltGraph({ ...config, url: config.uri });
}
