// externalReferences are stored whole as JSON and also as two plain list properties, so the
// externalReferenceId / externalReferenceSource filters are simple list matches.
import type { FilterSpec } from './types.js';

interface ExternalReference {
  referenceId?: string | null;
  referenceID?: string | null;
  referenceSource?: string | null;
}

export const externalReferenceFilters: Record<string, FilterSpec> = {
  externalReferenceId: { kind: 'contains', prop: 'externalReferenceIds' },
  externalReferenceID: { kind: 'contains', prop: 'externalReferenceIds' },
  externalReferenceSource: { kind: 'contains', prop: 'externalReferenceSources' },
};

export function deriveExternalReferences(record: Record<string, unknown>): Record<string, unknown> {
  if (!Object.hasOwn(record, 'externalReferences')) return {};
  const refs = (record.externalReferences ?? []) as ExternalReference[];
  const ids = refs.map((r) => r.referenceId ?? r.referenceID).filter((v): v is string => typeof v === 'string');
  const sources = refs.map((r) => r.referenceSource).filter((v): v is string => typeof v === 'string');
  return { externalReferenceIds: ids.length ? ids : null, externalReferenceSources: sources.length ? sources : null };
}
