// Every Neo4j Browser query in cypher/browser/ runs as written, with the parameters its `// :param` lines set, on
// the demo data; its answer is checked against the same facts read independently through the BrAPI pedigree calls.
// A new file without a check here, without a :param line, or returning nothing fails.
import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import { api, server } from '../support/server.js';

const DIR = path.resolve('cypher/browser');
type Row = Record<string, any>;
type Params = Record<string, string | number>;
type Relative = { germplasmDbId: string; germplasmName: string; parentType: string };

/** The literal of a :param line: a single-quoted string or an integer. */
function literal(text: string): string | number {
  const s = /^'((?:[^'\\]|\\.)*)'$/.exec(text);
  if (s) return s[1].replace(/\\(.)/g, '$1');
  if (/^-?\d+$/.test(text)) return Number(text);
  throw new Error(`cannot read the parameter value ${text}`);
}

/** The parameters of a file: its `// :param name => value` lines, as Neo4j Browser 5 takes them. */
function paramsOf(text: string): Params {
  const params: Params = {};
  for (const [, name, value] of text.matchAll(/^\/\/ :param (\w+) => (.+?)\s*$/gm)) {
    params[name] = literal(value);
  }
  return params;
}

/** Parents (or progeny) of every germplasm the pedigree call returns for `query`, all pages. */
async function relatives(query: string, side: 'parents' | 'progeny'): Promise<Map<string, Relative[]>> {
  const found = new Map<string, Relative[]>();
  for (let page = 0; ; page++) {
    const res = await api('GET', `/pedigree?${query}&pageSize=5000&page=${page}`);
    expect(res.status, res.text).to.equal(200);
    for (const node of res.json.result.data) found.set(node.germplasmDbId, node[side]);
    if (page + 1 >= res.json.metadata.pagination.totalPages) return found;
  }
}

/** Nearest generation of every germplasm reachable from `start` along `edges` (breadth first), start at 0. */
function generations(edges: Map<string, Relative[]>, start: string): Map<string, number> {
  const depth = new Map([[start, 0]]);
  let frontier = [start];
  while (frontier.length) {
    const next: string[] = [];
    for (const id of frontier) {
      for (const r of edges.get(id) ?? []) {
        if (depth.has(r.germplasmDbId)) continue;
        depth.set(r.germplasmDbId, depth.get(id)! + 1);
        next.push(r.germplasmDbId);
      }
    }
    frontier = next;
  }
  return depth;
}

async function dbIdOf(name: string): Promise<string> {
  const res = await api('GET', `/germplasm?germplasmName=${encodeURIComponent(name)}`);
  expect(res.json.result.data, name).to.have.length(1);
  return res.json.result.data[0].germplasmDbId;
}

const ancestry = (id: string) => relatives(`germplasmDbId=${encodeURIComponent(id)}&pedigreeDepth=100&progenyDepth=0&includeProgeny=false`, 'parents');
const progenyOf = async (id: string): Promise<Relative[]> => (await api('GET', `/germplasm/${encodeURIComponent(id)}/progeny`)).json.result.progeny;

const CHECKS: Record<string, (rows: Row[], params: Params) => Promise<void>> = {
  async ancestors(rows, { name }) {
    const id = await dbIdOf(name as string);
    const stored = await ancestry(id);
    const expected = generations(stored, id);
    expected.delete(id);
    expect(Object.fromEntries(rows.map((r) => [r.germplasmDbId, r.generation]))).to.deep.equal(Object.fromEntries(expected));
    // The parents, at generation 1, with their own parentType as the path.
    for (const p of stored.get(id)!) expect(rows.find((r) => r.germplasmDbId === p.germplasmDbId)).to.include({ generation: 1, parentTypes: p.parentType });
  },

  async 'common-ancestors'(rows, { nameA, nameB }) {
    const [a, b] = [await dbIdOf(nameA as string), await dbIdOf(nameB as string)];
    const [fromA, fromB] = [generations(await ancestry(a), a), generations(await ancestry(b), b)];
    const common = [...fromA.keys()].filter((k) => fromB.has(k));
    expect(Object.fromEntries(rows.map((r) => [r.germplasmDbId, [r.generationsFromA, r.generationsFromB]])))
      .to.deep.equal(Object.fromEntries(common.map((c) => [c, [fromA.get(c), fromB.get(c)]])));
    // The example pair are sibs: their shared parent is a common ancestor at generation 1 from both.
    const parentsA = (await ancestry(a)).get(a)!.map((p) => p.germplasmDbId);
    const shared = (await ancestry(b)).get(b)!.filter((p) => parentsA.includes(p.germplasmDbId));
    expect(shared).to.not.be.empty;
    for (const p of shared) expect(rows.find((r) => r.germplasmDbId === p.germplasmDbId)).to.include({ generationsFromA: 1, generationsFromB: 1 });
  },

  async descendants(rows, { name }) {
    const id = await dbIdOf(name as string);
    const down = generations(await relatives(`germplasmDbId=${encodeURIComponent(id)}&pedigreeDepth=0&progenyDepth=100&includeParents=false`, 'progeny'), id);
    down.delete(id);
    const perGeneration = new Map<number, number>();
    for (const g of down.values()) perGeneration.set(g, (perGeneration.get(g) ?? 0) + 1);
    expect(rows.map((r) => [r.generation, r.descendants])).to.deep.equal([...perGeneration.entries()].sort((x, y) => x[0] - y[0]));
  },

  async 'half-sib-families'(rows, { parentType, top }) {
    expect(rows.length).to.be.at.most(top as number);
    expect(rows.map((r) => r.familySize)).to.deep.equal([...rows.map((r) => r.familySize)].sort((x, y) => y - x));
    const [largest] = rows;
    const family = (await progenyOf(largest.germplasmDbId)).filter((c) => c.parentType === parentType);
    expect(largest.familySize).to.equal(new Set(family.map((c) => c.germplasmDbId)).size);
    // The mates: the members' other parents.
    const parents = await relatives(`germplasmDbId=${encodeURIComponent(largest.germplasmDbId)}&pedigreeDepth=0&progenyDepth=1&includeProgeny=false`, 'parents');
    const mates = new Set(family.flatMap((c) => parents.get(c.germplasmDbId)!.map((p) => p.germplasmDbId)).filter((p) => p !== largest.germplasmDbId));
    expect(largest.distinctMates).to.equal(mates.size);
  },

  async 'most-used-parents'(rows, { top }) {
    expect(rows).to.have.length(top as number);
    for (const row of rows.slice(0, 3)) {
      const progeny = await progenyOf(row.germplasmDbId);
      const count = (type: string) => progeny.filter((c) => c.parentType === type).length;
      expect(row.progeny).to.equal(new Set(progeny.map((c) => c.germplasmDbId)).size);
      expect([row.asFemale, row.asMale]).to.deep.equal([count('FEMALE'), count('MALE')]);
    }
    expect(rows[0].progeny).to.be.at.least(rows[rows.length - 1].progeny);
  },
};

describe('Neo4j Browser queries (cypher/browser)', () => {
  const files = fs.readdirSync(DIR).filter((f) => f.endsWith('.cypher')).sort();

  it('every file has a check here', () => {
    expect(files.map((f) => f.replace(/\.cypher$/, ''))).to.deep.equal(Object.keys(CHECKS).sort());
  });

  for (const file of files) {
    it(`${file} runs as written and answers what the BrAPI calls say`, async () => {
      const text = fs.readFileSync(path.join(DIR, file), 'utf8');
      expect(text.split('\n')[0], 'starts with a comment saying what it does').to.match(/^\/\/ \S/);
      const params = paramsOf(text);
      expect(Object.keys(params), 'a :param line').to.not.be.empty;
      // Every $parameter the query uses is set by a :param line.
      for (const [, used] of text.matchAll(/\$(\w+)/g)) expect(params, `$${used}`).to.have.property(used);
      const rows = await server().graph.read<Row>(text, params);
      expect(rows, 'rows').to.not.be.empty;
      const check = CHECKS[file.replace(/\.cypher$/, '')];
      expect(check, `a check for ${file}`).to.be.a('function');
      await check(rows, params);
    });
  }
});
