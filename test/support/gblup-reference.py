"""An outside solution of genomic BLUP and single-step BLUP, for the breeding-values tests: numpy only, dense, written
from the papers without the service's code. Reads JSON on stdin:
  {"kind": "genomic" | "single-step", "blend": w,
   "pedigree": [[id, sire or null, dam or null], ...] (parents first; every germplasm of the model and its ancestors),
   "genotypes": {id: [0|1|2|-1 per marker], ...} (every genotyped germplasm of the variant set; -1 missing),
   "records": [[id, study, rep or null, y], ...], "additive": s2a, "residual": s2e}
and writes JSON: the fixed effects, EBVs, PEVs, each germplasm's own relationship (diagonal) and the REML estimates.

G: VanRaden (2008), method 1: p_j the non-reference frequency among the called genotypes, Z = X - 2p (0 where
missing), markers with p in (0, 1), G = ZZ' / (2 sum p_j (1 - p_j)). A by the tabular method (blup-reference.py).
G_w = (1 - w) G + w A22.
genomic: the model holds the genotyped germplasm (the order of "genotypes"), relationship G_w; records of the others
are left out. single-step: the model holds every pedigree germplasm, relationship H with
H^-1 = A^-1 + [0 0; 0 G_w^-1 - A22^-1] (Aguilar et al. 2010), both inverses by numpy.linalg.inv.
"""
import importlib.util
import json
import os
import sys

import numpy as np

_spec = importlib.util.spec_from_file_location("blup_reference", os.path.join(os.path.dirname(__file__), "blup-reference.py"))
blup_reference = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(blup_reference)


def vanraden(genotypes, ids):
    all_x = np.array([genotypes[i] for i in genotypes], dtype=float)
    called = all_x >= 0
    p = np.where(called, all_x, 0).sum(axis=0) / (2 * called.sum(axis=0))
    keep = (p > 0) & (p < 1)
    x = np.array([genotypes[i] for i in ids], dtype=float)[:, keep]
    p = p[keep]
    z = np.where(x >= 0, x - 2 * p, 0.0)
    return z @ z.T / (2 * np.sum(p * (1 - p))), int(keep.sum())


def main():
    data = json.load(sys.stdin)
    a, index = blup_reference.relationship(data["pedigree"])
    genotyped = list(data["genotypes"].keys())
    g, markers = vanraden(data["genotypes"], genotyped)
    gi = [index[i] for i in genotyped]
    a22 = a[np.ix_(gi, gi)]
    w = data["blend"]
    gw = (1 - w) * g + w * a22
    if data["kind"] == "genomic":
        ids = genotyped
        model = {i: k for k, i in enumerate(ids)}
        kinv = np.linalg.inv(gw)
        k = gw
        records = [r for r in data["records"] if r[0] in model]
    else:
        ids = [row[0] for row in data["pedigree"]]
        model = index
        kinv = np.linalg.inv(a)
        kinv[np.ix_(gi, gi)] += np.linalg.inv(gw) - np.linalg.inv(a22)
        k = np.linalg.inv(kinv)
        records = data["records"]
    x, z, y, columns = blup_reference.design(records, model, len(ids))
    b, u, pev = blup_reference.blup(x, z, y, kinv, data["additive"], data["residual"])
    out = {
        "fixed": [{"factor": f, "study": s, "rep": r, "estimate": float(v)} for (f, s, r), v in zip(columns, b)],
        "ebv": {i: float(v) for i, v in zip(ids, u)},
        "pev": {i: float(v) for i, v in zip(ids, pev)},
        "diagonal": {i: float(k[m, m]) for i, m in model.items()},
        "recordCount": len(records),
        "markers": markers,
        "reml": blup_reference.reml(x, z, k, y),
    }
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
