"""Figure 9: vertex-to-vertex variance of the local posterior variance, local vs global normalisation."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.core.claims import OURS, ClaimsRecord
from statmech_bayes.core.plotstyle import note_box, use_style
from statmech_bayes.figures.urry_sollich import PAPER
from statmech_bayes.figures.urry_sollich.common import (
    ENSEMBLE_LABELS,
    by_ensemble,
    cavity_by_key,
    interp_loglog,
    mean_se,
)
from statmech_bayes.figures.urry_sollich.curves import CAVITY_RTOL as CAVITY_TOL
from statmech_bayes.figures.urry_sollich.curves import (
    INCONCLUSIVE,
    NOISE_CAP,
    allowed_deviation,
    cavity_vs_simulation,
)


def make(inputs: dict, us: dict):
    import matplotlib.pyplot as plt

    use_style()
    cav = cavity_by_key(inputs["cavity"])
    kappa, finite = by_ensemble(inputs["kappa"]), by_ensemble(inputs["finite_size"])
    s2 = float(us["fig9"]["sigma2"])
    extra, tail = by_ensemble(inputs["sims_extra"]), by_ensemble(inputs["tail"])
    sims = {ens: _vertex_variances(s, extra[ens], tail[ens], s2) for ens, s in by_ensemble(inputs["sims"]).items()}
    larger = by_ensemble(inputs.get("larger_graphs", {}))
    V_sims = int(us["sims"]["V"])
    fig, axes = plt.subplots(1, len(sims), figsize=(4.4 * len(sims), 3.4), sharey=True)
    rows, rec = [], ClaimsRecord("urry_sollich/fig9", PAPER)
    for ax, (ens, s) in zip(np.atleast_1d(axes), sims.items()):
        nu = s["nu"]
        c_glob = cav.get((ens, "global", s2))
        big = (_larger_graph_check(s, larger[ens], c_glob, V_sims)
               if ens in larger and c_glob is not None else None)
        for i, (norm, marker) in enumerate((("global", "o"), ("local", "*"))):
            m, se = mean_se(s["var"][:, i])
            ax.plot(nu, m, marker, ls="none", ms=4 if marker == "o" else 6, mfc="none" if marker == "o" else None,
                    color="tab:blue" if norm == "global" else "tab:red", label=f"{norm}, V={V_sims} (simulation)")
            rows += [(ens, f"{norm} simulation", float(x), float(y)) for x, y in zip(nu, m)]
            c = cav.get((ens, norm, s2))
            if c is not None:
                ax.plot(c["nu"], c["eps_variance"], "--", lw=0.8, color="tab:blue" if norm == "global" else "tab:red",
                        label=f"{norm} (cavity)")
                rows += [(ens, f"{norm} cavity", float(x), float(y)) for x, y in zip(c["nu"], c["eps_variance"])]
                cavity_vs_simulation(rec, ens, norm, s2, nu, s["var"][:, i], c["nu"], c["eps_variance"],
                                     mean_se(c["replica_variance"])[1],
                                     quantity="cavity vs simulated vertex-to-vertex variance of the local "
                                              "posterior variance",
                                     statement="the cavity method predicts the distribution of local posterior "
                                               "variances (Sec. 4.3, Fig. 6); this is its variance",
                                     context="the cavity is for V -> infinity; the finite-size claims below "
                                             "measure the V dependence" if norm == "global" else "",
                                     explain=_finite_size_explanation(big) if norm == "global" else None,
                                     kind=OURS)
            if norm == "local":
                k = int(np.argmax(m))
                rec.within(f"{ens}: nu of the peak of the local-normalisation error variance",
                           "error variance low for small nu, peak at nu ~ 0.2, then decreasing", float(nu[k]), 0.1, 0.4,
                           note=f"peak value {m[k]:.3g}; eps variance at smallest nu {m[0]:.3g}")
                rec.holds(f"{ens}: local error variance at the peak exceeds its values at the smallest and largest nu",
                          "low initially, peak, decreasing again", f"{m[0]:.3g} < {m[k]:.3g} > {m[-1]:.3g}",
                          bool(m[k] > m[0] + 3 * se[k] and m[k] > m[-1] + 3 * se[k]), "by more than 3 se")
            else:
                # Successive nu share graphs and nested data sets, so judge increments with paired errors.
                inc = np.diff(s["var"][:, i], axis=1)
                inc_m, inc_se = mean_se(inc)
                k = int(np.argmax(inc_m))
                rec.holds(f"{ens}: global error variance is (within 1 %) largest at the smallest nu and decays",
                          "for global normalisation the error variance is largest at nu = 0 and decays",
                          f"{m[0]:.3g} at nu={nu[0]:.2g}, max {m.max():.4g}, {m[-1]:.3g} at nu={nu[-1]:.3g}",
                          bool(m.max() <= 1.01 * m[0] and m[0] > 10 * m[-1]),
                          "max <= 1.01 x value at smallest nu; overall decay by > 10x",
                          note=f"largest increment between successive nu: {inc_m[k]:.2g} at nu={nu[k]:.2g} "
                               f"(paired se {inc_se[k]:.2g})")
        _finite_size_claim(rec, ens, finite[ens], kappa[ens])
        if big is not None:
            _larger_graph_claim(rec, ens, big)
            ax.errorbar(big["nu"], big["mean"], yerr=big["se"], fmt="D", ms=3.5, mfc="none", color="tab:green",
                        elinewidth=0.8, label=f"global, V={big['V']} (simulation)")
            rows += [(ens, f"global simulation V={big['V']}", float(x), float(y))
                     for x, y in zip(big["nu"], big["mean"])]
        ax.set(xscale="log", xlim=(1e-2, 1e1), ylim=(0, 1), xlabel=r"$\nu$", ylabel="error variance")
        ax.set_title(ENSEMBLE_LABELS.get(ens, ens) + f", $\\sigma^2$={s2:g}", fontsize=8.5)
        ax.legend(fontsize=6.5, loc="center right")
    first = next(iter(sims.values()))
    draws = int(us["fig9"]["cavity_measure_draws"])
    # (the estimators in short lines, above the Erdos-Renyi curves, where nothing is drawn)
    note_box(np.atleast_1d(axes)[0],
             f"simulation: {first['var'].shape[0]} graphs, small components averaged\n"
             f"exactly over placements; global at nu >= {first['tail_nu'][0]:.2g}: {first['tail_datasets']} data "
             f"sets per graph\ncavity: {us['cavity']['replicas']} replicas x {us['cavity']['P']} messages "
             f"(local: {draws} P\nvertices measured per sweep); errors from their spread", loc="upper left")
    fig.tight_layout()
    return fig, pd.DataFrame(rows, columns=["panel", "curve", "nu", "error_variance"]), rec


def _vertex_variances(sims: dict, extra: dict, tail: dict, s2: float) -> dict:
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


def _finite_size_claim(rec: ClaimsRecord, ens: str, finite: dict, kappa: dict) -> None:
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
    allowed = CAVITY_TOL + 3 * se[-1] / target
    rec.holds(f"{ens}: the cavity/simulation gap in the global error variance at nu -> 0 is a finite-size effect: "
              f"the spread of prior variances Var_i(C_ii/kappa_G) approaches the cavity value as V grows "
              f"(V = {', '.join(map(str, Vs))})",
              "cavity predictions are for V -> infinity; the simulations use V = 500 (Sec. 5)",
              "relative gap " + ", ".join(f"{g:+.3f}" for g in gap), bool(shrinks and last <= allowed),
              f"|gap| at the largest V below that at the smallest, and <= {CAVITY_TOL:g} + 3 se there "
              f"(allowed {allowed:.3f})",
              note=f"cavity spread {target:.4f} (nu = 0 population); per V: "
                   + ", ".join(f"V={v}: {a:.4f} +- {b:.4f}" for v, a, b in zip(Vs, m, se))
                   + "; the V = 500 comparison above is judged as it stands", kind=OURS)


def _larger_graph_check(sims: dict, larger: dict, cav: dict, V_sims: int) -> dict:
    """The cavity/simulation gap in the global vertex variance at the nu of the larger-graph simulations,
    at V = V_sims (the figure's simulations) and at the larger V, with the V = 500 comparison's tolerance."""
    nu = larger["nu"]
    at = [int(np.argmin(np.abs(np.log(sims["nu"] / x)))) for x in nu]
    if not np.allclose(sims["nu"][at], nu, rtol=1e-6):
        raise ValueError("the larger-graph simulations must be on the simulations' nu grid")
    target = interp_loglog(nu, cav["nu"], cav["eps_variance"])
    cav_se = interp_loglog(nu, cav["nu"], mean_se(cav["replica_variance"])[1])
    out = {"V": int(larger["V"]), "V_sims": V_sims, "nu": nu, "n_graphs": larger["var"].shape[0],
           "cavity": target}
    for tag, samples in (("small", sims["var"][:, 0][:, at]), ("large", larger["var"])):
        m, se = mean_se(samples)
        out[f"gap_{tag}"] = (target - m) / m
        out[f"allowed_{tag}"] = allowed_deviation(m, se, cav_se)
        out[f"rel3se_{tag}"] = 3 * se / m
        if tag == "large":
            out["mean"], out["se"] = m, se
    gap_s, gap_l = np.abs(out["gap_small"]), np.abs(out["gap_large"])
    out["decidable"] = bool(np.all(out["rel3se_large"] <= INCONCLUSIVE) and np.all(3 * cav_se / out["mean"]
                                                                                   <= INCONCLUSIVE))
    out["passes"] = bool(np.all(gap_l <= out["allowed_large"]) and np.all(gap_l < gap_s))
    return out


def _larger_graph_claim(rec: ClaimsRecord, ens: str, big: dict) -> None:
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
              f"at every nu: |gap| at V = {big['V']} <= {CAVITY_TOL:g} + min(3 (se_sim + se_cavity)/value, "
              f"{NOISE_CAP:g}) (allowed " + ", ".join(f"{a:.3f}" for a in big["allowed_large"])
              + f") and below |gap| at V = {big['V_sims']}",
              note=f"3 se/value of the simulation at V = {big['V_sims']}: "
                   + ", ".join(f"{x:.3f}" for x in big["rel3se_small"]) + f"; at V = {big['V']}: "
                   + ", ".join(f"{x:.3f}" for x in big["rel3se_large"])
                   + "; one nested data set per graph, the V = 500 estimator; the graphs are the finite-size "
                     "rule's first ones of that size and more",
              decidable=big["decidable"], kind=OURS)


def _finite_size_explanation(big: dict | None):
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
