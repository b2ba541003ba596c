// Every FilterSpec kind, compiled from a small hand-written declaration: the exact WHERE text and the exact
// parameters as the transport sends them (toCypherParams: whole numbers become Neo4j integers). filters.test.ts
// covers input handling (skipping, ignoring, numbering, rejections, injection); this file covers the kinds.
import { expect } from 'chai';
import neo4j from 'neo4j-driver';
import { compileWhere, type FilterInput } from '../../src/entities/filters.js';
import type { FilterSpec } from '../../src/entities/types.js';
import { BadRequestError } from '../../src/errors.js';
import { toCypherParams } from '../../src/graph/params.js';

const int = (n: number) => neo4j.int(n);

const UNIT = '-[:OF_UNIT]->';
const levels: FilterSpec = {
  kind: 'object',
  list: true,
  members: { levelName: { prop: 'levelNames' }, levelOrder: { prop: 'levelOrders', type: 'integer' }, levelCode: { prop: 'levelCodes' } },
};

const filters: Record<string, FilterSpec> = {
  programType: { kind: 'eq', prop: 'programType', aliases: { STANARD: 'STANDARD', 'Breeding program': 'STANDARD' } },
  year: { kind: 'eq', prop: 'year', type: 'integer' },
  plotWidth: { kind: 'eq', prop: 'plotWidth', type: 'number' },
  seasonYear: { kind: 'contains', prop: 'seasonYears', type: 'integer' },
  minPlants: { kind: 'min', prop: 'plants', type: 'integer' },
  maxRank: { kind: 'max', prop: 'rank', type: 'integer', openWhenNull: true },
  observedAfter: { kind: 'min', prop: 'timestampUtc', type: 'datetime' },
  observedBefore: { kind: 'max', prop: 'timestampUtc', type: 'datetime' },
  searchDateRangeStart: { kind: 'min', prop: 'endDate', type: 'date', openWhenNull: true },
  searchDateRangeEnd: { kind: 'max', prop: 'startDate', type: 'date', openWhenNull: true },
  trialYear: { kind: 'related', path: '-[:IN_TRIAL]->', label: 'Trial', prop: 'year', type: 'integer' },
  studyDbId: { kind: 'related', path: ['-[:IN_STUDY]->', `${UNIT}(:ObservationUnit)-[:IN_STUDY]->`], label: 'Study', prop: 'studyDbId' },
  binomialName: { kind: 'expr', expr: "n.genus + ' ' + n.species" },
  parentCount: { kind: 'expr', expr: 'size([(n)-[:PARENT]->(p:Germplasm) | p])', type: 'integer' },
  position: { kind: 'object', members: { levelName: { prop: 'levelName' }, levelOrder: { prop: 'levelOrder', type: 'integer' } } },
  observationLevels: levels,
  unitName: { kind: 'through', path: UNIT, label: 'ObservationUnit', filter: { kind: 'eq', prop: 'observationUnitName' } },
  unitStudy: { kind: 'through', path: UNIT, label: 'ObservationUnit', filter: { kind: 'related', path: '-[:IN_STUDY]->', label: 'Study', prop: 'studyDbId' } },
  unitLevels: { kind: 'through', path: UNIT, label: 'ObservationUnit', filter: levels },
  unitPlantedBy: { kind: 'through', path: UNIT, label: 'ObservationUnit', filter: { kind: 'max', prop: 'plantingDate', type: 'date' } },
  unitReplicate: { kind: 'through', path: UNIT, label: 'ObservationUnit', filter: { kind: 'eq', prop: 'replicate', type: 'integer' } },
  unitCrop: { kind: 'through', path: UNIT, label: 'ObservationUnit', filter: { kind: 'expr', expr: 'n.commonCropName' } },
  coordinates: { kind: 'area', field: 'coordinates' },
};

/** A triangle whose corners mix whole and fractional degrees. */
const triangle = [[-88.25, 40], [-88, 40], [-88, 40.5], [-88.25, 40]];

// The area clause for a stored `coordinates` GeoJSON field and parameter f0, in its three parts (filters.ts
// areaClause): the stored Point in the area's box and inside the area by the even-odd rule; or a stored Polygon ring
// with a vertex inside the area, or the area with a vertex inside the ring, or two edges crossing.
const P = 'n.coordinatesPoint';
const R = 'n.coordinatesRing';
const crossesEast = (x: string, y: string) =>
  `(e_f0[1] > ${y}) <> (e_f0[3] > ${y}) AND ((${x} - e_f0[0]) * (e_f0[3] - e_f0[1]) - (e_f0[2] - e_f0[0]) * (${y} - e_f0[1])) * sign(e_f0[3] - e_f0[1]) < 0`;
const AREA_WHERE =
  `((point.withinBBox(${P}, point({longitude: $f0.west, latitude: $f0.south}), point({longitude: $f0.east, latitude: $f0.north}))`
  + ` AND size([e_f0 IN $f0.edges WHERE ${crossesEast(`${P}.x`, `${P}.y`)}]) % 2 = 1)`
  + ` OR (${R} IS NOT NULL AND (`
  + `ANY(v_f0 IN ${R} WHERE size([e_f0 IN $f0.edges WHERE ${crossesEast('v_f0.x', 'v_f0.y')}]) % 2 = 1)`
  + ` OR ANY(q_f0 IN $f0.vertices WHERE size([i_f0 IN range(0, size(${R}) - 2) WHERE (${R}[i_f0].y > q_f0[1]) <> (${R}[i_f0 + 1].y > q_f0[1])`
  + ` AND ((q_f0[0] - ${R}[i_f0].x) * (${R}[i_f0 + 1].y - ${R}[i_f0].y) - (${R}[i_f0 + 1].x - ${R}[i_f0].x) * (q_f0[1] - ${R}[i_f0].y))`
  + ` * sign(${R}[i_f0 + 1].y - ${R}[i_f0].y) < 0]) % 2 = 1)`
  + ` OR ANY(i_f0 IN range(0, size(${R}) - 2) WHERE ANY(e_f0 IN $f0.edges WHERE`
  + ` sign((${R}[i_f0 + 1].x - ${R}[i_f0].x) * (e_f0[1] - ${R}[i_f0].y) - (${R}[i_f0 + 1].y - ${R}[i_f0].y) * (e_f0[0] - ${R}[i_f0].x))`
  + ` * sign((${R}[i_f0 + 1].x - ${R}[i_f0].x) * (e_f0[3] - ${R}[i_f0].y) - (${R}[i_f0 + 1].y - ${R}[i_f0].y) * (e_f0[2] - ${R}[i_f0].x)) < 0`
  + ` AND sign((e_f0[2] - e_f0[0]) * (${R}[i_f0].y - e_f0[1]) - (e_f0[3] - e_f0[1]) * (${R}[i_f0].x - e_f0[0]))`
  + ` * sign((e_f0[2] - e_f0[0]) * (${R}[i_f0 + 1].y - e_f0[1]) - (e_f0[3] - e_f0[1]) * (${R}[i_f0 + 1].x - e_f0[0])) < 0)))))`;

/** The triangle as the area parameter is sent: a list holding a fraction stays floats, an all-whole one is integers. */
const AREA_SENT = {
  west: -88.25, south: int(40), east: int(-88), north: 40.5,
  edges: [[-88.25, 40, -88, 40], [-88, 40, -88, 40.5], [-88, 40.5, -88.25, 40]],
  vertices: [[-88.25, 40], [int(-88), int(40)], [-88, 40.5]],
};

interface Case {
  name: string;
  input: FilterInput;
  where: string;
  /** Clauses before the MATCH of `n` (none unless given). */
  anchors?: string[];
  /** The parameters as sent to Neo4j. */
  sent: Record<string, unknown>;
}

const cases: Case[] = [
  // eq
  {
    name: 'eq with aliases: a known misspelling or label becomes the stored value, others pass unchanged',
    input: { programType: ['STANARD', 'Breeding program', 'PROJECT'] },
    where: 'n.programType IN $f0',
    sent: { f0: ['STANDARD', 'STANDARD', 'PROJECT'] },
  },
  {
    name: 'eq with aliases: a value naming an Object.prototype member is no alias',
    input: { programType: ['constructor', 'toString', '__proto__'] },
    where: 'n.programType IN $f0',
    sent: { f0: ['constructor', 'toString', '__proto__'] },
  },
  {
    name: 'eq integer: whole numbers are sent as Neo4j integers',
    input: { year: ['2020', 2021] },
    where: 'n.year IN $f0',
    sent: { f0: [int(2020), int(2021)] },
  },
  {
    name: 'eq number: a list holding a fraction is sent as floats, a whole number alone as an integer',
    input: { plotWidth: ['2', '2.5'], year: '1999' },
    where: 'n.plotWidth IN $f0 AND n.year IN $f1',
    sent: { f0: [2, 2.5], f1: [int(1999)] },
  },
  // contains
  {
    name: 'contains integer',
    input: { seasonYear: ['2023', '2024'] },
    where: 'ANY(v IN coalesce(n.seasonYears, []) WHERE v IN $f0)',
    sent: { f0: [int(2023), int(2024)] },
  },
  // min / max
  {
    name: 'min integer: one integer bound, not a list',
    input: { minPlants: '12' },
    where: 'n.plants >= $f0',
    sent: { f0: int(12) },
  },
  {
    name: 'max integer with openWhenNull: a missing property matches',
    input: { maxRank: ['5'] },
    where: '(n.rank IS NULL OR n.rank <= $f0)',
    sent: { f0: int(5) },
  },
  {
    name: 'min date with openWhenNull (a trial without an end date is still running)',
    input: { searchDateRangeStart: '2024-01-01' },
    where: '(n.endDate IS NULL OR n.endDate >= $f0)',
    sent: { f0: '2024-01-01' },
  },
  {
    name: 'max date with openWhenNull takes in the whole day',
    input: { searchDateRangeEnd: '2024-12-31' },
    where: '(n.startDate IS NULL OR (n.startDate <= $f0 OR n.startDate STARTS WITH $f0))',
    sent: { f0: '2024-12-31' },
  },
  {
    name: 'min datetime: an offset is moved to UTC in toISOString form',
    input: { observedAfter: '2024-06-01T10:00:00+02:00' },
    where: 'n.timestampUtc >= $f0',
    sent: { f0: '2024-06-01T08:00:00.000Z' },
  },
  {
    name: 'min datetime: an offset without a colon, and no seconds',
    input: { observedAfter: '2024-06-01T00:30-0130' },
    where: 'n.timestampUtc >= $f0',
    sent: { f0: '2024-06-01T02:00:00.000Z' },
  },
  {
    name: 'min datetime: a plain date stays a date (it sorts before that day\'s instants)',
    input: { observedAfter: '2024-06-01' },
    where: 'n.timestampUtc >= $f0',
    sent: { f0: '2024-06-01' },
  },
  {
    name: 'max datetime: no zone means UTC; a space may separate date and time',
    input: { observedBefore: '2024-06-01 10:00:05.5' },
    where: '(n.timestampUtc <= $f0 OR n.timestampUtc STARTS WITH $f0)',
    sent: { f0: '2024-06-01T10:00:05.500Z' },
  },
  {
    name: 'max datetime with a plain date takes in the whole day',
    input: { observedBefore: '2024-06-01' },
    where: '(n.timestampUtc <= $f0 OR n.timestampUtc STARTS WITH $f0)',
    sent: { f0: '2024-06-01' },
  },
  // related
  {
    name: 'related over one path, integer values: walked once from the related nodes back, each node once; n sought among them',
    input: { trialYear: '2023' },
    anchors: ['CALL () { RETURN COLLECT { MATCH (a:Trial) WHERE a.year IN $f0 MATCH (m)-[:IN_TRIAL]->(a) RETURN DISTINCT elementId(m) AS id } AS reached_f0 }'],
    where: 'elementId(n) IN reached_f0',
    sent: { f0: [int(2023)] },
  },
  {
    name: 'related over several paths: the nodes each reaches back from the related nodes, as a union',
    input: { studyDbId: ['study-a', 'study-b'] },
    anchors: ['CALL () { RETURN COLLECT { MATCH (a:Study) WHERE a.studyDbId IN $f0 MATCH (m)-[:IN_STUDY]->(a) RETURN elementId(m) AS id'
      + ' UNION MATCH (a:Study) WHERE a.studyDbId IN $f0 MATCH (m)-[:OF_UNIT]->(:ObservationUnit)-[:IN_STUDY]->(a) RETURN elementId(m) AS id } AS reached_f0 }'],
    where: 'elementId(n) IN reached_f0',
    sent: { f0: ['study-a', 'study-b'] },
  },
  // expr
  {
    name: 'expr: the declared expression over n, in parentheses',
    input: { binomialName: 'Glycine max' },
    where: "(n.genus + ' ' + n.species) IN $f0",
    sent: { f0: ['Glycine max'] },
  },
  {
    name: 'expr with integer values',
    input: { parentCount: ['2', 1] },
    where: '(size([(n)-[:PARENT]->(p:Germplasm) | p])) IN $f0',
    sent: { f0: [int(2), int(1)] },
  },
  // object
  {
    name: 'object: each member given must equal its property; a plain value is the first member; null members drop out',
    input: { position: [{ levelName: 'plot', levelOrder: 4 }, 'block', { levelName: null, levelOrder: '1' }] },
    where: 'ANY(v IN $f0 WHERE (v.levelName IS NULL OR n.levelName = v.levelName) AND (v.levelOrder IS NULL OR n.levelOrder = v.levelOrder))',
    sent: { f0: [{ levelName: 'plot', levelOrder: int(4) }, { levelName: 'block' }, { levelOrder: int(1) }] },
  },
  {
    name: 'object over parallel lists: one position must match every member given',
    input: { observationLevels: [{ levelName: 'plot', levelCode: '101' }, { levelOrder: 2 }] },
    where: 'ANY(v IN $f0 WHERE ANY(i IN range(0, size(coalesce(n.levelNames, [])) - 1) WHERE '
      + '(v.levelName IS NULL OR n.levelNames[i] = v.levelName) AND (v.levelOrder IS NULL OR n.levelOrders[i] = v.levelOrder) '
      + 'AND (v.levelCode IS NULL OR n.levelCodes[i] = v.levelCode)))',
    sent: { f0: [{ levelName: 'plot', levelCode: '101' }, { levelOrder: int(2) }] },
  },
  // through
  {
    name: 'through with eq: the inner clause is over the reached node',
    input: { unitName: 'plot 101' },
    where: 'ANY(t_f0 IN [(n)-[:OF_UNIT]->(t_f0:ObservationUnit) | t_f0] WHERE t_f0.observationUnitName IN $f0)',
    sent: { f0: ['plot 101'] },
  },
  {
    name: 'through with related',
    input: { unitStudy: 'study-a' },
    where: 'ANY(t_f0 IN [(n)-[:OF_UNIT]->(t_f0:ObservationUnit) | t_f0] WHERE ANY(v IN [(t_f0)-[:IN_STUDY]->(r:Study) | r.studyDbId] WHERE v IN $f0))',
    sent: { f0: ['study-a'] },
  },
  {
    name: 'through with an object over lists, its members converted',
    input: { unitLevels: { levelName: 'plot', levelOrder: '3' } },
    where: 'ANY(t_f0 IN [(n)-[:OF_UNIT]->(t_f0:ObservationUnit) | t_f0] WHERE ANY(v IN $f0 WHERE ANY(i IN range(0, size(coalesce(t_f0.levelNames, [])) - 1) WHERE '
      + '(v.levelName IS NULL OR t_f0.levelNames[i] = v.levelName) AND (v.levelOrder IS NULL OR t_f0.levelOrders[i] = v.levelOrder) '
      + 'AND (v.levelCode IS NULL OR t_f0.levelCodes[i] = v.levelCode))))',
    sent: { f0: [{ levelName: 'plot', levelOrder: int(3) }] },
  },
  {
    name: 'through with max date, second filter: the reached node is named after its parameter',
    input: { year: '2024', unitPlantedBy: '2024-05-20' },
    where: 'n.year IN $f0 AND ANY(t_f1 IN [(n)-[:OF_UNIT]->(t_f1:ObservationUnit) | t_f1] WHERE (t_f1.plantingDate <= $f1 OR t_f1.plantingDate STARTS WITH $f1))',
    sent: { f0: [int(2024)], f1: '2024-05-20' },
  },
  {
    name: 'through with eq integer',
    input: { unitReplicate: ['1', '2'] },
    where: 'ANY(t_f0 IN [(n)-[:OF_UNIT]->(t_f0:ObservationUnit) | t_f0] WHERE t_f0.replicate IN $f0)',
    sent: { f0: [int(1), int(2)] },
  },
  // area
  {
    name: 'area: a GeoJSON Feature with a Polygon',
    input: { coordinates: { type: 'Feature', geometry: { type: 'Polygon', coordinates: [triangle] } } },
    where: AREA_WHERE,
    sent: { f0: AREA_SENT },
  },
  {
    name: 'area: the bare Polygon geometry is taken too',
    input: { coordinates: { type: 'Polygon', coordinates: [triangle] } },
    where: AREA_WHERE,
    sent: { f0: AREA_SENT },
  },
];

describe('compileWhere: every filter kind, as sent to Neo4j', function () {
  const entity = { filters };

  for (const c of cases) {
    it(c.name, function () {
      const got = compileWhere(entity, c.input);
      expect(got.where).to.equal(c.where);
      expect(got.anchors).to.deep.equal(c.anchors ?? []);
      expect(toCypherParams(got.params)).to.deep.equal(c.sent);
      expect(got.ignored).to.deep.equal([]);
    });
  }

  it('an area with a hole: edges of every ring, vertices of every ring, the box of them all', function () {
    const outer = [[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]];
    const hole = [[4, 4], [6, 4], [6, 6], [4, 4]];
    const got = compileWhere(entity, { coordinates: { type: 'Polygon', coordinates: [outer, hole] } });
    expect(got.where).to.equal(AREA_WHERE);
    expect(got.params).to.deep.equal({
      f0: {
        west: 0, south: 0, east: 10, north: 10,
        edges: [[0, 0, 10, 0], [10, 0, 10, 10], [10, 10, 0, 10], [0, 10, 0, 0], [4, 4, 6, 4], [6, 4, 6, 6], [6, 6, 4, 4]],
        vertices: [[0, 0], [10, 0], [10, 10], [0, 10], [4, 4], [6, 4], [6, 6]],
      },
    });
  });

  describe('rejects', function () {
    const errors: Array<{ name: string; input: FilterInput; message: RegExp }> = [
      { name: 'a datetime bound on a day that does not exist', input: { observedAfter: '2024-02-30T10:00Z' }, message: /observedAfter must be an ISO 8601 date-time/ },
      { name: 'a time without a date', input: { observedBefore: '10:00' }, message: /observedBefore must be an ISO 8601 date-time/ },
      { name: 'two bounds for an openWhenNull filter', input: { searchDateRangeStart: ['2024-01-01', '2025-01-01'] }, message: /searchDateRangeStart takes a single value/ },
      { name: 'a fraction for an integer expr', input: { parentCount: '1.5' }, message: /parentCount must be an integer/ },
      { name: 'a word for an integer related filter', input: { trialYear: 'last' }, message: /trialYear must be an integer/ },
      { name: 'an object member the filter does not declare', input: { position: { levelName: 'plot', depth: 2 } }, message: /position\.depth is not supported; use levelName, levelOrder/ },
      { name: 'an object member of the wrong type', input: { observationLevels: { levelOrder: 'first' } }, message: /observationLevels\.levelOrder must be an integer/ },
      { name: 'a through filter value its inner kind refuses', input: { unitPlantedBy: 'spring' }, message: /unitPlantedBy must be an ISO 8601 date/ },
      { name: 'two areas', input: { coordinates: [{ type: 'Polygon', coordinates: [triangle] }, { type: 'Polygon', coordinates: [triangle] }] }, message: /coordinates takes a single area/ },
      { name: 'a Point for an area', input: { coordinates: { type: 'Feature', geometry: { type: 'Point', coordinates: [-88, 40] } } }, message: /coordinates\.geometry must be a Polygon/ },
      { name: 'an open ring', input: { coordinates: { type: 'Polygon', coordinates: [triangle.slice(0, 3).concat([[-88.25, 40.1]])] } }, message: /must be closed/ },
    ];
    for (const e of errors) {
      it(e.name, function () {
        expect(() => compileWhere(entity, e.input)).to.throw(BadRequestError, e.message);
      });
    }

    it('an expr filter through another entity, as a declaration error (not a client error)', function () {
      let thrown: unknown;
      try {
        compileWhere(entity, { unitCrop: 'Soybean' });
      } catch (err) {
        thrown = err;
      }
      expect(thrown).to.be.instanceOf(Error).and.not.instanceOf(BadRequestError);
      expect((thrown as Error).message).to.equal('An expr filter cannot be used through another entity.');
    });
  });
});
