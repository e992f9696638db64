"""Figure 1: the soft label function l0 = Phi(f0) on the path graph with n = 500 and the simulated noisy labels
(20 % of them removed)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.core.atomic_io import load_npz
from statmech_bayes.core.claims import ClaimsRecord
from statmech_bayes.core.plotstyle import note_box, use_style
from statmech_bayes.figures.hartog_vanzanten import PAPER
from statmech_bayes.truncated_laplacian.eigenbasis import laplacian, path_eigenvalues, path_eigenvectors
from statmech_bayes.truncated_laplacian.graphs import path_adjacency


def make(inputs: dict, cfg: dict):
    import matplotlib.pyplot as plt

    use_style()
    d, _ = load_npz(inputs["data"])
    n = d["f0"].size
    x = np.arange(1, n + 1)
    obs = d["observed"]
    fig, ax = plt.subplots(figsize=(7.5, 3.2))
    ax.plot(x, d["ell0"], color="k", lw=1.3, label=r"soft labels $\ell_0 = \Phi(f_0)$")
    ax.plot(x[obs], d["y"][obs], "o", ms=2.2, color="tab:blue", label=f"observed label ({obs.sum()})")
    ax.plot(x[~obs], d["y"][~obs], "o", ms=2.6, mfc="none", mec="0.55", mew=0.6,
            label=f"removed label ({(~obs).sum()})")
    ax.set(xlim=(0, n + 1), ylim=(-0.08, 1.08), xlabel="vertex", ylabel="label")
    ax.legend(loc="center right", fontsize=7, bbox_to_anchor=(1.0, 0.62))
    note_box(ax, "removed labels: hollow grey (our choice)", loc="center left")
    fig.tight_layout()
    rows = [("ell0", int(i), float(v)) for i, v in zip(x, d["ell0"])]
    rows += [("label_observed" if o else "label_removed", int(i), float(v)) for i, v, o in zip(x, d["y"], obs)]

    rec = ClaimsRecord("hartog_vanzanten/fig1", PAPER)
    rec.close("number of vertices of the path graph", "path graph with n = 500 vertices", n, int(cfg["path"]["n"]),
              atol=0.5)
    rec.close("fraction of labels removed", "we remove 20 % of the labels", float((~obs).mean()),
              float(cfg["path"]["frac_missing"]), atol=1e-9)
    L = laplacian(path_adjacency(n)).toarray()
    lam = path_eigenvalues(n)
    U = path_eigenvectors(n)
    res = float(np.abs(L @ U - U * lam).max())
    rec.within("max |L u - lambda u| over the eigenpairs of eq. (4), cosine index corrected to k-1",
               "the eigenpairs of the path graph are lambda_k = 4 sin^2(pi (k-1)/(2n)), u^(k) of eq. (4)", res,
               upper=1e-10, note="L = D - A (the text's L = A - D is a sign typo)")
    i = np.arange(1, n + 1)[:, None]
    k = np.arange(1, n + 1)[None, :]
    U_printed = np.sqrt(2.0 / n) * np.cos(np.pi * (i - 0.5) * k / n)
    U_printed[:, 0] = 1.0 / np.sqrt(n)
    res_printed = float(np.abs(L @ U_printed - U_printed * lam).max())
    printed = rec.within("max |L u - lambda u| for eq. (4) as printed (cosine index k)",
                         "u_i^(k) = sqrt(2/n) cos(pi (i - 1/2) k / n) for k = 2..n, 1/sqrt(n) for k = 1 (eq. 4) are "
                         "the eigenvectors for lambda_k", res_printed, upper=1e-10)
    if printed.verdict == "fail":
        rec.explain(printed, "index typo in eq. (4): with k in the cosine u^(n) is identically 0 and the vectors "
                             "belong to lambda_(k+1); the cosine needs (k-1)",
                    test="test_hvz_eq4_printed_eigenvectors_are_wrong")
    rec.note("f0_range", [float(d["f0"].min()), float(d["f0"].max())])
    rec.note("ell0_range", [float(d["ell0"].min()), float(d["ell0"].max())])
    return fig, pd.DataFrame(rows, columns=["curve", "vertex", "value"]), rec
