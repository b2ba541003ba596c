// Read-your-writes across replicas of the service. Within one instance the driver's bookmarks make every read
// causally after that instance's writes. A client may, however, write through one replica and read through another
// (a load balancer in front of several): what it reads right after writing (a saved search's snapshot and records)
// is therefore read on the cluster's primary, the one member that holds every committed write.
import type { Graph } from './port.js';

/** The same graph, with every read() sent to the primary. */
export function readsOnPrimary(graph: Graph): Graph {
  return new Proxy(graph, {
    get(target, prop, receiver) {
      if (prop === 'read') return (cypher: string, params?: Record<string, unknown>) => target.read(cypher, params, { primary: true });
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
