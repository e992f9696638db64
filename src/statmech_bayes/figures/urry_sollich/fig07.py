"""Figure 7: mismatched learning curves, student globally / teacher locally normalised (simulation)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.core.claims import ClaimsRecord
from statmech_bayes.core.plotstyle import use_style
from statmech_bayes.figures.urry_sollich import PAPER
from statmech_bayes.figures.urry_sollich.common import (
    ENSEMBLE_LABELS,
    by_ensemble,
    mean_se,
)
from statmech_bayes.figures.urry_sollich.curves import draw_curves, loglog_axes

PAIRING = "global/local"  # student / teacher


def make(inputs: dict, us: dict, pairing: str = PAIRING, name: str = "fig7"):
    import matplotlib.pyplot as plt

    use_style()
    sims = by_ensemble(inputs["sims"])
    fig, axes = plt.subplots(1, len(sims), figsize=(4.4 * len(sims), 3.5), sharey=True)
    rows, rec = [], ClaimsRecord(f"urry_sollich/{name}", PAPER)
    student, teacher = pairing.split("/")
    for ax, (ens, s) in zip(np.atleast_1d(axes), sims.items()):
        i = list(s["pairings"]).index(pairing)
        nu, s2s = s["nu"], [float(x) for x in s["sigma2"]]
        curves = {s2: s["eps"][:, i, j].mean(0) for j, s2 in enumerate(s2s)}
        draw_curves(ax, nu, curves, "-", rows, ens, f"student {student} / teacher {teacher}", label=True)
        loglog_axes(ax, ENSEMBLE_LABELS.get(ens, ens), ylim=(1e-2, 1.2))
        ax.legend(fontsize=6.5, loc="lower left")
        _maximum_claims(rec, ens, nu, {s2: s["eps"][:, i, j] for j, s2 in sorted(enumerate(s2s), key=lambda t: t[1])})
    fig.suptitle(f"student {student}ly, teacher {teacher}ly normalised (simulation, V={us['sims']['V']})",
                 fontsize=9)
    fig.tight_layout()
    return fig, pd.DataFrame(rows, columns=["panel", "curve", "sigma2", "nu", "eps"]), rec


def _maximum(nu, eps) -> dict:
    """A maximum: after its initial decrease the curve rises again to a peak; measured as the largest rise
    from a preceding minimum, significant if > 3 standard errors and > 0.02."""
    m, se = mean_se(eps)
    run_min = np.minimum.accumulate(m)
    k = int(np.argmax(m - run_min))
    j = int(np.argmin(m[: k + 1]))
    rise = m[k] - m[j]
    return {"k": k, "j": j, "m": m, "rise": rise, "n": eps.shape[0],
            "has": bool(rise > 3 * np.hypot(se[k], se[j]) and rise > 0.02)}


def _maximum_claims(rec, ens, nu, eps_by_s2: dict) -> None:
    """Sec. 5, of each panel of Figs 7 and 8 ("learning curves ... for a range of noise levels"): the mismatched
    curves show "an increase in error as nu approaches unity. The resulting maximum in the learning curve ...";
    "similar behaviour" in the other panels. The statement is about the panel, not about every noise level drawn
    in it, so it is judged once per panel: some curve of the panel rises significantly to a maximum. The noise
    levels whose curves decrease monotonically are a note. Where a curve has a maximum, its location is judged
    against "as nu approaches unity"."""
    mx = {s2: _maximum(nu, e) for s2, e in eps_by_s2.items()}
    with_max = [s2 for s2, r in mx.items() if r["has"]]
    # A rise within its noise (positive but not significant) cannot say that the panel has no maximum.
    unresolved = [s2 for s2, r in mx.items() if not r["has"] and r["rise"] > 0.02]
    shape = "; ".join(f"sigma2={s2:g}: " + (f"eps {r['m'][r['j']]:.3g} at nu={nu[r['j']]:.3g} rises to "
                                            f"{r['m'][r['k']]:.3g} at nu={nu[r['k']]:.3g}" if r["has"]
                                            else "no significant rise") for s2, r in mx.items())
    rec.holds(f"{ens}: the panel's mismatched learning curves rise from a minimum to a later maximum "
              f"(some of its {len(mx)} noise levels)",
              "the learning curves for the mismatched scenario ... [show] an increase in error as nu approaches "
              "unity. The resulting maximum in the learning curve ... Similar behaviour can be observed ... "
              "(Figs 7, 8, each panel 'for a range of noise levels')",
              shape, bool(with_max), "at least one curve: rise > 3 se and > 0.02",
              decidable=bool(with_max) or not unresolved)
    for s2 in with_max:
        r = mx[s2]
        rec.within(f"{ens}, sigma2={s2:g}: nu of the maximum", "an increase in error as nu approaches unity",
                   float(nu[r["k"]]), 0.2, 2.0)
    rec.note(f"{ens}: noise levels whose mismatched curve decreases monotonically (no significant maximum)",
             {"sigma2": [float(s2) for s2 in mx if s2 not in with_max],
              "with a maximum": [float(s2) for s2 in with_max],
              "graphs": int(next(iter(mx.values()))["n"])})
