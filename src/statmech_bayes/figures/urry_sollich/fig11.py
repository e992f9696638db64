"""Figures 11 and 12 (Appendix B): pseudo-outputs z z^T and the prediction vector of the largest spike."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.core.atomic_io import load_npz
from statmech_bayes.figures.urry_sollich.claims import spike_claims
from statmech_bayes.graphs.components import dangling_ends
from statmech_bayes.randomwalk.pseudo_outputs import SCENARIOS, dangling_attachments
from statmech_bayes.reporting.plotstyle import use_style

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = ("fig11.sigma2", "fig11.V", "fig11.N", "claims.fig11")


def make(inputs: dict, us: dict, name: str = "fig11"):
    import matplotlib.pyplot as plt
    from matplotlib.collections import LineCollection

    use_style()
    d, _ = load_npz(inputs["data"])
    (ms, mt), (ss, st) = SCENARIOS[name]
    mtag, stag = f"{ms}_{mt}", f"{ss}_{st}"
    z_m, z_s = d[f"z2_{mtag}"], d[f"z2_{stag}"]
    mu = int(d[f"mustar_{stag}"])
    N, V = z_m.size, int(d["V"])
    fig, (axl, axr) = plt.subplots(1, 2, figsize=(9.5, 4.3), gridspec_kw={"width_ratios": [1.2, 1]})
    idx = np.arange(1, N + 1)
    floor = 1e-9 if name == "fig11" else 1e-8
    # The two series side by side (red a third of an example to the right, translucent; black thin and on
    # top), so that neither hides the other whichever is taller at an example.
    axl.vlines(idx + 0.3, floor, np.maximum(z_s, floor), color="r", lw=0.7, alpha=0.75, zorder=2,
               label=f"student {ss}, teacher {st}")
    axl.vlines(idx - 0.2, floor, np.maximum(z_m, floor), color="k", lw=0.4, zorder=3, label=f"matched ({ms}/{mt})")
    axl.plot(mu + 1.3, z_s[mu], "o", ms=9, mfc="none", mec="g", mew=1.5, zorder=4)
    axl.set(yscale="log", ylim=(floor, 1e3 if name == "fig11" else 1e4), xlim=(0, N), xlabel=r"$\mu$",
            ylabel=r"$(zz^{T})_{\mu\mu}$")
    axl.set_xticks(np.arange(0, N + 1, 50))
    # above the axes, off the bars
    axl.legend(fontsize=6.5, loc="lower left", bbox_to_anchor=(0.0, 1.0), ncol=2, frameon=False,
               borderaxespad=0.2, handlelength=1.5)
    pos, edges, m = d["pos"], d["edges"], d[f"m_{stag}"]
    axr.add_collection(LineCollection(pos[edges], colors="0.75", lw=0.5))
    mag = np.abs(m) / np.abs(m).max()
    dang, _ = dangling_ends(edges, V)
    attach, _ = dangling_attachments(edges, V)
    ring = np.where(dang, "r", np.where(attach, "orange", "none"))
    sc = axr.scatter(pos[:, 0], pos[:, 1], c=np.log10(np.maximum(mag, 1e-6)), s=8 + 40 * mag, cmap="viridis",
                     vmin=-6, vmax=0, zorder=3, edgecolors=ring, linewidths=0.8)
    xv = int(d["x"][mu])
    axr.plot(*pos[xv], "o", ms=11, mfc="none", mec="g", mew=1.5, zorder=4)
    fig.colorbar(sc, ax=axr, label=r"$\log_{10}|m_{\mu^*,i}|/\max$", shrink=0.8)
    axr.set_axis_off()
    axr.set_title(f"prediction vector of the circled spike (vertex {xv})", fontsize=8.5)
    fig.suptitle(f"ER c=3, V={V}, N={N}, $\\sigma^2$={us['fig11']['sigma2']:g}; one draw (fixed seed)",
                 fontsize=8.5)
    rec, text = spike_claims(d, load_npz(inputs["draws"])[0], us, name)
    fig.text(0.5, 0.01, text, ha="center", va="bottom", fontsize=6.8, color="0.2")
    fig.tight_layout(rect=(0, 0.15, 1, 0.97))
    rows = [(int(i), float(a), float(b), float(c), float(e)) for i, a, b, c, e in
            zip(idx, z_m, z_s, d[f"z2exp_{mtag}"], d[f"z2exp_{stag}"])]
    table = pd.DataFrame(rows, columns=["mu", f"z2_{mtag}", f"z2_{stag}", f"z2exp_{mtag}", f"z2exp_{stag}"])
    return fig, table, rec

