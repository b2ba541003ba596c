import { expect } from 'chai';
import { loadConfig } from '../../src/config.js';

describe('BRAPI_DEV_DB_JVM_OPTIONS: JVM options of the bundled Neo4j', () => {
  it('none by default; options separated by any spaces, in their order', () => {
    expect(loadConfig({}).devDbJvmOptions).to.deep.equal([]);
    expect(loadConfig({ BRAPI_DEV_DB_JVM_OPTIONS: '  -Xmx2g \t-XX:TieredStopAtLevel=1 ' }).devDbJvmOptions)
      .to.deep.equal(['-Xmx2g', '-XX:TieredStopAtLevel=1']);
  });

  it('a word that is not an option stops the start, naming the variable and the word', () => {
    expect(() => loadConfig({ BRAPI_DEV_DB_JVM_OPTIONS: '-Xmx2g 2g' })).to.throw(/BRAPI_DEV_DB_JVM_OPTIONS .*"2g"/);
  });
});
