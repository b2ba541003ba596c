"""An outside check of the sparse LDL' factorisation and its inverse subset (breeding-values ldl.ts): numpy only,
dense, written from the textbook without the service's code. Reads JSON on stdin:
  {"lhs": {"n": n, "row": [...], "column": [...], "value": [...]} (the lower triangle, 0-based),
   "rhs": [...],
   "pedigree": [[id, sire or null, dam or null], ...] (parents first), "records": [[id, study, rep or null, y], ...],
   "additive": s2a, "residual": s2e}
and writes JSON: the dense inverse of the given LHS (row-major) and its solution of the given RHS; and, from the
pedigree and records alone (A by the tabular method, Henderson 1976; its own inverse; the MME of Henderson 1984 with
one column per study and rep within study, the first rep of each study left out), tr(A^-1 C^aa) with C the inverse
of numpy's own left-hand side at l = s2e / s2a, and the EBVs' order (the pedigree's ids).
"""
import json
import sys

import numpy as np


def relationship(pedigree):
    index = {row[0]: i for i, row in enumerate(pedigree)}
    n = len(pedigree)
    a = np.zeros((n, n))
    for i, (_, s, d) in enumerate(pedigree):
        si = index.get(s) if s is not None else None
        di = index.get(d) if d is not None else None
        for j in range(i):
            v = 0.0
            if si is not None:
                v += a[j, si] / 2
            if di is not None:
                v += a[j, di] / 2
            a[i, j] = a[j, i] = v
        a[i, i] = 1 + (a[si, di] / 2 if si is not None and di is not None else 0.0)
    return a, index


def mme(pedigree, records, lam):
    a, index = relationship(pedigree)
    studies = sorted({r[1] for r in records})
    reps = {}
    for r in records:
        if r[2] is not None:
            reps.setdefault(r[1], set()).add(r[2])
    columns = [("study", s, None) for s in studies]
    for s in studies:
        for rep in sorted(reps.get(s, []))[1:]:
            columns.append(("rep", s, rep))
    col = {c: k for k, c in enumerate(columns)}
    x = np.zeros((len(records), len(columns)))
    z = np.zeros((len(records), len(index)))
    for k, (animal, study, rep, _) in enumerate(records):
        x[k, col[("study", study, None)]] = 1
        if rep is not None and ("rep", study, rep) in col:
            x[k, col[("rep", study, rep)]] = 1
        z[k, index[animal]] = 1
    ainv = np.linalg.inv(a)
    lhs = np.block([[x.T @ x, x.T @ z], [z.T @ x, z.T @ z + ainv * lam]])
    return lhs, ainv, x.shape[1]


def main():
    data = json.load(sys.stdin)
    given = data["lhs"]
    n = given["n"]
    m = np.zeros((n, n))
    for i, j, v in zip(given["row"], given["column"], given["value"]):
        m[i, j] += v
        if i != j:
            m[j, i] += v
    c = np.linalg.inv(m)
    lhs, ainv, p = mme(data["pedigree"], data["records"], data["residual"] / data["additive"])
    own = np.linalg.inv(lhs)
    json.dump({
        "inverse": c.ravel().tolist(),
        "solution": np.linalg.solve(m, np.array(data["rhs"])).tolist(),
        "trace": float(np.trace(ainv @ own[p:, p:])),
        "equations": int(lhs.shape[0]),
    }, sys.stdout)


main()
