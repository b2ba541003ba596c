"""An outside computation of pedigree statistics, for test/integration/pedigree-reference.test.ts.

Reads a pedigree (TSV: id, first parent, second parent; "." for unknown; a self is the same parent twice) on stdin,
writes JSON on stdout:
  inbreeding: {id: F} for every id, from sgkit's pedigree_inbreeding (diploid method), a population-genetics library;
  inverse: [[id, id, value], ...], the non-zero lower triangle of A-inverse, built by Henderson's rules (Henderson 1976,
    Biometrics 32:69-83) with Quaas's correction for inbreeding (Quaas 1976, Biometrics 32:949-953), from the parent
    list and sgkit's F: for each i with known parents s, d among its two gametes, c = e_i - (e_s + e_d)/2 and
    A-inverse += c c' / d_i, where d_i = a_ii - Var(parental mean) = 1 + F_i - (a_ss + a_dd + 2 a_sd)/4, a_ss = 1 + F_s,
    a_sd = 2 F_i, the terms of an unknown parent dropped (d_i = 1 for a founder, 3/4 - F_s/4 with one known parent,
    1/2 - (F_s + F_d)/4 with two, (1 - F_s)/2 for a self);
  kinship: {"ids": [...], "pedigree": [[...]], "inbred": [[...]]} for the ids listed in argv[1:] (if any), from
    sgkit's pedigree_kinship on those ids and their ancestors. "pedigree": the diploid method (founders not inbred).
    "inbred" (every line fully inbred, a self of P is P again, the coefficient of parentage of self-pollinated crops):
    the Hamilton-Kerr method (Hamilton & Kerr 2017, Theor Appl Genet 131:851-860) on the pedigree where every line is
    a doubled haploid of its parents' cross: a virtual cross of the two parents (gametes of one homologue each), and
    the line from one gamete of two homologues of that cross, identical by descent (tau 2, lambda 1); a founder is a
    doubled haploid of an unknown cross. So f(i,i) = 1 and f(i,j) = f(cross_i,j) = (f(s,j) + f(d,j))/2.
None of this uses the service's code.
"""
import json
import sys
from collections import defaultdict

import numpy as np
import sgkit as sg
import xarray as xr


def dataset(ids, parents, tau=None, lambda_=None):
    data = {
        "sample_id": (["samples"], np.array(ids, dtype=object)),
        "parent_id": (["samples", "parents"], np.array(parents, dtype=object)),
    }
    if tau is not None:
        data["stat_Hamilton_Kerr_tau"] = (["samples", "parents"], np.array(tau, dtype=np.uint64))
        data["stat_Hamilton_Kerr_lambda"] = (["samples", "parents"], np.array(lambda_, dtype=float))
    return xr.Dataset(data)


def inbred_kinship(ids, parents):
    """Kinship with every line fully inbred: each line a doubled haploid of its parents' cross (Hamilton-Kerr)."""
    cross = lambda x: "\t" + x  # no id holds a tab (the input is tab-separated)
    names, par, tau, lam = [], [], [], []
    for x, (s, d) in zip(ids, parents):
        names += [cross(x), x]
        par += [[s, d], [cross(x), "."]]
        tau += [[1, 1], [2, 0]]
        lam += [[0, 0], [1, 0]]
    k = sg.pedigree_kinship(dataset(names, par, tau, lam), method="Hamilton-Kerr", allow_half_founders=True)
    matrix = k["stat_pedigree_kinship"].values
    at = {x: n for n, x in enumerate(names)}
    return matrix, at


def main():
    rows = [line.rstrip("\n").split("\t") for line in sys.stdin if line.strip()]
    ids = [r[0] for r in rows]
    parents = [[r[1], r[2]] for r in rows]
    index = {x: i for i, x in enumerate(ids)}

    ds = sg.pedigree_inbreeding(dataset(ids, parents), method="diploid", allow_half_founders=True)
    F = ds["stat_pedigree_inbreeding"].values.astype(float)

    inverse = defaultdict(float)
    for i, (s, d) in enumerate(parents):
        known = [index[p] for p in (s, d) if p != "."]
        # Var of the parental mean in units of A: (1/4) sum over known parent pairs (p, q) of a_pq.
        var = 0.0
        for p in known:
            for q in known:
                var += (1 + F[p] if p == q else 2 * F[i]) / 4
        # Two known parents that are the same line (a self): a_pp counted four times above, as it should be.
        di = 1 + F[i] - var
        c = {i: 1.0}
        for p in known:
            c[p] = c.get(p, 0.0) - 0.5
        for a, ca in c.items():
            for b, cb in c.items():
                if a >= b:
                    inverse[(a, b)] += ca * cb / di
    out = {
        "inbreeding": {x: F[i] for i, x in enumerate(ids)},
        "inverse": [[ids[a], ids[b], v] for (a, b), v in inverse.items() if v != 0],
    }

    wanted = sys.argv[1:]
    if wanted:
        # The ids and their ancestors, a pedigree of its own.
        keep = set()
        stack = [index[x] for x in wanted]
        while stack:
            i = stack.pop()
            if i in keep:
                continue
            keep.add(i)
            stack.extend(index[p] for p in parents[i] if p != ".")
        sub = sorted(keep)
        sub_ids, sub_parents = [ids[i] for i in sub], [parents[i] for i in sub]
        k = sg.pedigree_kinship(dataset(sub_ids, sub_parents), method="diploid", allow_half_founders=True)
        matrix = k["stat_pedigree_kinship"].values
        at = {x: n for n, x in enumerate(sub_ids)}
        inbred, inbred_at = inbred_kinship(sub_ids, sub_parents)
        out["kinship"] = {
            "ids": wanted,
            "pedigree": [[float(matrix[at[a], at[b]]) for b in wanted] for a in wanted],
            "inbred": [[float(inbred[inbred_at[a], inbred_at[b]]) for b in wanted] for a in wanted],
        }
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
