// Phenotype records set up through the BrAPI calls the way a breeder's import sends them (a variable, studies, one
// observation unit per record and one observation on each), shared by the breeding-values test and its benchmark.
// `post` is the caller's authenticated POST answering the envelope's `result` (the test's api(), the bench's fetch).

export type Post = (route: string, body: unknown) => Promise<{ data: any[] }>;

/** One record: a germplasm's plot in a study (in a rep, when given) and its observed value. */
export interface PlotRecord {
  germplasm: string;
  study: string;
  rep?: string;
  value: string;
}

/** A numerical variable named `name` (its trait, method and scale named after it); its DbId. */
export async function postVariable(post: Post, name: string): Promise<string> {
  const result = await post('/variables', [{
    observationVariableName: name, trait: { traitName: `${name} trait` }, method: { methodName: `${name} method` },
    scale: { scaleName: `${name} scale`, dataType: 'Numerical' },
  }]);
  return result.data[0].observationVariableDbId as string;
}

/** Studies of these names; their DbIds in the same order. */
export async function postStudies(post: Post, names: string[]): Promise<string[]> {
  return (await post('/studies', names.map((studyName) => ({ studyName })))).data.map((s) => s.studyDbId as string);
}

/**
 * One unit per record (`${unitName} ${n}`, plot code n, counted from `first`) with its rep when given, then one
 * observation of `variable` on each.
 */
export async function postRecords(post: Post, variable: string, rows: PlotRecord[], unitName: string, first = 0): Promise<void> {
  const units = await post('/observationunits', rows.map((r, i) => ({
    observationUnitName: `${unitName} ${first + i}`,
    studyDbId: r.study,
    germplasmDbId: r.germplasm,
    observationUnitPosition: {
      observationLevel: { levelName: 'plot', levelOrder: 3, levelCode: String(first + i) },
      observationLevelRelationships: r.rep ? [{ levelName: 'rep', levelOrder: 2, levelCode: r.rep }] : [],
    },
  })));
  await post('/observations', rows.map((r, i) => ({
    observationUnitDbId: units.data[i].observationUnitDbId, observationVariableDbId: variable, value: r.value,
  })));
}

/**
 * A seeded generator of phenotypes: mulberry32 uniforms, moved half a step off 0 so a logarithm of one is finite,
 * and standard normals by Box-Muller (G. Box and M. Muller, Ann. Math. Statist. 29(2):610-611, 1958).
 */
export function phenotypeRandom(seed: number) {
  let s = seed >>> 0;
  const uniform = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) + 0.5) / 4294967296;
  };
  const normal = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  return { uniform, normal, pick: <T>(xs: T[]) => xs[Math.floor(uniform() * xs.length)] };
}

/** A pedigree row: the germplasm, its sire and its dam (null: unknown). */
export type PedigreeRow = [string, string | null, string | null];

/**
 * A simulated breeding pedigree: `founders` germplasm, then `generations` generations of `perGeneration` children of
 * parents drawn from any earlier generation, 1 in 10 without a known dam (as is a dam drawn equal to the sire).
 * Its rows, parents first, and each generation's germplasm (0: the founders). `founder` and `child` are called as each is made, so what they draw from `rng` interleaves with the pedigree's draws.
 */
export function simulatePedigree(
  rng: ReturnType<typeof phenotypeRandom>,
  shape: { founders: number; generations: number; perGeneration: number; name: (generation: number, i: number) => string },
  founder: (g: string) => void,
  child: (g: string, sire: string, dam: string | null) => void,
): { pedigree: PedigreeRow[]; generations: string[][] } {
  const pedigree: PedigreeRow[] = [];
  const generations: string[][] = [[]];
  for (let i = 0; i < shape.founders; i++) {
    const g = shape.name(0, i);
    generations[0].push(g);
    pedigree.push([g, null, null]);
    founder(g);
  }
  for (let gen = 1; gen <= shape.generations; gen++) {
    const earlier = generations.flat();
    generations.push([]);
    for (let i = 0; i < shape.perGeneration; i++) {
      const g = shape.name(gen, i);
      const sire = rng.pick(earlier);
      let dam: string | null = rng.pick(earlier);
      if (dam === sire || rng.uniform() < 0.1) dam = null;
      generations[gen].push(g);
      pedigree.push([g, sire, dam]);
      child(g, sire, dam);
    }
  }
  return { pedigree, generations };
}

/**
 * POST of a breeding-value fit through `call` (the test's api()), following a 202 (a fit longer than the search wait,
 * which a loaded machine reaches) to its GET, every 200 ms, until it is answered: the last answer.
 */
export async function postFit<R extends { status: number; json: any }>(call: (method: string, pathAndQuery: string, body?: unknown) => Promise<R>, pathAndQuery: string, body: unknown): Promise<R> {
  let res = await call('POST', pathAndQuery, body);
  if (res.status !== 202) return res;
  const [path, query] = pathAndQuery.split('?');
  for (let i = 0; i < 600 && res.status === 202; i++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    res = await call('GET', `${path}/${res.json.result.searchResultsDbId}${query ? `?${query}` : ''}`);
  }
  return res;
}
