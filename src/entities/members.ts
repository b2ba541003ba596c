// Nested members of JSON-stored fields (a contact's orcid, a donor's institute code, a cross parent's
// observationUnitDbId): BrAPI records carry every member their schema declares, null when empty, at every depth
// (BRAVA's schemas require them). Stored JSON keeps what the client sent; the members are completed on the way out.
import { loadSpec, type BrapiModule } from '../openapi/spec.js';

/** What to complete in a value: the members of an object (each with its own shape), or each item of a list. */
type Shape = { members: Map<string, Shape | null> } | { items: Shape } | null;

const shapes = new Map<string, Shape>();

/** The value with every missing member of its schema (at every depth) added as null; deprecated members are not. */
export function completeMembers(module: BrapiModule, schema: string, field: string, value: unknown): unknown {
  const key = `${module}/${schema}/${field}`;
  if (!shapes.has(key)) {
    const spec = loadSpec();
    shapes.set(key, shapeOf(spec.resolveSchema(spec.schema(module, schema))?.properties?.[field], 0));
  }
  return complete(value, shapes.get(key) ?? null);
}

function shapeOf(raw: unknown, depth: number): Shape {
  const s = loadSpec().resolveSchema(raw as Record<string, unknown> | undefined);
  if (!s || depth > 8) return null;
  if (s.items) {
    const items = shapeOf(s.items, depth + 1);
    return items && { items };
  }
  // A GeoJSON object (it has a geometry) is returned exactly as sent; a oneOf has no single member list.
  if (!s.properties || s.properties.geometry) return null;
  const members = new Map<string, Shape | null>();
  for (const [name, sub] of Object.entries<Record<string, unknown>>(s.properties)) {
    if (!loadSpec().resolveSchema(sub)?.deprecated && !sub.deprecated) members.set(name, shapeOf(sub, depth + 1));
  }
  return { members };
}

function complete(value: unknown, shape: Shape): unknown {
  if (!shape || value === null || typeof value !== 'object') return value;
  if ('items' in shape) return Array.isArray(value) ? value.map((v) => complete(v, shape.items)) : value;
  if (Array.isArray(value)) return value;
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const [name, sub] of shape.members) out[name] = Object.hasOwn(out, name) ? complete(out[name], sub) : null;
  return out;
}
