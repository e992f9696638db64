"""The claims of Urry & Sollich 2013, one pure function per figure: from the loaded cached results (plain dicts of
arrays, as the figure modules load them) and the paper's configuration section to a ClaimsRecord.

No drawing here and no reading of files: each converted figure module's ``make`` loads, builds its plotted table,
draws and calls its function below, so every verdict can be unit-tested on small hand-made inputs
(tests/test_us_claims.py). The readings and tolerances that are ours (what "coincide", "approaches", "an increase in
error as nu approaches unity", "clear trend" ... are read as) come from the ``claims:`` section of the configuration
(schema-checked, workflow/schemas/urry_sollich.schema.yaml); numbers the paper states are constants below, each with
its sentence. scipy.stats is imported inside the one function that uses it: every figure and controls job of the
paper imports this module (tests/test_import_cost.py).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy.optimize import curve_fit

from statmech_bayes.core.seeding import rng_for
from statmech_bayes.figures.urry_sollich import PAPER
from statmech_bayes.figures.urry_sollich.common import interp_loglog, mean_se
from statmech_bayes.figures.urry_sollich.curves import (
    CavityTolerance,
    cavity_vs_simulation,
)
from statmech_bayes.graphs.components import dangling_ends
from statmech_bayes.graphs.ensembles import degree_law
from statmech_bayes.randomwalk.kernels import rw_coefficients
from statmech_bayes.randomwalk.pseudo_outputs import SCENARIOS, dangling_attachments
from statmech_bayes.randomwalk.tree import (
    cycle_threshold,
    scaling_exponent,
    shell_volumes,
    tree_kernel,
    tree_kernel_limit,
)
from statmech_bayes.reporting.claims import OURS, RELATION, SETUP, VALUE, ClaimsRecord, Reading
from statmech_bayes.reporting.statistics import paired_difference, wilson_interval

# Fig. 10 (App. A.2): the dashed line of the published figure, read verbatim from the PSTricks source left in the
# paper's text. Its constants do not follow from the formula in the text (see the figure's notes); it is drawn for
# comparison only and no claim is judged against it.
PAPER_DASHED = (5.17625085, 1.1445788)
# App. A.2, Eq. (49): "l' = l p^(-1/2)" -- finite-p corrections of the scaling form vanish like p^(-1/2). Derived
# from the paper's scaling; the paper states no rate (the tolerance around it is ours, claims.fig10.slope_atol).
FIG10_SLOPE = -0.5
# Sec. 3.2: "the smaller spike at around 6.8" (ER, the isolated edges) and the text's largest C_ii "around" 15 (ER)
# and 40 (power law).
FIG2_EDGE_SPIKE = 6.8
FIG2_MAX_PAPER = {"er3": 15.0, "pl": 40.0}
# Sec. 3.4.1: "the initial error decay should scale, non-trivially, as p^{3/2}".
FIG4_DECAY_EXPONENT = 1.5


# ------------------------------------------------------------------------------- Fig 1: the kernel on trees/graphs

def fig1_summary(tree: dict, graphs: dict, prm: dict) -> dict:
    """Per random-walk parameter a of Fig. 1 right: ``(p, mean K_{1,p} over graphs, its standard error, tree p,
    tree C_{1,p})``, the curves the figure draws and its claims judge."""
    out = {}
    for a in prm["right_a"]:
        pt, Ct = tree[f"right_p_a{a:g}"], tree[f"right_C1_a{a:g}"]
        pg, Kg = graphs[f"p_a{a:g}"], graphs[f"K1_graphs_a{a:g}"]
        K, se = Kg.mean(axis=0), Kg.std(axis=0, ddof=1) / np.sqrt(Kg.shape[0]) if Kg.shape[0] > 1 else 0 * Kg[0]
        out[a] = (pg, K, se, pt, Ct)
    return out


def fig1_claims(tree: dict, graphs: dict, us: dict) -> ClaimsRecord:
    """Fig. 1: the p -> inf limit of recursion (4) is Eq. (5); the tree kernel grows with p towards it (left);
    K_{1,p} on random regular graphs coincides with the tree C_{1,p} below the threshold (7) and heads for 1
    beyond it (right)."""
    prm, c = us["fig1"], us["claims"]["fig1"]
    d = prm["d"]
    thr = cycle_threshold(prm["V"], d)
    rec = ClaimsRecord("urry_sollich/fig1", PAPER)
    lim = tree["limit_extrapolated"]
    ls = np.arange(lim.size)
    rec.close("C_{1,inf} on the 3-regular tree: p -> inf limit of recursion (4) (Aitken-extrapolated over "
              f"p = 2^{prm['limit_log2_p'][0]}..2^{prm['limit_log2_p'][1]}) equals Eq. (5)",
              "Eq. (5): C_{1,inf} = 2 sqrt(d-1)/d", lim[1], float(tree_kernel_limit(d, 1)), atol=c["limit_atol"])
    dev = np.abs(lim - tree_kernel_limit(d, ls))
    rec.within(f"max over l = 0..{ls[-1]} of |limit of recursion (4) - Eq. (5)|",
               "Eq. (5): C_{l,inf} = [1 + l(d-2)/d](d-1)^{-l/2}", dev.max(), upper=c["limit_atol"])
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
               "approaches a non-trivial limiting form (p=500 close to p=inf)", gap, upper=c["limit_form_gap_max"])
    below_f, beyond_f = float(c["coincide_below"]), float(c["separate_beyond"])
    for a, (pg, K, se, pt, Ct) in fig1_summary(tree, graphs, prm).items():
        tree_on_grid = np.interp(pg, pt, Ct)
        below = pg / a <= thr * below_f
        diff = np.abs(K - tree_on_grid)
        rec.within(f"a={a:g}: max |K_(1,p) - C_(1,p)| for p/a <= log(V)/log(d-1)/{1 / below_f:g} = "
                   f"{thr * below_f:.3g}",
                   "K_{1,p} coincides with the tree C_{1,p} for small p (below threshold Eq. 7)",
                   diff[below].max() if below.any() else np.nan, upper=c["coincide_max"],
                   note=f"largest standard error over graphs there: {se[below].max():.2g}" if below.any() else
                   "no p below the window", decidable=bool(below.any()),
                   remedy="" if below.any() else "no computed p below the window: the graphs' kernels at smaller p")
        # How far K has moved from the tree value towards the fully correlated limit 1.
        frac = (K - tree_on_grid) / (1.0 - tree_on_grid)
        at_thr = float(np.interp(np.log(thr), np.log(pg / a), frac))
        beyond = float(np.interp(np.log(beyond_f * thr), np.log(pg / a), frac))
        rec.within(f"a={a:g}: at p/a = log(V)/log(d-1) = {thr:.4g}, fraction of the way from the tree "
                   "value to 1 covered by K_(1,p), (K - C)/(1 - C)",
                   "the curves coincide until p/a reaches the threshold (7)", at_thr, upper=c["at_threshold_max"])
        rec.within(f"a={a:g}: the same fraction at p/a = {beyond_f:g} x threshold = {beyond_f * thr:.4g}",
                   "beyond the threshold the curves separate, K_{1,p} heading for 1", beyond,
                   lower=c["beyond_threshold_min"])
        rec.within(f"a={a:g}: K_(1,p) at p/a = {pg[-1] / a:g}",
                   "K_{1,p} -> 1 (fully correlated) on finite regular graphs for large p", K[-1],
                   c["K_large_p_min"], 1.0 + 1e-12)
        rec.close(f"a={a:g}: tree C_(1,p) at p/a = {pt[-1] / a:g} stays at the non-trivial limit",
                  "C_{1,p} -> 2 sqrt(d-1)/d on the tree", Ct[-1], float(tree_kernel_limit(d, 1)),
                  atol=c["tree_limit_atol"])
    return rec


# ------------------------------------------------------------------------------- Fig 2: prior variances
def fig2_distribution(g: dict, kap: dict, bins: np.ndarray) -> tuple:
    """One ensemble of Fig. 2: ``(kappa_graph, C_ii / kappa_graph of the first graph, cavity prior variances /
    kappa, graph density, cavity density)`` on ``bins``."""
    w = bins[1] - bins[0]
    kappa_graph = g["C_hat_ii"].mean()
    C = g["C_hat_ii"] / kappa_graph
    cav = kap["prior_samples"] / float(kap["kappa"])
    h_graph, _ = np.histogram(C, bins=bins, density=False)
    h_cav, _ = np.histogram(cav, bins=bins, density=False)
    return kappa_graph, C, cav, h_graph / (C.size * w), h_cav / (cav.size * w)


def fig2_bins(us: dict) -> np.ndarray:
    """The histogram bins of Fig. 2: bin width fig2.bin_width on [0, claims.fig2.x_max] (the drawing's range;
    the total-variation claim is judged on these bins)."""
    w = us["fig2"]["bin_width"]
    x_max = float(us["claims"]["fig2"]["x_max"])
    return np.arange(0.0, x_max + w / 2, w)


def _power10(x: float) -> str:
    e = int(np.round(np.log10(x)))
    return f"1e{e}" if np.isclose(x, 10.0**e) else f"{x:g}"


# Issue 43: the identities behind Fig. 2's spike rows, each a unit test.
SPIKE_IDENTITY_TEST = "tests/test_us_claims.py::test_isolated_components_sit_at_their_kernel_value_over_kappa"
SPIKE_WEIGHT_TEST = "tests/test_us_claims.py::test_spike_weight_is_the_degree_zero_share_of_graph_and_cavity"


def fig2_claims(graphs: dict, kappas: dict, us: dict) -> ClaimsRecord:
    """Fig. 2 (Secs 3.2, 4.2): ``graphs`` and ``kappas`` map each ensemble to its V = 10^4 graphs' prior variances
    and to its cavity population (kappa, prior-variance samples). The spikes of isolated vertices and edges at the
    cavity's c_0/kappa and 0.5/kappa, graph against cavity, the roughly exponential tails beyond the mean, slower
    for the power law."""
    c = us["claims"]["fig2"]
    k = us["kernel"]
    c0 = rw_coefficients(k["p"], k["a"])[0]
    bins = fig2_bins(us)
    w = bins[1] - bins[0]
    rec = ClaimsRecord("urry_sollich/fig2", PAPER)
    stds = {}
    for ens in graphs:
        g, kap = graphs[ens], kappas[ens]
        kappa_graph, C, cav, h_graph, h_cav = fig2_distribution(g, kap, bins)
        stds[ens] = (C.std(), cav.std())
        _fig2_claims(rec, ens, g, kap, C, cav, c0, kappa_graph, h_graph, h_cav, w, c)
    tails = {ens: _fig2_tail_claim(rec, ens, graphs[ens], kappas[ens], c) for ens in graphs}
    if "er3" in tails and "pl" in tails:
        _fig2_slower_tail_claim(rec, tails["er3"], tails["pl"])
    if "er3" in stds and "pl" in stds:
        rec.holds("the power-law ensemble has the broader prior-variance distribution (std of C_ii)",
                  "slower tail decay / larger spread for the power-law graph (Fig. 2 insets)",
                  f"graph: pl {stds['pl'][0]:.3f} vs er3 {stds['er3'][0]:.3f}; cavity: pl {stds['pl'][1]:.3f} vs "
                  f"er3 {stds['er3'][1]:.3f}", bool(stds["pl"][0] > stds["er3"][0] and stds["pl"][1] > stds["er3"][1]),
                  "pl > er3 for both graph and cavity")
    return rec


def _fig2_claims(rec, ens, g, kap, C, cav, c0, kappa_graph, h_graph, h_cav, w, c: dict) -> None:
    kappa = float(kap["kappa"])
    deg = g["degree"]
    iso = deg == 0
    vertex_spike = (f"median {float(np.median(C[iso])):.6g} against c_0/kappa = {c0 / kappa:.6g}" if iso.any()
                    else "no degree-0 vertex")
    edge = g["isolated_edge"].astype(bool)
    rec.close(f"{ens}: isolated-edge spike: C_ii of two-vertex-component vertices vs the cavity prediction 0.5/kappa",
              "spike from two-vertex (single edge) disconnected subgraphs", float(np.median(C[edge])) if edge.any() else np.nan,
              0.5 / kappa, rtol=c["spike_rtol"],
              note=f"on the graph the spike sits at exactly c_edge/kappa_graph, c_edge = (1 + (1 - 2/a)^p)/2 = 1/2 at "
                   f"a = 2 ({SPIKE_IDENTITY_TEST}), so the row tests "
                   f"kappa_graph = {kappa_graph:.5f} against the cavity's kappa = {kappa:.5f} "
                   f"(+- {float(kap['stderr']):.1g}), two independent methods. The isolated-vertex spike, at exactly "
                   f"c_0/kappa_graph ({vertex_spike}), gives the same ratio: it is this test again, so it is no row "
                   "of its own")
    if ens == "er3":
        rec.close("er3: location of the isolated-edge spike 0.5/kappa from the cavity kappa",
                  "the smaller spike at around 6.8 (Section 3.2)", 0.5 / kappa, FIG2_EDGE_SPIKE, atol=c["edge_spike_atol"])
    rec.close(f"{ens}: fraction of vertices in the isolated-vertex spike (graph) vs the cavity sample fraction",
              "spike weight set by isolated vertices", float(np.mean(C < 2 * c0 / kappa)),
              float(np.mean(cav < 2 * c0 / kappa)), atol=c["spike_weight_atol"], kind=SETUP,
              note=f"true by construction ({SPIKE_WEIGHT_TEST}): the graph's spike holds exactly its degree-0 vertices "
                   f"({float(np.mean(iso)):.4g}) and the cavity's its d = 0 draws, both samples of the one degree law's "
                   "p(0); a check of our graph sampler, not of the paper")
    tv = 0.5 * np.sum(np.abs(h_graph - h_cav)) * w
    rec.within(f"{ens}: total-variation distance between graph and cavity histograms (bin width {w:g})",
               "good agreement in general shape and fine structure (Section 4.2)", tv, upper=c["tv_max"],
               note="residual shifts expected from finite-size effects (paper, Section 4.2)")
    rec.close(f"{ens}: standard deviation of C_ii, graph vs cavity", "cavity predicts the distribution",
              float(C.std()), float(cav.std()), rtol=c["std_rtol"])
    paper_max = FIG2_MAX_PAPER.get(ens)
    if paper_max is not None:
        mx = rec.close(f"{ens}: largest C_ii on the V={C.size} graph", f"text: max C_ii around {paper_max:g}",
                       float(C.max()), paper_max, rtol=c["max_rtol"])
        if mx.verdict == "fail" and paper_max > 1 / kappa_graph:
            rec.explain(mx, "impossible as stated: for a >= 2 every C_hat_ii <= 1, so C_ii <= 1/kappa_graph = "
                           f"{1 / kappa_graph:.3g} < {paper_max:g}; the largest values are isolated edges and star "
                           f"centres at 0.5/kappa_graph = {0.5 / kappa_graph:.3g} (spec A7)",
                        test=f"test_us_fig2_{ens}_max_prior_variance_exceeds_bound")


def _fig2_tail_fit(counts: np.ndarray, grid: np.ndarray, n_all: int, lo: int, hi: int) -> tuple[float, float, float]:
    """``ln S`` on ``grid[lo:hi]`` (S = fraction of all values at or above each grid point, the delta peak
    excluded) fitted by a quadratic and by a line: the local decay rates ``-d ln S/dC`` of the quadratic at
    both ends, and the line's mean rate."""
    S = counts[::-1].cumsum()[::-1] / n_all
    c, y = grid[lo:hi], np.log(np.maximum(S[lo:hi], 0.5 / n_all))
    q = np.polyfit(c, y, 2)
    rate = -(2 * q[0] * c[[0, -1]] + q[1])
    return float(rate[0]), float(rate[1]), float(-np.polyfit(c, y, 1)[0])


def _fig2_tail(values: np.ndarray, spike: float, rng, c: dict) -> dict:
    """Decay rates of the tail beyond the mean and their bootstrap spread: C_ii on a ``c["tail_step"]`` grid from
    the mean 1 up to ``c["spike_cut"]`` x the isolated-edge delta peak at ``spike`` = 0.5/kappa (the largest value;
    a spike the text explains separately, not part of the decay), down to where a fraction ``c["tail_level"]`` of
    the values lies beyond; ``c["n_boot"]`` multinomial resamples of that histogram give the rates' spread."""
    n_all = values.size
    cut = float(c["spike_cut"]) * spike
    grid = np.arange(0.0, cut, float(c["tail_step"]))
    counts = np.histogram(values[values < cut], np.append(grid, cut))[0]
    S = counts[::-1].cumsum()[::-1] / n_all
    lo = int(np.searchsorted(grid, 1.0))
    above = np.flatnonzero(S >= float(c["tail_level"]))
    hi = int(above.max()) + 1 if above.size else lo
    if hi - lo < 3:     # issue 37: an empty tail (fewer than 3 grid points beyond the mean): no fit, never a crash
        nan = np.full(int(c["n_boot"]), np.nan)
        return {"ratio": np.nan, "r0": np.nan, "r1": np.nan, "mean": np.nan, "ratio_boot": nan, "mean_boot": nan,
                "c_end": float("nan"), "empty": f"{max(hi - lo, 0)} grid point(s) of the tail beyond the mean"}
    r0, r1, mean = _fig2_tail_fit(counts, grid, n_all, lo, hi)
    boot = np.array([_fig2_tail_fit(rng.multinomial(counts.sum(), counts / counts.sum()), grid, n_all, lo, hi)
                     for _ in range(int(c["n_boot"]))])
    return {"ratio": r1 / r0 if r0 > 0 and r1 > 0 else np.nan, "r0": r0, "r1": r1, "mean": mean,
            "ratio_boot": np.where((boot[:, 0] > 0) & (boot[:, 1] > 0), boot[:, 1] / boot[:, 0], np.nan),
            "mean_boot": boot[:, 2], "c_end": float(grid[hi - 1]), "empty": ""}


def _fig2_tail_claim(rec, ens, g, kap, c: dict) -> dict:
    """Sec. 3.2: "The decay from the mean is roughly exponential (see linear-log plot in inset)"."""
    kappa = float(kap["kappa"])
    rng = rng_for(0, "urry_sollich/fig2/tail", ens)
    # the graphs' C_ii pooled, each over its own mean; the cut below the isolated-edge peak 0.5/kappa_graph
    # uses the lowest peak, so every graph's peak lies beyond it
    n_graphs = g["kappa_graphs"].size
    f, level = float(c["exp_rate_factor"]), float(c["tail_level"])
    out = {"graph": _fig2_tail(g["pooled_C"], 0.5 / float(g["kappa_graphs"].max()), rng, c),
           "cavity": _fig2_tail(kap["prior_samples"] / kappa, 0.5 / kappa, rng, c)}
    inside = [bool(1 / f <= t["ratio"] <= f) for t in out.values()]
    empty = [f"{k}: {t['empty']}" for k, t in out.items() if t["empty"]]
    q = {k: (np.nanpercentile(t["ratio_boot"], [2.5, 97.5]) if not t["empty"] else np.full(2, np.nan))
         for k, t in out.items()}
    # decidable when each source's bootstrap interval lies wholly inside or wholly outside [1/f, f]
    decided = not empty and all(bool((lo_ >= 1 / f and hi_ <= f) or hi_ < 1 / f or lo_ > f) for lo_, hi_ in q.values())
    rec.holds(f"{ens}: tail of p(C_ii) beyond the mean roughly exponential: local decay rate -d ln S/dC at the "
              "end of the tail / at the mean (S = fraction of vertices with larger C_ii; quadratic fit of ln S "
              f"from C = 1 to where S = {_power10(level)}, the isolated-edge delta peak excluded); 'roughly exponential' = "
              f"constant rate within a factor {f:g}, for both the graphs ({n_graphs} of V = {g['C_hat_ii'].size}, "
              "pooled) and the cavity",
              "the decay from the mean is roughly exponential (see linear-log plot in inset)" if ens == "er3" else
              "the tail beyond the mean is roughly exponential again",
              "; ".join(f"{k} {t['ratio']:.3g}" for k, t in out.items()), all(inside), f"both in [{1 / f:g}, {f:g}]",
              "; ".join(f"{k}: rates {t['r0']:.3g} at C = 1, {t['r1']:.3g} at C = {t['c_end']:.3g} (95% bootstrap "
                        f"of the ratio {q[k][0]:.3g}-{q[k][1]:.3g})" for k, t in out.items())
              + "; a Gaussian-like tail would show a rate growing across the range, a heavy tail a falling one"
              + (f"; undecidable: an empty tail ({'; '.join(empty)})" if empty else ""),
              decidable=decided, remedy=_TAIL_REMEDY if empty else "")
    return out


_TAIL_REMEDY = ("an empty tail (issue 37): enough C_ii beyond the mean for at least 3 grid points of tail_step before "
                "the fraction beyond falls to tail_level (more graphs or cavity samples; the paper's 10^4-vertex "
                "graphs and cavity population give hundreds)")


def _fig2_slower_tail_claim(rec, er, pl) -> None:
    """Sec. 3.2: the power-law graph's tail is "roughly exponential again, but with a slower decay"."""
    diffs = {k: er[k]["mean"] - pl[k]["mean"] for k in ("graph", "cavity")}
    empty = any(t[k].get("empty") for t in (er, pl) for k in diffs)
    q = {k: (np.percentile(er[k]["mean_boot"] - pl[k]["mean_boot"], [2.5, 97.5]) if not empty else np.full(2, np.nan))
         for k in diffs}
    rec.holds("mean exponential decay rate of the tail beyond the mean (straight-line fit of ln S over the same "
              "range): power law slower than Erdos-Renyi, for both the pooled graphs and the cavity",
              "the tail beyond the mean is roughly exponential again, but with a slower decay",
              "; ".join(f"{k}: er3 {er[k]['mean']:.3g} vs pl {pl[k]['mean']:.3g}" for k in diffs),
              all(d > 0 for d in diffs.values()), "rate(er3) > rate(pl) for both",
              "95% bootstrap intervals of rate(er3) - rate(pl): " + ", ".join(f"{k} {v[0]:.3g}-{v[1]:.3g}"
                                                                         for k, v in q.items()),
              decidable=not empty and all(bool(v[0] > 0 or v[1] < 0) for v in q.values()),
              remedy=_TAIL_REMEDY if empty else "")


# ------------------------------------------------------------------------------- Fig 3: global learning curves


def fig3_claims(sims: dict, eig: dict, cav: dict, us: dict) -> ClaimsRecord:
    """Fig. 3 (Secs 3.3, 4.1): ``sims``, ``eig`` map each ensemble to its matched simulation and its eigenvalue
    approximation (Eq. 18), ``cav`` maps ``(ensemble, "global", sigma2)`` to a cavity curve. Cavity and simulation
    "mostly visually indistinguishable" (curves.cavity_vs_simulation); the eigenvalue approximation right at small
    and large nu, off in the crossover, more accurate at larger noise."""
    c = us["claims"]["fig3"]
    tol = CavityTolerance.from_claims(us["claims"]["cavity"])
    rec = ClaimsRecord("urry_sollich/fig3", PAPER)
    for ens in sims:
        s, e = sims[ens], eig[ens]
        nu, s2s = s["nu"], [float(x) for x in s["sigma2"]]
        for j, s2 in enumerate(s2s):
            cv = cav[(ens, "global", s2)]
            cavity_vs_simulation(rec, tol, ens, "global", s2, nu, s["eps"][:, 0, j], cv["nu"], cv["eps"], cv["stderr"])
        _fig3_eigen_claims(rec, ens, nu, s, e, s2s, c)
    return rec


def _fig3_eigen_claims(rec, ens, nu, s, e, s2s, c: dict) -> None:
    """The eigenvalue approximation is right at small and large nu and off in the crossover."""
    ratios = []
    for j in range(len(s2s)):
        m, _ = mean_se(s["eps"][:, 0, j])
        ratios.append(interp_loglog(nu, e["nu"], e["eps"][:, j].mean(0)) / m)
    ratios = np.array(ratios)  # [sigma2, nu]
    # At small nu both errors are close to 1; compare what they say has been learnt, 1 - eps.
    gain = []
    for j in range(len(s2s)):
        m0 = s["eps"][:, 0, j].mean(0)[0]
        e0 = interp_loglog(nu[:1], e["nu"], e["eps"][:, j].mean(0))[0]
        gain.append((1 - e0) / (1 - m0) if m0 < 1 else np.nan)
    # "Accurate for small nu" (Sec. 3.4). Registered reading (640df32): what the first examples teach, the error
    # reduction 1 - eps, eigenvalue approximation over simulation, within 10 %. cc6dc87 moved it into a note after
    # it had failed for er3 and pl and judged eps itself at nu = 0.01 instead, which a curve that never learns
    # (eps = 1) passes (issues 34 and 36): that re-reading is withdrawn; the registered reading stands.
    text = f"{ens}: eigenvalue approximation / simulation at the smallest nu={nu[0]:.3g}, worst |ratio - 1| over sigma2"
    statement = "eigenvalue approximation accurate for small nu"
    gains = np.array(gain, float)
    worst_gain = float(np.abs(gains - 1).max()) if np.all(np.isfinite(gains)) else float("nan")
    small = rec.holds(text, statement, worst_gain, bool(worst_gain <= c["small_nu_max"]),
                      f"error reduction at the smallest nu: |(1 - eps_eigen)/(1 - eps_sim) - 1| <= "
                      f"{c['small_nu_max']:g} for every sigma2", kind=VALUE,
                      note="ratios (1 - eps_eigen)/(1 - eps_sim) per sigma2: " + ", ".join(f"{g:.4g}" for g in gains)
                      + "; eps_eigen/eps_sim - 1 at this nu (cc6dc87's withdrawn reading): "
                      + ", ".join(f"{r - 1:.3g}" for r in ratios[:, 0]),
                      decidable=bool(np.isfinite(worst_gain)),
                      remedy="" if np.isfinite(worst_gain) else "no error reduction in the simulation at the "
                      "smallest nu (1 - eps_sim = 0): a simulation with examples there")
    # Issue 44: the failure's mechanism, proven by tests/test_findings.py on graphs and kernels built there. It
    # predicts an over-prediction (every ratio > 1) on the ensembles whose prior variances spread.
    if small.verdict == "fail" and ens in ("er3", "pl") and np.all(gains > 1):
        rec.explain(small, "a limitation of Eq. (18) the paper does not state: its initial slope is "
                           "(1/V) sum_ij C_ij^2/(1 + sigma2), the exact one (the first example's rank-one update) "
                           "(1/V) sum_ij C_ij^2/(C_ii + sigma2); they agree only when every prior variance C_ii is "
                           "1. Under global normalisation C_ii spreads on ER and power-law graphs (Fig. 2), and "
                           "the graph-averaged slope ratio is about 1.20 (er3) and 1.34 (pl) at V = 500, the size "
                           "of these failures; on 3-regular graphs (C_ii nearly constant) it is 1.002",
                    test="test_us_fig3_eigenvalue_approximation_initial_slope_off_with_spread_prior_variances")
    worst = np.abs(np.log(ratios)).max(axis=1)
    smallest = int(np.argmin(s2s))
    rec.within(f"{ens}: largest deviation factor max_nu max(r, 1/r), r = eigen/simulation, at the smallest "
               f"sigma2={s2s[smallest]:g}", "the approximation fails in the crossover between the regimes",
               float(np.exp(worst[smallest])), lower=c["crossover_factor_min"],
               note="per sigma2 (largest to smallest): " + ", ".join(f"{np.exp(w):.3g}" for w in worst))
    rec.within(f"{ens}: eigenvalue approximation / simulation at the largest nu={nu[-1]:.3g}, worst over sigma2",
               "eigenvalue approximation accurate for large nu", np.abs(ratios[:, -1] - 1).max(),
               upper=c["large_nu_max"])
    # "the accuracy of the approximation improves as the noise level sigma^2 becomes larger": accuracy of a
    # curve on the paper's log-log axes = its largest deviation factor from the simulation over nu.
    # Judged for every pair of successive noise levels; undecidable when a difference is within step_se
    # standard errors of ln(simulation) at the two worst points.
    order = np.argsort(s2s)[::-1]  # largest sigma2 first
    at = np.argmax(np.abs(np.log(ratios)), axis=1)
    rel_se = np.array([(lambda m, se: se[at[j]] / m[at[j]])(*mean_se(s["eps"][:, 0, j])) for j in range(len(s2s))])
    w, u = worst[order], rel_se[order]
    k = c["step_se"]
    steps = np.diff(w)
    rec.holds(f"{ens}: the eigenvalue approximation's largest deviation max_nu |ln(eigen/simulation)| grows at "
              "every step down in sigma2 (accuracy improves as sigma2 becomes larger)",
              "the accuracy of the approximation improves as the noise level sigma^2 becomes larger",
              "; ".join(f"sigma2={s2s[j]:g}: {worst[j]:.3g} at nu={nu[at[j]]:.3g}" for j in order),
              bool(np.all(steps > 0)), "strictly increasing from the largest to the smallest sigma2",
              "step sizes " + ", ".join(f"{d:.3g}" for d in steps) + f"; {k:g} SE of ln(sim) at the worst points: "
              + ", ".join(f"{k * x:.2g}" for x in u),
              decidable=bool(steps.size and np.all(np.abs(steps) > k * (u[1:] + u[:-1]))),
              remedy="" if steps.size else "one noise level only: simulations at two or more sigma2")


# ------------------------------------------------------------------------------- Fig 4: large-p scaling

def first_example_error(d: int, a: float, p: int, sigma2: float, V: int) -> float:
    """Bayes error after one example on a large d-regular graph: ``1 - (1/V) Σ_l v_l C_{l,p}^2/(1+σ²)``
    (Section 3.4.1; Eq. 19 is this sum without the 1/V, i.e. the initial slope in ν)."""
    tk = tree_kernel(d, a, [p], l_max=p)
    return 1.0 - float(np.sum(shell_volumes(d, np.arange(p + 1)) * tk.C[0] ** 2)) / ((1.0 + sigma2) * V)


def fig4_sim_curves(sims: dict, V: int) -> list:
    """Per simulated p: ``(p, x = N/V p^(3/2), mean eps, its standard error)``, the right panel's curves."""
    out = []
    for p in sims["p_sim"]:
        m, se = mean_se(sims[f"eps_p{p}"])
        out.append((p, sims[f"N_p{p}"] / V * p**1.5, m, se))
    return out


def fig4_claims(eig: dict, sims: dict, us: dict) -> ClaimsRecord:
    """Fig. 4 (Sec. 3.4.1): the eigenvalue approximation (Eq. 21) for growing p approaches the master curve (Eq.
    26), more slowly in the tail; the simulated curves against nu p^(3/2) approach a limiting form; the error after
    one example matches the tree sum; the initial decay scales as p^(3/2)."""
    f4, a, V, c = us["fig4"], us["kernel"]["a"], us["sims"]["V"], us["claims"]["fig4"]
    rec = ClaimsRecord("urry_sollich/fig4", PAPER)
    x = eig["x"]
    dev = np.array([np.abs(np.log(eig[f"eps_p{p}"] / eig["master"])) for p in eig["p_eig"]])
    curves = []
    for p, xs, m, se in fig4_sim_curves(sims, V):
        curves.append((xs, m))
        first = first_example_error(3, a, int(p), f4["sigma2"], V)
        if p / a > c["tree_sum_below"] * cycle_threshold(V, 3):
            continue  # the tree sum ignores cycles: the paper's argument holds only well below Eq. 7
        rec.close(f"simulated error after one example (nu = 1/V), p={p}, vs 1 - (1/V) sum_l v_l C_lp^2/(1+sigma2) "
                  "from the tree kernel", "Eq. (19), read as the initial slope (missing 1/V, spec A4)",
                  m[0], first, atol=c["first_se"] * se[0] + c["first_atol"], note=f"se={se[0]:.2g}")
    initial = x <= c["initial_x_max"]
    worst_initial = dev[:, initial].max(axis=1)
    rec.holds(f"max |log(eps_p / master)| over x <= {c['initial_x_max']:g} decreases as p grows (approach to the "
              "master curve)",
              "for large p these rescaled curves approach the master curve predicted from (26)",
              "; ".join(f"p={p}: {v:.3g}" for p, v in zip(eig["p_eig"], worst_initial)),
              bool(np.all(np.diff(worst_initial) < 0)), "strictly decreasing in p")
    rec.within(f"largest p={eig['p_eig'][-1]}: max relative deviation from the master curve for x <= "
               f"{c['initial_x_max']:g}",
               "curves approach the master curve", float(np.expm1(worst_initial[-1])), upper=c["master_rel_max"])
    tail = x >= c["tail_x_min"]
    rec.holds(f"the approach is slower in the tail: at the largest p the deviation for x >= {c['tail_x_min']:g} "
              f"exceeds that for x <= {c['initial_x_max']:g}",
              "though this approach is slower in the tail of the curves",
              f"tail {dev[-1, tail].max():.3g} vs initial {worst_initial[-1]:.3g}",
              bool(dev[-1, tail].max() > worst_initial[-1]), "tail deviation > initial deviation")
    # Like the left panel: the simulated curves for successive p move closer together as p grows.
    lo = max(cv[0][0] for cv in curves)
    grid = np.geomspace(lo, f4["x_range"][1], 50)
    gaps = [float(np.abs(np.log(interp_loglog(grid, *curves[i + 1]) / interp_loglog(grid, *curves[i]))).max())
            for i in range(len(curves) - 1)]
    rec.holds("simulations: max over x of |log(eps_p' / eps_p)| between successive p shrinks as p grows",
              "as (left), the simulated curves approach a limiting form against nu p^(3/2)",
              "; ".join(f"p={p}->{q}: {g:.3g}" for p, q, g in zip(sims["p_sim"][:-1], sims["p_sim"][1:], gaps)),
              bool(len(gaps) >= 2 and np.all(np.diff(gaps) < 0)), "strictly decreasing (needs >= 3 values of p)")
    _initial_decay_claim(rec, eig, c["decay_slope_atol"])
    return rec


def _initial_decay_claim(rec, eig, atol: float) -> None:
    """Sec. 3.4.1: summing Eq. (19) up to the cutoff l ~ p^{1/2} "predicts finally that the initial error decay
    should scale, non-trivially, as p^{3/2}" (not as p^3, the naive sum up to l = p). Judged on the exact tree
    sum at the two largest p computed: the local log-log slope within ``atol`` (ours) of 3/2."""
    p, S = np.asarray(eig["eq19_p"], float), np.asarray(eig["eq19_sum"], float)
    slopes = np.diff(np.log(S)) / np.diff(np.log(p))
    rec.close(f"initial error decay eps(0) - eps(1) of Eq. (19) on the 3-regular tree: local log-log slope in p "
              f"between p={int(p[-2])} and p={int(p[-1])}", "the initial error decay should scale, "
              "non-trivially, as p^(3/2)", float(slopes[-1]), FIG4_DECAY_EXPONENT, atol=atol,
              note="local slopes along p = " + ", ".join(f"{int(a)}-{int(b)}: {v:.3f}" for a, b, v in
                                                         zip(p[:-1], p[1:], slopes)))


# ------------------------------------------------------------------------------- Fig 5: local learning curves

def isolated_vertex_error(p0: float, nu, sigma2: float) -> np.ndarray:
    """Expected contribution of locally normalised isolated vertices: ``p(0) E_γ[σ²/(σ²+γ)]``, γ ~ Poisson(ν)
    (each has prior variance 1 and posterior variance ``1/(1 + γ/σ²)``)."""
    from scipy import stats

    g = np.arange(0, 400)[:, None]
    return p0 * np.sum(stats.poisson.pmf(g, np.atleast_1d(nu)[None, :]) * sigma2 / (sigma2 + g), axis=0)



def isolated_fraction(us: dict, ens: str) -> float:
    """p(0), the fraction of isolated vertices of the ensemble's degree law."""
    spec = dict(us["graph_ensembles"][ens])
    return degree_law(spec.pop("kind"), **spec).p0


def fig5_claims(sims: dict, cav: dict, us: dict) -> ClaimsRecord:
    """Fig. 5 (Sec. 4.3): ``sims`` maps each ensemble to its matched simulation, ``cav`` maps ``(ensemble,
    "local", sigma2)`` to a cavity curve. Cavity and simulation agree under local normalisation
    (curves.cavity_vs_simulation); on ER graphs the local curve has a shoulder "around nu = 2" carried by the
    isolated vertices."""
    c = us["claims"]["fig5"]
    tol = CavityTolerance.from_claims(us["claims"]["cavity"])
    rec = ClaimsRecord("urry_sollich/fig5", PAPER)
    for ens, s in sims.items():
        nu, s2s = s["nu"], [float(x) for x in s["sigma2"]]
        for j, s2 in enumerate(s2s):
            cv = cav[(ens, "local", s2)]
            cavity_vs_simulation(rec, tol, ens, "local", s2, nu, s["eps"][:, 1, j], cv["nu"], cv["eps"], cv["stderr"])
        if ens == "er3":
            loc = {s2: s["eps"][:, 1, j].mean(0) for j, s2 in enumerate(s2s)}
            _fig5_shoulder_claims(rec, nu, loc, isolated_fraction(us, ens), c)
    return rec


def _fig5_shoulder_claims(rec, nu, loc, p0, c: dict) -> None:
    """Sec. 4.3: "locally normalised kernels give a shoulder around nu = 2"; "the single-vertex error dominates
    until these vertices have typically seen an example"."""
    lo, hi = c["shoulder_nu"]
    # searched for on a window wider than the one it is judged in, so a maximum just outside is found and fails
    w_lo, w_hi = c["search_nu"]
    for s2 in sorted(loc)[:2]:  # the two smallest noise levels, where the shoulder is visible
        e = loc[s2]
        win = np.where((nu > w_lo) & (nu < w_hi))[0]
        if win.size < 3 or nu.size < 2:    # issue 37: no interior point of the search window, never a crash
            why = f"undecidable: {win.size} simulated nu in the search window {w_lo:g} < nu < {w_hi:g} (3 needed)"
            fix = (f"the local learning curve at 3 or more nu in {w_lo:g} < nu < {w_hi:g} (the sim_nu grid of the "
                   "simulation rule; the paper-scale grid has dozens there)")
            rec.holds(f"er3, sigma2={s2:g}: shoulder: the log-log slope of the local learning curve has an interior "
                      f"local maximum (the curve flattens, then steepens again) between nu = {lo:g} and {hi:g}",
                      "locally normalised kernels give a shoulder around nu = 2", "no search window", False,
                      f"interior local maximum of the slope, {lo:g} <= nu <= {hi:g}", why, decidable=False,
                      remedy=fix)
            rec.within(f"er3, sigma2={s2:g}: share of the local error carried by isolated vertices at the shoulder",
                       "the single-vertex error dominates until these vertices have typically seen an example",
                       float("nan"), lower=c["isolated_share_min"], note=why, decidable=False, remedy=fix)
            continue
        slope = np.gradient(np.log(e), np.log(nu))
        # A shoulder is a local flattening: an interior local maximum of the log-log slope. Take the most
        # prominent one (largest rise over the steepest slope before it) in the search window.
        peaks = [i for i in win[1:-1] if slope[i] >= slope[i - 1] and slope[i] >= slope[i + 1]]
        prominence = [slope[i] - slope[win[0]: i].min() for i in peaks]
        k = peaks[int(np.argmax(prominence))] if peaks else win[0]
        share = float(isolated_vertex_error(p0, nu[k], s2)[0] / e[k])
        rec.holds(f"er3, sigma2={s2:g}: shoulder: the log-log slope of the local learning curve has an interior "
                  f"local maximum (the curve flattens, then steepens again) between nu = {lo:g} and {hi:g}",
                  "locally normalised kernels give a shoulder around nu = 2",
                  f"flattest slope {slope[k]:.3g} at nu={nu[k]:.3g}",
                  bool(peaks and lo <= nu[k] <= hi), f"interior local maximum of the slope, {lo:g} <= nu <= {hi:g}")
        rec.within(f"er3, sigma2={s2:g}: share of the local error carried by isolated vertices at the shoulder",
                   "the single-vertex error dominates until these vertices have typically seen an example",
                   share, lower=c["isolated_share_min"])


# ------------------------------------------------------------------------------- Fig 6: posterior variances

def fig6_histograms(sims: dict, cav: dict, f6: dict, n_bins: int) -> list:
    """Per nu of Fig. 6: ``(nu, simulated posterior variances, cavity samples at the nearest nu, bin centres,
    simulated density, cavity density, bin width, upper end)``, ``n_bins`` bins over [0, 99.9 % quantile of
    both] (claims.fig6.bins: of the drawing, and the total-variation claim is judged on them)."""
    cav_samples = {float(cav[f"samples_{i}_nu"]): cav[f"samples_{i}"] for i in range(len(f6["nus"]))}
    out = []
    for nu, post in zip(sims["nu"], sims["posterior_variances"]):
        c = cav_samples[min(cav_samples, key=lambda v: abs(v - nu))]
        # Posterior variances under local normalisation lie in (0, 1]; the paper's axis ticks (0-30, 0-80)
        # cannot be these values (spec A6), so the histogram is over [0, max] of the data.
        top = float(np.quantile(np.concatenate([post, c]), 0.999))
        bins = np.linspace(0.0, top, n_bins + 1)
        w = bins[1] - bins[0]
        hs, _ = np.histogram(post, bins=bins)
        hc, _ = np.histogram(c, bins=bins)
        hs, hc = hs / (post.size * w), hc / (c.size * w)
        out.append((nu, post, c, 0.5 * (bins[1:] + bins[:-1]), hs, hc, w, top))
    return out


def fig6_claims(sims: dict, cav: dict, us: dict) -> ClaimsRecord:
    """Fig. 6 (Sec. 4.3): the cavity's distribution of local posterior variances (local normalisation) against
    the simulations' at each nu: "in very good agreement"; their means, the Bayes error, agree too."""
    c = us["claims"]["fig6"]
    rec = ClaimsRecord("urry_sollich/fig6", PAPER)
    n_bins = int(c["bins"])
    for nu, post, cs, _, hs, hc, w, _ in fig6_histograms(sims, cav, us["fig6"], n_bins):
        tv = 0.5 * np.abs(hs - hc).sum() * w
        noise = np.sqrt(n_bins / (2 * np.pi)) * (1 / np.sqrt(post.size) + 1 / np.sqrt(cs.size))
        rec.within(f"nu={nu:g}: total-variation distance between simulated and cavity histograms ({n_bins} bins)",
                   "cavity predictions for the distribution in very good agreement with simulations",
                   tv, upper=c["tv_max"] + noise, note=f"allowance {c['tv_max']:g} + sampling noise {noise:.3f}")
        rec.close(f"nu={nu:g}: mean local posterior variance (Bayes error), simulation vs cavity samples",
                  "cavity predicts the Bayes error (Fig. 5)", float(post.mean()), float(cs.mean()),
                  rtol=c["mean_rtol"])
    return rec


# ------------------------------------------------------------------------------- Figs 7, 8: mismatched curves

def curve_maximum(nu, eps, c: dict) -> dict:
    """A maximum: after its initial decrease the curve rises again to a peak; measured as the largest rise
    from a preceding minimum, significant if > ``c['rise_se']`` standard errors and > ``c['rise_min']``."""
    m, se = mean_se(eps)
    run_min = np.minimum.accumulate(m)
    k = int(np.argmax(m - run_min))
    j = int(np.argmin(m[: k + 1]))
    rise = m[k] - m[j]
    return {"k": k, "j": j, "m": m, "rise": rise, "n": eps.shape[0],
            "has": bool(rise > c["rise_se"] * np.hypot(se[k], se[j]) and rise > c["rise_min"])}


# Issue 44: the mechanism of Figs 7-8's failures (tests/test_findings.py): no maximum at sigma2 >= 1e-2.
FINDING_MISMATCH_TEST = "test_us_fig7_fig8_mismatch_maximum_only_at_the_lowest_noise_level"
MISMATCH_NO_RISE_SIGMA2 = 1e-2


def _maximum_claims(rec, ens, nu, eps_by_s2: dict, c: dict) -> None:
    """Sec. 5, of each panel of Figs 7 and 8 ("learning curves ... for a range of noise levels"): the mismatched
    curves show "an increase in error as nu approaches unity. The resulting maximum in the learning curve ...";
    "similar behaviour" in the other panels. The registered reading (b49bd8e) judges every noise level drawn: each
    curve of the panel rises significantly to a maximum. cc6dc87 re-read it once per panel (some curve rises)
    after the registered reading had failed at three of the four noise levels; no test shows the registered
    reading defective (a monotone or a constant curve fails it), so by protocol rule 1 (docs/protocol.md) the
    registered reading decides and the per-panel one is shown beside it. The noise levels whose curves decrease
    monotonically are a note. Where a curve has a maximum, its location is judged against "as nu approaches
    unity"."""
    mx = {s2: curve_maximum(nu, e, c) for s2, e in eps_by_s2.items()}
    with_max = [s2 for s2, r in mx.items() if r["has"]]
    # A rise within its noise (positive but not significant) cannot say that the panel has no maximum.
    unresolved = [s2 for s2, r in mx.items() if not r["has"] and r["rise"] > c["rise_min"]]
    shape = "; ".join(f"sigma2={s2:g}: " + (f"eps {r['m'][r['j']]:.3g} at nu={nu[r['j']]:.3g} rises to "
                                            f"{r['m'][r['k']]:.3g} at nu={nu[r['k']]:.3g}" if r["has"]
                                            else "no significant rise") for s2, r in mx.items())
    text = (f"{ens}: the panel's mismatched learning curves rise from a minimum to a later maximum "
            f"(some of its {len(mx)} noise levels)")
    statement = ("the learning curves for the mismatched scenario ... [show] an increase in error as nu approaches "
                 "unity. The resulting maximum in the learning curve ... Similar behaviour can be observed ... "
                 "(Figs 7, 8, each panel 'for a range of noise levels')")
    remedy = ("a rise above 0.02 within its noise: more graphs at those noise levels (each curve's standard error "
              "falls as 1/sqrt(graphs))")
    # Registered reading (the first one, judged per noise level until cc6dc87): every curve drawn has the maximum.
    # cc6dc87 re-read it once per panel (some curve) after three of the four noise levels had failed: a more
    # lenient reading adopted after the result, with no proof (protocol rule 1): the registered reading decides.
    every_undecided = bool(unresolved) and len(with_max) < len(mx) and all(
        r["has"] or s2 in unresolved for s2, r in mx.items())
    reg = rec.holds(text, statement, shape, len(with_max) == len(mx) and bool(mx),
                    f"every curve: rise > {c['rise_se']:g} se and > {c['rise_min']:g}",
                    decidable=bool(mx) and not every_undecided, remedy=remedy)
    rev = rec.holds(text, statement, shape, bool(with_max),
                    f"at least one curve: rise > {c['rise_se']:g} se and > {c['rise_min']:g}",
                    decidable=bool(mx) and (bool(with_max) or not unresolved), remedy=remedy)
    merged = rec.revise(reg, rev, "cc6dc87", "read once per panel (some noise level) instead of for every noise level "
                        "drawn, after the per-noise-level reading had failed at three of the four noise levels of each "
                        "panel; no proof: the registered every-noise-level reading decides")
    # Issue 44: the failure's mechanism, proven by tests/test_findings.py on graphs and kernels built there: the
    # maximum is a low-noise effect (gone between sigma2 = 5e-4 and 1e-3 at V = 125-1000), so under the stated model the curves
    # at sigma2 >= 1e-2 cannot rise. It explains a failure where the lowest noise level has the maximum and a curve
    # at sigma2 >= 1e-2 has none (not a panel without any maximum, nor one that rises only at high noise).
    lowest = min(mx) if mx else None
    if (merged.verdict == "fail" and lowest in with_max
            and any(s2 >= MISMATCH_NO_RISE_SIGMA2 and s2 not in with_max for s2 in mx)):
        rises = ", ".join(f"{mx[s2]['rise']:.2g} at sigma2 = {s2:g}" for s2 in sorted(mx))
        rec.explain(merged, "the mismatch maximum is a low-noise effect the paper does not state: the student's noise "
                            "level cuts off its amplification of the teacher's power along the student's weak "
                            "directions, so the curves at sigma2 >= 1e-2 cannot rise (the test: no rise of the averaged "
                            "curve there on graphs of V = 125 to 1000, none of one graph above the claims' bar). This "
                            f"panel's averaged curve rises by {rises}, so 'similar behaviour for a range of noise "
                            "levels' holds at the lowest level only",
                    test=FINDING_MISMATCH_TEST)
    lo, hi = c["nu_unity"]
    for s2 in with_max:
        r = mx[s2]
        rec.within(f"{ens}, sigma2={s2:g}: nu of the maximum", "an increase in error as nu approaches unity",
                   float(nu[r["k"]]), lo, hi)
    rec.note(f"{ens}: noise levels whose mismatched curve decreases monotonically (no significant maximum)",
             {"sigma2": [float(s2) for s2 in mx if s2 not in with_max],
              "with a maximum": [float(s2) for s2 in with_max],
              "graphs": int(next(iter(mx.values()))["n"])})


def mismatch_claims(sims: dict, us: dict, pairing: str, name: str) -> ClaimsRecord:
    """Figs 7 (student global / teacher local, ``pairing`` "global/local") and 8 ("local/global"): ``sims`` maps
    each ensemble to its mismatch simulation (nu, sigma2, pairings, eps[graph, pairing, sigma2, nu])."""
    c = us["claims"]["mismatch"]
    rec = ClaimsRecord(f"urry_sollich/{name}", PAPER)
    for ens, s in sims.items():
        i = list(s["pairings"]).index(pairing)
        s2s = [float(x) for x in s["sigma2"]]
        _maximum_claims(rec, ens, s["nu"], {s2: s["eps"][:, i, j] for j, s2 in sorted(enumerate(s2s),
                                                                                     key=lambda t: t[1])}, c)
    return rec


def fig7_claims(sims: dict, us: dict) -> ClaimsRecord:
    """Fig. 7: student globally, teacher locally normalised."""
    return mismatch_claims(sims, us, "global/local", "fig7")


def fig8_claims(sims: dict, us: dict) -> ClaimsRecord:
    """Fig. 8: student locally, teacher globally normalised."""
    return mismatch_claims(sims, us, "local/global", "fig8")


# ------------------------------------------------------------------------------- Fig 10: scaling collapse

def scaling_shape(x, A, B):
    """App. A.2: the scaling form ``A x exp(-B x^2)`` of ``p rho_{l,p}`` against ``x = l / sqrt(p)``."""
    return A * x * np.exp(-B * x * x)


def fit_collapse(data: dict, B: float) -> pd.DataFrame:
    """Per p: amplitude ``A_p`` with the asymptotic exponent B fixed, its relative max residual, and a
    free two-parameter fit ``(A, B)``; the approach to the scaling form is read off these."""
    rows = []
    for p in data["p_values"]:
        x, y = data[f"x_p{p}"], data[f"prho_p{p}"]
        g = scaling_shape(x, 1.0, B)
        A = float(g @ y / (g @ g))
        (Af, Bf), _ = curve_fit(scaling_shape, x, y, p0=(A, B))
        rows.append({"p": int(p), "peak": float(y.max()), "x_peak": float(x[y.argmax()]), "A_fixedB": A,
                     "residual": float(np.abs(y - A * g).max() / y.max()), "A_free": Af, "B_free": Bf})
    return pd.DataFrame(rows, columns=["p", "peak", "x_peak", "A_fixedB", "residual", "A_free", "B_free"])


def extrapolate_in_inverse_sqrt_p(p: np.ndarray, v: np.ndarray) -> float:
    """Value at p -> inf of ``v(p) = v_inf + c_1 p^{-1/2} + c_2 p^{-1}`` through the last three points
    (the leading finite-p corrections of a diffusion with a leaky boundary)."""
    s = 1.0 / np.sqrt(np.asarray(p[-3:], float))
    M = np.stack([np.ones(3), s, s * s], axis=1)
    return float(np.linalg.solve(M, np.asarray(v[-3:], float))[0])


def fig10_claims(data: dict, us: dict) -> ClaimsRecord:
    """Fig. 10 (App. A.2): ``data`` holds ``p_values`` (a list) and per p the abscissae ``x_p{p}`` = l/sqrt(p) and
    ``prho_p{p}`` = p rho_{l,p}; the curves approach the scaling form A x exp(-B x^2) with B = a d gamma /
    (4 sqrt(d-1)) (the text's d/(2 sqrt(d-1)) omits gamma: an explained failure)."""
    prm, c = us["fig10"], us["claims"]["fig10"]
    d, a = prm["d"], prm["a"]
    B = scaling_exponent(d, a)
    fits = fit_collapse(data, B)
    rec = ClaimsRecord("urry_sollich/fig10", PAPER)
    few = len(fits) < 3  # the extrapolation and the slope take the three largest p
    B_inf = float("nan") if few else extrapolate_in_inverse_sqrt_p(fits.p.values, fits.B_free.values)
    short = dict(decidable=not few, remedy="fewer than three values of p: the recursion (4) at three or more "
                 "(each well under a second)" if few else "")
    r = fits.residual.values
    rec.holds("relative max distance of p*rho from the scaling form A_p x exp(-B x^2) (B derived, A_p "
              "least squares) decreases with every increase of p",
              "clear trend towards the predicted asymptotic behaviour for large p",
              "; ".join(f"p={p}: {v:.3g}" for p, v in zip(fits.p, r)) or "no p", bool(np.all(np.diff(r) < 0)),
              "strictly decreasing", decidable=len(r) >= 2,
              remedy="" if len(r) >= 2 else "one value of p or none: the recursion (4) at two or more")
    slope = np.nan if few else np.polyfit(np.log(fits.p.values[-3:]), np.log(r[-3:]), 1)[0]
    rec.close("finite-p distance from the scaling form shrinks like p^(-1/2) (slope of log residual vs "
              "log p over the three largest p)", "implied by the scaling l' = l p^(-1/2) of Eq. (49): finite-p "
              "corrections vanish (the rate is our check; the paper states none)", slope, FIG10_SLOPE,
              atol=c["slope_atol"], kind=OURS, **short)
    rec.close("Gaussian cutoff constant B from free fits A x exp(-B x^2), extrapolated to p -> inf, "
              "equals the lazy-walk constant a d gamma/(4 sqrt(d-1))",
              "R_hat ~ l' exp(-l'^2 d/(2 sqrt(d-1))) (Appendix A.2; the text's d/(2 sqrt(d-1)) omits gamma)",
              B_inf, B, rtol=c["B_rtol"], kind=OURS, **short,
              note="ours: the constant a d gamma/(4 sqrt(d-1)) is our derivation, not the paper's; "
                   f"text's constant d/(2 sqrt(d-1)) = {d / (2 * np.sqrt(d - 1)):.4f}; "
                   f"paper's dashed line uses {PAPER_DASHED[1]}")
    B_text = d / (2 * np.sqrt(d - 1))
    text = rec.close("Gaussian cutoff constant B extrapolated to p -> inf vs the text's constant d/(2 sqrt(d-1)) "
                     "(stated for a = 2)", "R_hat ~ l' exp(-l'^2 d/(2 sqrt(d-1))) (Appendix A.2)", B_inf, B_text,
                     rtol=c["B_rtol"], **short)
    if text.verdict == "fail":
        rec.explain(text, "the text's constant omits the factor gamma of the re-normalised walk; the derived "
                          "constant a d gamma/(4 sqrt(d-1)) is confirmed instead (claim above)",
                    test="test_us_fig10_text_constant_omits_gamma")
    # At small p the lattice (l integer, x = l/sqrt(p) coarse) makes the peak height jumpy, so the
    # convergence of the peak is judged on p >= peak_p_min.
    big = fits[fits.p >= c["peak_p_min"]]
    peaks, logp = big.peak.values, np.log(big.p.values)
    rate = np.diff(peaks) / np.diff(logp)
    rec.holds(f"for p >= {c['peak_p_min']} the peak of p*rho grows with p and its growth per unit log p shrinks "
              "(convergence to a finite limit)", "curves approach a limiting scaling function",
              f"peaks {np.round(peaks, 4).tolist()}", bool(np.all(rate > 0) and np.all(np.diff(rate) < 0)),
              "increasing; increments per unit log p decreasing", decidable=len(peaks) >= 3,
              remedy="" if len(peaks) >= 3 else f"fewer than three p >= {c['peak_p_min']}: the recursion (4) at "
              "three or more")
    rec.record("fits", fits.to_dict(orient="list"))
    return rec


# ------------------------------------------------------------------------------- Fig 9: error variance

def larger_graph_summary(s: dict, larger: dict, cav: dict, ens: str, s2: float, V_sims: int,
                         tol: CavityTolerance) -> dict | None:
    """The larger-graph check of one ensemble (:func:`fig9_larger_graph_check`), or None where the ensemble has
    no larger-graph simulations or no global cavity curve at ``s2``."""
    c_glob = cav.get((ens, "global", s2))
    return (fig9_larger_graph_check(s, larger[ens], c_glob, V_sims, tol)
            if ens in larger and c_glob is not None else None)


def fig9_claims(sims: dict, cav: dict, kappa: dict, finite: dict, larger: dict, us: dict) -> ClaimsRecord:
    """Fig. 9 (Sec. 4.3): ``sims`` maps each ensemble to its vertex variances (:func:`vertex_variances`), ``cav``
    ``(ensemble, normalisation, sigma2)`` to a cavity curve, ``kappa``, ``finite``, ``larger`` each ensemble to its
    nu = 0 cavity population, finite-size spreads and larger-graph simulations. The local error variance "low for
    small nu, peak at nu ~ 0.2, then decreasing"; the global one "largest at nu = 0 and decays"; our cavity
    comparisons and finite-size checks (kind ours)."""
    c = us["claims"]["fig9"]
    tol = CavityTolerance.from_claims(us["claims"]["cavity"])
    s2 = float(us["fig9"]["sigma2"])
    V_sims = int(us["sims"]["V"])
    lo, hi = c["peak_nu"]
    k_se, r0, f = c["peak_se"], c["largest_at_zero_rtol"], c["decay_factor"]
    rec = ClaimsRecord("urry_sollich/fig9", PAPER)
    for ens, s in sims.items():
        nu = s["nu"]
        big = larger_graph_summary(s, larger, cav, ens, s2, V_sims, tol)
        for i, norm in enumerate(("global", "local")):
            m, se = mean_se(s["var"][:, i])
            cv = cav.get((ens, norm, s2))
            if cv is not None:
                cavity_vs_simulation(rec, tol, ens, norm, s2, nu, s["var"][:, i], cv["nu"], cv["eps_variance"],
                                     mean_se(cv["replica_variance"])[1],
                                     quantity="cavity vs simulated vertex-to-vertex variance of the local "
                                              "posterior variance",
                                     statement="the cavity method predicts the distribution of local posterior "
                                               "variances (Sec. 4.3, Fig. 6); this is its variance",
                                     context="the cavity is for V -> infinity; the finite-size claims below "
                                             "measure the V dependence" if norm == "global" else "",
                                     explain=fig9_finite_size_explanation(big) if norm == "global" else None,
                                     kind=OURS)
            if norm == "local":
                k = int(np.argmax(m))
                rec.within(f"{ens}: nu of the peak of the local-normalisation error variance",
                           "error variance low for small nu, peak at nu ~ 0.2, then decreasing", float(nu[k]), lo, hi,
                           note=f"peak value {m[k]:.3g}; eps variance at smallest nu {m[0]:.3g}")
                one = s["var"].shape[0] < 2     # issue 37: one graph has no standard error (never a vacuous fail)
                rec.holds(f"{ens}: local error variance at the peak exceeds its values at the smallest and largest nu",
                          "low initially, peak, decreasing again", f"{m[0]:.3g} < {m[k]:.3g} > {m[-1]:.3g}",
                          bool(m[k] > m[0] + k_se * se[k] and m[k] > m[-1] + k_se * se[k]), f"by more than {k_se:g} se",
                          **(dict(note="undecidable: one graph, no standard error", decidable=False,
                                  remedy=_GRAPHS_REMEDY) if one else {}))
            else:
                # Successive nu share graphs and nested data sets, so judge increments with paired errors.
                inc = np.diff(s["var"][:, i], axis=1)
                inc_m, inc_se = mean_se(inc)
                k = int(np.argmax(inc_m))
                rec.holds(f"{ens}: global error variance is (within {100 * r0:g} %) largest at the smallest nu and "
                          "decays",
                          "for global normalisation the error variance is largest at nu = 0 and decays",
                          f"{m[0]:.3g} at nu={nu[0]:.2g}, max {m.max():.4g}, {m[-1]:.3g} at nu={nu[-1]:.3g}",
                          bool(m.max() <= (1 + r0) * m[0] and m[0] > f * m[-1]),
                          f"max <= {1 + r0:g} x value at smallest nu; overall decay by > {f:g}x",
                          note=f"largest increment between successive nu: {inc_m[k]:.2g} at nu={nu[k]:.2g} "
                               f"(paired se {inc_se[k]:.2g})")
        fig9_finite_size_claim(rec, ens, finite[ens], kappa[ens], tol)
        if big is not None:
            fig9_larger_graph_claim(rec, ens, big)
    return rec


def vertex_variances(sims: dict, extra: dict, tail: dict, s2: float) -> dict:
    """The vertex variance at ``s2``, ``var[graph, normalisation, ν]``: on the matched simulations' graphs
    and on the further graphs of the Fig 9 rule (the same estimator, data-set and placement streams), and at
    the largest ν (``tail``, global normalisation) each graph's mean over its first data set and the further
    ones there."""
    if not np.allclose(sims["nu"], extra["nu"]) or list(extra["normalisations"]) != list(sims["normalisations"]):
        raise ValueError("the Fig 9 simulations must share the matched simulations' nu grid and normalisations")
    j = [float(x) for x in sims["sigma2"]].index(s2)
    k = [float(x) for x in extra["sigma2"]].index(s2)
    var = np.concatenate([sims["var"][:, :, j], extra["var"][:, :, k]], axis=0)
    at = np.flatnonzero(np.isclose(sims["nu"][:, None], tail["nu"][None, :]).any(axis=1))
    if at.size != tail["nu"].size or tail["var"].shape[0] != var.shape[0]:
        raise ValueError("the Fig 9 tail data sets must be on the same graphs and nu grid")
    names = list(sims["normalisations"])
    if names != ["global", "local"]:
        raise ValueError(f"Fig 9 draws global then local normalisation; the simulations hold {names}")
    for t, norm in enumerate(tail["normalisations"]):
        i = names.index(norm)
        var[:, i, at] = (var[:, i, at] + tail["var"][:, :, t].sum(axis=1)) / (1 + tail["var"].shape[1])
    return {"nu": sims["nu"], "var": var, "tail_nu": tail["nu"], "tail_datasets": 1 + tail["var"].shape[1]}


_GRAPHS_REMEDY = ("at least 2 graphs give a standard error: the configured sims n_samples x fig9 graphs_factor graphs "
                  "(the us_sims and Fig 9 rules at paper scale) decide it unless the difference lies within its noise")


def fig9_finite_size_claim(rec: ClaimsRecord, ens: str, finite: dict, kappa: dict, tol: CavityTolerance) -> None:
    """Is the gap between the cavity and the V = 500 simulation a finite-size effect? At nu -> 0 the global
    error variance is the spread of the prior variances, Var_i(C_ii/kappa_G), which the cavity gives for
    V -> infinity (its nu = 0 population) and exact sparse kernel diagonals give on graphs of growing V."""
    Vs = [int(v) for v in finite["V"]]
    m = np.array([finite[f"spread_V{v}"].mean() for v in Vs])
    se = np.array([finite[f"spread_V{v}"].std(ddof=1) / np.sqrt(finite[f"spread_V{v}"].size) for v in Vs])
    samples = kappa["prior_samples"] / kappa["kappa"]
    target = float(samples.var())
    gap = (target - m) / target
    # The largest graphs agree with the cavity and the smallest are further off; the middle sizes are reported
    # (with 2-3 % standard errors a strict order over three sizes would judge the noise).
    shrinks = bool(abs(gap[-1]) < abs(gap[0]))
    last = abs(gap[-1])
    allowed = tol.rtol + 3 * se[-1] / target
    # issue 37: a size with a single graph has no standard error: undecidable, never a vacuous fail
    few = [v for v in Vs if finite[f"spread_V{v}"].size < 2]
    guard = dict(decidable=False, remedy=f"V = {', '.join(map(str, few))}: a single graph, no standard error; at least 2 "
                 "graphs of every size (the Fig 9 finite-size rule, seconds per graph)") if few else {}
    rec.holds(f"{ens}: the cavity/simulation gap in the global error variance at nu -> 0 is a finite-size effect: "
              f"the spread of prior variances Var_i(C_ii/kappa_G) approaches the cavity value as V grows "
              f"(V = {', '.join(map(str, Vs))})",
              "cavity predictions are for V -> infinity; the simulations use V = 500 (Sec. 5)",
              "relative gap " + ", ".join(f"{g:+.3f}" for g in gap), bool(shrinks and last <= allowed),
              f"|gap| at the largest V below that at the smallest, and <= {tol.rtol:g} + 3 se there "
              f"(allowed {allowed:.3f})",
              note=f"cavity spread {target:.4f} (nu = 0 population); per V: "
                   + ", ".join(f"V={v}: {a:.4f} +- {b:.4f}" for v, a, b in zip(Vs, m, se))
                   + "; the V = 500 comparison above is judged as it stands", kind=OURS, **guard)


def fig9_larger_graph_check(sims: dict, larger: dict, cav: dict, V_sims: int, tol: CavityTolerance) -> dict:
    """The cavity/simulation gap in the global vertex variance at the nu of the larger-graph simulations,
    at V = V_sims (the figure's simulations) and at the larger V, with the V = 500 comparison's tolerance."""
    nu = larger["nu"]
    at = [int(np.argmin(np.abs(np.log(sims["nu"] / x)))) for x in nu]
    if not np.allclose(sims["nu"][at], nu, rtol=1e-6):
        raise ValueError("the larger-graph simulations must be on the simulations' nu grid")
    target = interp_loglog(nu, cav["nu"], cav["eps_variance"])
    cav_se = interp_loglog(nu, cav["nu"], mean_se(cav["replica_variance"])[1])
    out = {"V": int(larger["V"]), "V_sims": V_sims, "nu": nu, "n_graphs": larger["var"].shape[0],
           "cavity": target, "tol": tol}
    for tag, samples in (("small", sims["var"][:, 0][:, at]), ("large", larger["var"])):
        m, se = mean_se(samples)
        out[f"gap_{tag}"] = (target - m) / m
        out[f"allowed_{tag}"] = tol.allowed(m, se, cav_se)
        out[f"rel3se_{tag}"] = 3 * se / m
        if tag == "large":
            out["mean"], out["se"] = m, se
    gap_s, gap_l = np.abs(out["gap_small"]), np.abs(out["gap_large"])
    out["decidable"] = bool(np.all(out["rel3se_large"] <= tol.judge_3se_max)
                            and np.all(3 * cav_se / out["mean"] <= tol.judge_3se_max))
    out["passes"] = bool(np.all(gap_l <= out["allowed_large"]) and np.all(gap_l < gap_s))
    return out


def fig9_larger_graph_claim(rec: ClaimsRecord, ens: str, big: dict) -> None:
    """Is the gap at nu > 0 a finite-size effect? On the larger graphs the same estimator must agree with the
    cavity within the V = 500 comparison's tolerance form, and be closer than at V = 500, at every nu."""
    nus = ", ".join(f"{x:.3g}" for x in big["nu"])
    rec.holds(f"{ens}: the cavity/simulation gap in the global error variance at nu = {nus} is a finite-size "
              f"effect: on {big['n_graphs']} graphs of V = {big['V']} the simulation agrees with the cavity and is "
              f"closer than at V = {big['V_sims']}",
              "cavity predictions are for V -> infinity; residual shifts against finite graphs are most likely "
              "finite-size effects (Sec. 4.2)",
              "relative gap V=%d -> V=%d: " % (big["V_sims"], big["V"])
              + ", ".join(f"{a:+.3f} -> {b:+.3f}" for a, b in zip(big["gap_small"], big["gap_large"])),
              big["passes"],
              f"at every nu: |gap| at V = {big['V']} <= {big['tol'].rtol:g} + min(3 (se_sim + se_cavity)/value, "
              f"{big['tol'].noise_cap:g}) (allowed " + ", ".join(f"{a:.3f}" for a in big["allowed_large"])
              + f") and below |gap| at V = {big['V_sims']}",
              note=f"3 se/value of the simulation at V = {big['V_sims']}: "
                   + ", ".join(f"{x:.3f}" for x in big["rel3se_small"]) + f"; at V = {big['V']}: "
                   + ", ".join(f"{x:.3f}" for x in big["rel3se_large"])
                   + "; one nested data set per graph, the V = 500 estimator; the graphs are the finite-size "
                     "rule's first ones of that size and more",
              decidable=big["decidable"] and big["n_graphs"] > 1, kind=OURS,
              remedy="" if big["n_graphs"] > 1 else "one larger graph, no standard error (issue 37): at least 2 larger "
                                                     "graphs (the Fig 9 finite-size rule)")


def fig9_finite_size_explanation(big: dict | None):
    """A V = 500 failure is explained (in its note) when the larger graphs were simulated at every nu where it
    fails and the gap closes there (the check above passes); otherwise no explanation is given."""
    def explain(failing) -> str:
        if big is None or not big["passes"] or not big["decidable"]:
            return ""
        if not all(np.isclose(big["nu"], x, rtol=1e-3).any() for x in failing):
            return ""
        return (f"at V = {big['V_sims']} the cavity and the simulation differ for this quantity; the gap at the failing nu = "
                + ", ".join(f"{x:.3g}" for x in failing)
                + f" is finite-size, measured: on graphs of V = {big['V']} it falls to within tolerance (check below)")
    return explain


# ------------------------------------------------------------------------------- Figs 11, 12: pseudo-outputs

def spike_claims(d: dict, draws: dict, us: dict, name: str) -> tuple[ClaimsRecord, str]:
    """Figs 11 (``name`` "fig11") and 12 ("fig12"), App. B: ``d`` is the one drawn graph's pseudo-output data
    (z_mu^2 matched and mismatched, their expectations, the circled spike mu*, the prediction vectors, the graph),
    ``draws`` the spike statistics over many graph draws. In the matched case <z z^T> = I; mismatch produces large
    spikes; their prediction vectors lie around dangling ends (:func:`dangling_claims`). Returns the record and the
    figure's caption."""
    c = us["claims"]["fig11"]
    (ms, mt), (ss, st) = SCENARIOS[name]
    mtag, stag = f"{ms}_{mt}", f"{ss}_{st}"
    z_m = d[f"z2_{mtag}"]
    mu = int(d[f"mustar_{stag}"])
    N, V = z_m.size, int(d["V"])
    edges, m = d["edges"], d[f"m_{stag}"]
    dang, giant = dangling_ends(edges, V)
    xv = int(d["x"][mu])
    rec = ClaimsRecord(f"urry_sollich/{name}", PAPER)
    # Matched: z = K^{-1/2} y is white, so the sampled z_mu^2 average to 1 with standard error sqrt(2/N).
    k = c["matched_se"]
    rec.close(f"matched case: mean over mu of the sampled z_mu^2 ({N} values)", "in the matched case "
              "<z z^T> = I (Appendix B)", float(z_m.mean()), 1.0, atol=k * np.sqrt(2.0 / N),
              note=f"tolerance {k:g} standard errors of a chi-square(1) mean")
    ratio = float(d[f"z2exp_{stag}"].max() / d[f"z2exp_{mtag}"].max())
    rec.within("largest expected pseudo-output spike under mismatch relative to the matched one",
               "mismatch produces large spikes in z z^T (re-weighting of examples)", ratio,
               lower=c["spike_ratio_min"])
    drawn = drawn_measures(m, edges, V)
    text = dangling_claims(rec, draws, name, us["fig11"], drawn, c, x_dangling=bool(dang[xv]),
                           x_giant=bool(giant[xv]), x_degree=int(np.sum(edges == xv)))
    return rec, text


MOSTLY = 0.5  # the strict reading kept as a note: more than half of the squared norm on the dangling ends
# "Localised ... clearly" (claims.fig11.margin): the largest spike's vector must put at least this much more of its
# squared norm on the dangling ends and the vertices they hang from than a random example's vector does (fixed
# before the data were looked at; see dangling_claims).


def drawn_measures(m: np.ndarray, edges: np.ndarray, V: int) -> dict:
    """Where one prediction vector lies: its peak vertex, whether the peak is on a dangling end or the
    vertex one hangs from, and its squared-norm shares on the dangling ends and on those plus their
    attachment vertices (the measures :func:`spike_shares` records over the draws)."""
    dang, _ = dangling_ends(edges, V)
    attach, _ = dangling_attachments(edges, V)
    m2 = np.asarray(m, float) ** 2
    peak = int(np.argmax(m2))
    return {"peak": peak, "peak_dangatt": bool((dang | attach)[peak]),
            "share_dangling": float(m2[dang].sum() / m2.sum()),
            "share_dangatt": float(m2[dang | attach].sum() / m2.sum())}


def _relation(rec, claim, paper, a, b, what, k, note="", remedy=""):
    """``a > b`` on average over the draws (paired), decidable when the difference clears ``k`` standard errors.
    Fewer than 2 draws have no standard error (issue 37): inconclusive (noise) with ``remedy``."""
    if np.size(a) < 2:
        n = int(np.size(a))
        diff = float(np.mean(np.asarray(a, float) - np.asarray(b, float))) if n else float("nan")
        return rec.within(claim, paper, diff, lower=0.0, kind=RELATION, decidable=False,
                          note=f"{what}: undecidable: {n} draw(s), no standard error" + (f"; {note}" if note else ""),
                          remedy=remedy or _DRAWS_REMEDY)
    diff, se = paired_difference(a, b)
    return rec.within(claim, paper, diff, lower=0.0, kind=RELATION, decidable=abs(diff) > k * se,
                      note=f"{what}: {float(np.mean(a)):.3f} against {float(np.mean(b)):.3f} for a random example; "
                           f"paired difference {diff:.4f} +- {se:.4f} (standard error over {np.size(a)} "
                           f"draws); decided when |difference| > {k:g} standard errors" + (f"; {note}" if note else ""))


_DRAWS_REMEDY = ("at least 2 graph draws give a standard error; the configured fig11 n_draws = 500 (us_fig11_12_draws, "
                 "about 15 s at paper scale) decide it unless the difference lies within its noise")
P_LARGEST = ("Both these plots clearly show the largest spike corresponding to a prediction vector localised on a "
             "dangling edge in the graph")
P_GENERAL = ("listed the largest (diagonal) entries of z z^T and plotted their corresponding prediction vectors. "
             "These prediction vectors were generally localised around dangling ends of the graph ... Typical plots "
             "of z z^T and the prediction vector corresponding to the largest spike ... are shown in Figures 11 "
             "and 12")
P_OTHERS = "Similar plots of the other large spikes give prediction vectors localised on other dangling edges."


def dangling_claims(rec, dr, name, f11, drawn, c, x_dangling, x_giant, x_degree) -> str:
    """App. B: the prediction vectors of the largest spikes "were generally localised around dangling ends";
    Figs 11, 12 are "typical" and "clearly show the largest spike corresponding to a prediction vector
    localised on a dangling edge"; "the other large spikes give prediction vectors localised on other
    dangling edges".

    Dangling ends as the paper defines them (Sec. 5): chains extending away from the giant component and
    ending in a degree-1 vertex, here every tree hanging off the giant component's 2-core
    (:func:`dangling_ends`). 'Localised on / around' a dangling end is read as a comparison, because a
    prediction vector spreads over the kernel's range and no fixed share defines it: the spike's vector
    against a randomly chosen example's (the baseline: the exact mean over every example of the same draw),
    by two measures on the dangling ends together with the core vertex each hangs from ('around'): where
    the vector peaks (its largest |m_i|) and the share of its squared norm (App. B: f_i^2 is on average a
    sum of squared prediction-vector entries). The spike is the largest *expected* z_mu^2 given the data
    set (over teacher and noise), so that one draw of z does not choose it. The strict '> 1/2 of the
    squared norm on dangling ends' is kept as a note.
    ``c`` is the configuration's claims.fig11 (our readings: ``margin``, ``decide_se``). Returns the figure's
    caption.
    """
    pre = f"{name}_"
    k, margin = c["decide_se"], c["margin"]
    n = dr[pre + "peak_exp_dangatt"].shape[0]
    top = dr[pre + "peak_exp_dangatt"].shape[1]
    setting = (f"{n} graph draws (ER c=3, V={f11['V']}, N={f11['N']}, sigma2={f11['sigma2']:g}; a new graph, data "
               "set, teacher and noise each)")
    peak1 = dr[pre + "peak_exp_dangatt"][:, 0].astype(float)
    share1 = dr[pre + "share_exp_dangatt"][:, 0]
    base_peak, base_share = dr[pre + "base_peak_dangatt"], dr[pre + "base_share_dangatt"]
    # two-sample binomial standard error of the peak fractions, for comparison with the paired one
    p1, p0 = float(peak1.mean()), float(base_peak.mean())
    se2 = float(np.sqrt(p1 * (1 - p1) / n + p0 * (1 - p0) / n)) if n else float("nan")
    _relation(rec, f"largest expected spike (largest E[z_mu^2 | data]) of each of {setting}: fraction whose "
              "prediction vector peaks (largest |m_i|) on a dangling end or the vertex it hangs from, minus the "
              "same for a randomly chosen example of the draw", P_LARGEST, peak1, base_peak,
              "fraction peaking there", k, note=f"two-sample binomial standard error {se2:.4f}")
    _relation(rec, f"largest expected spike of each of {setting}: share of its prediction vector's squared norm on "
              "the dangling ends and the vertices they hang from, minus the same share for a randomly chosen "
              "example of the draw", P_LARGEST, share1, base_share, "mean share", k)

    # 'Generally localised' / 'typical' (of the largest spike, the one the figures show), two readings fixed
    # before the data were looked at. (1) 'generally' = more often than not: the vector peaks on a dangling
    # end or its attachment vertex in more than half of the draws. (2) 'localised around' = clearly more of
    # the weight there than an arbitrary example puts there: the share of the squared norm exceeds a random
    # example's by at least margin = 0.2 on average, a fifth of the whole weight, so that a few per cent of
    # excess (true of any vector near a dangling end by chance) does not count as localised.
    k1 = int(peak1.sum())
    few = n < 2      # issue 37: a single draw (or none) has no standard error: never a vacuous verdict
    lo, hi = wilson_interval(k1, n) if n else (0.0, 1.0)
    dshare, se_share = paired_difference(share1, base_share) if not few else (
        float(np.mean(share1 - base_share)) if n else float("nan"), float("nan"))
    rec.wording(f"largest expected spike of each of {setting}: 'generally localised around dangling ends', the "
                "figures' example 'typical'", P_GENERAL, readings=[
                    Reading("fraction of draws peaking on a dangling end or its attachment vertex (> 1/2: "
                            "'generally' = more often than not)", k1 / n if n else float("nan"), lower=0.5,
                            decidable=not few and not (lo <= 0.5 <= hi)),
                    Reading(f"mean share of |m|^2 on dangling ends + attachment vertices minus a random example's "
                            f"(>= {margin:g}: clearly more weight there than chance)", dshare, lower=margin,
                            decidable=not few and abs(dshare - margin) > k * se_share)],
                note=f"peak fraction 95% Wilson interval {lo:.3f}-{hi:.3f}; share difference {dshare:.4f} +- "
                     f"{se_share:.4f} (paired standard error)" + (f"; undecidable: {n} draw(s)" if few else ""),
                remedy=_DRAWS_REMEDY if few else "")

    # the other large spikes: 2nd..top largest expected spikes, averaged within each draw (so the draws stay
    # the independent units of the paired error)
    if top < 2:     # issue 37: no other spike recorded: nothing to average (never a mean over an empty axis)
        peak_o = share_o = np.zeros(0)
    else:
        peak_o = dr[pre + "peak_exp_dangatt"][:, 1:].astype(float).mean(axis=1)
        share_o = dr[pre + "share_exp_dangatt"][:, 1:].mean(axis=1)
    others_remedy = ("" if top >= 2 else "no other large spike recorded per draw: the spike statistics with "
                     "fig11 top >= 2 (us_fig11_12_draws, about 15 s at paper scale)")
    g = dr[pre + "peak_group_exp"]
    both = (g[:, 1:] >= 0) & (g[:, :1] >= 0)
    other = float((g[:, 1:] != g[:, :1])[both].mean()) if both.any() else float("nan")
    _relation(rec, f"the other large spikes (2nd-{top}th largest expected of each of {setting}): fraction whose "
              "prediction vector peaks on a dangling end or the vertex it hangs from, minus the same for a randomly "
              "chosen example", P_OTHERS, peak_o, base_peak, "fraction peaking there", k,
              note=f"of those peaking there while the largest spike does too, {other:.3f} on another dangling end "
                   "(another attachment vertex)", remedy=others_remedy)
    _relation(rec, f"the other large spikes (2nd-{top}th largest expected of each of {setting}): share of the "
              "squared norm on the dangling ends and the vertices they hang from, minus a random example's",
              P_OTHERS, share_o, base_share, "mean share", k, remedy=others_remedy)

    # notes: the strict reading, the sampled spikes (the paper's protocol chose by one draw of z), the drawn example
    samp_share = dr[pre + "share_dangatt"][:, 0]
    pct = float(100 * np.mean(samp_share <= drawn["share_dangatt"]))
    samp_peak = float(dr[pre + "peak_dangatt"][:, 0].mean())
    like = samp_peak if drawn["peak_dangatt"] else 1 - samp_peak  # draws whose largest spike peaks as this one's
    # typical: it peaks where most draws' largest sampled spikes peak, and its share is in their central 80%
    typical = like >= 0.5 and 10 <= pct <= 90
    rec.note("largest expected spike: fraction of draws with > 1/2 of |m|^2 on dangling ends (strict reading)",
             float((dr[pre + "share_exp_dangling"][:, 0] > MOSTLY).mean()))
    rec.note("largest expected spike: fraction of draws with > 1/2 of |m|^2 on dangling ends + attachment vertices",
             float((share1 > MOSTLY).mean()))
    rec.note("largest sampled spike: fraction of draws with > 1/2 of |m|^2 on dangling ends (strict reading)",
             float((dr[pre + "share_dangling"][:, 0] > MOSTLY).mean()))
    rec.note("largest sampled spike: fraction of draws peaking on a dangling end or its attachment vertex",
             float(dr[pre + "peak_dangatt"][:, 0].mean()))
    rec.note("largest sampled spike is the largest expected one: fraction of draws",
             float((dr[pre + "mu"][:, 0] == dr[pre + "mu_exp"][:, 0]).mean()))
    rec.note("largest expected spike: fraction of draws peaking on a small (non-giant) component",
             float(dr[pre + "peak_exp_small"][:, 0].mean()))
    rec.note("largest expected spike: fraction of draws whose example lies on a dangling end or attachment vertex",
             float(dr[pre + "at_exp_dangatt"][:, 0].mean()))
    rec.note("dangling ends + attachment vertices: median fraction of the vertices",
             float(np.median((dr["n_dangling"] + dr["n_attach"]) / f11["V"])))
    rec.note("drawn example (circled, largest sampled spike): measures", {
        **drawn, "example_vertex_degree": x_degree, "example_on_dangling_end": x_dangling,
        "example_in_giant": x_giant, "share_dangatt_percentile_among_draws": pct,
        "draws_peaking_alike": like, "typical": typical})
    return (f"Over {n} graph draws the largest expected spike's prediction vector peaks on a dangling end or the "
            f"vertex it hangs from in {100 * p1:.0f}% of draws (random example: {100 * p0:.0f}%);\nits share of "
            f"$|m|^2$ there is {np.mean(share1):.2f} on average (random example: {np.mean(base_share):.2f}). "
            f"This draw's circled spike is {'typical' if typical else 'not typical'}: it peaks "
            f"{'on' if drawn['peak_dangatt'] else 'off'} them (as the largest sampled spike does in "
            f"{100 * like:.0f}% of draws)\nand has {drawn['share_dangatt']:.2f} of $|m|^2$ there (percentile "
            f"{pct:.0f} of the draws' largest sampled spikes).\nRed rings: dangling-end vertices (trees hanging off "
            "the giant component's core); orange rings: the core vertices they hang from.")
