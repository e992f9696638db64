"""Figures 11 and 12 (Appendix B): pseudo-outputs z z^T and the prediction vector of the largest spike."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.core.atomic_io import load_npz
from statmech_bayes.core.claims import ClaimsRecord
from statmech_bayes.core.plotstyle import note_box, use_style
from statmech_bayes.figures.urry_sollich import PAPER
from statmech_bayes.graphs.components import dangling_vertices
from statmech_bayes.randomwalk.pseudo_outputs import SCENARIOS


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
    fig, (axl, axr) = plt.subplots(1, 2, figsize=(9.5, 3.9), gridspec_kw={"width_ratios": [1.2, 1]})
    idx = np.arange(1, N + 1)
    floor = 1e-9 if name == "fig11" else 1e-8
    axl.vlines(idx, floor, np.maximum(z_m, floor), color="k", lw=0.6, label=f"matched ({ms}/{mt})")
    axl.vlines(idx, floor, np.maximum(z_s, floor), color="r", lw=0.6, alpha=0.8,
               label=f"student {ss}, teacher {st}")
    axl.plot(mu + 1, z_s[mu], "o", ms=9, mfc="none", mec="g", mew=1.5)
    axl.set(yscale="log", ylim=(floor, 1e3 if name == "fig11" else 1e4), xlim=(0, N), xlabel=r"$\mu$",
            ylabel=r"$(zz^{T})_{\mu\mu}$")
    axl.set_xticks(np.arange(0, N + 1, 50))
    axl.legend(fontsize=6.5, loc="lower right")
    pos, edges, m = d["pos"], d["edges"], d[f"m_{stag}"]
    axr.add_collection(LineCollection(pos[edges], colors="0.75", lw=0.5))
    mag = np.abs(m) / np.abs(m).max()
    sc = axr.scatter(pos[:, 0], pos[:, 1], c=np.log10(np.maximum(mag, 1e-6)), s=8 + 40 * mag, cmap="viridis",
                     vmin=-6, vmax=0, zorder=3)
    xv = int(d["x"][mu])
    axr.plot(*pos[xv], "o", ms=11, mfc="none", mec="g", mew=1.5, zorder=4)
    fig.colorbar(sc, ax=axr, label=r"$\log_{10}|m_{\mu^*,i}|/\max$", shrink=0.8)
    axr.set_axis_off()
    axr.set_title(f"prediction vector of the circled spike (vertex {xv})", fontsize=8.5)
    note_box(axl, f"ER c=3, V={V}, N={N}, $\\sigma^2$={us['fig11']['sigma2']:g}\none teacher/noise draw (fixed seed)",
             loc="upper left")
    fig.tight_layout()

    rec = ClaimsRecord(f"urry_sollich/{name}", PAPER)
    # Matched: z = K^{-1/2} y is white, so the sampled z_mu^2 average to 1 with standard error sqrt(2/N).
    rec.close(f"matched case: mean over mu of the sampled z_mu^2 ({N} values)", "in the matched case "
              "<z z^T> = I (Appendix B)", float(z_m.mean()), 1.0, atol=4 * np.sqrt(2.0 / N),
              note="tolerance 4 standard errors of a chi-square(1) mean")
    ratio = float(d[f"z2exp_{stag}"].max() / d[f"z2exp_{mtag}"].max())
    rec.within("largest expected pseudo-output spike under mismatch relative to the matched one",
               "mismatch produces large spikes in z z^T (re-weighting of examples)", ratio, lower=10.0)
    dang = dangling_vertices(edges, V)
    share = float(np.sum(m[dang] ** 2) / np.sum(m**2))
    # The paper's statement is about the mechanism: large spikes come from examples on dangling ends.
    # Judge it on the 10 largest expected spikes against the share of all examples on dangling ends.
    top = np.argsort(d[f"z2exp_{stag}"])[::-1][:10]
    on_dangling, base = float(dang[d["x"][top]].mean()), float(dang[d["x"]].mean())
    rec.within("fraction of the 10 largest (expected) mismatch spikes whose example lies on a dangling end "
               "(trees hanging off the graph's core, incl. tree components), relative to the fraction of all "
               "examples there", "the error maximum is caused by dangling edges (chains ending in a degree-1 "
               "vertex)", on_dangling / base, lower=2.0,
               note=f"{on_dangling:.2f} of the top 10 vs {base:.2f} of all examples; the circled largest spike is "
                    f"at vertex {xv} (degree {int(np.sum(edges == xv))}, dangling: {bool(dang[xv])}), and "
                    f"{share:.2f} of its prediction vector's squared norm lies on dangling vertices")
    rows = [(int(i), float(a), float(b), float(c), float(e)) for i, a, b, c, e in
            zip(idx, z_m, z_s, d[f"z2exp_{mtag}"], d[f"z2exp_{stag}"])]
    table = pd.DataFrame(rows, columns=["mu", f"z2_{mtag}", f"z2_{stag}", f"z2exp_{mtag}", f"z2exp_{stag}"])
    return fig, table, rec
