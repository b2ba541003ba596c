// Every entity declaration agrees with the official spec: the calls it registers exist, every query parameter of
// its list call is a filter (or named as not applicable, with the reason), references and JSON fields are fields of
// its schema. A new or edited declaration that drifts from the spec fails here, before any HTTP test.
import { expect } from 'chai';
import { schemaFields } from '../../src/entities/schema-fields.js';
import { entities } from '../../src/modules/registry.js';
import { loadSpec } from '../../src/openapi/spec.js';

const spec = loadSpec();
/** List parameters the generic route handles itself rather than as filters. */
// pageToken: the pagination middleware reads it as a page number (token-paged calls of Genotyping).
const ROUTE_PARAMS = new Set(['page', 'pageSize', 'pageToken', 'sortBy', 'sortOrder']);
/** JSON fields holding objects the record owns (no record of their own to refer to), though they carry a DbId. */
const OWN_PARTS: Record<string, string[]> = {
  // A germplasm attribute's trait, method and scale are stored whole with it (attributes.entity.ts).
  GermplasmAttribute: ['trait', 'method', 'scale'],
  // A variant set's analyses are descriptions of how it was made (an import), not records of their own.
  VariantSet: ['analysis'],
};

describe('entity declarations against the spec', () => {
  for (const entity of entities) {
    describe(`${entity.label} (/${entity.path})`, () => {
      const collection = `/${entity.path}`;
      const item = `/${entity.path}/{${entity.idField}}`;
      const fields = schemaFields(entity);

      it('registers only calls the spec defines', () => {
        const calls = { list: ['get', collection], get: ['get', item], create: ['post', collection], update: ['put', item], bulkUpdate: ['put', collection] } as const;
        for (const op of entity.operations) {
          const [method, path] = calls[op];
          expect(spec.hasOperation(method, path), `${method.toUpperCase()} ${path}`).to.equal(true);
        }
      });

      if (entity.operations.includes('list')) {
        it('takes every query parameter of its list call as a filter, or says why not', () => {
          const declared = spec.queryParameters('get', collection).map((p) => p.name).filter((n) => !ROUTE_PARAMS.has(n));
          const handled = new Set([...Object.keys(entity.filters), ...Object.keys(entity.unapplied ?? {}), ...Object.keys(entity.views ?? {})]);
          expect(declared.filter((n) => !handled.has(n)), 'parameters neither filtered nor declared unapplied').to.deep.equal([]);
          const sortBy = spec.queryParameters('get', collection).find((p) => p.name === 'sortBy');
          if (sortBy) expect(entity.sortable, 'sortBy is declared: sortable expected').to.be.an('object');
        });
      }

      it('references and JSON fields are fields of its schema', () => {
        for (const ref of entity.refs) {
          expect(fields, `ref ${ref.field}`).to.include(ref.field);
          if (ref.nameField) expect(fields, `ref name ${ref.nameField}`).to.include(ref.nameField);
          // A reference inside objects is stored whole as JSON and mirrored by relationships.
          if (ref.key) expect(entity.jsonFields, `${ref.field} (key ref) must be a JSON field`).to.include(ref.field);
        }
        for (const f of entity.jsonFields) expect(fields, `JSON field ${f}`).to.include(f);
        // An area filter reads the spatial values kept beside a GeoJSON field the entity declares as geo.
        for (const f of entity.geo ?? []) expect(entity.jsonFields, `geo field ${f}`).to.include(f);
        for (const [name, spec] of Object.entries(entity.filters)) {
          if (spec.kind === 'area') expect(entity.geo ?? [], `area filter ${name}`).to.include(spec.field);
        }
        if (entity.listSchema) expect(schemaFields(entity, entity.listSchema)).to.include(entity.idField);
      });

      it('shows the name of every record a JSON field refers to from the graph (xDbId beside xName)', () => {
        for (const field of entity.jsonFields.filter((f) => !OWN_PARTS[entity.label]?.includes(f))) {
          const members = objectMembers(entity.module, entity.schema, field);
          for (const id of members.filter((m) => m.endsWith('DbId'))) {
            const name = id.replace(/DbId$/, 'Name');
            if (!members.includes(name)) continue;
            const ref = entity.refs.find((r) => r.field === field && r.key === id);
            expect(ref, `${field}.${id} is a reference (a relationship)`).to.not.equal(undefined);
            // An embedded reference shows the whole record from the graph.
            if (ref?.embed) continue;
            expect(Object.keys(ref?.shows ?? {}), `${field}.${name} shown from the graph`).to.include(name);
          }
        }
        for (const ref of entity.refs.filter((r) => r.shows)) {
          expect(ref.key, `${ref.field}: shows needs key`).to.be.a('string');
          expect(objectMembers(entity.module, entity.schema, ref.field), `${ref.field} members`).to.include.members(Object.keys(ref.shows ?? {}));
        }
      });
    });
  }
});

/** Members of a field's object (or of its list's objects) in the entity's schema; none for other fields. */
function objectMembers(module: Parameters<typeof spec.schema>[0], schema: string, field: string): string[] {
  let s = spec.resolveSchema(spec.resolveSchema(spec.schema(module, schema))?.properties?.[field]);
  if (s?.items) s = spec.resolveSchema(s.items);
  return Object.keys(s?.properties ?? {});
}
