// What a write that adds parents does with a relationship stored with another type (parent-types.ts), one case per
// rule, on hand-made parent sets (the Abava case is the ExHIBiT/BaRN pair of fixtures/barley).
import { expect } from 'chai';
import { reconcileParentTypes, type StoredParent } from '../../src/modules/germplasm/pedigree/parent-types.js';
import type { Edge, ParentType } from '../../src/modules/germplasm/pedigree/types.js';

const edge = (child: string, parent: string, parentType: ParentType): Edge => ({ child, parent, parentType });
const storedOf = (...parents: Array<[string, string, ParentType]>) => {
  const map = new Map<string, StoredParent[]>();
  for (const [child, parent, parentType] of parents) {
    (map.get(child) ?? map.set(child, []).get(child)!).push({ child, parent, parentType, name: parent });
  }
  return map;
};
const nameOf = (id: string) => id;

describe('parent types against stored ones', () => {
  // ExHIBiT: Abava = ic_10000 x Domen; BaRN: Abava <- Elsa, Domen, Mari, no sex.
  const abava = storedOf(['Abava', 'ic_10000', 'FEMALE'], ['Abava', 'Domen', 'MALE']);

  it('a parent given without a sex keeps the known type stored for it', () => {
    const r = reconcileParentTypes([edge('Abava', 'Domen', 'POPULATION')], abava, 'keep', nameOf);
    expect(r.edges).to.deep.equal([edge('Abava', 'Domen', 'MALE')]);
    expect(r.kept).to.deep.equal([{ child: 'Abava', parent: 'Domen', parentType: 'MALE' }]);
    expect(r.typeChanges).to.deep.equal([]);
    expect(r.conflicts).to.deep.equal([]);
  });

  it('kept sexes and the other given parents that break the parent-set rules are a conflict with both sets, not a downgrade', () => {
    const given = [edge('Abava', 'Elsa', 'POPULATION'), edge('Abava', 'Domen', 'POPULATION'), edge('Abava', 'Mari', 'POPULATION')];
    const r = reconcileParentTypes(given, abava, 'keep', nameOf);
    expect(r.edges).to.deep.equal([]);
    expect(r.kept).to.deep.equal([]);
    expect(r.conflicts).to.have.length(1);
    const [c] = r.conflicts;
    expect(c.germplasmDbId).to.equal('Abava');
    expect(c.conflict!.stored.map((p) => `${p.germplasmDbId} ${p.parentType}`)).to.deep.equal(['ic_10000 FEMALE', 'Domen MALE']);
    expect(c.conflict!.given.map((p) => `${p.germplasmDbId} ${p.parentType}`)).to.deep.equal(['Elsa POPULATION', 'Domen POPULATION', 'Mari POPULATION']);
    expect(c.reason).to.contain('MALE parent and POPULATION parents');
  });

  it('a different known type is a conflict by default and a type change when asked', () => {
    const given = [edge('Abava', 'Domen', 'FEMALE'), edge('Abava', 'ic_10000', 'MALE')];
    const kept = reconcileParentTypes(given, abava, 'keep', nameOf);
    expect(kept.edges).to.deep.equal([]);
    expect(kept.conflicts[0].reason).to.contain('Domen is stored as MALE and given as FEMALE');
    const replaced = reconcileParentTypes(given, abava, 'replace', nameOf);
    expect(replaced.edges).to.deep.equal(given);
    expect(replaced.typeChanges).to.deep.equal([
      { child: 'Abava', parent: 'Domen', from: 'MALE', to: 'FEMALE' },
      { child: 'Abava', parent: 'ic_10000', from: 'FEMALE', to: 'MALE' },
    ]);
    expect(replaced.conflicts).to.deep.equal([]);
  });

  it('with replace, a parent without a sex downgrades the stored type, counted as a type change', () => {
    const r = reconcileParentTypes([edge('Abava', 'Domen', 'POPULATION')], abava, 'replace', nameOf);
    expect(r.edges).to.deep.equal([edge('Abava', 'Domen', 'POPULATION')]);
    expect(r.typeChanges).to.deep.equal([{ child: 'Abava', parent: 'Domen', from: 'MALE', to: 'POPULATION' }]);
    expect(r.kept).to.deep.equal([]);
  });

  it('a POPULATION relationship given a sex gains it (a type change); SELF and CLONAL are kept like a sex', () => {
    const pop = storedOf(['X', 'A', 'POPULATION'], ['S', 'P', 'SELF']);
    const r = reconcileParentTypes([edge('X', 'A', 'FEMALE'), edge('S', 'P', 'POPULATION')], pop, 'keep', nameOf);
    expect(r.edges).to.deep.equal([edge('X', 'A', 'FEMALE'), edge('S', 'P', 'SELF')]);
    expect(r.typeChanges).to.deep.equal([{ child: 'X', parent: 'A', from: 'POPULATION', to: 'FEMALE' }]);
    expect(r.kept).to.deep.equal([{ child: 'S', parent: 'P', parentType: 'SELF' }]);
  });

  it('new children and new parents that fit pass as given; a second female beside the stored one is a conflict', () => {
    const r = reconcileParentTypes([edge('New', 'A', 'FEMALE'), edge('Abava', 'Elsa', 'POPULATION')], abava, 'keep', nameOf);
    expect(r.edges).to.deep.equal([edge('New', 'A', 'FEMALE')]);
    expect(r.conflicts.map((c) => c.germplasmDbId)).to.deep.equal(['Abava']);
    const half = storedOf(['H', 'M', 'FEMALE']);
    const ok = reconcileParentTypes([edge('H', 'Q', 'POPULATION')], half, 'keep', nameOf);
    expect(ok.edges).to.deep.equal([edge('H', 'Q', 'POPULATION')]);
    const two = reconcileParentTypes([edge('H', 'Q', 'FEMALE')], half, 'keep', nameOf);
    expect(two.conflicts[0].reason).to.contain('2 FEMALE parents').and.contain('stored: M FEMALE; given: Q FEMALE');
  });
});
