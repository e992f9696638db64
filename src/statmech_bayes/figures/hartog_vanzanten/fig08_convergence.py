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
from statmech_bayes.figures.hartog_vanzanten.common import (
    TRACKING_SETUP,
    alt_readings,
    reading_text,
    tracking_arms,
    tracking_chains,
)

RHAT_OK = 1.1  # the usual threshold of "near 1" (Gelman et al., BDA3 §11.4)


def _rows_of(tr: dict) -> list[tuple[str, float, str]]:
    """(name, flip, key prefix) of every noise reading: the drawn one first."""
    first = (str(tr["readings"][0]), float(tr["reading_flip"][0])) if "readings" in tr else ("exact", 0.0)
    return [(*first, ""), *alt_readings(tr)]


def make(inputs: dict, cfg: dict):
    import matplotlib.pyplot as plt

    use_style()
    tr, _ = load_npz(inputs["tracking"])
    rows_of = _rows_of(tr)
    burn = int(tr["burn_in"])
    fig, axes = plt.subplots(len(rows_of), 4, figsize=(13, 3.5 * len(rows_of) + 0.6), squeeze=False,
                             gridspec_kw={"width_ratios": [1, 1, 1, 0.75]})
    rows = []
    rec = ClaimsRecord("hartog_vanzanten/fig8_convergence", PAPER)
    why = ("with a = b = 0 the prior p(c) ∝ 1/c makes the marginal prior of g ∝ (sum tau_i g_i^2)^(-k/2), and the "
           "probit likelihood does not vanish at either end of |g|: it tends to 2^-N as g -> 0 and, along every "
           "direction whose sign pattern matches the observed labels (noise-free labels; always possible at k = n), to "
           "1 as |g| grows, so the posterior of (g, c) is improper and log c falls without end (shown exactly on a "
           "small case by tests/test_hvz_sampler.py::test_posterior_of_c_with_a_equal_b_equal_0_is_improper_at_both_"
           "ends); k follows, because p(k | z, c) is a spike at the k where c was when it collapsed (from c0 = 100 "
           "about 2,600, from c0 = 1 about 820)")
    for r, (name, flip, pre) in enumerate(rows_of):
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
        for label, key in (("k", "rhat_k"), ("log p(D | f)", "rhat_loglik"), ("log c", "rhat_logc")):
            v = float(tr[pre + key])
            rec.within(f"split R-hat of {label} over the {R} tracking chains after burn-in, reading {name}",
                       "(ours: the chains agree)", v, upper=RHAT_OK, kind=OURS,
                       note=f"R-hat near 1 read as at most {RHAT_OK:g}; reading {name}: {reading_text(flip)}"
                       + (f"; {why}" if v > RHAT_OK and flip == 0 else ""))
    axes[0, 0].legend(loc="center right", fontsize=6.5, frameon=False)
    fig.suptitle(f"Tracking (Figs 8-10): independent chains per noise reading, q = {float(tr['q']):g}, "
                 f"a = {float(tr['a']):g}, b = {float(tr['b']):g}, gamma = 20/n; k from p(k | z, c) + scale move; "
                 f"burn-in {burn} shaded", fontsize=9.5)
    fig.tight_layout(rect=(0, 0, 1, 0.94), h_pad=4.0)
    for r, (name, flip, _) in enumerate(rows_of):  # the reading of each row, above it
        box = axes[r, 0].get_position()
        fig.text(0.01, box.y1 + 0.075 / len(rows_of), f"{name}: {reading_text(flip)}", fontsize=9, fontweight="bold")
    rec.note("chains", tracking_chains(tr))
    rec.note("arms", tracking_arms(tr))
    rec.note("setup", [f"{a} | {b} | {c_}" for a, b, c_ in TRACKING_SETUP])
    rec.note("t_sweeps_per_chain_s", {name: np.asarray(tr[pre + "chain_t_sweeps"]).round(1).tolist()
                                      for name, _, pre in rows_of})
    return fig, pd.DataFrame(rows, columns=["reading", "chain", "series", "sweep", "value"]), rec
