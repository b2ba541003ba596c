// `npm run test:fast`: the loop to run while working, at most 5 minutes on 2 cores. It is the whole suite (.mocharc.json,
// which `npm test` and CI run) without the files that pay for more than the suite's shared Neo4j and service: a Neo4j
// of their own or `npm start`, Chromium, thousands of requests, or all of SoyBase. Run one of them alone when your
// change touches what it tests (the README's test commands), and `npm test` before you push. No type check here:
// `npm run typecheck` (npm test runs it first).
const base = require('./.mocharc.json');

const SLOW = {
  // A second Neo4j (test/support/extra-neo4j.ts), killed and restarted, or `npm start` with a Neo4j of its own.
  'fault': 'extra Neo4j, killed and restarted three times',
  'engine-limits': 'extra Neo4j with a small transaction memory',
  'pedigree-cli': 'all of SoyBase into the extra Neo4j, and an import killed midway',
  'shutdown': 'npm start twice, each with its Neo4j',
  'demo-start': 'npm start killed inside its demo load three times on the extra Neo4j, and once on one core with a Neo4j of its own',
  // Chromium.
  'devdb': 'Neo4j Browser in Chromium',
  'docs': '/docs in Chromium',
  'frontdoor': 'the front page in Chromium',
  'viewer': 'the pedigree viewer in Chromium',
  // Many requests or much data.
  'fuzz': 'thousands of malformed and hostile requests',
  'brava': 'the BrAPI validator over every listed call',
  'pedigree-check': 'genotypes simulated down all of SoyBase',
  'cypher-explain': 'the plan of every statement the service can send',
  'breeding-values-worker': 'a REML fit long enough to answer other calls while it runs',
  'vcf-staging': 'a VCF import killed while staging, as a real process',
  // Outside references installed from PyPI on first use (minutes on a fresh machine).
  'pedigree-reference': 'sgkit over all of SoyBase',
  'breeding-values': 'numpy solving the mixed-model equations densely',
  'breeding-values-genomic': 'numpy building G and H-inverse and solving the equations densely',
};

module.exports = {
  ...base,
  ignore: Object.keys(SLOW).map((name) => `test/integration/${name}.test.ts`),
};
