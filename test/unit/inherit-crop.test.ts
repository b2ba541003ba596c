// The crops a pedigree write gives the germplasm it creates, and the wide crosses among their relationships, worked
// out before writing; hand-computed cases of the rule inherit-crop.cypher and wide-crosses.cypher apply on the graph.
import { expect } from 'chai';
import { inheritedTaxa, wideCrossesOf, type Taxon } from '../../src/modules/germplasm/pedigree/commands/inheritCrop.js';
import type { Edge, ParentType } from '../../src/modules/germplasm/pedigree/types.js';

const soy = { commonCropName: 'Soybean', genus: 'Glycine', species: 'max' };
const barley = { commonCropName: 'Barley', genus: 'Hordeum', species: 'vulgare' };
const edge = (child: string, parent: string, parentType: ParentType = 'FEMALE'): Edge => ({ child, parent, parentType });
const known = (entries: Record<string, Taxon>) => new Map(Object.entries(entries));
const plain = (m: Map<string, Taxon>) => Object.fromEntries([...m].sort(([a], [b]) => (a < b ? -1 : 1)));

describe('crops of created germplasm', () => {
  it('a chain of new crosses takes its parents\' crop, genus and species, one generation a round', () => {
    const edges = [edge('f1', 'lee'), edge('f1', 'essex', 'MALE'), edge('f2', 'f1', 'SELF'), edge('f3', 'f2', 'SELF')];
    expect(plain(inheritedTaxa(['f3', 'f2', 'f1'], edges, known({ lee: soy, essex: soy })))).to.deep.equal({ f1: soy, f2: soy, f3: soy });
  });

  it('parents of two crops give none; parents of one crop and two species give the crop only', () => {
    const edges = [edge('x', 'lee'), edge('x', 'bonus', 'MALE'), edge('y', 'lee'), edge('y', 'soja', 'MALE')];
    const taxa = known({ lee: soy, bonus: barley, soja: { commonCropName: 'Soybean', genus: 'Glycine', species: 'soja' } });
    expect(plain(inheritedTaxa(['x', 'y'], edges, taxa))).to.deep.equal({ y: { commonCropName: 'Soybean', genus: null, species: null } });
  });

  it('a parent without a genus does not disagree; a genus of its own is kept', () => {
    const edges = [edge('x', 'lee'), edge('x', 'bare', 'MALE'), edge('y', 'lee')];
    const taxa = known({ lee: soy, bare: { commonCropName: 'Soybean' }, y: { genus: 'Glycine', species: 'gracilis' } });
    expect(plain(inheritedTaxa(['x', 'y'], edges, taxa))).to.deep.equal({ x: soy, y: { commonCropName: 'Soybean', genus: 'Glycine', species: 'gracilis' } });
  });

  it('a new parent of a stored child takes the child\'s crop, once parents gave it none', () => {
    const edges = [edge('stored', 'newParent', 'MALE'), edge('newParent', 'unknown')];
    expect(plain(inheritedTaxa(['newParent', 'unknown'], edges, known({ stored: barley })))).to.deep.equal({ newParent: barley, unknown: barley });
  });

  it('a round sees only what earlier rounds set: a child of a known and a new parent takes the known one\'s crop', () => {
    // Round 1: g1 sees lee (g2 has no crop yet), g2 sees bonus. Nothing is left for round 2.
    const edges = [edge('g1', 'lee'), edge('g1', 'g2', 'MALE'), edge('g2', 'bonus')];
    expect(plain(inheritedTaxa(['g1', 'g2'], edges, known({ lee: soy, bonus: barley })))).to.deep.equal({ g1: soy, g2: barley });
  });

  it('wide crosses: a child of a crop with a parent of another, or a child without one whose parents differ', () => {
    const edges = [edge('given', 'bonus'), edge('mixed', 'lee'), edge('mixed', 'bonus', 'MALE'), edge('same', 'lee'), edge('loose', 'nobody')];
    const taxa = known({ given: soy, lee: soy, bonus: barley, same: soy, mixed: {}, loose: soy, nobody: {} });
    expect(wideCrossesOf(edges, taxa)).to.deep.equal([
      { child: 'given', parent: 'bonus', childCrop: 'Soybean', parentCrop: 'Barley', childCropGiven: true },
      // Compared with the first of its parents' crops in name order: Barley.
      { child: 'mixed', parent: 'lee', childCrop: 'Barley', parentCrop: 'Soybean', childCropGiven: false },
    ]);
  });
});
