// Purdy notation for a pedigree, as CIMMYT, BMS and Breedbase write it (Purdy, Loegering, Konzak, Peterson and Allan,
// 1968, "A proposed standard method for illustrating pedigrees of small grain varieties", Crop Science 8:405-406):
// - female first, then male; the separator shows the level of each cross: "/" for the first, "//" for the second,
//   "/3/", "/4/", ... above, so "A/B//C" is (A x B) x C and "A/B//C/D" is (A x B) x (C x D);
// - a parent that has a name is written by its name; only unnamed parents (no germplasmName, or a name that is an
//   inline expression such as SoyBase's "( A X B )") are expanded into their own parents, up to `levels`
//   generations below the germplasm;
// - a backcross is written with the number of doses of the recurrent parent: "A*3/B" is A/B//A/3/A (recurrent
//   parent the female of the last cross), "B/3*A" the same with the recurrent parent as male; the chain of
//   backcrosses runs through unnamed intermediates (BMS writes it the same way: Middleware's BackcrossProcessor);
// - a missing parent is "unknown";
// - a SELF or CLONAL line is written as its source: a germplasm's pedigree is its source's pedigree (a selection
//   from the cross A/B has the pedigree A/B, as BMS shows derivative lines), and an unnamed selection used as a
//   parent is written as its source would be;
// - POPULATION parents are all listed, in name order, joined by " + " (a population is a mix of its sources); as
//   one side of a cross (an open-pollinated family: a FEMALE and the population) two or more are put in brackets:
//   "F/[P1 + P2]";
// - a name holding a character the notation gives a meaning ("/", "*", "+", "[", "]") is put in double quotes, so
//   "A/B 2"/C still reads as two parents; brackets "(" are left as they are, as CIMMYT writes "AE.SQUARROSA (224)"
//   (Purdy strings use no round brackets);
// - an unnamed germplasm that cannot be expanded (no parents known, or beyond `levels`) is written by its
//   inline expression if it has one, else by its germplasmDbId.

/** One germplasm of the pedigree read for a Purdy string: its name and its parents, by DbId. */
export interface PurdyNode {
  name: string | null;
  parents: Array<{ parentType: string; germplasmDbId: string }>;
}

/** The germplasm read for Purdy strings, by DbId. A node missing here has no parents read (named, or too deep). */
export type PurdyGraph = Map<string, PurdyNode>;

/** One PARENT relationship as the graph read returns it: child DbId, parent DbId, parentType, parent's name. */
export type PurdyEdge = [string, string, string, string | null];

/** Default for BRAPI_PURDY_LEVELS: deep enough for every inline expression of the SoyBase demo data (7). */
export const DEFAULT_PURDY_LEVELS = 8;

/** "( A X B )", "( A , ( B , C ) )" and cut-off ones such as "Hark , Wayne": a parent written inline, not a name. */
export const isInlineExpression = (name: string) => name.startsWith('(') || name.includes(' , ');

/** The same test over the Cypher variable `v`, for the graph read (kept beside the TypeScript one). */
export const cypherUnnamed = (v: string) =>
  `(coalesce(${v}.germplasmName, '') = '' OR ${v}.germplasmName STARTS WITH '(' OR ${v}.germplasmName CONTAINS ' , ')`;

const named = (name: string | null | undefined): name is string => !!name && !isInlineExpression(name);

/** The graph read for Purdy strings, from its edges (the germplasm asked about needs no name). */
export function purdyGraph(edges: PurdyEdge[]): PurdyGraph {
  const graph: PurdyGraph = new Map();
  const node = (id: string) => {
    let n = graph.get(id);
    if (!n) graph.set(id, (n = { name: null, parents: [] }));
    return n;
  };
  for (const [child, parent, parentType, name] of edges) {
    node(parent).name = name;
    const c = node(child);
    if (!c.parents.some((p) => p.germplasmDbId === parent)) c.parents.push({ parentType, germplasmDbId: parent });
  }
  return graph;
}

interface Rendered {
  text: string;
  /** The cross level of the text: 0 for a name, 1 for "A/B", 2 for "A/B//C", ... */
  level: number;
  /** Two or more population members, bracketed when the list is one side of a cross. */
  list?: boolean;
}

const UNKNOWN: Rendered = { text: 'unknown', level: 0 };

export function separator(level: number): string {
  return level <= 1 ? '/' : level === 2 ? '//' : `/${level}/`;
}

const SPECIAL = /[/*+[\]]/;

/** A name as written in a Purdy string: quoted when it holds a character of the notation. */
export function writeName(name: string): string {
  return SPECIAL.test(name) ? `"${name.replace(/"/g, '""')}"` : name;
}

/**
 * The Purdy string of germplasm `root` from the graph read for it, expanding unnamed parents up to `levels`
 * generations below it; null when it has no parents.
 */
export function purdy(root: string, graph: PurdyGraph, levels = DEFAULT_PURDY_LEVELS): string | null {
  return new Writer(graph).pedigree(root, levels, false)?.text ?? null;
}

class Writer {
  constructor(private readonly graph: PurdyGraph) {}

  private parents(id: string) {
    return this.graph.get(id)?.parents ?? [];
  }

  /** How germplasm `id` is written as a parent, with `budget` generations below it that may still be read. */
  term(id: string, budget: number): Rendered {
    const name = this.graph.get(id)?.name;
    if (named(name)) return { text: writeName(name), level: 0 };
    return this.pedigree(id, budget, true) ?? { text: writeName(name || id), level: 0 };
  }

  /** The pedigree of `id` from its parents, or null without parents (or budget). */
  pedigree(id: string, budget: number, asParent: boolean): Rendered | null {
    const parents = this.parents(id);
    if (budget <= 0 || parents.length === 0) return null;
    const source = parents.find((p) => p.parentType === 'SELF' || p.parentType === 'CLONAL');
    if (source) {
      // A selection (or clone) is written as its source: as a parent, as the source would be written there; as the
      // germplasm asked about, with the source's own pedigree.
      if (asParent) return this.term(source.germplasmDbId, budget - 1);
      return this.pedigree(source.germplasmDbId, budget - 1, false) ?? this.term(source.germplasmDbId, budget - 1);
    }
    const [female] = ofType(parents, 'FEMALE');
    const [male] = ofType(parents, 'MALE');
    const population = ofType(parents, 'POPULATION');
    const next = budget - 1;
    if (!female && !male) return this.population(population, next) ?? null;
    if (female && male) {
      const backcross = this.backcross(female, male, next);
      if (backcross) return backcross;
    }
    const f = female ? this.term(female, next) : UNKNOWN;
    const m = male ? this.term(male, next) : this.population(population, next) ?? UNKNOWN;
    return cross(f, m);
  }

  /** Population members as one list in name order, or null when there are none. */
  private population(ids: string[], budget: number): Rendered | null {
    if (ids.length === 0) return null;
    const members = ids.map((id) => this.term(id, budget)).sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
    if (members.length === 1) return members[0];
    return { text: members.map((m) => m.text).join(' + '), level: Math.max(...members.map((m) => m.level)), list: true };
  }

  /**
   * Female x male as a backcross, when one of them is the recurrent parent: the other is an unnamed cross that has
   * it as a parent, and so on down a chain of unnamed crosses, each adding a dose, to the donor (the first parent
   * of the chain that is not such a cross). Null when this is not a backcross.
   */
  private backcross(female: string, male: string, budget: number): Rendered | null {
    for (const [recurrent, other, recurrentIsFemale] of [[female, male, true], [male, female, false]] as const) {
      let doses = 1;
      let donor = other;
      let left = budget;
      for (;;) {
        const step = this.chainStep(donor, recurrent, left);
        if (!step) break;
        doses++;
        donor = step;
        left--;
      }
      if (doses < 2) continue;
      const r = this.term(recurrent, budget);
      // "A/B*2/C" would not say which parent the doses are of: only a recurrent parent written as a name takes them.
      if (r.level > 0) return null;
      const d = bracketed(this.term(donor, left));
      const level = d.level + 1;
      return recurrentIsFemale
        ? { text: `${r.text}*${doses}${separator(level)}${d.text}`, level }
        : { text: `${d.text}${separator(level)}${doses}*${r.text}`, level };
    }
    return null;
  }

  /** When `id` is an unnamed biparental cross with `recurrent` as one parent (and budget left): its other parent. */
  private chainStep(id: string, recurrent: string, budget: number): string | undefined {
    if (budget <= 0 || named(this.graph.get(id)?.name)) return undefined;
    const parents = this.parents(id);
    const female = parents.find((p) => p.parentType === 'FEMALE')?.germplasmDbId;
    const male = parents.find((p) => p.parentType === 'MALE')?.germplasmDbId;
    if (!female || !male) return undefined;
    return female === recurrent ? male : male === recurrent ? female : undefined;
  }
}

// A function of the module rather than a closure made on every call: the closure was named on each creation
// (tsx keeps function names), which was half of writing the Purdy strings of a full tree.
function ofType(parents: PurdyNode['parents'], type: string): string[] {
  return parents.filter((p) => p.parentType === type).map((p) => p.germplasmDbId);
}

function bracketed(r: Rendered): Rendered {
  return r.list ? { text: `[${r.text}]`, level: r.level } : r;
}

function cross(female: Rendered, male: Rendered): Rendered {
  const f = bracketed(female);
  const m = bracketed(male);
  const level = Math.max(f.level, m.level) + 1;
  return { text: `${f.text}${separator(level)}${m.text}`, level };
}
