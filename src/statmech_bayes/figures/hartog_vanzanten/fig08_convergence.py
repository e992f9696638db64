"""Convergence panel of Figs 8-10 (ours, not a figure of the paper): the k, log c and log p(D | f) traces of the
independent tracking chains from different starts (k0, c0), with their split Gelman-Rubin R-hat, and the
sensitivity arms' verdicts on frame 5."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.core.atomic_io import load_npz
from statmech_bayes.figures.hartog_vanzanten.claims import convergence_readings, fig8_convergence_claims
from statmech_bayes.figures.hartog_vanzanten.common import reading_text
from statmech_bayes.reporting.plotstyle import use_style

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = ("tracking.extra_frame", "claims.rhat_max", "claims.width_scale_atol")


def make(inputs: dict, cfg: dict):
    import matplotlib.pyplot as plt

    use_style()
    tr, _ = load_npz(inputs["tracking"])
    rows_of = convergence_readings(tr)
    burn = int(tr["burn_in"])
    fig, axes = plt.subplots(len(rows_of), 4, figsize=(13, 3.5 * len(rows_of) + 0.6), squeeze=False,
                             gridspec_kw={"width_ratios": [1, 1, 1, 0.75]})
    rows = []
    for r, (name, _, pre) in enumerate(rows_of):
        k, c, ll = (np.asarray(tr[pre + x], dtype=float) for x in ("k_chains", "c_chains", "loglik_chains"))
        R, N = k.shape
        it = np.arange(1, N + 1)
        for i in range(R):
            lab = f"chain {i + 1}: k0 = {int(tr[pre + 'chain_k0'][i])}, c0 = {float(tr[pre + 'chain_c0'][i]):g}"
            for ax, y in zip(axes[r, :3], (k[i], np.log(c[i]), ll[i])):
                ax.plot(it, y, lw=0.8, label=lab)
            rows += [(name, i + 1, series, int(j), float(v)) for series, y in
                     (("k", k[i]), ("log_c", np.log(c[i])), ("loglik", ll[i])) for j, v in zip(it, y)]
        for ax, (label, key) in zip(axes[r, :3], (("k", "rhat_k"), ("log c", "rhat_logc"),
                                                   ("log p(D | f)", "rhat_loglik"))):
            ax.axvspan(0, burn, color="0.92", lw=0)
            ax.set(xlabel="sweep", ylabel=label, xlim=(0, N),
                   title=f"[{name}] {label}: split R-hat {float(tr[pre + key]):.3g}")
        axes[r, 0].set_yscale("log")
        lo, hi = np.nanmin(ll[:, burn // 2:]), np.nanmax(ll[:, burn // 2:])
        axes[r, 2].set_ylim(lo - 0.15 * (hi - lo + 1), hi + 0.15 * (hi - lo + 1))
        tx = int(cfg["tracking"]["extra_frame"])
        est = np.asarray(tr[pre + "estimate"])[tx]
        axes[r, 3].imshow(est, cmap="gray_r", vmin=0, vmax=1, interpolation="nearest")
        axes[r, 3].set(xticks=[], yticks=[], title=f"frame {tx + 1} after thresholding\n(extra ball kept "
                       f"{float(tr[pre + 'extra_kept']):.0%})")
    axes[0, 0].legend(loc="center right", fontsize=6.5, frameon=False)
    fig.suptitle(f"Tracking (Figs 8-10): independent chains per noise reading, q = {float(tr['q']):g}, "
                 f"a = {float(tr['a']):g}, b = {float(tr['b']):g}, gamma = 20/n; k from p(k | z, c) + scale move; "
                 f"burn-in {burn} shaded", fontsize=9.5)
    fig.tight_layout(rect=(0, 0, 1, 0.94), h_pad=4.0)
    for r, (name, flip, _) in enumerate(rows_of):  # the reading of each row, above it
        box = axes[r, 0].get_position()
        fig.text(0.01, box.y1 + 0.075 / len(rows_of), f"{name}: {reading_text(flip)}", fontsize=9, fontweight="bold")
    return fig, pd.DataFrame(rows, columns=["reading", "chain", "series", "sweep", "value"]), fig8_convergence_claims(tr, cfg)
