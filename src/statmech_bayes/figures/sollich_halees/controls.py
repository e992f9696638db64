"""Negative controls of Sollich & Halees's figures (issue 43, :mod:`statmech_bayes.reporting.controls`): per figure,
the wrong answers a careless replication could produce, as data fed to the figure's own claims function.

Each figure's ``load`` mirrors its ``make`` (the controls rule checks that it gives the figure's claims file). The
controls were chosen from the paper, the spec and the claims code before any of them was run on results:

* the simulated true learning curve replaced by an approximation (LC), or held flat at its first point (the prior
  variance ε(0) = C(x, x): a replication that never learns);
* a lower bound and an upper bound swapped (Plaskota and TWO), LC and UC swapped;
* the paper's comparison reversed (the two noise levels swapped), an exact curve replaced by its eigenvalue-only
  approximation or by the average case, a limit not taken;
* Figs 1, 2, 8: the two priors swapped, the prior variance in place of the posterior variance, the error measured
  against noisy targets (footnote 1), the caption's plotted -100 ε_1 taken for ε_1.

Where a control is the right answer for some claim (a claim symmetric in two swapped arms, a statement that holds for
either noise level), ``claims=`` limits it to the claims it is wrong for."""

from __future__ import annotations

import numpy as np

from statmech_bayes.core.atomic_io import load_npz
from statmech_bayes.figures.sollich_halees import claims as C
from statmech_bayes.figures.sollich_halees.common import by_scenario, sigma_index
from statmech_bayes.reporting.controls import Control, FigureControls

# claims a swap of two curves of the same role leaves right: "LC and UC closer to Sim than every bound shown" is
# symmetric in LC and UC and in the bounds shown (a minimum over them)
NOT_CLOSENESS = r"^(?!.*closer to Sim than every bound shown)"


# ------------------------------------------------------------------------------- loaders (mirror each make)

def _load_fig1(inputs: dict, cfg: dict) -> tuple:
    data, _ = load_npz(inputs["samples"])
    return data, cfg


def _load_fig2(inputs: dict, cfg: dict) -> tuple:
    d, _ = load_npz(inputs["posterior"])
    return d, cfg


def _load_lc(inputs: dict, cfg: dict) -> tuple:
    """Figs 3-7: ``(sims_by, theory_by, cfg)``."""
    return by_scenario(inputs["sims"]), by_scenario(inputs["theory"]), cfg


def _load_fig8(inputs: dict, cfg: dict) -> tuple:
    sc = "gauss4"
    s2 = max(cfg["scenarios"][sc]["sigma2"])
    th, sm = by_scenario(inputs["theory"])[sc], by_scenario(inputs["sims"])[sc]
    return th, sm, s2, cfg


def _load_fig9(inputs: dict, cfg: dict) -> tuple:
    sc = cfg["fig9"]["scenario"]
    th, sm = by_scenario(inputs["theory"])[sc], by_scenario(inputs["sims"])[sc]
    deg, _ = load_npz(inputs["degenerate"])
    return th, sm, deg, cfg


def _load_fig10(inputs: dict, cfg: dict) -> tuple:
    deg, _ = load_npz(inputs["degenerate"])
    return deg, by_scenario(inputs["sims"]), cfg


# ------------------------------------------------------------------------------- curve surgery (shared)

def sim_to_curve(sm: dict, th: dict, s2: float, curve: str) -> None:
    """Every simulated data set's curve at noise level ``s2`` rescaled, per n, so that their mean is the theory
    curve ``curve`` (the scatter over data sets kept in relative terms): an approximation in place of the truth."""
    j, i = sigma_index(sm, s2), sigma_index(th, s2)
    eps = np.asarray(sm["eps"], float)
    m = eps[j].mean(axis=0)
    eps[j] = eps[j] * (np.asarray(th[curve][i], float) / m)[None, :]
    sm["eps"] = eps


def sim_flat(sm: dict, s2: float) -> None:
    """Every simulated data set's curve at ``s2`` held at its first point, ε(0) = C(x, x): the prior variance at
    every n (a replication that never learns)."""
    j = sigma_index(sm, s2)
    eps = np.asarray(sm["eps"], float)
    eps[j] = np.repeat(eps[j][:, :1], eps.shape[-1], axis=1)
    sm["eps"] = eps


def swap_keys(d: dict, a: str, b: str) -> None:
    d[a], d[b] = d[b], d[a]


def swap_sigma2_labels(*arrays: dict) -> None:
    """The noise levels' labels reversed, so the curves of one noise level are read as the other's."""
    for a in arrays:
        a["sigma2"] = np.asarray(a["sigma2"], float)[::-1].copy()


# ------------------------------------------------------------------------------- Fig 1

def _f1_swapped(args):
    data, cfg = args
    swap_keys(data, "ou_samples", "rbf_samples")
    return data, cfg


def _f1_both_rbf(args):
    data, cfg = args
    data["ou_samples"] = np.array(data["rbf_samples"], copy=True)
    return data, cfg


# ------------------------------------------------------------------------------- Fig 2

def _f2_prior(args):
    d, cfg = args
    d["eps_small"] = np.ones_like(d["eps_small"])     # the prior variance C(x, x), "fixed to unity"
    d["eps_large"] = np.ones_like(d["eps_large"])
    return d, cfg


def _f2_noisy_target(args):
    d, cfg = args
    s2 = float(cfg["fig2"]["sigma2"])
    d["eps_small"] = d["eps_small"] + s2
    d["eps_large"] = d["eps_large"] + s2
    return d, cfg


def _f2_large_is_small(args):
    d, cfg = args
    d["eps_large"] = np.array(d["eps_small"], copy=True)
    return d, cfg


# ------------------------------------------------------------------------------- Figs 3-7

def _lc_sim_is(k: int, curve: str):
    def make(args):
        sims, theory, cfg = args
        for sc, s2 in C.panels_of(k, cfg):
            sim_to_curve(sims[sc], theory[sc], s2, curve)
        return sims, theory, cfg
    return make


def _lc_sim_flat(k: int):
    def make(args):
        sims, theory, cfg = args
        for sc, s2 in C.panels_of(k, cfg):
            sim_flat(sims[sc], s2)
        return sims, theory, cfg
    return make


def _lc_swap(k: int, a: str, b: str):
    def make(args):
        sims, theory, cfg = args
        for sc in dict.fromkeys(sc for sc, _ in C.panels_of(k, cfg)):
            swap_keys(theory[sc], a, b)
        return sims, theory, cfg
    return make


def _lc_pl_is_mw(k: int):
    def make(args):
        sims, theory, cfg = args
        for sc in dict.fromkeys(sc for sc, _ in C.panels_of(k, cfg)):
            theory[sc]["Pl"] = np.array(theory[sc]["MW"], copy=True)
        return sims, theory, cfg
    return make


def _lc_sigma2_swapped(k: int):
    def make(args):
        sims, theory, cfg = args
        for sc in dict.fromkeys(sc for sc, _ in C.panels_of(k, cfg)):
            swap_sigma2_labels(sims[sc], theory[sc])
        return sims, theory, cfg
    return make


def _f6_gauss_is_uniform(args):
    sims, theory, cfg = args
    sims["gauss1"], theory["gauss1"] = sims["rbf1"], theory["rbf1"]
    return sims, theory, cfg


def _sim_is_lc(k):
    return Control("sim_is_lc", "the simulated true learning curve replaced by the LC approximation (each data set's "
                   "curve rescaled so their mean is LC)", _lc_sim_is(k, "LC"))


def _sim_flat(k):
    return Control("sim_flat", "the simulated learning curve held flat at its first point, the prior variance "
                   "eps(0) = C(x,x) at every n (a replication that never learns)", _lc_sim_flat(k))


def _bounds_swapped(k):
    return Control("bounds_swapped", "the lower (Plaskota) and upper (TWO) bounds swapped", _lc_swap(k, "Pl", "TWO"),
                   claims=NOT_CLOSENESS)


def _lc_uc_swapped(k):
    return Control("lc_uc_swapped", "the LC ('lower continuous') and UC ('upper continuous') approximations swapped",
                   _lc_swap(k, "LC", "UC"), claims=NOT_CLOSENESS)


# ------------------------------------------------------------------------------- Fig 8

def _f8_eps1_plotted(args):
    th, sm, s2, cfg = args
    th["eps1"] = -100.0 * np.asarray(th["eps1"], float)
    return th, sm, s2, cfg


def _f8_eps1_zero(args):
    th, sm, s2, cfg = args
    th["eps1"] = np.zeros_like(np.asarray(th["eps1"], float))
    return th, sm, s2, cfg


def _f8_sim_is_lc(args):
    th, sm, s2, cfg = args
    sim_to_curve(sm, th, s2, "LC")
    return th, sm, s2, cfg


# ------------------------------------------------------------------------------- Fig 9

def _f9_deg_is_uc(args):
    th, sm, deg, cfg = args
    deg["fig9_deg"] = np.array(th["UC"][sigma_index(th, float(cfg["fig9"]["sigma2"]))], float)
    return th, sm, deg, cfg


def _f9_deg_is_sim(args):
    th, sm, deg, cfg = args
    deg["fig9_deg"] = np.asarray(sm["eps"][sigma_index(sm, float(cfg["fig9"]["sigma2"]))], float).mean(axis=0)
    return th, sm, deg, cfg


def _f9_deg_flat(args):
    th, sm, deg, cfg = args
    for key in ("fig9_deg", "eq31_exact"):
        y = np.asarray(deg[key], float)
        deg[key] = np.full_like(y, y[0])
    return th, sm, deg, cfg


def _f9_sim_is_lc(args):
    th, sm, deg, cfg = args
    sim_to_curve(sm, th, float(cfg["fig9"]["sigma2"]), "LC")
    return th, sm, deg, cfg


# ------------------------------------------------------------------------------- Fig 10

def _f10_sigma2_swapped(args):
    deg, sims, cfg = args
    f10 = cfg["fig10"]
    lo, hi = min(f10["sigma2"]), max(f10["sigma2"])
    for sc in f10["scenarios"]:
        for what in ("pl", "degmin"):
            swap_keys(deg, f"fig10_{sc}_{what}_{lo:g}", f"fig10_{sc}_{what}_{hi:g}")
        swap_sigma2_labels(sims[sc])  # the simulations too, so each level's claims read one level's curves
    return deg, sims, cfg


def _f10_degmin_is_sim(args):
    deg, sims, cfg = args
    for sc in cfg["fig10"]["scenarios"]:
        for s2 in cfg["fig10"]["sigma2"]:
            deg[f"fig10_{sc}_degmin_{s2:g}"] = np.asarray(sims[sc]["eps"][sigma_index(sims[sc], s2)],
                                                          float).mean(axis=0)
    return deg, sims, cfg


def _f10_degmin_flat(args):
    deg, sims, cfg = args
    for sc in cfg["fig10"]["scenarios"]:
        for s2 in cfg["fig10"]["sigma2"]:
            y = np.asarray(deg[f"fig10_{sc}_degmin_{s2:g}"], float)
            deg[f"fig10_{sc}_degmin_{s2:g}"] = np.full_like(y, y[0])
    return deg, sims, cfg


def _f10_limit_not_taken(args):
    deg, sims, cfg = args
    lo = min(cfg["fig10"]["sigma2"])
    for sc in cfg["fig10"]["scenarios"]:
        pl, dm = deg[f"fig10_{sc}_pl_{lo:g}"], deg[f"fig10_{sc}_degmin_{lo:g}"]
        deg[f"fig10_{sc}_limit_maxgap"] = np.float64((np.asarray(dm)[1:] / np.asarray(pl)[1:] - 1).max())
    return deg, sims, cfg


# ------------------------------------------------------------------------------- the declarations

CONTROLS: dict[str, FigureControls] = {
    "fig1": FigureControls("sollich_halees/fig1", _load_fig1, C.fig1_claims, (
        Control("priors_swapped", "the OU and RBF prior samples swapped (each panel drawn from the other kernel)",
                _f1_swapped),
        Control("ou_is_rbf", "both panels drawn from the RBF prior (the OU kernel never used)", _f1_both_rbf),
    )),
    "fig2": FigureControls("sollich_halees/fig2", _load_fig2, C.fig2_claims, (
        # the prior is the right answer away from the dents ("still has essentially its prior value"): not that claim
        Control("prior", "the prior variance C(x,x) = 1 in place of the posterior variance eps(x,D), both n",
                _f2_prior, claims=r"dent at|n=100"),
        Control("noisy_target", "the error measured against noisy teacher outputs, eps(x,D) + sigma^2 (footnote 1 "
                "excludes it)", _f2_noisy_target),
        Control("large_is_small", "the n = 100 posterior variance replaced by that of its first 2 inputs (the curve "
                "held at its n = 2 state)", _f2_large_is_small),
    )),
    "fig3": FigureControls("sollich_halees/fig3", _load_lc, C.fig3_claims,
                           (_sim_is_lc(3), _sim_flat(3), _bounds_swapped(3), _lc_uc_swapped(3))),
    # sim_flat was left out while ov_claims raised ZeroDivisionError on a flat Sim (a crash, fixed in issue 43's
    # follow-up); the OV bound in place of Sim bears on the same OV and crossover claims
    "fig4": FigureControls("sollich_halees/fig4", _load_lc, C.fig4_claims, (
        _sim_is_lc(4), _sim_flat(4),
        Control("sim_is_ov", "the simulated true learning curve replaced by the OV lower bound (each data set's "
                "curve rescaled so their mean is OV)", _lc_sim_is(4, "OV"),
                # OV's decay rate within a factor 2 of Sim's: Sim = OV is the right answer for that claim
                claims=r"^(?!.*OV qualitatively right in the asymptotic)"),
        _bounds_swapped(4),
        Control("pl_is_mw", "the Plaskota bound computed without noise (sigma^2 -> 0), which is the MW bound",
                # 'MW close to Plaskota' at large Pl: Pl = MW is the right answer for that claim
                _lc_pl_is_mw(4), claims=r"^(?!.*MW 'close' to Plaskota)"),
    )),
    "fig5": FigureControls("sollich_halees/fig5", _load_lc, C.fig5_claims, (
        _sim_is_lc(5), _sim_flat(5), _bounds_swapped(5),
        # each panel's own claims hold at either noise level; only the comparisons between them are reversed
        Control("sigma2_swapped", "the two noise levels swapped (sigma^2 = 0.05 curves read as 0.001 and back): the "
                "comparison reversed", _lc_sigma2_swapped(5), claims=r"looser"),
    )),
    "fig6": FigureControls("sollich_halees/fig6", _load_lc, C.fig6_claims, (
        _sim_is_lc(6), _sim_flat(6), _bounds_swapped(6),
        # the uniform scenario satisfies the generic panel claims too; wrong for the Gaussian-vs-uniform comparison
        Control("gauss_is_uniform", "the Gaussian-input scenario replaced by uniform inputs (Fig. 4's rbf1, same "
                "kernel and l): the input distribution not changed", _f6_gauss_is_uniform,
                claims=r"Gaussian / uniform|WV upper bound|WV 'reasonably tight'"),
    )),
    "fig7": FigureControls("sollich_halees/fig7", _load_lc, C.fig7_claims, (
        _sim_is_lc(7), _sim_flat(7), _lc_uc_swapped(7),
        Control("sigma2_swapped", "the two noise levels swapped (sigma^2 = 0.05 curves read as 0.001 and back)",
                _lc_sigma2_swapped(7), claims=r"very loose"),
    )),
    "fig8": FigureControls("sollich_halees/fig8", _load_fig8, C.fig8_claims, (
        Control("eps1_plotted", "the caption's plotted quantity -100 eps_1 taken for eps_1", _f8_eps1_plotted),
        # eps_1 = 0 is within 'of the order of 1% or less' (the sentence has no floor), and LC1 = LC is what 'LC1
        # essentially on top of LC' says: only the largest-eps_1 claim
        Control("eps1_zero", "the discrete-n correction left out: eps_1 = 0, LC1 = LC", _f8_eps1_zero,
                claims=r"largest eps_1"),
        Control("sim_is_lc", "the simulated true learning curve replaced by the LC approximation", _f8_sim_is_lc),
    )),
    "fig9": FigureControls("sollich_halees/fig9", _load_fig9, C.fig9_claims, (
        Control("deg_is_uc", "the exact degenerate curve Deg replaced by the eigenvalue-only UC approximation of the "
                "same spectrum", _f9_deg_is_uc),
        Control("deg_is_sim", "the degenerate scenario's curve replaced by the RBF simulation (the wrong scenario "
                "simulated: Deg = Sim)", _f9_deg_is_sim),
        Control("deg_flat", "the degenerate scenario's exact curves (Deg, the eq. 31 limit) held flat at their first "
                "point eps(0) = tr Lambda", _f9_deg_flat),
        Control("sim_is_lc", "the simulated true learning curve replaced by the LC approximation", _f9_sim_is_lc),
    )),
    "fig10": FigureControls("sollich_halees/fig10", _load_fig10, C.fig10_claims, (
        # the per-noise-level claims hold at either level; only the comparison between them is reversed
        Control("sigma2_swapped", "the two noise levels' Plaskota, single-data-set and simulated curves swapped: the comparison "
                "reversed", _f10_sigma2_swapped, claims=r"curves are closer"),
        Control("degmin_is_sim", "the best single data set's error replaced by the average-case learning curve Sim",
                _f10_degmin_is_sim),
        Control("degmin_flat", "the single-data-set minimum held flat at its first point eps(0) = tr Lambda",
                _f10_degmin_flat),
        Control("limit_not_taken", "the sigma^2 -> 0 limit read off the lowest noise level shown instead of taken",
                _f10_limit_not_taken),
    )),
}
