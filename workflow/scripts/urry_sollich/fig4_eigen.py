"""Eq. 21 learning curves on the d-regular tree for large p, the master curve Eq. 26 (Fig 4 left), and the
initial decay Eq. 19 for increasing p (the p^{3/2} scaling of Sec. 3.4.1)."""
import numpy as np

from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import progress, rule_context
from statmech_bayes.randomwalk.regular_graph_curves import (
    initial_slope,
    master_curve,
    regular_tree_learning_curve,
)

smk = snakemake  # noqa: F821
with rule_context(smk):
    f4, k, d = smk.params.fig4, smk.params.kernel, int(smk.params.d)
    x = np.geomspace(*f4["x_range"], f4["n_x"])
    arrays = {"x": x, "p_eig": np.asarray(f4["p_eig"]),
              "master": master_curve(d, k["a"], x, f4["sigma2"])}
    for p in progress(f4["p_eig"], desc="p"):
        arrays[f"eps_p{p}"] = regular_tree_learning_curve(d, k["a"], p, x / p**1.5, f4["sigma2"],
                                                          n_nodes=f4["n_nodes"])
    # Eq. (19) without the 1/(1+sigma^2): the first example's error reduction times V on the tree.
    arrays["eq19_p"] = np.asarray(f4["eq19_p"])
    arrays["eq19_sum"] = np.atleast_1d(initial_slope(d, k["a"], f4["eq19_p"]))
    save_npz(smk.output[0], arrays, provenance({"fig4": f4, "a": k["a"], "d": d}))
