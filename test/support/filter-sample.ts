// A value each kind of list filter accepts, for tests that compile every filter of every entity (the plans of
// cypher-explain, the list query's shape in test/unit/list-query-tail.test.ts).
import type { FilterSpec } from '../../src/entities/types.js';

export function filterSample(spec: FilterSpec | { type?: string }): unknown {
  if ('kind' in spec && spec.kind === 'through') return filterSample(spec.filter);
  if ('kind' in spec && spec.kind === 'area') return { type: 'Polygon', coordinates: [[[10, 50], [14, 50], [14, 54], [10, 50]]] };
  if ('kind' in spec && spec.kind === 'object') return Object.fromEntries(Object.entries(spec.members).map(([k, m]) => [k, filterSample(m)]));
  switch ('type' in spec ? spec.type : undefined) {
    case 'boolean': return 'true';
    case 'integer': return '2';
    case 'number': return '1.5';
    case 'date': return '2024-01-01';
    case 'datetime': return '2024-01-01T10:00:00Z';
    default: return 'x';
  }
}
