"""Figs. 6 and 8-10 of Hartog & van Zanten (2018), object tracking: the video (rules ``hvz_video`` and
``hvz_tracking_arm``), the distance of a pixel to the object boundary (also used by the chain summaries and the
claims of Figs. 8-10), the probe chains (also used by :mod:`statmech_bayes.truncated_laplacian.tracking_chains`) and
the single-chain posterior :func:`tracking_posterior` (tests; the workflow pools chains with
:mod:`statmech_bayes.truncated_laplacian.tracking_chains`)."""

from __future__ import annotations

import numpy as np

from statmech_bayes.truncated_laplacian import eigenbasis as eb
from statmech_bayes.truncated_laplacian import sampler as sa
from statmech_bayes.truncated_laplacian import tracking as tr
from statmech_bayes.truncated_laplacian.experiments.common import _settings_dict


def tracking_data(rng: np.random.Generator, **video_kwargs) -> dict:
    """Fig. 6: :func:`.tracking.make_video` plus its RGB rendering ``rgb`` (T, H, W, 3)."""
    v = tr.make_video(rng, **video_kwargs)
    v["rgb"] = tr.video_rgb(v["labels"], v["observed"])
    return v


def probe_chains(basis, signs: np.ndarray, video: dict, rng: np.random.Generator, probes: tuple[dict, ...],
                 probe_iter: int, *, gamma: float, q: float, a: float, b: float) -> dict:
    """Short chains of Algorithm 1 on the tracking data, one per entry ``{"k0", "c0", "k_move", "scale_sd"}`` of
    ``probes`` (each with its own generator spawned from ``rng``), summarised over their second half: ``probe_k0``,
    ``probe_c0``, ``probe_k_move``, ``probe_scale_sd`` (P,), the k traces ``probe_k`` (P, probe_iter), the mean
    log p(D | f) ``probe_loglik``, ``probe_extra_kept`` and ``probe_frame_error`` (P, T) of their posterior means,
    ``probe_width_max`` (largest 95 % interval width over about 50 draws) and ``probe_c_end``. Shared by
    :func:`tracking_posterior` and :func:`.tracking_chains.tracking_probe_chains`."""
    shape = video["labels"].shape
    P = len(probes)
    probe_iter = int(probe_iter)
    out = {"probe_k0": np.array([int(p["k0"]) for p in probes], dtype=np.int64),
           "probe_c0": np.array([float(p["c0"]) for p in probes]),
           "probe_k_move": np.array([str(p["k_move"]) for p in probes], dtype=np.str_),
           "probe_scale_sd": np.array([float(p["scale_sd"]) for p in probes]),
           "probe_k": np.zeros((P, probe_iter), np.int64), "probe_loglik": np.zeros(P),
           "probe_extra_kept": np.zeros(P), "probe_frame_error": np.zeros((P, shape[0])),
           "probe_width_max": np.zeros(P), "probe_c_end": np.zeros(P)}
    half = probe_iter // 2
    for i, (p, rng_p) in enumerate(zip(probes, rng.spawn(P))):
        sp = sa.ChainSettings(gamma=float(gamma), q=float(q), a=float(a), b=float(b), n_iter=probe_iter, burn_in=half,
                              thin=max(1, (probe_iter - half) // 50), k0=int(p["k0"]), c0=float(p["c0"]),
                              k_move=str(p["k_move"]), scale_sd=float(p["scale_sd"]), track_loglik=True,
                              refresh_g_on_reject=False)  # the probes are Algorithm 1 as printed
        rp = sa.run_chain(basis, signs, sp, rng_p)
        mp = tr.tracking_metrics(rp["ell_mean"].reshape(shape), video["truth"], video["extra"], video["observed"])
        out["probe_k"][i] = rp["k"]
        out["probe_loglik"][i] = rp["loglik"][half:].mean()
        out["probe_extra_kept"][i] = mp["extra_kept"]
        out["probe_frame_error"][i] = mp["frame_error"]
        out["probe_width_max"][i] = float(np.max(rp["ell_hi"] - rp["ell_lo"]))
        out["probe_c_end"][i] = rp["c"][-1]
    return out


def tracking_posterior(video: dict, rng: np.random.Generator, *, gamma_rule: float, q: float, a: float, b: float,
                       refresh_g_on_reject: bool, k_move: str, k0: int, c0: float, n_iter: int = 3000,
                       burn_in: int = 1000, thin: int = 4, scale_sd: float = 0.0,
                       probes: tuple[dict, ...] = (), probe_iter: int = 0) -> dict:
    """Figs. 8-10: Algorithm 1 on the ``T x H x W`` space-time grid graph (explicit DCT eigenbasis,
    ``K_max = n``), γ = gamma_rule/n, started at ``(k0, c0)`` (the paper's settings: ``hartog_vanzanten.tracking``,
    its first ``chains`` entry and the section's ``q``, ``a``, ``b``, ``refresh_g_on_reject`` in
    ``workflow/config/full.yaml``); then short probe chains of ``probe_iter`` sweeps, one per entry ``{"k0", "c0",
    "k_move", "scale_sd"}`` of ``probes`` (same γ, q, a, b), which show how the result depends on the start and the
    moves (spec B7).

    Returns ``ell_mean`` (T,H,W) (Fig. 8, posterior mean of Φ(f)), ``estimate`` int8 (T,H,W) (Fig. 9,
    ``ell_mean > ½``), ``ci_width`` (T,H,W) (Fig. 10, 97.5 % - 2.5 % quantile of ℓ over the thinned
    post-burn-in draws), the traces ``k``, ``c``, ``accepted``, ``loglik`` (log p(D | f), with the scale
    move), the metrics of :func:`.tracking.tracking_metrics`, width summaries (``width_max``,
    ``width_mean``, ``width_mean_boundary`` / ``width_mean_elsewhere`` with the boundary band = pixels
    within 3 px of a label change, ``frac_wide_near_boundary`` = share of pixels with width > 0.25 within
    5 px of one, ``wide_max_distance`` = largest such distance), ``t_sweeps``, ``t_per_sweep``, the
    settings, and for the probes ``probe_k0``, ``probe_c0``, ``probe_k_move`` (P,), ``probe_k`` (P,
    probe_iter) k traces, ``probe_loglik`` (P,) mean log-likelihood log p(D | f) over their second half,
    ``probe_extra_kept`` (P,) and ``probe_frame_error`` (P, T) of their posterior means over the second
    half, ``probe_width_max`` (P,) their largest 95 % interval width (about 50 draws) and ``probe_c_end``.
    """
    labels = video["labels"]
    shape = labels.shape
    basis = eb.DCTBasis(shape)
    signs = sa.label_signs(labels.ravel(), video["observed"].ravel())
    st = sa.ChainSettings(gamma=float(gamma_rule) / basis.n, q=q, a=a, b=b, n_iter=n_iter,
                          burn_in=burn_in, thin=thin, k0=k0, c0=c0, refresh_g_on_reject=refresh_g_on_reject,
                          k_move=k_move, scale_sd=scale_sd)
    main_rng, probe_rng = rng.spawn(2)
    r = sa.run_chain(basis, signs, st, main_rng)
    ell_mean = r["ell_mean"].reshape(shape)
    width = (r["ell_hi"] - r["ell_lo"]).reshape(shape)
    metrics = tr.tracking_metrics(ell_mean, video["truth"], video["extra"], video["observed"])
    dist = tr.boundary_distance(labels)
    bnd = dist <= 3
    wide = width > 0.25
    out_p = probe_chains(basis, signs, video, probe_rng, probes, probe_iter, gamma=st.gamma, q=q, a=a, b=b)
    return {
        "ell_mean": ell_mean, "estimate": (ell_mean > 0.5).astype(np.int8), "ci_width": width,
        "ell_lo": r["ell_lo"].reshape(shape), "ell_hi": r["ell_hi"].reshape(shape),
        "k": r["k"], "c": r["c"], "accepted": r["accepted"], "loglik": r["loglik"], **metrics,
        "width_max": np.float64(width.max()), "width_mean": np.float64(width.mean()),
        "width_mean_boundary": np.float64(width[bnd].mean()),
        "width_mean_elsewhere": np.float64(width[~bnd].mean()),
        "frac_wide_near_boundary": np.float64((dist[wide] <= 5).mean()) if wide.any() else np.float64(np.nan),
        "wide_max_distance": np.float64(dist[wide].max()) if wide.any() else np.float64(np.nan),
        "k_mean": np.float64(r["k"][burn_in:].mean()), "n_reject_kmax": r["n_reject_kmax"],
        "n_scale_accepted": r["n_scale_accepted"], "scale_sd": np.float64(scale_sd),
        "t_sweeps": r["t_sweeps"], "t_per_sweep": np.float64(r["t_sweeps"] / n_iter),
        **out_p, **_settings_dict(st, int(r["K_max"])),
    }
