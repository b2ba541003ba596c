// Purdy notation for a pedigree: female/male, with the separator of each cross showing its level: "/" for the
// first, "//" for the second, "/3/", "/4/", ... above (e.g. "A/B//C" is (A x B) x C).

export interface PurdyTree {
  name: string | null;
  parents: Array<{ parentType: string; tree: PurdyTree }>;
}

interface Rendered {
  text: string;
  level: number;
}

function separator(level: number): string {
  return level === 1 ? '/' : level === 2 ? '//' : `/${level}/`;
}

function render(tree: PurdyTree, depth: number): Rendered {
  const name = tree.name ?? 'unknown';
  if (depth === 0 || tree.parents.length === 0) return { text: name, level: 0 };
  const of = (type: string) => tree.parents.find((p) => p.parentType === type)?.tree;
  const female = of('FEMALE');
  const male = of('MALE');
  if (female || male) {
    const f = female ? render(female, depth - 1) : { text: 'unknown', level: 0 };
    const m = male ? render(male, depth - 1) : { text: 'unknown', level: 0 };
    const level = Math.max(f.level, m.level) + 1;
    return { text: `${f.text}${separator(level)}${m.text}`, level };
  }
  // SELF, CLONAL or POPULATION: a selection from one source, written as that source.
  const [only] = tree.parents;
  return render(only.tree, depth - 1);
}

/** The Purdy string of a germplasm from its parents, expanding up to `depth` generations; null without parents. */
export function purdy(tree: PurdyTree, depth = 3): string | null {
  if (tree.parents.length === 0) return null;
  const female = tree.parents.find((p) => p.parentType === 'FEMALE');
  const male = tree.parents.find((p) => p.parentType === 'MALE');
  if (!female && !male) return render(tree.parents[0].tree, depth - 1).text;
  return render(tree, depth).text;
}
