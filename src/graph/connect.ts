import { BoltGraph } from './bolt-transport.js';
import { HttpGraph } from './http-transport.js';
import type { Graph } from './port.js';

export interface GraphConfig {
  uri: string;
  user?: string;
  password?: string;
  database?: string;
  timeoutMs?: number;
}

/** Picks the transport from the URI scheme. */
export function connectGraph(config: GraphConfig): Graph {
  let scheme: string;
  try {
    scheme = new URL(config.uri).protocol.replace(':', '');
  } catch {
    throw new Error(`NEO4J_URI "${config.uri}" is not a URI: use bolt://host:7687, neo4j+s://host or http://host:7474`);
  }
  const opts = { ...config, url: config.uri };
  if (scheme === 'http' || scheme === 'https') return new HttpGraph(opts);
  if (['bolt', 'bolt+s', 'bolt+ssc', 'neo4j', 'neo4j+s', 'neo4j+ssc'].includes(scheme)) return new BoltGraph(opts);
  throw new Error(`NEO4J_URI has an unsupported scheme "${scheme}": use bolt://, neo4j://, neo4j+s:// or http(s)://`);
}
