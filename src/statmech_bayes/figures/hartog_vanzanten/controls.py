"""Negative controls of Hartog & van Zanten's figures (issue 43, :mod:`statmech_bayes.reporting.controls`): per
figure, the wrong answers a careless replication could produce, as data fed to the figure's own claims function.

Each figure's ``load`` mirrors its ``make`` (the controls rule checks that it gives the figure's claims file).

Covered: Figs 1, 2, 4, 5, 8, 9 and 10. Not covered: Figs 3 and 6 (set-up facts only), fig8_convergence (claims of
ours only), and Fig. 7, whose one result (the grid graph's spectrum, known since Mohar 1991) is computed on a grid
fixed in the claims code, so that no wrong answer fed through its arguments can bear on it.

Figs 8-10 are judged by rule 3 (docs/protocol.md): their tracking chains have not converged, so a claim is decided
only when every chain's own value agrees. The caches keep each chain's statistics, not its posterior mean, so a
control that changes the posterior sets every chain's statistics to those of the changed pooled map (its wrong
replication's chains all give that map) unless it can change each chain's exactly (said in its ``wrong_answer``).
Every control is applied to every noise reading the cache holds.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.core.atomic_io import load_npz
from statmech_bayes.figures.hartog_vanzanten.claims import (
    FAR_PX,
    NEAR_PX,
    PROB_HALF,
    VMAX,
    fig1_claims,
    fig2_claims,
    fig4_claims,
    fig5_claims,
    fig8_claims,
    fig9_claims,
    fig10_claims,
)
from statmech_bayes.figures.hartog_vanzanten.common import frame_iou, gamma_tags, load_chains, reading_views
from statmech_bayes.reporting.controls import Control, FigureControls
from statmech_bayes.truncated_laplacian.tracking import boundary_distance, tracking_metrics

# the seed of the fixed permutations of the shuffling controls
SHUFFLE_SEED = 0


# ---------------------------------------------------------------------------------------- Fig 1: the path data

def _load_fig1(inputs: dict, cfg: dict) -> tuple:
    d, _ = load_npz(inputs["data"])
    return d, cfg


def _no_labels_removed(args: tuple) -> tuple:
    """Every label observed: the step that removes 20 % of them skipped."""
    d, cfg = args
    d["observed"] = np.ones_like(np.asarray(d["observed"]), dtype=bool)
    return d, cfg


# ------------------------------------------------------------------------------- Figs 2 and 4: the posteriors

def _load_fig2(inputs: dict, cfg: dict) -> tuple:
    data, _ = load_npz(inputs["data"])
    return data, load_chains(inputs["chains"]), gamma_tags(cfg["path"]), cfg


def _load_fig4(inputs: dict, cfg: dict) -> tuple:
    data, _ = load_npz(inputs["data"])
    return data, load_chains(inputs["chains"]), gamma_tags(cfg["smallworld"]), cfg


def _rule_is_oversmoothing(args: tuple) -> tuple:
    """The rule of thumb's chains replaced by those of gamma = 1, which Section 5.1 calls oversmoothing."""
    data, chains, tags, cfg = args
    chains["rule"] = chains[tags[2]]
    return data, chains, tags, cfg


def _ell_is_prior(args: tuple) -> tuple:
    """The posterior mean of Phi(f), pooled and per chain, replaced by the prior's (1/2 at every vertex: f is a
    centred Gaussian under the prior) for every gamma and the rule of thumb; k, the bands and the coverage kept."""
    data, chains, tags, cfg = args
    for t in (*tags, "rule"):
        c = chains[t]
        c["ell_mean"] = np.full(np.asarray(c["ell_mean"]).shape, 0.5)
        c["ell_mean_chains"] = np.full(np.asarray(c["ell_mean_chains"]).shape, 0.5)
    return data, chains, tags, cfg


def _gammas_reversed(args: tuple) -> tuple:
    """The chains of gamma = 0 and gamma = 1 under each other's names (the comparison reversed)."""
    data, chains, tags, cfg = args
    chains[tags[0]], chains[tags[2]] = chains[tags[2]], chains[tags[0]]
    return data, chains, tags, cfg


def _vertices_shuffled(args: tuple) -> tuple:
    """One fixed permutation of the vertices applied to every gamma's (and the rule's) posterior mean of Phi(f),
    pooled and per chain, and band, against the truth in its own order (a vertex-order mix-up); the stored
    coverage is kept."""
    data, chains, tags, cfg = args
    n = np.asarray(data["ell0"]).size
    perm = np.random.default_rng(SHUFFLE_SEED).permutation(n)
    for t in (*tags, "rule"):
        c = chains[t]
        for key in ("ell_mean", "ell_lo", "ell_hi"):
            if key in c:
                c[key] = np.asarray(c[key])[perm]
        c["ell_mean_chains"] = np.asarray(c["ell_mean_chains"])[..., perm]
    return data, chains, tags, cfg


def _posterior_controls(rule_is_gamma1: Control) -> tuple[Control, ...]:
    return (
        rule_is_gamma1,
        Control("ell_is_prior", "the posterior mean of Phi(f) of every gamma and of the rule of thumb replaced by the "
                "prior's, 1/2 at every vertex (a posterior that learned nothing from the labels), per chain too",
                _ell_is_prior),
        Control("gammas_reversed", "the chains of gamma = 0 and gamma = 1 swapped (the comparison reversed: the arms "
                "mislabelled)", _gammas_reversed),
        Control("vertices_shuffled", "the posterior means of every gamma permuted across the vertices by one "
                "fixed permutation, against the truth in its own order (a vertex-order mix-up)", _vertices_shuffled),
    )


RULE_IS_GAMMA1 = Control("rule_is_gamma1", "the rule of thumb's posterior replaced by that of gamma = 1, the setting "
                         "the paper calls oversmoothing", _rule_is_oversmoothing)


# ----------------------------------------------------------------------------------------- Fig 5: MNIST timing

def _load_fig5(inputs: dict, cfg: dict) -> tuple:
    return pd.read_csv(inputs["scaling"]), cfg


def _methods_swapped(args: tuple) -> tuple:
    """The truncated and untruncated rows under each other's method names."""
    t, cfg = args
    t["method"] = t["method"].map({"truncated": "untruncated", "untruncated": "truncated"}).fillna(t["method"])
    return t, cfg


def _untruncated_is_truncated(args: tuple) -> tuple:
    """The untruncated method's rows replaced by copies of the truncated method's (the baseline never run)."""
    t, cfg = args
    tr = t[t.method == "truncated"].copy()
    un = tr.copy()
    un["method"] = "untruncated"
    return pd.concat([tr, un, t[~t.method.isin(["truncated", "untruncated"])]], ignore_index=True), cfg


def _truncated_time_flat(args: tuple) -> tuple:
    """The truncated method's total time held at its value on the smallest graph at every size."""
    t, cfg = args
    rows = t.method == "truncated"
    first = t[rows].sort_values("n_nodes").t_total.iloc[0]
    t.loc[rows, "t_total"] = first
    return t, cfg


def _truncated_never_learns(args: tuple) -> tuple:
    """The truncated method's test error that of the prior's Phi(f) = 1/2 (a coin flip): 1/2 at every size."""
    t, cfg = args
    t.loc[t.method == "truncated", "test_error"] = 0.5
    return t, cfg


# -------------------------------------------------------------------------- Figs 8-10: the tracking posterior

def _load_tracking(inputs: dict, cfg: dict) -> tuple:
    v, _ = load_npz(inputs["video"])
    tr, _ = load_npz(inputs["tracking"])
    return v, tr, cfg


def _prefixes(tr: dict) -> list[str]:
    """The key prefix of every noise reading in the cache (the drawn one first, "")."""
    return [pre for _, pre in reading_views(tr)]


def _set_chains(tr: dict, pre: str, key: str, value: float) -> None:
    """Every chain's own ``chain_<key>`` of reading ``pre`` set to ``value`` (nothing when the cache has none)."""
    name = f"{pre}chain_{key}"
    if name in tr:
        tr[name] = np.full(np.asarray(tr[name]).shape, float(value))


def _extra_frame(cfg: dict) -> int:
    return int(cfg["tracking"]["extra_frame"])


def _set_ell(v: dict, tr: dict, cfg: dict, pre: str, e: np.ndarray) -> None:
    """Reading ``pre``'s posterior mean of Phi(f) (Fig. 8) set to ``e``, and every chain's Fig. 8 statistics to
    those of ``e`` (the formulas of tracking_summary.chain_statistics)."""
    truth, extra = np.asarray(v["truth"]).astype(bool), np.asarray(v["extra"]).astype(bool)
    T, tx = truth.shape[0], _extra_frame(cfg)
    e = np.asarray(e, dtype=float)
    others = [t for t in range(T) if t != tx]
    tr[pre + "ell_mean"] = e
    tr[pre + "extra_mean_ell"] = np.float64(e[extra].mean())
    _set_chains(tr, pre, "inside_min", min(e[t][truth[t]].mean() for t in range(T)))
    _set_chains(tr, pre, "outside_max", max(e[t][~truth[t] & ~extra[t]].mean() for t in range(T)))
    _set_chains(tr, pre, "lift", e[extra].mean() - np.mean([e[t][extra[tx]].mean() for t in others]))
    _set_chains(tr, pre, "extra_mean_ell", e[extra].mean())


def _set_estimate(v: dict, tr: dict, pre: str, est: np.ndarray) -> None:
    """Reading ``pre``'s thresholded estimate (Fig. 9) set to ``est`` (0/1), its per-frame error and extra-ball share
    recomputed, and every chain's Fig. 9 statistics set to those of ``est``."""
    est = np.asarray(est).astype(bool)
    m = tracking_metrics(est.astype(float), v["truth"], v["extra"], v["observed"])
    tr[pre + "estimate"] = est.astype(np.int8)
    tr[pre + "frame_error"] = m["frame_error"]
    tr[pre + "extra_kept"] = m["extra_kept"]
    _set_chains(tr, pre, "iou_min", float(frame_iou(est, v["truth"]).min()))
    _set_chains(tr, pre, "frame_error_max", float(np.max(m["frame_error"])))
    _set_chains(tr, pre, "extra_kept", float(m["extra_kept"]))


def _set_width(v: dict, tr: dict, pre: str, w: np.ndarray, chain_max: bool = True) -> None:
    """Reading ``pre``'s interval widths (Fig. 10) set to ``w``, and every chain's Fig. 10 statistics to those of
    ``w`` (``chain_max`` False: each chain's own largest width kept, for a change that keeps every chain's largest)."""
    w = np.asarray(w, dtype=float)
    dist = boundary_distance(v["labels"])
    near, far, wide = dist <= NEAR_PX, dist > FAR_PX, w > VMAX
    tr[pre + "ci_width"] = w
    tr[pre + "width_max"] = np.float64(w.max())
    _set_chains(tr, pre, "width_ratio", w[near].mean() / w[~near].mean())
    _set_chains(tr, pre, "width_median_far", np.median(w[far]))
    _set_chains(tr, pre, "frac_wide_near", (dist[wide] <= FAR_PX).mean() if wide.any() else np.nan)
    if chain_max:
        _set_chains(tr, pre, "width_max", w.max())


def _first_frame_held(a: np.ndarray) -> np.ndarray:
    a = np.asarray(a)
    return np.broadcast_to(a[:1], a.shape).copy()


def _data_alone(v: dict) -> np.ndarray:
    """The labels where observed (1 on a coloured object pixel, the extra ball's included, 0 on the background) and
    1/2 on the uncoloured pixels: no graph, no prior."""
    return np.where(np.asarray(v["observed"]), np.asarray(v["labels"], dtype=float), 0.5)


def _fig8_prior(args: tuple) -> tuple:
    v, tr, cfg = args
    for pre in _prefixes(tr):
        _set_ell(v, tr, cfg, pre, np.full(np.asarray(tr[pre + "ell_mean"]).shape, 0.5))
    return v, tr, cfg


def _fig8_extra_detected(args: tuple) -> tuple:
    """Probability 1 on the extra ball's pixels; each chain's lift and extra-ball mean changed exactly (its mean on
    the same pixels in the other frames, extra_mean_ell - lift, is kept)."""
    v, tr, cfg = args
    extra = np.asarray(v["extra"]).astype(bool)
    for pre in _prefixes(tr):
        e = np.array(tr[pre + "ell_mean"], dtype=float)
        e[extra] = 1.0
        tr[pre + "ell_mean"] = e
        tr[pre + "extra_mean_ell"] = np.float64(1.0)
        if pre + "chain_lift" in tr and pre + "chain_extra_mean_ell" in tr:
            base = np.asarray(tr[pre + "chain_extra_mean_ell"], float) - np.asarray(tr[pre + "chain_lift"], float)
            tr[pre + "chain_lift"] = 1.0 - base
        _set_chains(tr, pre, "extra_mean_ell", 1.0)
    return v, tr, cfg


def _fig8_static(args: tuple) -> tuple:
    v, tr, cfg = args
    for pre in _prefixes(tr):
        _set_ell(v, tr, cfg, pre, _first_frame_held(tr[pre + "ell_mean"]))
    return v, tr, cfg


def _fig8_data_alone(args: tuple) -> tuple:
    v, tr, cfg = args
    for pre in _prefixes(tr):
        _set_ell(v, tr, cfg, pre, _data_alone(v))
    return v, tr, cfg


def _fig9_all_background(args: tuple) -> tuple:
    v, tr, cfg = args
    for pre in _prefixes(tr):
        _set_estimate(v, tr, pre, np.zeros(np.asarray(tr[pre + "estimate"]).shape, dtype=bool))
    return v, tr, cfg


def _fig9_extra_detected(args: tuple) -> tuple:
    """The extra ball's pixels set to object; pooled errors recomputed; each chain's extra-ball share set to 1 (its
    worst-frame error, not stored per frame, kept: the control is counted for the extra-ball claim only)."""
    v, tr, cfg = args
    extra = np.asarray(v["extra"]).astype(bool)
    for pre in _prefixes(tr):
        est = np.asarray(tr[pre + "estimate"]).astype(bool) | extra
        m = tracking_metrics(est.astype(float), v["truth"], v["extra"], v["observed"])
        tr[pre + "estimate"] = est.astype(np.int8)
        tr[pre + "frame_error"] = m["frame_error"]
        tr[pre + "extra_kept"] = m["extra_kept"]
        _set_chains(tr, pre, "extra_kept", 1.0)
    return v, tr, cfg


def _fig9_static(args: tuple) -> tuple:
    v, tr, cfg = args
    for pre in _prefixes(tr):
        _set_estimate(v, tr, pre, _first_frame_held(tr[pre + "estimate"]))
    return v, tr, cfg


def _fig9_data_alone(args: tuple) -> tuple:
    v, tr, cfg = args
    for pre in _prefixes(tr):
        _set_estimate(v, tr, pre, _data_alone(v) > PROB_HALF)
    return v, tr, cfg


def _fig10_constant(args: tuple) -> tuple:
    v, tr, cfg = args
    for pre in _prefixes(tr):
        w = np.asarray(tr[pre + "ci_width"], dtype=float)
        _set_width(v, tr, pre, np.full(w.shape, float(w.mean())))
    return v, tr, cfg


def _fig10_shuffled(args: tuple) -> tuple:
    v, tr, cfg = args
    for pre in _prefixes(tr):
        w = np.asarray(tr[pre + "ci_width"], dtype=float)
        perm = np.random.default_rng(SHUFFLE_SEED).permutation(w.size)
        _set_width(v, tr, pre, w.ravel()[perm].reshape(w.shape), chain_max=False)
    return v, tr, cfg


def _fig10_static(args: tuple) -> tuple:
    v, tr, cfg = args
    for pre in _prefixes(tr):
        _set_width(v, tr, pre, _first_frame_held(tr[pre + "ci_width"]))
    return v, tr, cfg


def _fig10_clipped(args: tuple) -> tuple:
    """Widths clipped at the caption's 0.25; each chain's largest width clipped alike (exact: min(max, 0.25))."""
    v, tr, cfg = args
    for pre in _prefixes(tr):
        w = np.minimum(np.asarray(tr[pre + "ci_width"], dtype=float), VMAX)
        keep = np.asarray(tr.get(pre + "chain_width_max", []), dtype=float)
        _set_width(v, tr, pre, w, chain_max=False)
        if keep.size:
            tr[pre + "chain_width_max"] = np.minimum(keep, VMAX)
    return v, tr, cfg


ALIKE = "every chain's statistics those of the changed pooled map"
LOCATED = "overlap|pixel error"  # Fig. 9's claims that the object is located
BOUNDARY = "boundary"  # Fig. 10's claims on where the wide intervals are
EXTRA = "extra ball's pixels"  # Figs 8, 9: the extra-ball claims (not the background's "extra ball excluded")

CONTROLS: dict[str, FigureControls] = {
    "fig1": FigureControls("hartog_vanzanten/fig1", _load_fig1, fig1_claims, (
        Control("no_labels_removed", "every label of the path graph observed: the step that removes 20 % of them "
                "skipped", _no_labels_removed),
    )),
    "fig2": FigureControls("hartog_vanzanten/fig2", _load_fig2, fig2_claims, _posterior_controls(RULE_IS_GAMMA1)),
    "fig4": FigureControls("hartog_vanzanten/fig4", _load_fig4, fig4_claims, _posterior_controls(RULE_IS_GAMMA1)),
    "fig5": FigureControls("hartog_vanzanten/fig5", _load_fig5, fig5_claims, (
        # the swap leaves the test errors' gap as it is (symmetric), so it is no wrong answer for the 'comparable'
        # claim; the copy is (a baseline never run), so it bears on every claim
        Control("methods_swapped", "the truncated and untruncated methods' rows swapped (the two arms mislabelled)",
                _methods_swapped, claims="speed-up|slope"),
        Control("untruncated_is_truncated", "the untruncated method of [4] never run: its rows copies of the truncated "
                "method's", _untruncated_is_truncated),
        Control("truncated_time_flat", "the truncated method's total time held at its first point (the smallest "
                "graph's) at every size", _truncated_time_flat),
        Control("truncated_never_learns", "the truncated method's predictions those of the prior (Phi(f) = 1/2, a coin "
                "flip): test error 1/2 at every size", _truncated_never_learns),
    )),
    "fig8": FigureControls("hartog_vanzanten/fig8", _load_tracking, fig8_claims, (
        Control("posterior_is_prior", f"the prior's Phi(f) = 1/2 at every pixel instead of the posterior mean (a "
                f"posterior that learned nothing), every reading; {ALIKE}", _fig8_prior),
        Control("extra_ball_detected", "the extra ball fully detected: probability 1 on its pixels in frame 5 (the "
                "corrupted frame the Fig. 6 caption says should be removed), each chain's lift changed exactly",
                _fig8_extra_detected, claims=EXTRA),
        Control("frames_static", f"the posterior of frame 1 held for all nine frames (a tracker that never follows the "
                f"ball: the first point held flat); {ALIKE}", _fig8_static),
        Control("data_term_alone", f"the data term alone: the observed labels (1 on coloured object pixels, the extra "
                f"ball's included, 0 on the background) and 1/2 on the uncoloured pixels, no graph or prior; {ALIKE}",
                _fig8_data_alone),
    )),
    "fig9": FigureControls("hartog_vanzanten/fig9", _load_tracking, fig9_claims, (
        # an estimate without object pixels keeps none of the extra ball either, the right number for that claim
        Control("all_background", f"the prior's Phi(f) = 1/2 thresholded at 1/2: no object pixel in any frame; {ALIKE}",
                _fig9_all_background, claims=LOCATED),
        Control("extra_ball_detected", "the extra ball's pixels in frame 5 kept as object after thresholding (the "
                "corrupted frame not removed), every chain keeping all of them", _fig9_extra_detected,
                claims=EXTRA),
        # frame 1's estimate has no object where frame 5's extra ball is, the right number for that claim
        Control("frames_static", f"the estimate of frame 1 held for all nine frames (the first point held flat); "
                f"{ALIKE}", _fig9_static, claims=LOCATED),
        Control("data_term_alone", f"the data term alone thresholded: object where an object label was observed (the "
                f"extra ball's included), background elsewhere and on the uncoloured pixels; {ALIKE}",
                _fig9_data_alone),
    )),
    "fig10": FigureControls("hartog_vanzanten/fig10", _load_tracking, fig10_claims, (
        Control("width_constant", f"every pixel's interval width the mean width (a constant uncertainty map); {ALIKE}",
                _fig10_constant),
        # a permutation keeps the largest width (and each chain's)
        Control("widths_shuffled", "the widths permuted across all pixels by one fixed permutation (the map's place "
                f"lost), each chain's largest width kept; otherwise {ALIKE}", _fig10_shuffled, claims=BOUNDARY),
        Control("frames_static", f"the widths of frame 1 held for all nine frames (the first point held flat); {ALIKE}",
                _fig10_static, claims=BOUNDARY),
        # clipping at the colour scale's top is what the paper's own figure shows, so right for the boundary claims
        Control("widths_clipped", "the widths clipped at the caption's 0.25 before the largest is read (the colour "
                f"scale's top taken for the data), each chain's largest clipped alike; otherwise {ALIKE}",
                _fig10_clipped, claims="largest"),
    )),
}
