"""Figs. 8-10 of Hartog & van Zanten (2018) from several independent chains: one chain of Algorithm 1 on the
space-time grid graph (:func:`tracking_chain`, each its own cached rule), short probe chains of Algorithm 1 as
printed (:func:`tracking_probe_chains`), and the pooled posterior with its convergence record and the sensitivity
arms beside it (:func:`tracking_pool`). Kept apart from :mod:`.experiments` so that a change here reruns only the
tracking rules."""

from __future__ import annotations

import time

import numpy as np
from scipy import special

from statmech_bayes.truncated_laplacian import eigenbasis as eb
from statmech_bayes.truncated_laplacian import level_evidence as le
from statmech_bayes.truncated_laplacian import sampler as sa
from statmech_bayes.truncated_laplacian import tracking as tr
from statmech_bayes.truncated_laplacian.experiments.common import _settings_dict
from statmech_bayes.truncated_laplacian.experiments.tracking import probe_chains
from statmech_bayes.truncated_laplacian.mcerror import gelman_rubin
from statmech_bayes.truncated_laplacian.tracking import boundary_distance


def flip_labels(labels: np.ndarray, frac: float, rng: np.random.Generator) -> np.ndarray:
    """A copy of ``labels`` with each label flipped independently with probability ``frac`` (one reading of
    the Fig. 6 caption's "noisy environment"; the text itself mentions only the uncoloured pixels)."""
    if not 0 <= frac < 0.5:
        raise ValueError(f"frac must be in [0, 0.5), got {frac!r}")
    lab = np.asarray(labels).copy()
    flip = rng.random(lab.shape) < frac
    lab[flip] = 1 - lab[flip]
    return lab


def tracking_chain(video: dict, rng: np.random.Generator, *, n_iter: int, burn_in: int, thin: int, k0: int, c0: float,
                   gamma_rule: float, q: float, a: float, b: float, refresh_g_on_reject: bool, k_move: str,
                   scale_sd: float, labels: np.ndarray | None = None, level_evidence: bool = False,
                   level_max_k: int | None = None) -> dict:
    """One chain of Algorithm 1 (model (3), γ = gamma_rule/n) on the space-time grid graph of ``video`` started at
    ``(k0, c0)``; ``labels`` replaces the video's labels (e.g. :func:`flip_labels`). One of the independent chains
    that :func:`tracking_pool` pools (each is its own cached rule).

    Returns the traces ``k``, ``c``, ``loglik`` (log p(D | f) after every sweep), ``accepted``; ``ell_mean``
    (T,H,W), the mean of Φ(f) over the post-burn-in sweeps; ``f_draws`` float32 (n_draws, n), every ``thin``-th
    post-burn-in f; the metrics of :func:`.tracking.tracking_metrics` against the moving ball; ``width_max`` of
    this chain's own 95 % intervals; ``t_sweeps``; ``n_scale_accepted``, ``n_reject_kmax``; the settings.

    ``level_evidence``: also the weight of the level where the chain's k settled (its post-burn-in mean, rounded),
    :func:`.level_evidence.level_log_evidence` from the chain's mean log c and mean f: ``level_k``,
    ``level_log_weight`` (log p(D | k) + log p(k), Laplace), ``level_log_c``, ``level_sd_log_c``, ``level_loglik``,
    ``level_log_det``, ``t_level`` (its cost grows as k², so a level above ``level_max_k`` gets a NaN weight,
    which makes the pool weigh all chains equally). Chains that settle at different levels never cross (the k move compares levels
    at one z only), so this is what weighs them against each other."""
    shape = video["labels"].shape
    basis = eb.DCTBasis(shape)
    lab = video["labels"] if labels is None else labels
    signs = sa.label_signs(np.asarray(lab).ravel(), video["observed"].ravel())
    burn_in, q, scale_sd = int(burn_in), float(q), float(scale_sd)
    st = sa.ChainSettings(gamma=float(gamma_rule) / basis.n, q=q, a=float(a), b=float(b), n_iter=int(n_iter),
                          burn_in=burn_in, thin=int(thin), k0=int(k0), c0=float(c0),
                          refresh_g_on_reject=bool(refresh_g_on_reject), k_move=str(k_move), scale_sd=scale_sd,
                          keep_draws=True, track_loglik=True)
    r = sa.run_chain(basis, signs, st, rng)
    ell_mean = r["ell_mean"].reshape(shape)
    metrics = tr.tracking_metrics(ell_mean, video["truth"], video["extra"], video["observed"])
    level = {}
    if level_evidence:
        t0 = time.perf_counter()
        k_lvl = int(round(float(r["k"][burn_in:].mean())))
        if level_max_k is not None and k_lvl > int(level_max_k):
            lv = dict.fromkeys(("log_weight", "log_c", "sd_log_c", "loglik", "log_det"), np.nan)
        else:
            g0 = basis.project(r["f_draws"].astype(float).mean(axis=0), k_lvl)
            lv = le.level_log_evidence(basis, signs, k_lvl, float(np.log(r["c"][burn_in:]).mean()), q=q,
                                       gamma=st.gamma, g0=g0)
        level = {"level_k": np.int64(k_lvl), "level_log_weight": np.float64(lv["log_weight"]),
                 "level_log_c": np.float64(lv["log_c"]), "level_sd_log_c": np.float64(lv["sd_log_c"]),
                 "level_loglik": np.float64(lv["loglik"]), "level_log_det": np.float64(lv["log_det"]),
                 "t_level": np.float64(time.perf_counter() - t0)}
    return {"k": r["k"], "c": r["c"], "loglik": r["loglik"], "accepted": r["accepted"], "ell_mean": ell_mean, **level,
            "f_draws": r["f_draws"], "width_max": np.float64(np.max(r["ell_hi"] - r["ell_lo"])), **metrics,
            "t_sweeps": r["t_sweeps"], "n_scale_accepted": r["n_scale_accepted"],
            "n_reject_kmax": r["n_reject_kmax"], "scale_sd": np.float64(scale_sd),
            **_settings_dict(st, int(r["K_max"]))}


def tracking_probe_chains(video: dict, rng: np.random.Generator, *, probes: tuple[dict, ...], probe_iter: int,
                          gamma_rule: float, q: float, a: float, b: float) -> dict:
    """Short chains from other starts and moves (e.g. Algorithm 1 as printed, Bin(4, ½) walk without the scale
    move), one per entry ``{"k0", "c0", "k_move", "scale_sd"}`` of ``probes``: the ``probe_*`` arrays of
    :func:`tracking_posterior` (summaries over the second half of each)."""
    labels = video["labels"]
    shape = labels.shape
    basis = eb.DCTBasis(shape)
    signs = sa.label_signs(labels.ravel(), video["observed"].ravel())
    return probe_chains(basis, signs, video, rng, probes, probe_iter, gamma=float(gamma_rule) / basis.n, q=q, a=a, b=b)


#: chains whose level weighs less than this share are left out of the pooled intervals (they are e^-300 in practice)
MIN_POOL_WEIGHT = 1e-3


def level_pool_weights(chains: list[dict]) -> np.ndarray:
    """Each chain's share of the pooled posterior. Chains settle at truncation levels that no move crosses, so equal
    shares would weigh a level by how many starts happened to land there. With every chain's
    ``level_log_weight`` (:func:`tracking_chain` with ``level_evidence``; log p(D | k) + log p(k), Laplace) a
    level gets its posterior mass ``∝ exp(level_log_weight)``, split equally among the chains at that level (the
    same rounded k); without them (or if one is not finite: e.g. an improper posterior) all chains weigh the same."""
    lw = np.array([float(c.get("level_log_weight", np.nan)) for c in chains])
    R = len(chains)
    if R == 0 or not np.all(np.isfinite(lw)):
        return np.full(R, 1.0 / max(R, 1))
    k = np.array([int(c["level_k"]) for c in chains])
    same = np.abs(k[:, None] - k[None, :]) <= np.maximum(2, 0.01 * k[:, None])  # one level: k within 1 %
    # chains at one level estimate the same weight: average them, then split the level's mass among its chains
    lvl = np.array([lw[same[i]].mean() for i in range(R)])
    w = np.exp(lvl - lvl.max()) / same.sum(axis=1)
    return w / w.sum()


def _trace_rhat(traces: np.ndarray, burn_in: int) -> float:
    return gelman_rubin(np.asarray(traces, dtype=float)[:, burn_in:])


def tracking_pool(video: dict, chains: list[dict], arms: list[dict] | None = None,
                  probes: dict | None = None) -> dict:
    """Figs. 8-10 from R independent :func:`tracking_chain` runs (same settings, different starts): the pooled
    posterior mean ``ell_mean`` (the chains' means weighted by :func:`level_pool_weights`: equal unless the chains
    carry their level weights), ``estimate`` (> ½), the pooled 95 % interval widths ``ci_width`` (quantiles over the
    thinned draws of the chains with weight >= MIN_POOL_WEIGHT), ``chain_pool_weight`` and the per-chain level record
    ``chain_level_k``, ``chain_level_log_weight``, ``chain_level_log_c``, ``chain_level_loglik``, ``chain_level_log_det``
    (-1 / NaN without it), the metrics and width summaries of
    :func:`tracking_posterior`; the convergence record: the traces of every chain ``k_chains``, ``c_chains``,
    ``loglik_chains`` (R, n_iter), their starts ``chain_k0``, ``chain_c0``, the split Gelman-Rubin R-hat over
    the post-burn-in sweeps of k, log p(D | f) and log c (``rhat_k``, ``rhat_loglik``, ``rhat_logc``), and each
    chain's own ``chain_extra_kept``, ``chain_extra_mean_ell``, ``chain_width_max``, ``chain_frame_error_max``,
    ``chain_k_mean``. The traces ``k``, ``c``, ``loglik`` and the settings are those of chain 1.

    ``arms``: :func:`tracking_chain` runs at other settings of unstated choices, each a dict with its ``arm``
    name and ``arm_what`` description added, summarised as ``arm_*`` arrays. ``probes``: the output of
    :func:`tracking_probe_chains`, copied in."""
    if not chains:
        raise ValueError("tracking_pool needs at least one chain")
    labels = video["labels"]
    shape = labels.shape
    first = chains[0]
    burn = int(first["burn_in"])
    for c in chains:
        if int(c["n_iter"]) != int(first["n_iter"]) or int(c["burn_in"]) != burn:
            raise ValueError("the pooled chains must have the same n_iter and burn_in")
    weight = level_pool_weights(chains)
    pooled = [c for c, w in zip(chains, weight) if w >= MIN_POOL_WEIGHT]
    ell_mean = np.sum([w * c["ell_mean"] for c, w in zip(chains, weight)], axis=0)
    draws = np.concatenate([c["f_draws"] for c in pooled])
    f_lo, f_hi = np.quantile(draws, [0.025, 0.975], axis=0)
    del draws
    ell_lo, ell_hi = special.ndtr(f_lo.astype(float)), special.ndtr(f_hi.astype(float))
    width = (ell_hi - ell_lo).reshape(shape)
    metrics = tr.tracking_metrics(ell_mean, video["truth"], video["extra"], video["observed"])
    dist = boundary_distance(labels)
    bnd = dist <= 3
    wide = width > 0.25
    k_ch = np.stack([c["k"] for c in chains])
    c_ch = np.stack([c["c"] for c in chains])
    ll_ch = np.stack([c["loglik"] for c in chains])
    R = len(chains)
    out = {
        "ell_mean": ell_mean, "estimate": (ell_mean > 0.5).astype(np.int8), "ci_width": width,
        "ell_lo": ell_lo.reshape(shape), "ell_hi": ell_hi.reshape(shape),
        "k": first["k"], "c": first["c"], "accepted": first["accepted"], "loglik": first["loglik"], **metrics,
        "width_max": np.float64(width.max()), "width_mean": np.float64(width.mean()),
        "width_mean_boundary": np.float64(width[bnd].mean()), "width_mean_elsewhere": np.float64(width[~bnd].mean()),
        "frac_wide_near_boundary": np.float64((dist[wide] <= 5).mean()) if wide.any() else np.float64(np.nan),
        "wide_max_distance": np.float64(dist[wide].max()) if wide.any() else np.float64(np.nan),
        "k_mean": np.float64(k_ch[:, burn:].mean()), "n_reject_kmax": np.int64(sum(int(c["n_reject_kmax"]) for c in chains)),
        "n_scale_accepted": np.int64(sum(int(c["n_scale_accepted"]) for c in chains)),
        "scale_sd": np.float64(first["scale_sd"]), "t_sweeps": np.float64(sum(float(c["t_sweeps"]) for c in chains)),
        "t_per_sweep": np.float64(sum(float(c["t_sweeps"]) for c in chains) / (R * int(first["n_iter"]))),
        "n_chains": np.int64(R), "k_chains": k_ch, "c_chains": c_ch, "loglik_chains": ll_ch,
        "chain_k0": np.array([int(c["k0"]) for c in chains], dtype=np.int64),
        "chain_c0": np.array([float(c["c0"]) for c in chains]),
        "chain_t_sweeps": np.array([float(c["t_sweeps"]) for c in chains]),
        "chain_extra_kept": np.array([float(c["extra_kept"]) for c in chains]),
        "chain_extra_mean_ell": np.array([float(c["extra_mean_ell"]) for c in chains]),
        "chain_width_max": np.array([float(c["width_max"]) for c in chains]),
        "chain_frame_error_max": np.array([float(np.max(c["frame_error"])) for c in chains]),
        "chain_k_mean": k_ch[:, burn:].mean(axis=1), "chain_pool_weight": weight,
        "chain_level_k": np.array([int(c.get("level_k", -1)) for c in chains], dtype=np.int64),
        "chain_level_log_weight": np.array([float(c.get("level_log_weight", np.nan)) for c in chains]),
        "chain_level_log_c": np.array([float(c.get("level_log_c", np.nan)) for c in chains]),
        "chain_level_loglik": np.array([float(c.get("level_loglik", np.nan)) for c in chains]),
        "chain_level_log_det": np.array([float(c.get("level_log_det", np.nan)) for c in chains]),
        "rhat_k": np.float64(_trace_rhat(k_ch, burn) if R > 1 else np.nan),
        "rhat_loglik": np.float64(_trace_rhat(ll_ch, burn) if R > 1 else np.nan),
        "rhat_logc": np.float64(_trace_rhat(np.log(c_ch), burn) if R > 1 else np.nan),
        **{k: first[k] for k in ("gamma", "q", "a", "b", "n_iter", "burn_in", "thin", "k0", "c0", "K_max",
                                 "refresh_g_on_reject", "k_move")},
    }
    arms = arms or []
    out.update({
        "arm": np.array([str(x["arm"]) for x in arms], dtype=np.str_),
        "arm_what": np.array([str(x["arm_what"]) for x in arms], dtype=np.str_),
        "arm_extra_kept": np.array([float(x["extra_kept"]) for x in arms]),
        "arm_extra_mean_ell": np.array([float(x["extra_mean_ell"]) for x in arms]),
        "arm_width_max": np.array([float(x["width_max"]) for x in arms]),
        "arm_frame_error_max": np.array([float(np.max(x["frame_error"])) for x in arms]),
        "arm_k_end": np.array([int(x["k"][-1]) for x in arms], dtype=np.int64),
        "arm_logc": np.array([[float(np.log(x["c"][int(x["burn_in"])])), float(np.log(x["c"][-1]))] for x in arms]).reshape(-1, 2),
        "arm_n_iter": np.array([int(x["n_iter"]) for x in arms], dtype=np.int64),
        "arm_t_sweeps": np.array([float(x["t_sweeps"]) for x in arms]),
    })
    if probes:
        out.update(probes)
    return out
