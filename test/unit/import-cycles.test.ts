// No runtime import circle between the files of src/: a circle makes the load order decide which module sees the
// other's exports as undefined (a `const` read before its module ran). Type-only imports vanish at compile time,
// so `import type` and named imports that are all `type X` are not edges. Static lines only (`import ... from`,
// `export ... from`, `import '...'`); dynamic import() runs later and cannot see a half-loaded module.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { cycles } from '../../src/modules/germplasm/pedigree/stronglyConnected.js';

const SRC = path.resolve('src');

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return tsFiles(full);
    return /\.ts$/.test(name) && !/\.d\.ts$/.test(name) ? [full] : [];
  });
}

/** The relative specifiers a file loads at run time. */
export function runtimeImports(source: string): string[] {
  const found: string[] = [];
  const statement = /^\s*(import|export)\s+([^;]*?)\s*from\s*['"]([^'"]+)['"]/gm;
  for (const [, , clause, spec] of source.matchAll(statement)) {
    if (/^type\b/.test(clause)) continue;
    const named = /^\{([\s\S]*)\}$/.exec(clause.trim());
    if (named) {
      const members = named[1].split(',').map((m) => m.trim()).filter(Boolean);
      if (members.length > 0 && members.every((m) => /^type\s/.test(m))) continue;
    }
    found.push(spec);
  }
  for (const [, spec] of source.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm)) found.push(spec);
  return found.filter((spec) => spec.startsWith('.'));
}

function resolve(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base.replace(/\.js$/, '.ts'), `${base}.ts`, path.join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return undefined;
}

describe('import graph of src/', () => {
  it('reads runtime imports and skips type-only ones', () => {
    const source = [
      "import type { A } from './a.js';",
      "import { type B, type C } from './b.js';",
      "import { type D, e } from './d.js';",
      "import {\n  f,\n  g,\n} from './f.js';",
      "export { h } from './h.js';",
      "export type { I } from './i.js';",
      "import './side.js';",
      "import { readFileSync } from 'node:fs';",
    ].join('\n');
    expect(runtimeImports(source)).to.deep.equal(['./d.js', './f.js', './h.js', './side.js']);
  });

  it('finds a circle of two and of three files and none in a chain', () => {
    expect(cycles(new Map([['a', ['b']], ['b', ['a']]]))).to.deep.equal([['a', 'b']]);
    expect(cycles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]))).to.deep.equal([['a', 'b', 'c']]);
    expect(cycles(new Map([['a', ['b']], ['b', ['c']], ['c', []]]))).to.deep.equal([]);
  });

  it('has no runtime import circle', () => {
    const graph = new Map<string, string[]>();
    for (const file of tsFiles(SRC)) {
      const targets = runtimeImports(readFileSync(file, 'utf8'))
        .map((spec) => resolve(file, spec))
        .filter((target): target is string => target !== undefined);
      graph.set(file, targets);
    }
    expect(graph.size).to.be.greaterThan(100);
    const found = cycles(graph).map((component) => component.map((f) => path.relative(SRC, f)).join(' <-> '));
    expect(found, `runtime import circles in src/:\n${found.join('\n')}`).to.deep.equal([]);
  });
});
