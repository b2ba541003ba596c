// Every statement the service can send is planned by the real Neo4j 5 (EXPLAIN: parsed and planned, not run): each
// hand-written .cypher file and every shape of generated query (each entity's filters, its list, get, create, update
// and relink queries, and the pedigree traversal under each option). A syntax the server refuses fails here, not in
// front of a user; deprecations they raise fail the suite (test/setup.ts). A filter is planned in its ids query; the
// list query is the same match followed by one tail per entity (test/unit/list-query-tail.test.ts checks that for
// every filter), so it is planned once per entity: list plans were half this file's CPU. Each distinct statement
// (text and parameter types) is planned once, however many tests ask for it.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { bulkUpdateQuery, createQuery, getQuery, idsQuery, listQuery, missingTargetsQuery, relinkQuery } from '../../src/entities/cypher.js';
import { compileWhere } from '../../src/entities/filters.js';
import { entities } from '../../src/modules/registry.js';
import { traversalQuery } from '../../src/modules/germplasm/pedigree/traversal.js';
import { movableLinks } from '../../src/modules/extensions/germplasm-merge/merge.js';
import { jsonFieldsQuery, moveQuery, writeJsonFieldsQuery } from '../../src/modules/extensions/germplasm-merge/queries.js';
import { filterSample as sample } from '../support/filter-sample.js';
import { openPlanner, type PlanStep } from '../support/plan.js';
import { inPool } from '../support/pool.js';

const CYPHER_ROOT = path.resolve('cypher');

function cypherFiles(dir = CYPHER_ROOT): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? cypherFiles(full) : e.name.endsWith('.cypher') ? [full] : [];
  });
}

/** How many steps along relationships a plan (or part of one) takes (expansions, relationship scans and seeks). */
function walks(step: PlanStep): number {
  return (/Expand|Relationship/.test(step.operator) ? 1 : 0) + step.children.reduce((k, c) => k + walks(c), 0);
}

/** Whether the candidates `n` come out of this part of the plan (a scan or seek of `n`). */
function producesN(step: PlanStep): boolean {
  return (/Scan|Seek/.test(step.operator) && /^n( |:|$)/.test(step.details)) || step.children.some(producesN);
}

/** Apply operators that expand a path once per candidate `n` (n on the left, the expansion on the right). */
function perCandidateWalks(step: PlanStep): string[] {
  const own = /Apply/.test(step.operator) && step.children.length === 2 && producesN(step.children[0]) && walks(step.children[1]) > 0;
  return [...(own ? [`${step.operator} ${step.details}`] : []), ...step.children.flatMap(perCandidateWalks)];
}

function planText(step: PlanStep, depth = 0): string {
  return [`${'  '.repeat(depth)}${step.operator} ${step.details}`, ...step.children.map((c) => planText(c, depth + 1))].join('\n');
}


/** Statements planned at once: planning is the database's CPU work, and it has two cores. */
const AT_ONCE = 4;

describe('every statement plans on Neo4j 5 (EXPLAIN)', function () {
  this.timeout(120_000);
  let planner: ReturnType<typeof openPlanner>;
  const explain = async (statement: string, params: Record<string, unknown> = {}): Promise<void> => {
    await planner.tree(statement, params);
  };
  before(() => {
    planner = openPlanner();
  });
  after(async () => {
    console.log(`      ${planner.planned} distinct statements planned`);
    await planner.close();
  });

  it('each hand-written .cypher file', async () => {
    const files = cypherFiles();
    expect(files.length).to.be.above(30);
    await inPool(files, AT_ONCE, async (file) => {
      const text = fs.readFileSync(file, 'utf8');
      // Schema and write statements plan in a read transaction too: EXPLAIN runs nothing.
      await explain(text).catch((err: Error) => {
        throw new Error(`${path.relative(CYPHER_ROOT, file)}: ${err.message}`);
      });
    });
  });

  for (const entity of entities) {
    it(`${entity.label}: ids under each filter, list, get, create, update and relink`, async () => {
      const statements: Array<{ q: string; params?: Record<string, unknown>; what?: string }> = [];
      for (const [name, spec] of Object.entries(entity.filters)) {
        const filter = compileWhere(entity, { [name]: sample(spec) });
        // With the paging parameters the service sends (as the relationship-filter check below plans them).
        statements.push({ q: idsQuery(entity, filter), params: { ...filter.params, skip: 0, end: 10 }, what: `${entity.label} filter ${name}` });
      }
      // The list query's tail (the page and its projection) is the same under every filter: planned once.
      const unfiltered = compileWhere(entity, {});
      statements.push({ q: listQuery(entity, unfiltered), params: { ...unfiltered.params, skip: 0, end: 10 }, what: `${entity.label} list` });
      for (const q of [getQuery(entity), createQuery(entity), bulkUpdateQuery(entity)]) statements.push({ q });
      for (const ref of entity.refs) statements.push({ q: relinkQuery(entity, ref) }, { q: missingTargetsQuery(ref.target) });
      await inPool(statements, AT_ONCE, ({ q, params, what }) => explain(q, params).catch((err: Error) => {
        throw what ? new Error(`${what}: ${err.message}\n${q}`) : err;
      }));
    });
  }

  // A relationship filter walks its paths once, from the related nodes (found by their index), before `n` is
  // matched. The regression this catches is the per-candidate check: a path expanded on the right-hand side of an
  // apply whose left-hand side produces the candidates `n`, which runs once per candidate.
  it('each relationship filter walks its paths once, from the related nodes, not once per candidate', async () => {
    let checked = 0;
    const cases: Array<{ label: string; name: string; q: string; params: Record<string, unknown> }> = [];
    for (const entity of entities) {
      for (const [name, spec] of Object.entries(entity.filters)) {
        if (spec.kind !== 'related') continue;
        const filter = compileWhere(entity, { [name]: sample(spec) });
        // The MATCH is the same in both; the list query (slower to plan) is checked on germplasm.
        for (const q of entity.label === 'Germplasm' ? [listQuery(entity, filter), idsQuery(entity, filter)] : [idsQuery(entity, filter)]) {
          cases.push({ label: entity.label, name, q, params: { ...filter.params, skip: 0, end: 10 } });
        }
      }
    }
    await inPool(cases, AT_ONCE, async ({ label, name, q, params }) => {
      const plan = await planner.tree(q, params);
      const where = `${label} filter ${name}:\n${planText(plan)}`;
      expect(walks(plan), where).to.be.above(0);
      expect(perCandidateWalks(plan), where).to.deep.equal([]);
      checked++;
    });
    expect(checked).to.be.above(40);
  });

  it('the check refuses the per-candidate form (the pattern checked from each n)', async () => {
    const germplasm = entities.find((e) => e.label === 'Germplasm')!;
    const where = 'ANY(v IN [(n)<-[:CONTAINS]-(:SeedLot)-[:IN_PROGRAM]->(r:Program) | r.programDbId] WHERE v IN $f0)';
    const plan = await planner.tree(listQuery(germplasm, { anchors: [], where }), { f0: ['x'], skip: 0, end: 10 });
    expect(perCandidateWalks(plan), planText(plan)).to.not.deep.equal([]);
  });

  it('the germplasm merge: each kind of relationship it moves', async () => {
    const statements = movableLinks(entities).flatMap((link) => {
      const read = jsonFieldsQuery(link);
      return [moveQuery(link), ...(read ? [read, writeJsonFieldsQuery(link)] : [])].map((q) => ({ link, q }));
    });
    await inPool(statements, AT_ONCE, ({ link, q }) => explain(q).catch((err: Error) => {
      throw new Error(`${link.type} ${link.label}: ${err.message}\n${q}`);
    }));
  });

  it('the pedigree traversal under each option', async () => {
    const germplasm = entities.find((e) => e.label === 'Germplasm')!;
    const filter = compileWhere(germplasm, { germplasmDbId: 'x' });
    const statements: string[] = [];
    for (const depth of [[0, 0], [1, 1], [5, 2], [null, null]] as const) {
      for (const flags of [[true, true, true], [false, false, false], [true, false, true]]) {
        const opts = { filter, pedigreeDepth: depth[0], progenyDepth: depth[1], includeParents: flags[0], includeProgeny: flags[1], includeSiblings: flags[2] };
        statements.push(traversalQuery(opts), traversalQuery(opts, true));
      }
    }
    await inPool(statements, AT_ONCE, (q) => explain(q, { ...filter.params, skip: 0, limit: 10 }));
  });
});
