"""Figure 10 (Appendix A.2): collapse of ``p ρ_{l,p}`` against ``l / sqrt(p)`` as p grows."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.core.atomic_io import load_npz
from statmech_bayes.figures.urry_sollich.claims import (
    PAPER_DASHED,
    extrapolate_in_inverse_sqrt_p,
    fig10_claims,
    fit_collapse,
    scaling_shape,
)
from statmech_bayes.randomwalk.tree import scaling_exponent
from statmech_bayes.reporting.plotstyle import note_box, use_style

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = ("fig10.d", "fig10.a", "fig10.x_max", "claims.fig10")


def make(inputs: dict, us: dict):
    """Plot Fig. 10 from the cached scaling data; return ``(figure, plotted-data table, claims)``."""
    import matplotlib.pyplot as plt

    data, prm = load_npz(inputs["scaling"])[0], us["fig10"]
    data["p_values"] = data["p_values"].tolist()
    use_style()
    d, a = prm["d"], prm["a"]
    B = scaling_exponent(d, a)
    fits = fit_collapse(data, B)
    A_inf = extrapolate_in_inverse_sqrt_p(fits.p.values, fits.A_fixedB.values)

    fig, ax = plt.subplots(figsize=(7.4, 3.9))
    rows = []
    reds = plt.cm.Reds(np.linspace(0.35, 1.0, len(data["p_values"])))
    for p, col in zip(data["p_values"], reds):
        x, y = data[f"x_p{p}"], data[f"prho_p{p}"]
        ax.plot(x, y, "-x", color=col, ms=3, lw=0.8, label=f"p={p}")
        rows += [(f"p={p}", float(u), float(v)) for u, v in zip(x, y)]
    xs = np.linspace(0, 2.0, 201)
    ax.plot(xs, scaling_shape(xs, *PAPER_DASHED), "k--", lw=1.2, label="paper's dashed line (verbatim)")
    ax.plot(xs, scaling_shape(xs, A_inf, B), "-.", color="tab:blue", lw=1.2,
            label=f"$A x e^{{-Bx^2}}$, B={B:.4f} (derived), A={A_inf:.3f} (p→∞)")
    rows += [("paper dashed", float(u), float(v)) for u, v in zip(xs, scaling_shape(xs, *PAPER_DASHED))]
    rows += [("asymptote", float(u), float(v)) for u, v in zip(xs, scaling_shape(xs, A_inf, B))]
    ax.set(xlabel=r"$l/p^{1/2}$", ylabel=r"$p\,\rho_{l,p}$", xlim=(0, prm["x_max"]), ylim=(0, None))
    ax.set_xticks(np.arange(0, prm["x_max"] + 1e-9, 0.2))
    ax.legend(fontsize=6.5, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    note_box(ax, f"d={d}, a={a:g}; d, a and p unstated in the paper", loc="lower left")
    fig.tight_layout()

    table = pd.DataFrame(rows, columns=["curve", "x", "y"])
    return fig, table, fig10_claims(data, us)
