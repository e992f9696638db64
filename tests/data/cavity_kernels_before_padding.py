"""How tests/data/cavity_kernels_before_padding.npz was written: run from the project root at commit 2f7810c (the
unpadded kernels), ``python tests/data/cavity_kernels_before_padding.py``. The inputs are stored with the outputs,
so the test does not depend on reproducing this population bit for bit on another machine."""
import numpy as np

from statmech_bayes.graphs.ensembles import poisson_degree_law
from statmech_bayes.randomwalk.cavity import (
    base_matrix,
    embedding_permutation,
    global_kappa,
    kernels,
    learning_curve_global,
)
from statmech_bayes.randomwalk.cavity.population import _selection

law = poisson_degree_law(3.0)
kap = global_kappa(law, 10, 2.0, 300, 8, 1, np.random.default_rng(5))
cur = learning_curve_global(law, 10, 2.0, kap.kappa, [1.0], 0.1, 300, 6, 1, np.random.default_rng(6),
                            init_population=kap.population)
rng = np.random.default_rng(20)
keep = rng.choice(300, size=32, replace=False)
pairs = np.ascontiguousarray(np.stack([kap.population[keep], cur.population[keep]], axis=1))
P = pairs.shape[0]
tgt = rng.choice(P, size=24, replace=False)
b = tgt.size
d = rng.integers(1, 7, size=b)
s = np.where(rng.random(b) < 0.5, 0.0, rng.poisson(2.0, size=b) / 0.1)
indptr, rows = _selection(rng, d - 1, P)
kstar = rng.integers(0, P, size=b)
indptr_m, rows_m = _selection(rng, d, P)
kappa = float(kap.kappa)
B0, perm = base_matrix(10, 2.0), embedding_permutation(10).astype(np.int64)
g = np.ascontiguousarray(pairs[:, 1:2])
kernels.global_update(g, tgt, indptr, rows, d, s, kappa, B0, perm)
loc = pairs.copy()
kernels.local_update(loc, tgt, indptr, rows, d, s, kstar, B0, perm)
inv0 = kernels.inv00_of_sums(pairs, 0, indptr_m, rows_m, d, B0)
inv1 = kernels.inv00_of_sums(pairs, 1, indptr_m, rows_m, d, B0)
np.savez_compressed("tests/data/cavity_kernels_before_padding.npz", pairs=pairs, targets=tgt, d=d, s=s, indptr=indptr,
                    rows=rows, counterflow=kstar, indptr_measure=indptr_m, rows_measure=rows_m, kappa=kappa,
                    global_after=g, local_after=loc, inv00_free=inv0, inv00_data=inv1)
