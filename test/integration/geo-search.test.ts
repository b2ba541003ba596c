// Area searches: POST /search/locations with `coordinates` and POST /search/images with `imageLocation` take a GeoJSON
// Polygon and find the Points inside it and the Polygons meeting it, over the spatial values stored beside the
// GeoJSON (served by a point index). Every record here sits in an empty corner of the map (10..21 E, 49..56 N).
import { expect } from 'chai';
import { idsQuery } from '../../src/entities/cypher.js';
import { compileWhere } from '../../src/entities/filters.js';
import { imageEntity } from '../../src/modules/phenotyping/images/images.entity.js';
import { count, removeNodes } from '../support/graph.js';
import { explainPlan } from '../support/plan.js';
import { api, createRecords, server } from '../support/server.js';
import { search, searchIds } from '../support/search.js';

const point = (x: number, y: number) => ({ type: 'Feature', geometry: { type: 'Point', coordinates: [x, y] } });
const box = (w: number, s: number, e: number, n: number) => [[w, s], [e, s], [e, n], [w, n], [w, s]];
const polygon = (...rings: number[][][]) => ({ type: 'Feature', geometry: { type: 'Polygon', coordinates: rings } });

// The search area: a square with a square hole.
const AREA = polygon(box(10, 50, 14, 54), box(11, 51, 12, 52));
const TRIANGLE = polygon([[10, 50], [14, 50], [10, 54], [10, 50]]);

describe('area searches over GeoJSON (locations and images)', () => {
  const ids: Record<string, string> = {};
  const places: Record<string, unknown> = {
    inside: point(13, 53),
    inTheHole: point(11.5, 51.5),
    outside: point(15, 53),
    nearTheCorner: point(10.5, 50.5),
    // Inside the triangle's box but beyond its long edge.
    beyondTheEdge: point(13.5, 53.5),
    overlapping: polygon(box(13, 53, 15, 55)),
    containing: polygon(box(9, 49, 16, 56)),
    // A band crossing the square: no vertex of either lies inside the other.
    crossingBand: polygon(box(9, 52.5, 16, 52.8)),
    far: polygon(box(20, 50, 21, 51)),
    withinTheHole: polygon(box(11.2, 51.2, 11.8, 51.8)),
    nowhere: null,
  };
  const found = async (area: unknown) => (await searchIds('locations', 'locationDbId', { coordinates: area, locationNames: Object.keys(places).map((k) => `geo ${k}`) }))
    .map((id) => Object.keys(ids).find((k) => ids[k] === id)).sort();

  before(async () => {
    const created = await createRecords('locations', Object.entries(places).map(([name, coordinates]) => ({ locationName: `geo ${name}`, coordinates })));
    Object.keys(places).forEach((name, i) => (ids[name] = created[i].locationDbId));
  });

  after(async () => {
    await removeNodes('Location', 'locationName', { startsWith: 'geo ' });
    await removeNodes('Image', 'imageName', { startsWith: 'geo ' });
  });

  it('finds the points inside a polygon with a hole, and the polygons meeting it', async () => {
    expect(await found(AREA)).to.deep.equal(['beyondTheEdge', 'containing', 'crossingBand', 'inside', 'nearTheCorner', 'overlapping'].sort());
  });

  it('applies the polygon, not its bounding box', async () => {
    expect(await found(TRIANGLE)).to.deep.equal(['containing', 'crossingBand', 'inTheHole', 'nearTheCorner', 'withinTheHole'].sort());
  });

  it('takes the bare Polygon geometry too, and still returns the GeoJSON exactly as stored', async () => {
    const result = await search('locations', { coordinates: AREA.geometry, locationDbIds: [ids.inside, ids.overlapping] });
    expect(result.warnings).to.deep.equal([]);
    const data = result.res.json.result.data;
    expect(data.map((l: any) => l.coordinates)).to.have.deep.members([places.inside, places.overlapping]);
  });

  it('follows an update: a location moved out of the area is no longer found, one moved in is', async () => {
    const moved = await api('PUT', `/locations/${ids.inside}`, { coordinates: point(30, 30) });
    expect(moved.status, moved.text).to.equal(200);
    const movedIn = await api('PUT', `/locations/${ids.outside}`, { coordinates: point(12.5, 50.5) });
    expect(movedIn.status, movedIn.text).to.equal(200);
    const cleared = await api('PUT', `/locations/${ids.overlapping}`, { coordinates: null });
    expect(cleared.status, cleared.text).to.equal(200);
    expect(await found(AREA)).to.deep.equal(['beyondTheEdge', 'containing', 'crossingBand', 'nearTheCorner', 'outside'].sort());
    const [stored] = await server().graph.read('MATCH (n:Location {locationDbId: $id}) RETURN n.coordinatesPoint AS p, n.coordinatesRing AS r', { id: ids.overlapping });
    expect(stored).to.deep.equal({ p: null, r: null });
    await api('PUT', `/locations/${ids.inside}`, { coordinates: places.inside });
    await api('PUT', `/locations/${ids.outside}`, { coordinates: places.outside });
    await api('PUT', `/locations/${ids.overlapping}`, { coordinates: places.overlapping });
  });

  it('refuses an area that is not a valid GeoJSON Polygon, saving no search', async () => {
    const cases: Array<[unknown, string]> = [
      [point(12, 52), 'coordinates.geometry must be a Polygon'],
      [polygon([[10, 50], [14, 50], [14, 54], [10, 54]]), 'closed'],
      [{ type: 'Feature', geometry: { type: 'Polygon', coordinates: [[[10, 50], [14, 95], [14, 54], [10, 50]]] } }, 'latitude'],
      ['12,52', 'coordinates'],
      [[AREA, TRIANGLE], 'coordinates'],
    ];
    const saved = () => count('MATCH (s:SavedSearch) RETURN count(s) AS n');
    const before = await saved();
    for (const [area, words] of cases) {
      const res = await api('POST', '/search/locations', { coordinates: area });
      expect(res.status, res.text).to.equal(400);
      expect(res.text).to.contain(words);
    }
    expect(await saved()).to.equal(before);
  });

  it('finds images by imageLocation, and indexes serve the search', async () => {
    const [a, b, c] = await createRecords('images', [
      { imageName: 'geo in', imageLocation: point(12.5, 53.5) },
      { imageName: 'geo out', imageLocation: point(12.5, 54.5) },
      { imageName: 'geo field', imageLocation: polygon(box(13.5, 49, 14.5, 50.5)) },
    ]);
    const images = await searchIds('images', 'imageDbId', { imageLocation: AREA, imageNames: ['geo in', 'geo out', 'geo field'] });
    expect(images).to.deep.equal([a.imageDbId, c.imageDbId].sort());
    expect(images).to.not.include(b.imageDbId);

    const filter = compileWhere(imageEntity, { imageLocation: AREA });
    const operators = await explainPlan(idsQuery(imageEntity, filter), filter.params);
    // Points by bounding box from the point index, Polygons from the index of rings: no scan of every image.
    expect(operators.some((op) => /NodeIndexSeekByRange/.test(op)), operators.join(', ')).to.equal(true);
    expect(operators.filter((op) => /LabelScan|AllNodesScan/.test(op)), operators.join(', ')).to.deep.equal([]);
  });
});
