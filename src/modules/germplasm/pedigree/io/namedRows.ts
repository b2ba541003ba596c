// Rows of names (a line and its parents: SoyBase, Helium, CSV files and edge lists) as pedigree nodes for the pedigree
// upload (the same path as POST /pedigree). A row whose female and male parents are one line is a self (one SELF
// parent).
// With `expressions` (SoyBase), inline pedigree expressions such as "( Kent 7 X L49-4196 )" stand for unnamed
// intermediate crosses: each becomes a germplasm of its own, named by the expression, whose parents are the two
// sides (parsed recursively). An expression that does not parse (unbalanced brackets, three-way lists) stays an
// opaque germplasm without parents.
import { createHash } from 'node:crypto';
import type { ParentType } from '../types.js';

/** One line of a names file: the line and every parent it is given, by name. */
export interface NamedRow {
  strain: string;
  parents: Array<{ name: string; parentType: ParentType }>;
}

/** A line with a female and a male parent column (SoyBase, Helium's FemaleParent/MaleParent; null when not given). */
export interface SexedRow {
  strain: string;
  female: string | null;
  male: string | null;
}

export function sexedParents({ female, male }: SexedRow): NamedRow['parents'] {
  if (female && female === male) return [{ name: female, parentType: 'SELF' }];
  return [
    ...(female ? [{ name: female, parentType: 'FEMALE' as const }] : []),
    ...(male ? [{ name: male, parentType: 'MALE' as const }] : []),
  ];
}

/** "( A X B )", "( A , ( B , C ) )", and a few cut-off ones such as "Hark , Wayne" (no bracket, but a " , "). */
export const isPedigreeExpression = (name: string) => name.startsWith('(') || name.includes(' , ');

/**
 * URL-safe, readable DbIds derived from the names; a clash (with each other or with `taken`, which is updated)
 * gets a numeric suffix. The input order is fixed, so the ids are too.
 */
export function slugIds(names: string[], taken = new Set<string>(), prefix = 'soy-'): Map<string, string> {
  const ids = new Map<string, string>();
  for (const name of names) {
    const base = prefix + (name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'unnamed');
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    taken.add(id);
    ids.set(name, id);
  }
  return ids;
}

export interface NamedPedigreeOptions {
  /** Prefix of the DbIds made for names `ids` does not know, and (with "x-") for expressions. */
  prefix?: string;
  /** Read parent values such as "( A X B )" as inline crosses (SoyBase) rather than as names. */
  expressions?: boolean;
  /** Also give a node to rows without parents (an import creates them; the demo loader has already). */
  founders?: boolean;
}

type Side = { name: string } | { expr: string };

export type PedigreeNodeInput = {
  germplasmDbId: string;
  germplasmName?: string;
  parents: Array<{ germplasmDbId: string; germplasmName: string; parentType: ParentType }>;
};

/** Splits "( A X B )" / "A , B" into its two sides at the one top-level separator, or null. */
export function parseExpression(text: string): [Side, Side] | null {
  let body = text.trim();
  if (body.startsWith('(') && closingBracket(body, 0) === body.length - 1) body = body.slice(1, -1).trim();
  let depth = 0;
  const cuts: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    if (depth < 0) return null;
    if (depth === 0 && (body.startsWith(' X ', i) || body.startsWith(' , ', i))) cuts.push(i);
  }
  if (depth !== 0 || cuts.length !== 1) return null;
  const side = (s: string): Side | null => {
    const t = s.trim();
    if (!t) return null;
    return isPedigreeExpression(t) || /^\(/.test(t) ? { expr: t } : { name: t };
  };
  const left = side(body.slice(0, cuts[0]));
  const right = side(body.slice(cuts[0] + 3));
  return left && right ? [left, right] : null;
}

function closingBracket(s: string, open: number): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    if (s[i] === '(') depth++;
    else if (s[i] === ')' && --depth === 0) return i;
  }
  return -1;
}

export function expressionId(expr: string, prefix = 'soy-'): string {
  return `${prefix}x-` + createHash('sha1').update(expr.trim()).digest('hex').slice(0, 12);
}

/**
 * Pedigree nodes for every row with a parent (every row with `founders`), plus one node per inline expression.
 * `ids` maps germplasm names to their DbIds; names it does not know (e.g. met only inside expressions) get new ids.
 */
export function namedPedigree(rows: Array<NamedRow | SexedRow>, ids: Map<string, string>, { prefix = 'soy-', expressions = true, founders = false }: NamedPedigreeOptions = {}): PedigreeNodeInput[] {
  const known = new Map(ids);
  const taken = new Set(ids.values());
  const idOfName = (name: string) => {
    let id = known.get(name);
    if (!id) {
      id = slugIds([name], taken, prefix).get(name)!;
      known.set(name, id);
    }
    return id;
  };
  const inline = new Map<string, PedigreeNodeInput>();
  const ref = (side: Side, parentType: ParentType) => {
    if ('name' in side) return { germplasmDbId: idOfName(side.name), germplasmName: side.name, parentType };
    return { germplasmDbId: expressionNode(side.expr), germplasmName: side.expr.trim(), parentType };
  };
  const expressionNode = (expr: string): string => {
    const germplasmDbId = expressionId(expr, prefix);
    if (!inline.has(germplasmDbId)) {
      const node: PedigreeNodeInput = { germplasmDbId, germplasmName: expr.trim(), parents: [] };
      inline.set(germplasmDbId, node);
      const sides = parseExpression(expr);
      if (sides) {
        const same = JSON.stringify(sides[0]) === JSON.stringify(sides[1]);
        node.parents = same ? [ref(sides[0], 'SELF')] : [ref(sides[0], 'FEMALE'), ref(sides[1], 'MALE')];
      }
    }
    return germplasmDbId;
  };
  const side = (value: string): Side => (expressions && isPedigreeExpression(value) ? { expr: value } : { name: value });

  const nodes: PedigreeNodeInput[] = [];
  for (const row of rows) {
    const given = 'parents' in row ? row.parents : sexedParents(row);
    if (given.length === 0) {
      if (founders) nodes.push({ germplasmDbId: idOfName(row.strain), germplasmName: row.strain, parents: [] });
      continue;
    }
    nodes.push({ germplasmDbId: idOfName(row.strain), germplasmName: row.strain, parents: given.map((p) => ref(side(p.name), p.parentType)) });
  }
  return [...nodes, ...inline.values()];
}
