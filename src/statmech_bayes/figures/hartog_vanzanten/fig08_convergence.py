"""Convergence panel of Figs 8-10 (ours, not a figure of the paper): the k, log c and log p(D | f) traces of the
independent tracking chains from different starts (k0, c0), with their split Gelman-Rubin R-hat, and the
sensitivity arms' verdicts on frame 5."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.core.atomic_io import load_npz
from statmech_bayes.core.claims import OURS, ClaimsRecord
from statmech_bayes.core.plotstyle import use_style
from statmech_bayes.figures.hartog_vanzanten import PAPER
from statmech_bayes.figures.hartog_vanzanten.common import TRACKING_SETUP, tracking_arms, tracking_chains

RHAT_OK = 1.1  # the usual threshold of "near 1" (Gelman et al., BDA3 §11.4)


def make(inputs: dict, cfg: dict):
    import matplotlib.pyplot as plt

    use_style()
    tr, _ = load_npz(inputs["tracking"])
    k, c, ll = (np.asarray(tr[x], dtype=float) for x in ("k_chains", "c_chains", "loglik_chains"))
    R, N = k.shape
    burn = int(tr["burn_in"])
    it = np.arange(1, N + 1)
    fig, axes = plt.subplots(1, 3, figsize=(11, 3.9))
    rows = []
    for i in range(R):
        lab = f"chain {i + 1}: k0 = {int(tr['chain_k0'][i])}, c0 = {float(tr['chain_c0'][i]):g}"
        for ax, y in zip(axes, (k[i], np.log(c[i]), ll[i])):
            ax.plot(it, y, lw=0.8, label=lab)
        rows += [(i + 1, name, int(j), float(v)) for name, y in (("k", k[i]), ("log_c", np.log(c[i])),
                                                                  ("loglik", ll[i])) for j, v in zip(it, y)]
    names = (("k", "rhat_k"), ("log c", "rhat_logc"), ("log p(D | f)", "rhat_loglik"))
    for ax, (name, key) in zip(axes, names):
        ax.axvspan(0, burn, color="0.92", lw=0)
        ax.set(xlabel="sweep", ylabel=name, xlim=(0, N), title=f"{name}: split R-hat {float(tr[key]):.3g} after burn-in")
    axes[0].set_yscale("log")
    lo = np.nanmin(ll[:, burn // 2:])
    axes[2].set_ylim(lo - 0.1 * abs(lo), min(0.0, np.nanmax(ll)) + 0.05 * abs(lo))
    fig.legend(*axes[0].get_legend_handles_labels(), loc="lower center", ncol=min(R, 4), fontsize=7.5, frameon=False)
    fig.suptitle(f"Tracking (Figs 8-10): {R} independent chains, q = {float(tr['q']):g}, a = {float(tr['a']):g}, "
                 f"b = {float(tr['b']):g}, gamma = 20/n; k from p(k | z, c) + scale move; burn-in {burn} shaded",
                 fontsize=9)
    fig.tight_layout(rect=(0, 0.08, 1, 0.95))
    rec = ClaimsRecord("hartog_vanzanten/fig8_convergence", PAPER)
    why = ("with a = b = 0 the prior p(c) ∝ 1/c makes the marginal prior of g ∝ (sum tau_i g_i^2)^(-k/2), which no "
           "likelihood bounded away from 0 and 1 makes integrable: along any direction of g whose sign pattern "
           "matches every observed label (noise-free labels; always possible at k = n) the probit likelihood tends "
           "to 1 as |g| grows, so the posterior of (g, c) is improper there and log c falls without end; k follows, "
           "because p(k | z, c) is a spike at the k where c was when it collapsed (chain from c0 = 100: k about "
           "2,600; from c0 = 1: about 820)")
    for name, key in (("k", "rhat_k"), ("log p(D | f)", "rhat_loglik"), ("log c", "rhat_logc")):
        rec.within(f"split R-hat of {name} over the {R} tracking chains after burn-in", "(ours: the chains agree)",
                   float(tr[key]), upper=RHAT_OK, kind=OURS,
                   note=f"R-hat near 1 read as at most {RHAT_OK:g}; " + (why if float(tr[key]) > RHAT_OK else ""))
    rec.note("chains", tracking_chains(tr))
    rec.note("arms", tracking_arms(tr))
    rec.note("setup", [f"{a} | {b} | {c_}" for a, b, c_ in TRACKING_SETUP])
    rec.note("t_sweeps_per_chain_s", np.asarray(tr["chain_t_sweeps"]).round(1).tolist())
    return fig, pd.DataFrame(rows, columns=["chain", "series", "sweep", "value"]), rec
