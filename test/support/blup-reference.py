"""An outside solution of the animal model, for the breeding-values tests: numpy only, dense, written from the
textbook without the service's code. Reads JSON on stdin:
  {"pedigree": [[id, sire or null, dam or null], ...] (parents first),
   "records": [[id, study, rep or null, y], ...], "additive": s2a, "residual": s2e}
and writes JSON: the BLUP at the given variances (fixed effects, EBVs, PEVs) and the REML estimates.

A by the tabular method (Henderson 1976): a_ij = (a_j,s + a_j,d)/2, a_ii = 1 + a_sd/2, unknown parents 0.
MME (Henderson 1984): [X'X X'Z; Z'X Z'Z + A^-1 l] [b; a] = [X'y; Z'y], l = s2e/s2a, solved by numpy.linalg.solve;
PEV = diag(LHS^-1)_aa s2e. X: one column per study; rep within study with the first rep (sorted) of each study left
out (the same parametrisation as the service, so the fixed solutions compare too).
REML by direct maximisation of the profile restricted log-likelihood (Patterson & Thompson 1971; Harville 1977) over
g = s2a/s2e: V = s2e H, H = g ZAZ' + I,
  l(g) = -1/2 [(N - p) log s2e(g) + log|H| + log|X'H^-1 X|],  s2e(g) = y'P_H y / (N - p),
with a coarse grid on log g then golden-section search.
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


def design(records, index, n):
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
    z = np.zeros((len(records), n))
    y = np.zeros(len(records))
    for k, (animal, study, rep, value) in enumerate(records):
        x[k, col[("study", study, None)]] = 1
        if rep is not None and ("rep", study, rep) in col:
            x[k, col[("rep", study, rep)]] = 1
        z[k, index[animal]] = 1
        y[k] = value
    return x, z, y, columns


def blup(x, z, y, ainv, s2a, s2e):
    lam = s2e / s2a
    lhs = np.block([[x.T @ x, x.T @ z], [z.T @ x, z.T @ z + ainv * lam]])
    rhs = np.concatenate([x.T @ y, z.T @ y])
    sol = np.linalg.solve(lhs, rhs)
    c = np.linalg.inv(lhs)
    p = x.shape[1]
    return sol[:p], sol[p:], np.diag(c)[p:] * s2e


def profile(logg, x, zaz, y):
    n, p = x.shape
    h = np.exp(logg) * zaz + np.eye(n)
    hinv = np.linalg.inv(h)
    xhx = x.T @ hinv @ x
    hy = hinv @ y
    py = hy - hinv @ x @ np.linalg.solve(xhx, x.T @ hy)
    s2e = float(y @ py) / (n - p)
    value = -0.5 * ((n - p) * np.log(s2e) + np.linalg.slogdet(h)[1] + np.linalg.slogdet(xhx)[1])
    return value, s2e


def reml(x, z, a, y):
    zaz = z @ a @ z.T
    grid = np.linspace(-7, 4, 45)
    values = [profile(g, x, zaz, y)[0] for g in grid]
    k = int(np.argmax(values))
    lo, hi = grid[max(k - 1, 0)], grid[min(k + 1, len(grid) - 1)]
    ratio = (np.sqrt(5) - 1) / 2
    c, d = hi - ratio * (hi - lo), lo + ratio * (hi - lo)
    fc, fd = profile(c, x, zaz, y)[0], profile(d, x, zaz, y)[0]
    while hi - lo > 1e-10:
        if fc > fd:
            hi, d, fd = d, c, fc
            c = hi - ratio * (hi - lo)
            fc = profile(c, x, zaz, y)[0]
        else:
            lo, c, fc = c, d, fd
            d = lo + ratio * (hi - lo)
            fd = profile(d, x, zaz, y)[0]
    g = (lo + hi) / 2
    value, s2e = profile(g, x, zaz, y)
    return {"additive": float(np.exp(g) * s2e), "residual": s2e, "logLikelihood": float(value)}


def main():
    data = json.load(sys.stdin)
    a, index = relationship(data["pedigree"])
    ainv = np.linalg.inv(a)
    x, z, y, columns = design(data["records"], index, len(index))
    b, u, pev = blup(x, z, y, ainv, data["additive"], data["residual"])
    ids = [row[0] for row in data["pedigree"]]
    out = {
        "fixed": [{"factor": f, "study": s, "rep": r, "estimate": float(v)} for (f, s, r), v in zip(columns, b)],
        "ebv": {i: float(v) for i, v in zip(ids, u)},
        "pev": {i: float(v) for i, v in zip(ids, pev)},
        "inbreeding": {i: float(a[k, k] - 1) for i, k in index.items()},
        "reml": reml(x, z, a, y),
    }
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
