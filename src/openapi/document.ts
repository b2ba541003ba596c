// The OpenAPI document of what this server implements: the official v2.1 operations of the calls /serverinfo lists,
// with every component they reference, merged from the four module files into one. The files define some components
// in several modules; those this document uses are the same everywhere (Trait and Method differ between Germplasm
// and Phenotyping, but only Phenotyping's operations use them), and building the document fails loudly if a new
// version of the files breaks that.
import { MODULES, type BrapiModule, type BrapiSpec } from './spec.js';

export interface ImplementedCall {
  service: string;
  methods: string[];
}

const REF = /^#\/components\/(\w+)\/(.+)$/;

export function implementedDocument(spec: BrapiSpec, calls: ImplementedCall[], basePath: string, version: string): Record<string, unknown> {
  const components: Record<string, Record<string, unknown>> = {};
  const owners = new Map<string, { module: BrapiModule; json: string }>();

  /** Adds every component `value` references (transitively), as the module it comes from defines it. */
  const collect = (module: BrapiModule, value: unknown) => {
    for (const [kind, name] of refsIn(value)) {
      const key = `${kind}/${name}`;
      const component = spec.docs[module].components?.[kind]?.[name];
      if (component === undefined) throw new Error(`BrAPI-${module}.yaml references ${key}, which it does not define`);
      const json = JSON.stringify(component);
      const owner = owners.get(key);
      if (owner) {
        if (owner.json !== json) throw new Error(`${key} differs between BrAPI-${owner.module}.yaml and BrAPI-${module}.yaml, and both are used`);
        continue;
      }
      owners.set(key, { module, json });
      (components[kind] ??= {})[name] = component;
      collect(module, component);
    }
  };

  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Set<string>();
  for (const call of calls) {
    for (const method of call.methods.map((m) => m.toLowerCase())) {
      const op = spec.getOperation(method, `/${call.service}`);
      if (!op) continue;
      const operation = op.operation as { tags?: string[] };
      collect(op.module, operation);
      (operation.tags ?? []).forEach((t) => tags.add(t));
      (paths[`/${call.service}`] ??= {})[method] = operation;
    }
  }
  const core = spec.docs.Core;
  return {
    openapi: core.openapi,
    info: {
      ...core.info,
      title: 'brapi-neo4j: the BrAPI v2.1 calls this server implements',
      version,
      description:
        'The official BrAPI v2.1 operations (https://brapi.org) of every call this server lists in /serverinfo, ' +
        'merged from the four module files. Extensions outside BrAPI are described in the project README.',
    },
    servers: [{ url: basePath }],
    security: core.security,
    tags: usedTags(spec, tags),
    paths,
    components: { ...sorted(components), securitySchemes: core.components?.securitySchemes },
  };
}

/** The tags the operations use, described as the files describe them (some operations use a tag no file defines). */
function usedTags(spec: BrapiSpec, used: Set<string>) {
  const defined = new Map<string, { name: string }>(MODULES.flatMap((m) => spec.docs[m].tags ?? []).map((t: { name: string }) => [t.name, t]));
  return [...used].sort().map((name) => defined.get(name) ?? { name });
}

function* refsIn(value: unknown): Generator<[string, string]> {
  if (Array.isArray(value)) for (const v of value) yield* refsIn(v);
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const m = k === '$ref' && typeof v === 'string' ? REF.exec(v) : null;
      if (m) yield [m[1], m[2]];
      else yield* refsIn(v);
    }
  }
}

function sorted(components: Record<string, Record<string, unknown>>) {
  return Object.fromEntries(Object.entries(components).map(([kind, items]) => [kind, Object.fromEntries(Object.entries(items).sort(([a], [b]) => a.localeCompare(b)))]));
}
