"""Figure 5: histogram of the C selected by minimising the leave-one-out error (56) on each split."""

from __future__ import annotations

from statmech_bayes.core.claims import ClaimsRecord
from statmech_bayes.core.plotstyle import use_style
from statmech_bayes.figures.uda_kabashima import PAPER
from statmech_bayes.figures.uda_kabashima.common import load
from statmech_bayes.figures.uda_kabashima.hist import bars, norm_entropy


def make(inputs: dict, cfg: dict):
    use_style()
    s, col = load(inputs["summary"]), cfg["colon"]
    other = "first" if col["tie_rule"] == "last" else "last"
    fig, frame = bars(s["C_grid"], s["hist_C"], "selected $C$", "Histogram of selected $C$", col,
                      s["other_rule_hist_C"], other)
    rec = ClaimsRecord("uda_kabashima/fig5", PAPER)
    hC, hk = norm_entropy(s["hist_C"]), norm_entropy(s["hist_kappa"])
    rec.within("normalised entropy of the selected kappa minus that of the selected C (share of the grid used)",
               "kappa has a statistically greater fluctuation [than C] (Figs 5 and 6)", hk - hC, lower=0.0,
               note=f"H(C)/ln {len(s['C_grid'])} = {hC:.3f}, H(kappa)/ln {len(s['kappa_grid'])} = {hk:.3f}")
    low = float(s["hist_C"][s["C_grid"] <= 0.01 + 1e-12].sum() / s["hist_C"].sum())
    rec.note("share_selected_C_le_0.01", round(low, 3))
    rec.note("looe_bias", "on real data the self-averaging assumption behind Eq. (56) fails and the smallest C "
                          "values are selected most often (spec pitfall 15)")
    return fig, frame, rec
