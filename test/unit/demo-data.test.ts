import { expect } from 'chai';
import { loadConfig } from '../../src/config.js';
import { demoDataWanted } from '../../src/server.js';

describe('which empty database receives the demo data', () => {
  it('by default only the bundled one: never a database NEO4J_URI names', () => {
    const config = loadConfig({ NEO4J_URI: 'bolt://db.example.org:7687' });
    expect(config.demoData).to.equal('bundled');
    expect(demoDataWanted(config, false)).to.equal(false);
    expect(demoDataWanted(loadConfig({}), true)).to.equal(true);
  });

  it('BRAPI_DEMO_DATA=true: any empty database; false: none', () => {
    expect(demoDataWanted(loadConfig({ BRAPI_DEMO_DATA: 'true' }), false)).to.equal(true);
    expect(demoDataWanted(loadConfig({ BRAPI_DEMO_DATA: 'false' }), true)).to.equal(false);
  });
});
