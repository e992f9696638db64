"""Figure 1: the random walk kernel on 3-regular trees (left) and random 3-regular graphs (right)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.core.atomic_io import load_npz
from statmech_bayes.core.claims import ClaimsRecord
from statmech_bayes.core.plotstyle import note_box, use_style
from statmech_bayes.figures.urry_sollich import PAPER
from statmech_bayes.randomwalk.tree import cycle_threshold, tree_kernel_limit


def make(inputs: dict, us: dict):
    """Plot Fig. 1 from the cached tree and graph data; return ``(figure, plotted-data table, claims)``."""
    import matplotlib.pyplot as plt

    tree, graphs, prm = load_npz(inputs["tree"])[0], load_npz(inputs["graphs"])[0], us["fig1"]
    use_style()
    d, V = prm["d"], prm["V"]
    thr = cycle_threshold(V, d)
    fig, (axl, axr) = plt.subplots(1, 2, figsize=(9.0, 3.6))
    rows = []
    l = tree["left_l"]
    colors = plt.cm.viridis(np.linspace(0, 0.9, len(tree["left_p"])))
    for p, C, c in zip(tree["left_p"], tree["left_C"], colors):
        axl.plot(l, C, "-o", ms=2.5, color=c, label=f"p={p}")
        rows += [("left", f"p={p}", float(x), float(y)) for x, y in zip(l, C)]
    C_inf = tree_kernel_limit(d, l)
    axl.plot(l, C_inf, "k--", lw=1.5, label=r"p=$\infty$ (Eq. 5)")
    rows += [("left", "p=inf", float(x), float(y)) for x, y in zip(l, C_inf)]
    axl.set(xlabel="l", ylabel=r"$C_{l,p}$", xlim=(0, l[-1]), ylim=(0, 1))
    axl.legend(ncol=2, fontsize=6.5, loc="upper right")
    axl.set_title(f"{d}-regular tree, a = {prm['left_a']:g}")

    styles = {0: ("tab:blue",), 1: ("tab:red",), 2: ("tab:green",)}
    K_summary = {}
    for i, a in enumerate(prm["right_a"]):
        col = styles.get(i, ("k",))[0]
        pt, Ct = tree[f"right_p_a{a:g}"], tree[f"right_C1_a{a:g}"]
        pg, Kg = graphs[f"p_a{a:g}"], graphs[f"K1_graphs_a{a:g}"]
        K, se = Kg.mean(axis=0), Kg.std(axis=0, ddof=1) / np.sqrt(Kg.shape[0]) if Kg.shape[0] > 1 else 0 * Kg[0]
        K_summary[a] = (pg, K, se, pt, Ct)
        axr.plot(pt / a, Ct, "-", color=col, label=f"a={a:g}, V=$\\infty$")
        axr.plot(pg / a, K, "--", color=col, label=f"a={a:g}, V={V}")
        rows += [("right", f"tree a={a:g}", float(x), float(y)) for x, y in zip(pt / a, Ct)]
        rows += [("right", f"graphs a={a:g} V={V}", float(x), float(y)) for x, y in zip(pg / a, K)]
    axr.axvline(thr, color="0.4", lw=0.8, ls=":")
    axr.text(thr * 1.06, 0.3, r"$\log(V)/\log(d-1)$", fontsize=7, color="0.3", rotation=90)
    axr.set(xscale="log", xlabel="p/a", ylabel=r"$K_{1,p}$, $C_{1,p}$", xlim=(1, prm["p_over_a_max"]), ylim=(0.1, 1.02))
    axr.legend(loc="upper left", fontsize=7)
    axr.set_title(f"random {d}-regular graphs ({prm['n_graphs']} graphs) vs tree")
    note_box(axr, f"V={V}: mean over edges and {prm['n_graphs']} graphs\n(graph count unstated in paper)",
             loc="center right")
    fig.tight_layout()

    table = pd.DataFrame(rows, columns=["panel", "curve", "x", "y"])
    claims = _claims(tree, K_summary, prm, thr)
    return fig, table, claims


def _claims(tree: dict, K_summary: dict, prm: dict, thr: float) -> ClaimsRecord:
    d = prm["d"]
    rec = ClaimsRecord("urry_sollich/fig1", PAPER)
    lim = tree["limit_extrapolated"]
    ls = np.arange(lim.size)
    rec.close("C_{1,inf} on the 3-regular tree: p -> inf limit of recursion (4) (Aitken-extrapolated over "
              f"p = 2^{prm['limit_log2_p'][0]}..2^{prm['limit_log2_p'][1]}) equals Eq. (5)",
              "Eq. (5): C_{1,inf} = 2 sqrt(d-1)/d", lim[1], float(tree_kernel_limit(d, 1)), atol=1e-6)
    dev = np.abs(lim - tree_kernel_limit(d, ls))
    rec.within(f"max over l = 0..{ls[-1]} of |limit of recursion (4) - Eq. (5)|",
               "Eq. (5): C_{l,inf} = [1 + l(d-2)/d](d-1)^{-l/2}", dev.max(), upper=1e-6)
    C = tree["left_C"]
    # C_{l,p} = 0 exactly for l > p, so growth is strict only where the larger-p kernel is non-zero.
    inc = np.diff(C[:, 1:], axis=0)
    reach = C[1:, 1:] > 0
    growing = bool(np.all(inc[reach] > 0) and np.all(inc[~reach] == 0))
    rec.holds("Fig. 1 left: at every l >= 1 the kernel grows with p (strictly wherever it is non-zero)",
              "kernel becomes longer-ranged as p is increased",
              f"smallest increment where non-zero: {inc[reach].min():.3g}", growing,
              "strict increase between successive plotted p where C_{l,p} > 0")
    gap = np.abs(C[-1] - tree_kernel_limit(d, tree["left_l"])).max()
    rec.within(f"Fig. 1 left: max_l |C_(l,{tree['left_p'][-1]}) - C_(l,inf)| (approach to the limit form)",
               "approaches a non-trivial limiting form (p=500 close to p=inf)", gap, upper=0.05)
    for a, (pg, K, se, pt, Ct) in K_summary.items():
        tree_on_grid = np.interp(pg, pt, Ct)
        below = pg / a <= thr / 2
        diff = np.abs(K - tree_on_grid)
        rec.within(f"a={a:g}: max |K_(1,p) - C_(1,p)| for p/a <= log(V)/log(d-1)/2 = {thr/2:.3g}",
                   "K_{1,p} coincides with the tree C_{1,p} for small p (below threshold Eq. 7)",
                   diff[below].max(), upper=0.01,
                   note=f"largest standard error over graphs there: {se[below].max():.2g}")
        # How far K has moved from the tree value towards the fully correlated limit 1.
        frac = (K - tree_on_grid) / (1.0 - tree_on_grid)
        at_thr = float(np.interp(np.log(thr), np.log(pg / a), frac))
        beyond = float(np.interp(np.log(4 * thr), np.log(pg / a), frac))
        rec.within(f"a={a:g}: at p/a = log(V)/log(d-1) = {thr:.4g}, fraction of the way from the tree "
                   "value to 1 covered by K_(1,p), (K - C)/(1 - C)",
                   "the curves coincide until p/a reaches the threshold (7)", at_thr, upper=0.05)
        rec.within(f"a={a:g}: the same fraction at p/a = 4 x threshold = {4 * thr:.4g}",
                   "beyond the threshold the curves separate, K_{1,p} heading for 1", beyond, lower=0.25)
        rec.within(f"a={a:g}: K_(1,p) at p/a = {pg[-1] / a:g}",
                   "K_{1,p} -> 1 (fully correlated) on finite regular graphs for large p", K[-1], 0.99, 1.0 + 1e-12)
        rec.close(f"a={a:g}: tree C_(1,p) at p/a = {pt[-1] / a:g} stays at the non-trivial limit",
                  "C_{1,p} -> 2 sqrt(d-1)/d on the tree", Ct[-1], float(tree_kernel_limit(d, 1)), atol=0.005)
    return rec
