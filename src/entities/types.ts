// The declarative shape of a BrAPI entity. A module declares each entity once (src/modules/<module>/<entity>/);
// the generic repository, filter compiler, presenter and route table do the rest.

import type { Actor } from '../auth/actor.js';
import type { Graph, Runner } from '../graph/port.js';

export type BrapiModule = 'Core' | 'Germplasm' | 'Phenotyping' | 'Genotyping';

/**
 * A reference to another entity, stored as a relationship, e.g. a program's lead person:
 * (:Program)-[:LED_BY]->(:Person). The BrAPI record shows the target's DbId (and name, when `nameField` is set).
 */
export interface RefSpec {
  /** BrAPI field holding the target's DbId, e.g. `leadPersonDbId`. */
  field: string;
  /** Relationship type from this entity to the target. */
  rel: string;
  /** Target label and its DbId property. */
  target: { label: string; idProp: string };
  /** BrAPI field showing the target's name, and the Cypher expression over `t` (the target) that computes it. */
  nameField?: string;
  nameExpr?: string;
  /** The field holds a list (of DbIds, or of objects with `key`); one relationship per member, in order. */
  many?: boolean;
  /**
   * The field holds an object (a list of objects with `many`) whose `key` member is the target's DbId, e.g. a
   * cross's `parent1.germplasmDbId`. Such a field is stored whole as JSON and returned as sent, but for the members
   * in `shows`; the relationships mirror it so the graph can be walked and the DbIds are checked. Several references
   * may share a field, one per key (a cross parent's germplasm and observation unit).
   */
  key?: string;
  /**
   * With `key` (not `embed`): members of the nested object shown from the target on every answer, member -> Cypher
   * expression over `t`, e.g. `{ germplasmName: 't.germplasmName' }`. The object stays stored as sent; on the way
   * out, each object whose `key` names a linked target takes these members from it (a null from the graph keeps what
   * was sent), so a reference posted with only a DbId shows the name, and a renamed target shows its new name.
   */
  shows?: Record<string, string>;
  /**
   * With `key`: the field shows the target's whole record, as that entity presents it, read through the relationship
   * on every answer (an observation variable's trait), so an edit of the target shows wherever it is used. Nothing
   * is stored in the field. On a write, a nested object naming a DbId links to that record (its other members are
   * ignored: the shared record is edited through its own calls); one without a DbId is created as a new record of
   * the target entity in the same transaction.
   */
  embed?: EntityDef;
}

/**
 * Value types a filter understands; query-string values are converted to these (400 when they do not parse).
 * `datetime`: an ISO 8601 instant, compared in UTC: values become `utcTimestamp` form (filters.ts), so the property
 * must hold that form too (derive it, e.g. from a timestamp stored as sent).
 */
export type FilterValueType = 'string' | 'number' | 'integer' | 'boolean' | 'date' | 'datetime';

/**
 * How one list filter / search member matches. Every kind accepts one or many values (many means any-of, OR).
 * - eq: a plain property equals one of the values.
 * - contains: a list property holds one of the values.
 * - min / max: a property at least / at most the value (inclusive; numbers or ISO dates); with openWhenNull a
 *   missing property is an open bound and matches (a trial without an end date is still running). With `shift`
 *   (numbers), the property holds the filtered value minus `shift` (a marker's 1-based position is its variant's
 *   0-based start + 1): the bound is moved instead of the property, so an index on the property still serves it.
 * - related: an entity reached by a fixed path (or any of several paths) has a property equal to one of the values.
 * - expr: a Cypher expression over `n` (a registry constant, e.g. genus + ' ' + species) equals one of the values.
 * - object: the values are objects (search members such as an observation unit's observationLevels); one matches when
 *   every member it gives equals the property declared for that member (a plain value stands for the first member).
 *   With `list`, the properties are parallel lists and one position must match every given member.
 * - area: the value is a GeoJSON Polygon (a search area); matches when the GeoJSON `field` is a Point inside it or a
 *   Polygon meeting it (the entity lists `field` in `geo`).
 * - through: `filter` (any kind but expr) applied to the entities reached by `path` (e.g. an observation's unit,
 *   '-[:OF_UNIT]->' with label ObservationUnit): matches when one of them matches.
 */
export type FilterSpec =
  | { kind: 'eq'; prop: string; type?: FilterValueType; aliases?: Record<string, string> }
  | { kind: 'contains'; prop: string; type?: FilterValueType }
  | { kind: 'min' | 'max'; prop: string; type: 'number' | 'integer' | 'date' | 'datetime'; openWhenNull?: boolean; shift?: number }
  | { kind: 'related'; path: string | string[]; label: string; prop: string; type?: FilterValueType }
  | { kind: 'expr'; expr: string; type?: FilterValueType }
  | { kind: 'object'; members: Record<string, { prop: string; type?: FilterValueType }>; list?: boolean }
  | { kind: 'area'; field: string }
  | { kind: 'through'; path: string; label: string; filter: FilterSpec };

export interface EntityDef {
  /** Path segment of the collection, e.g. `programs`. */
  path: string;
  /** Neo4j label, e.g. `Program`. */
  label: string;
  /** DbId property (also the BrAPI field), e.g. `programDbId`. */
  idField: string;
  module: BrapiModule;
  /** Name of the response schema in the module's OpenAPI components, e.g. `Program`. */
  schema: string;
  /** Fields stored as JSON strings (nested objects, arrays of objects); everything else is a plain property. */
  jsonFields: string[];
  refs: RefSpec[];
  /** Query parameter / search member name -> how it matches. */
  filters: Record<string, FilterSpec>;
  /**
   * Query parameters the spec declares for the list call that this server cannot apply -> why. They are ignored
   * with a WARNING that gives the reason (a unit test checks every declared parameter is a filter or listed here).
   * Search request members the entity's search cannot use may be listed too (their WARNING gives the reason).
   */
  unapplied?: Record<string, string>;
  /** The list and its search are token-paged in the spec (variants): their pagination carries page tokens too. */
  tokenPaging?: boolean;
  /** Schema of the records `GET /<path>` lists, when it differs from the one-record schema (ListSummary). */
  listSchema?: string;
  /** Which generic operations the route table registers; bulkUpdate is `PUT /<path>` with a map keyed by DbId. */
  operations: Array<'list' | 'get' | 'create' | 'update' | 'bulkUpdate'>;
  /**
   * `sortBy` values a list call accepts -> the Cypher expression over `n` (a registry constant) to order by, e.g.
   * `trialName: 'n.trialName'`; ties and calls without sortBy come in DbId order.
   */
  sortable?: Record<string, string>;
  /**
   * Boolean list parameters (and search members) that leave fields out of the records, e.g.
   * includePotentialParents=false; with `load`, the fields are read separately, only when the view is on (views.ts).
   */
  views?: Record<string, { default: boolean; fields: string[]; load?: (graph: Graph, records: Array<Record<string, unknown>>) => Promise<void> }>;
  /**
   * Properties a node keeps beside its record's fields, never shown: property -> what reads it (a variant's row
   * number, a call set's column in the packed calls). Importers write records through `importRecord`
   * (import-records.ts), which takes exactly the record's fields and these.
   */
  internal?: Record<string, string>;
  /** Property indexes the filters need (the DbId gets a uniqueness constraint instead). */
  indexes: string[];
  /**
   * GeoJSON fields (also in jsonFields) kept as spatial values too, for area filters: `<field>Point` (with a point
   * index) for a Point geometry, `<field>Ring` (with a range index) for a Polygon's outer boundary (geojson.ts).
   */
  geo?: string[];
  /**
   * ISO 8601 date-time fields also stored as `<field>Utc`, the same instant in UTC (`utcTimestamp` in filters.ts; a
   * plain date stays a date), with a range index, so that range filters compare instants whatever the offset a client
   * sent: declare those filters on `<field>Utc` with type `datetime`.
   */
  instants?: string[];
  /** Fills a new record's defaults (e.g. an empty list's items and dateCreated); runs before normalize, on POST only. */
  onCreate?: (record: Record<string, unknown>) => Record<string, unknown>;
  /**
   * More writes that belong to a create, run inside its transaction after the records and their links exist (a
   * seed lot transaction moves seed between lots); a throw rolls the whole create back. `actor` (absent for internal
   * loaders) is who creates them, for ownership checks on the other records these writes change.
   */
  afterCreate?: (tx: Runner, records: Array<Record<string, unknown>>, ids: string[], actor?: Actor) => Promise<void>;
  /** The same for an update (PUT by id or bulk), after the fields and links are written; `records` are the bodies. */
  afterUpdate?: (tx: Runner, records: Array<Record<string, unknown>>, ids: string[], actor?: Actor) => Promise<void>;
  /** Rewrites a request record before it is stored (e.g. a misspelt enum value the spec itself uses). */
  normalize?: (record: Record<string, unknown>) => Record<string, unknown>;
  /** Checks a request record beyond its schema (e.g. GeoJSON geometry); throws BadRequestError naming the field. */
  validate?: (record: Record<string, unknown>, where: string) => void;
  /** Plain properties derived from a stored record, so filters can reach into JSON fields. */
  derive?: (record: Record<string, unknown>) => Record<string, unknown>;
  /** Plain (non-JSON) fields `derive` also reads, when present in the input. */
  deriveFrom?: string[];
  /**
   * Fields shown from other records through the graph, never stored: BrAPI field -> Cypher expression over `n` (a
   * declaration constant), e.g. a sample's trialDbId is its study's. A request may name such a field only with the
   * value the graph gives once the write is done (400 otherwise, and the write rolls back).
   */
  computed?: Record<string, string>;
  /**
   * Fields worked out in TypeScript from more of the graph than the record's node (a germplasm's pedigree string
   * from its ancestors): `read(node)` is a Cypher expression over the node's variable (a declaration constant), read
   * in the same statement as the record; `show` sets the presented record's fields from its value and the stored
   * properties. A write stores such a field as sent; what is shown is `show`'s.
   */
  fromGraph?: {
    read: (node: string) => string;
    show: (record: Record<string, unknown>, value: unknown, props: Record<string, unknown>) => void;
    /** `read`'s value for a node without relationships: a create then answers from what it wrote (written.ts). */
    unlinked?: unknown;
  };
}
