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
import importlib.util
import json
import os
import sys

import numpy as np


_spec = importlib.util.spec_from_file_location("blup_reference", os.path.join(os.path.dirname(__file__), "blup-reference.py"))
blup_reference = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(blup_reference)


def mme(pedigree, records, lam):
    a, index = blup_reference.relationship(pedigree)
    x, z, _, _ = blup_reference.design(records, index, len(index))
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
