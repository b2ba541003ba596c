import { expect } from 'chai';
import { loadConfig } from '../../src/config.js';
import { purdy, purdyGraph, separator, writeName, type PurdyEdge, type PurdyGraph } from '../../src/modules/germplasm/pedigree/purdy.js';

const TYPES: Record<string, string> = { F: 'FEMALE', M: 'MALE', S: 'SELF', C: 'CLONAL', P: 'POPULATION' };

/**
 * A pedigree as `child: "F:parent M:parent"` lines; a germplasm is named by its id unless `unnamed` lists it (or
 * `names` gives another name). Builds the graph as the service reads it: one edge per PARENT relationship.
 */
function pedigree(lines: Record<string, string>, unnamed: string[] = [], names: Record<string, string> = {}): PurdyGraph {
  const nameOf = (id: string) => (unnamed.includes(id) ? null : names[id] ?? id);
  const edges: PurdyEdge[] = Object.entries(lines).flatMap(([child, parents]) =>
    parents.split(/ (?=[FMSCP]:)/).map((p): PurdyEdge => {
      const [type, parent] = [p.slice(0, 1), p.slice(2)];
      return [child, parent, TYPES[type], nameOf(parent)];
    }),
  );
  return purdyGraph(edges);
}

describe('Purdy pedigree strings', () => {
  it('separators: "/", "//", then "/3/", "/4/", ...', () => {
    expect([1, 2, 3, 4, 10].map(separator)).to.deep.equal(['/', '//', '/3/', '/4/', '/10/']);
  });

  describe('published pedigrees', () => {
    it('Scout wheat: Nebred//Hope/Turkey Red/3/Cheyenne/Ponca (GrainGenes cultivar pedigrees, after Purdy et al. 1968)', () => {
      // GrainGenes writes "Nebred /2/ Hope / Turkey Red /3/ Cheyenne / Ponca": unnamed progenies of Hope x Turkey Red
      // crossed to Nebred, and of Cheyenne x Ponca, crossed together.
      const g = pedigree({ Scout: 'F:x3 M:y', x3: 'F:Nebred M:x2', x2: 'F:Hope M:Turkey_Red', y: 'F:Cheyenne M:Ponca' }, ['x3', 'x2', 'y'], { Turkey_Red: 'Turkey Red' });
      expect(purdy('Scout', g)).to.equal('Nebred//Hope/Turkey Red/3/Cheyenne/Ponca');
    });

    it('Attila wheat (CIMMYT): ND/VG9144//KAL/BB/3/YACO/4/VEE#5', () => {
      const g = pedigree({
        ATTILA: 'F:a4 M:VEE#5',
        a4: 'F:a3 M:YACO',
        a3: 'F:a1 M:a2',
        a1: 'F:ND M:VG9144',
        a2: 'F:KAL M:BB',
      }, ['a1', 'a2', 'a3', 'a4']);
      expect(purdy('ATTILA', g)).to.equal('ND/VG9144//KAL/BB/3/YACO/4/VEE#5');
    });

    it('Seri M82 wheat (CIMMYT): KVZ/BUHO//KAL/BB', () => {
      const g = pedigree({ SERI: 'F:s1 M:s2', s1: 'F:KVZ M:BUHO', s2: 'F:KAL M:BB' }, ['s1', 's2']);
      expect(purdy('SERI', g)).to.equal('KVZ/BUHO//KAL/BB');
    });

    it('Williams 82 soybean: Williams*7/Kingwa, a selection from six backcrosses to Williams (Bernard and Cremeens 1988, Crop Science 28:1027)', () => {
      // Williams x Kingwa, then six backcrosses with Williams as the female, all unnamed; Williams 82 is selected from the last.
      const lines: Record<string, string> = { 'Williams 82': 'S:bc6', bc0: 'F:Williams M:Kingwa' };
      for (let i = 1; i <= 6; i++) lines[`bc${i}`] = `F:Williams M:bc${i - 1}`;
      const g = pedigree(lines, ['bc0', 'bc1', 'bc2', 'bc3', 'bc4', 'bc5', 'bc6']);
      expect(purdy('Williams 82', g, 8)).to.equal('Williams*7/Kingwa');
    });

    it('the same name-by-name as SoyBase records it: named parents are not expanded (Williams 7/Kingwa)', () => {
      const g = pedigree({ 'Williams 82': 'F:Williams 7 M:Kingwa', Kingwa: 'F:Peking' });
      expect(purdy('Williams 82', g)).to.equal('Williams 7/Kingwa');
      expect(purdy('Kingwa', g)).to.equal('Peking/unknown');
    });
  });

  describe('named and unnamed parents', () => {
    it('a named parent is written by its name even when its own parents are known', () => {
      const g = pedigree({ X: 'F:AB M:C', AB: 'F:A M:B' });
      expect(purdy('X', g)).to.equal('AB/C');
    });

    it('an unnamed parent is expanded: the male side deeper', () => {
      const g = pedigree({ X: 'F:E M:y', y: 'F:ab M:C', ab: 'F:A M:B' }, ['y', 'ab']);
      expect(purdy('X', g)).to.equal('E/3/A/B//C');
    });

    it('a parent named by an inline expression is expanded as an unnamed one', () => {
      const g = pedigree({ X: 'F:e M:C', e: 'F:Kent M:L49' }, [], { e: '( Kent X L49 )' });
      expect(purdy('X', g)).to.equal('Kent/L49//C');
    });

    it('expansion stops after `levels` generations: the unnamed germplasm beyond is written by its DbId', () => {
      const g = pedigree({ X: 'F:z M:E', z: 'F:y M:D', y: 'F:ab M:C', ab: 'F:A M:B' }, ['z', 'y', 'ab']);
      expect(purdy('X', g, 4)).to.equal('A/B//C/3/D/4/E');
      expect(purdy('X', g, 2)).to.equal('y/D//E');
      expect(purdy('X', g, 1)).to.equal('z/E');
    });

    it('an unnamed inline expression beyond the levels (or without parents) is written as the expression', () => {
      const g = pedigree({ X: 'F:e M:C', e: 'F:Kent M:L49' }, [], { e: '( Kent X L49 )' });
      expect(purdy('X', g, 1)).to.equal('( Kent X L49 )/C');
    });

    it('a founder has no pedigree string', () => {
      expect(purdy('A', pedigree({ X: 'F:A M:B' }))).to.equal(null);
    });
  });

  describe('unknown parents, selections, clones and populations', () => {
    it('a missing parent is "unknown"', () => {
      const g = pedigree({ X: 'F:A', Y: 'M:B' });
      expect(purdy('X', g)).to.equal('A/unknown');
      expect(purdy('Y', g)).to.equal('unknown/B');
    });

    it('a selfed line has the pedigree of its source, through a selfing chain', () => {
      const g = pedigree({ F4: 'S:F3', F3: 'S:F2', F2: 'S:AB', AB: 'F:A M:B' }, [], {});
      expect(purdy('F4', g)).to.equal('A/B');
    });

    it('a selection from a founder, and a clone, are written as the source', () => {
      const g = pedigree({ S: 'S:A', K: 'C:B' });
      expect(purdy('S', g)).to.equal('A');
      expect(purdy('K', g)).to.equal('B');
    });

    it('an unnamed selection used as a parent is written as its source would be: by name', () => {
      const g = pedigree({ X: 'F:s M:C', s: 'S:AB', AB: 'F:A M:B' }, ['s']);
      expect(purdy('X', g)).to.equal('AB/C');
    });

    it('a population lists every member in name order', () => {
      const g = pedigree({ Syn: 'P:C P:A P:B' });
      expect(purdy('Syn', g)).to.equal('A + B + C');
    });

    it('an open-pollinated family: the female, then its population in brackets', () => {
      const g = pedigree({ HS: 'F:M1 P:B P:A', HS1: 'F:M1 P:A' });
      expect(purdy('HS', g)).to.equal('M1/[A + B]');
      expect(purdy('HS1', g)).to.equal('M1/A');
    });

    it('an unnamed population as a parent is bracketed, and keeps the separators above its members', () => {
      const g = pedigree({ X: 'F:pop M:D', pop: 'P:ab P:C', ab: 'F:A M:B' }, ['pop', 'ab']);
      expect(purdy('X', g)).to.equal('[A/B + C]//D');
    });
  });

  describe('backcrosses', () => {
    it('recurrent parent as female: A*3/B (A/B//A/3/A written with the doses, Purdy et al. 1968)', () => {
      const g = pedigree({ BC2: 'F:A M:bc1', bc1: 'F:A M:f1', f1: 'F:A M:B' }, ['bc1', 'f1']);
      expect(purdy('BC2', g)).to.equal('A*3/B');
    });

    it('recurrent parent as male: B/2*A (BMS: donor, then doses and recurrent parent)', () => {
      const g = pedigree({ BC1: 'F:f1 M:A', f1: 'F:B M:A' }, ['f1']);
      expect(purdy('BC1', g)).to.equal('B/2*A');
    });

    it('the backcross takes the level above its donor: A*2/B/C', () => {
      const g = pedigree({ BC1: 'F:A M:f1', f1: 'F:A M:bc' }, ['f1', 'bc']);
      const h = pedigree({ BC1: 'F:A M:f1', f1: 'F:A M:bc', bc: 'F:B M:C' }, ['f1', 'bc']);
      expect(purdy('BC1', g)).to.equal('A*2/bc');
      expect(purdy('BC1', h)).to.equal('A*2//B/C');
    });

    it('a backcross inside a larger cross', () => {
      const g = pedigree({ X: 'F:bc M:D', bc: 'F:A M:f1', f1: 'F:A M:B' }, ['bc', 'f1']);
      expect(purdy('X', g)).to.equal('A*2/B//D');
    });

    it('a named intermediate ends the chain: A/F1 line', () => {
      const g = pedigree({ BC1: 'F:A M:F1 line', 'F1 line': 'F:A M:B' });
      expect(purdy('BC1', g)).to.equal('A/F1 line');
    });

    it('the chain stops at the levels: the rest is written by DbId', () => {
      const g = pedigree({ BC2: 'F:A M:bc1', bc1: 'F:A M:f1', f1: 'F:A M:B' }, ['bc1', 'f1']);
      expect(purdy('BC2', g, 2)).to.equal('A*2/f1');
    });
  });

  describe('names the notation would misread', () => {
    it('names with "/", "*", "+" or brackets are quoted; round brackets stay as written', () => {
      expect(writeName('TCWN05/06-5045')).to.equal('"TCWN05/06-5045"');
      expect(writeName('2*YACO')).to.equal('"2*YACO"');
      expect(writeName('Rps1+Rps3')).to.equal('"Rps1+Rps3"');
      expect(writeName('AE.SQUARROSA (224)')).to.equal('AE.SQUARROSA (224)');
      expect(writeName('A/"B"')).to.equal('"A/""B"""');
    });

    it('in a string', () => {
      const g = pedigree({ X: 'F:a M:B' }, [], { a: 'SD1161RR/SCN' });
      expect(purdy('X', g)).to.equal('"SD1161RR/SCN"/B');
    });
  });

  it('BRAPI_PURDY_LEVELS: a positive whole number, 8 when unset', () => {
    expect(loadConfig({}).purdyLevels).to.equal(8);
    expect(loadConfig({ BRAPI_PURDY_LEVELS: '3' }).purdyLevels).to.equal(3);
    for (const bad of ['0', '-1', '2.5', 'deep']) expect(() => loadConfig({ BRAPI_PURDY_LEVELS: bad }), bad).to.throw(/BRAPI_PURDY_LEVELS/);
  });
});
