"""Experiment-level functions for Figs. 1-10 of Hartog & van Zanten (2018).

Each takes plain parameters and an explicit ``numpy.random.Generator`` and returns a dict of numpy
arrays / numpy scalars ready for ``numpy.savez`` (no file I/O, no plotting). The settings the workflow passes have
no defaults here: their paper-scale values (the spec's §2 choices; the paper itself gives no iteration counts, seeds,
q or initial values) are in the configuration, ``workflow/config/full.yaml``.

Figure -> function:

* Fig. 1      :func:`path_data`
* Fig. 2      :func:`path_data` + :func:`graph_posterior` for γ in {0, 0.1, 1}
* Fig. 3      :func:`small_world_data`
* Fig. 4      :func:`small_world_data` + :func:`graph_posterior` for γ in {0, 0.1, 1}
* Fig. 5      :func:`mnist_features` -> :func:`mnist_subgraph` per size -> :func:`mnist_run` per
  (size, method) -> :func:`loglog_slope`
* Fig. 6      :func:`tracking_data`
* Figs. 8-10  :func:`tracking_data` + :func:`tracking_posterior`
* Fig. 7 is a schematic and needs no computation.
"""

from __future__ import annotations

import time

import numpy as np
from scipy import special

from statmech_bayes.graphs.operators import edge_list, from_edge_list
from statmech_bayes.truncated_laplacian import eigenbasis as eb
from statmech_bayes.truncated_laplacian import graphs as gr
from statmech_bayes.truncated_laplacian import mnist_graph as mg
from statmech_bayes.truncated_laplacian import sampler as sa
from statmech_bayes.truncated_laplacian import synthetic as sy
from statmech_bayes.truncated_laplacian import tracking as tr


def _settings_dict(st: sa.ChainSettings, K_max: int) -> dict:
    return {"gamma": np.float64(st.gamma), "q": np.float64(st.q), "a": np.float64(st.a),
            "b": np.float64(st.b), "n_iter": np.int64(st.n_iter), "burn_in": np.int64(st.burn_in),
            "thin": np.int64(st.thin), "k0": np.int64(st.k0), "c0": np.float64(st.c0),
            "K_max": np.int64(K_max), "refresh_g_on_reject": np.bool_(st.refresh_g_on_reject),
            "k_move": np.str_(st.k_move)}


# ---------------------------------------------------------------- Figs. 1-4: path and small world

def path_data(rng: np.random.Generator, *, n: int, frac_missing: float) -> dict:
    """Fig. 1: truth ``f0 = Σ w_k u^(k)`` on the path of ``n`` vertices (explicit eq. 4 basis),
    ``ℓ0 = Φ(f0)``, labels ``Y_i ~ Bern(ℓ0(i))`` for all i and exactly ``round(frac_missing n)``
    removed. Returns ``vertex`` (1..n), ``f0``, ``ell0``, ``y`` int8, ``observed`` bool (all (n,))."""
    n = int(n)
    basis = eb.DCTBasis((n,))
    f0 = sy.truth_function(basis)
    y, observed = sy.simulate_labels(f0, int(round(float(frac_missing) * n)), rng)
    return {"vertex": np.arange(1, n + 1), "f0": f0, "ell0": special.ndtr(f0), "y": y, "observed": observed}


def small_world_data(rng: np.random.Generator, *, graph_seed: int, n_ring: int, p_rewire: float,
                     frac_missing: float, layout_seed: int) -> dict:
    """Fig. 3: the small-world graph (LCC of the rewired ring built with ``default_rng(graph_seed)``;
    848 nodes for the seed :data:`.graphs.SMALL_WORLD_SEED` at 1000 nodes and p_rewire 0.25), all its eigenpairs (dense ``eigh``, sign-fixed), the truth built
    with the same ``w_k`` on its own eigenvectors (n = 848), labels from ``rng``, and a spring layout.

    Returns ``edges`` (E, 2) int64 (LCC indices), ``ring_index`` (n,) original ring node of each vertex,
    ``lam`` (n,), ``U`` (n, n), ``f0``, ``ell0``, ``y``, ``observed`` (n,), ``xy`` (n, 2), ``graph_seed``.
    Cache this dict: f0 depends on eigenvector signs and on the basis of degenerate eigenspaces.
    """
    import networkx as nx

    graph_seed = int(graph_seed)
    A, nodes = gr.small_world_lcc(np.random.default_rng(graph_seed), int(n_ring), float(p_rewire))
    basis = eb.dense_basis(eb.laplacian(A))
    f0 = sy.truth_function(basis)
    y, observed = sy.simulate_labels(f0, int(round(float(frac_missing) * basis.n)), rng)
    G = nx.from_scipy_sparse_array(A)
    pos = nx.spring_layout(G, seed=int(layout_seed))
    return {"edges": edge_list(A), "ring_index": nodes, "lam": basis.lam, "U": basis.U, "f0": f0,
            "ell0": special.ndtr(f0), "y": y, "observed": observed,
            "xy": np.array([pos[i] for i in range(basis.n)]), "graph_seed": np.int64(graph_seed)}


def basis_for(data: dict):
    """Eigenbasis of a :func:`path_data` (DCT) or :func:`small_world_data` (dense) dict."""
    if "U" in data:
        return eb.DenseBasis(data["lam"], data["U"])
    return eb.DCTBasis((data["f0"].size,))


def graph_posterior(data: dict, rng: np.random.Generator, *, n_iter: int, burn_in: int, thin: int, k0: int,
                    q: float, a: float, b: float, refresh_g_on_reject: bool, k_move: str, n_chains: int,
                    gamma: float | None = None, gamma_rule: float | None = None, K_max: int | None = None) -> dict:
    """Figs. 2 and 4 (one column): Algorithm 1 on the data of :func:`path_data` or
    :func:`small_world_data` with prior rate ``gamma`` (or the rule of thumb γ = gamma_rule/n: exactly one of the
    two), as ``n_chains`` independent chains (generators spawned from ``rng``) whose post-burn-in draws are pooled.

    Returns the traces of the first chain ``k``, ``c``, ``accepted`` (n_iter,) and of all chains
    ``k_chains`` (R, n_iter); the pooled posterior mean ``ell_mean`` and pointwise 95 % band
    ``ell_lo``/``ell_hi`` of ℓ = Φ(f) (n,) and the per-chain means ``ell_mean_chains`` (R, n), from which
    any statistic of the posterior mean gets its Monte-Carlo error by the jackknife over chains;
    summaries ``k_mean`` (with ``k_mean_chains``), ``k_q05``, ``k_q95`` (pooled, post burn-in), ``rmse``
    (pooled mean ℓ vs ℓ0), ``coverage`` (fraction of vertices whose pooled band covers ℓ0) with
    ``coverage_loo`` (R,) recomputed without each chain, ``miscls_unobserved`` (thresholded mean vs
    ``ℓ0 > ½`` on removed vertices), ``n_reject_kmax``, ``n_at_kmax``, ``t_sweeps`` (all chains) and the
    settings (``gamma``, ``q``, ``k0``, ``k_move``, ``n_chains``, ...).
    """
    if int(n_chains) < 1:
        raise ValueError(f"n_chains must be >= 1, got {n_chains!r}")
    if (gamma is None) == (gamma_rule is None):
        raise ValueError(f"give exactly one of gamma and gamma_rule, got {gamma!r}, {gamma_rule!r}")
    basis = basis_for(data)
    if gamma is None:
        gamma = float(gamma_rule) / data["f0"].size
    burn_in = int(burn_in)
    st = sa.ChainSettings(gamma=float(gamma), q=float(q), a=float(a), b=float(b), n_iter=int(n_iter),
                          burn_in=burn_in, thin=int(thin), k0=int(k0), K_max=K_max,
                          refresh_g_on_reject=bool(refresh_g_on_reject), keep_draws=True, k_move=str(k_move))
    signs = sa.label_signs(data["y"], data["observed"])
    runs = [sa.run_chain(basis, signs, st, r) for r in rng.spawn(int(n_chains))]
    ell0 = data["ell0"]
    draws = [r["f_draws"] for r in runs]
    ell_chains = np.stack([r["ell_mean"] for r in runs])
    ell_mean = ell_chains.mean(axis=0)

    def band(ds):
        lo, hi = np.quantile(np.concatenate(ds), [0.025, 0.975], axis=0)
        return special.ndtr(lo.astype(float)), special.ndtr(hi.astype(float))

    def coverage(lo, hi):
        return float(np.mean((lo <= ell0) & (ell0 <= hi)))

    ell_lo, ell_hi = band(draws)
    R = len(runs)
    cov_loo = (np.array([coverage(*band(draws[:i] + draws[i + 1:])) for i in range(R)]) if R > 1
               else np.full(1, np.nan))
    k_chains = np.stack([r["k"] for r in runs])
    kk = k_chains[:, burn_in:]
    un = ~data["observed"]
    return {
        "k": runs[0]["k"], "c": runs[0]["c"], "accepted": runs[0]["accepted"], "k_chains": k_chains,
        "c_chains": np.stack([r["c"] for r in runs]),
        "ell_mean": ell_mean, "ell_lo": ell_lo, "ell_hi": ell_hi, "ell_mean_chains": ell_chains,
        "k_mean": np.float64(kk.mean()), "k_mean_chains": kk.mean(axis=1),
        "k_q05": np.float64(np.quantile(kk, 0.05)), "k_q95": np.float64(np.quantile(kk, 0.95)),
        "rmse": np.float64(np.sqrt(np.mean((ell_mean - ell0) ** 2))),
        "coverage": np.float64(coverage(ell_lo, ell_hi)), "coverage_loo": cov_loo,
        "miscls_unobserved": np.float64(np.mean((ell_mean > 0.5)[un] != (ell0 > 0.5)[un])),
        "acceptance_rate": np.float64(np.mean([r["accepted"].mean() for r in runs])),
        "n_reject_kmax": np.int64(sum(int(r["n_reject_kmax"]) for r in runs)),
        "n_at_kmax": np.int64(sum(int(r["n_at_kmax"]) for r in runs)),
        "t_sweeps": np.float64(sum(float(r["t_sweeps"]) for r in runs)), "n_chains": np.int64(R),
        **_settings_dict(st, int(runs[0]["K_max"])),
    }


# ---------------------------------------------------------------- Fig. 5: MNIST 4 vs 9

def mnist_features(data_dir, *, n_components: int) -> dict:
    """All 13,782 MNIST 4s and 9s (both splits; sha256-verified IDX files in ``data_dir``) projected
    on their first ``n_components`` principal components. Returns ``P`` (N, 50), ``digit`` (N,),
    ``is_test`` (N,), ``t_pca``."""
    from statmech_bayes.data.mnist import load_mnist

    sel = mg.select_digits(load_mnist(data_dir))
    t0 = time.perf_counter()
    P = mg.pca_scores(sel["X"], int(n_components))
    return {"P": P, "digit": sel["digit"], "is_test": sel["is_test"],
            "t_pca": np.float64(time.perf_counter() - t0)}


def mnist_subgraph(features: dict, n_nodes: int, rng: np.random.Generator, *, knn: int) -> dict:
    """A stratified subsample of ``n_nodes`` images (all of them if ``n_nodes`` = N) and its
    symmetrised ``knn``-NN graph rebuilt on the global PCA coordinates, reduced to its largest
    component. Shared by both methods at one size. Returns ``index`` (n,) rows of ``features``,
    ``edges`` (E, 2), ``digit``, ``is_test`` (n,), ``n_requested``, ``n_dropped`` (outside the LCC),
    ``t_graph`` (kNN + LCC seconds)."""
    N = features["digit"].size
    idx = (np.arange(N) if int(n_nodes) == N
           else mg.stratified_subsample(features["digit"], features["is_test"], n_nodes, rng))
    t0 = time.perf_counter()
    A = mg.knn_adjacency(features["P"][idx], int(knn))
    A, keep = gr.largest_component(A)
    t_graph = time.perf_counter() - t0
    idx = idx[keep]
    return {"index": idx, "edges": edge_list(A), "digit": features["digit"][idx],
            "is_test": features["is_test"][idx], "n_requested": np.int64(n_nodes),
            "n_dropped": np.int64(int(n_nodes) - idx.size), "t_graph": np.float64(t_graph)}


def _blas_warmup(rng: np.random.Generator) -> None:
    # The first LAPACK/BLAS call pays thread-pool and page-fault set-up; keep it out of the timings.
    M = rng.standard_normal((200, 200))
    np.linalg.eigh(M + M.T)
    M @ M


def mnist_run(sub: dict, method: str, rng: np.random.Generator, *, n_iter: int, burn_in: int, gamma_rule: float,
              q: float, a: float, b: float, K_max: int | None = None, k0_cap: int | None = None,
              eig_tol: float | None = None, run_iter: int | None = None, run_burn_in: int | None = None,
              repeats: int = 1, repeat_below_s: float = 0.0) -> dict:
    """One point of Fig. 5: ``method`` = ``"truncated"`` (Algorithm 1 with γ = gamma_rule/n on the
    ``K_max`` smallest eigenpairs from sparse Lanczos to tolerance ``eig_tol``, k0 = min(round(ln2/γ), k0_cap);
    these three only for it) or ``"untruncated"`` (the method of [4]: full dense ``eigh``, k ≡ n). Training nodes are observed
    (label 1 = "9"), test nodes predicted by thresholding the posterior mean of ℓ at ½.

    Timings (``time.perf_counter``, after a BLAS warm-up): ``t_eig`` (eigensolve), ``t_mcmc`` (all
    ``n_iter`` sweeps, identical for both methods), ``t_total`` = their sum (graph build excluded; it
    is ``sub["t_graph"]``). Also returns ``n_nodes``, ``n_test``, ``test_error``, ``k_mean``, ``k_max``,
    ``k_min``, ``k0``, ``K_max`` (n for untruncated), ``n_reject_kmax``, ``acceptance_rate``, ``lambda2``.

    Cost controls (none changes what Fig. 5 plots: eigensolve + ``n_iter`` sweeps). ``run_iter`` /
    ``run_burn_in``: run only that many sweeps (the untruncated method at the largest sizes, where one sweep is two
    dense n x n products); ``t_mcmc`` is then the measured time per sweep times ``n_iter`` (a sweep's cost does not
    depend on the state: k ≡ n), the measured ``t_mcmc_run`` and ``n_iter_run`` are returned beside it, and the test
    error is that of the shorter chain. ``repeats``: while a whole point (eigensolve + chain) took less than
    ``repeat_below_s`` seconds, it is repeated from the same seed, up to ``repeats`` times, and ``t_eig``,
    ``t_mcmc`` are the minima over the repeats (``n_repeats`` returned): outside load only adds time, so the
    minimum is the least disturbed reading; the long points, where a burst of load is a small share, run once.
    """
    if method not in ("truncated", "untruncated"):
        raise ValueError(f"method must be 'truncated' or 'untruncated', got {method!r}")
    if method == "truncated" and None in (K_max, k0_cap, eig_tol):
        raise ValueError(f"the truncated method needs K_max, k0_cap and eig_tol, got {K_max!r}, {k0_cap!r}, {eig_tol!r}")
    q, a, b = float(q), float(a), float(b)
    n = sub["digit"].size
    A = from_edge_list(sub["edges"], n)
    L = eb.laplacian(A)
    gamma = float(gamma_rule) / n
    n_run = int(n_iter if run_iter is None else run_iter)
    burn_run = int(burn_in if run_burn_in is None else run_burn_in)
    if not 0 <= burn_run < n_run:
        raise ValueError(f"need 0 <= run_burn_in < run_iter, got {burn_run}, {n_run}")
    _blas_warmup(np.random.default_rng(0))
    y = (sub["digit"] == 9).astype(np.int8)
    observed = ~sub["is_test"]
    signs = sa.label_signs(y, observed)
    seed_state = rng.bit_generator.state
    t_eigs, t_runs = [], []
    while True:
        # every repeat from the same generator state: the same chain, only the clock differs
        rng.bit_generator.state = seed_state
        t0 = time.perf_counter()
        if method == "truncated":
            K = min(int(K_max), n - 1)
            basis = eb.sparse_basis(L, K, rng, tol=float(eig_tol))
        else:
            basis = eb.dense_basis(L)
        t_eigs.append(time.perf_counter() - t0)
        if method == "truncated":
            k0 = int(min(round(np.log(2.0) / gamma), int(k0_cap), basis.K))
            st = sa.ChainSettings(gamma=gamma, q=q, a=a, b=b, n_iter=n_run, burn_in=burn_run, k0=k0)
            r = sa.run_chain(basis, signs, st, rng)
        else:
            k0 = n
            st = sa.ChainSettings(gamma=gamma, q=q, a=a, b=b, n_iter=n_run, burn_in=burn_run, k0=n)
            r = sa.run_untruncated(basis, signs, st, rng)
        t_runs.append(float(r["t_sweeps"]))
        if len(t_eigs) >= int(repeats) or t_eigs[-1] + t_runs[-1] >= float(repeat_below_s):
            break
    t_eig = min(t_eigs)
    t_mcmc_run = min(t_runs)
    t_mcmc = t_mcmc_run * int(n_iter) / n_run
    test = sub["is_test"]
    pred = r["ell_mean"] > 0.5
    kk = r["k"][burn_run:]
    return {
        "method": np.str_(method), "n_nodes": np.int64(n), "n_test": np.int64(test.sum()),
        "t_eig": np.float64(t_eig), "t_mcmc": np.float64(t_mcmc), "t_total": np.float64(t_eig + t_mcmc),
        "t_graph": np.float64(sub["t_graph"]),
        "test_error": np.float64(np.mean(pred[test] != y[test].astype(bool))),
        "k_mean": np.float64(kk.mean()), "k_min": np.int64(kk.min()), "k_max": np.int64(kk.max()),
        "k0": np.int64(k0), "K_max": np.int64(basis.K), "n_reject_kmax": r["n_reject_kmax"],
        "acceptance_rate": np.float64(r["accepted"].mean()), "gamma": np.float64(gamma),
        "n_iter": np.int64(n_iter), "burn_in": np.int64(burn_in), "q": np.float64(q),
        "lambda2": np.float64(basis.lam[1]), "c_mean": np.float64(r["c"][burn_run:].mean()),
        "n_iter_run": np.int64(n_run), "burn_in_run": np.int64(burn_run), "t_mcmc_run": np.float64(t_mcmc_run),
        "n_repeats": np.int64(len(t_eigs)), "t_eig_repeats": np.array(t_eigs), "t_mcmc_repeats": np.array(t_runs),
        "blas_threads": np.int64(_blas_threads()),
    }


def _blas_threads() -> int:
    try:
        from threadpoolctl import threadpool_info
        info = [p["num_threads"] for p in threadpool_info() if p.get("user_api") == "blas"]
        return max(info) if info else -1
    except Exception:  # threadpoolctl missing or unable to introspect: not fatal for a record field
        return -1


def loglog_slope(n: np.ndarray, t: np.ndarray) -> float:
    """Least-squares slope of ``log t`` against ``log n`` (the middle panel of Fig. 5)."""
    n = np.asarray(n, dtype=float)
    t = np.asarray(t, dtype=float)
    if n.shape != t.shape or n.size < 2:
        raise ValueError(f"n and t must be equal-length with >= 2 points, got {n.shape}, {t.shape}")
    return float(np.polyfit(np.log(n), np.log(t), 1)[0])


# ---------------------------------------------------------------- Figs. 6-10: object tracking

def tracking_data(rng: np.random.Generator, **video_kwargs) -> dict:
    """Fig. 6: :func:`.tracking.make_video` plus its RGB rendering ``rgb`` (T, H, W, 3)."""
    v = tr.make_video(rng, **video_kwargs)
    v["rgb"] = tr.video_rgb(v["labels"], v["observed"])
    return v


def boundary_distance(labels: np.ndarray) -> np.ndarray:
    """In-frame Euclidean distance (pixels) from each pixel to the nearest pixel of the other label:
    1 on both sides of the object boundary, growing away from it (``inf`` in a one-label frame)."""
    from scipy import ndimage

    lab = np.asarray(labels).astype(bool)
    out = np.full(lab.shape, np.inf)
    for t in range(lab.shape[0]):  # 9 frames, not a per-pixel loop
        if lab[t].any() and not lab[t].all():
            out[t] = np.where(lab[t], ndimage.distance_transform_edt(lab[t]),
                              ndimage.distance_transform_edt(~lab[t]))
    return out


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
                              k_move=str(p["k_move"]), scale_sd=float(p["scale_sd"]), track_loglik=True)
        rp = sa.run_chain(basis, signs, sp, rng_p)
        mp = tr.tracking_metrics(rp["ell_mean"].reshape(shape), video["truth"], video["extra"], video["observed"])
        out["probe_k"][i] = rp["k"]
        out["probe_loglik"][i] = rp["loglik"][half:].mean()
        out["probe_extra_kept"][i] = mp["extra_kept"]
        out["probe_frame_error"][i] = mp["frame_error"]
        out["probe_width_max"][i] = float(np.max(rp["ell_hi"] - rp["ell_lo"]))
        out["probe_c_end"][i] = rp["c"][-1]
    return out


def tracking_posterior(video: dict, rng: np.random.Generator, *, n_iter: int = 3000,
                       burn_in: int = 1000, thin: int = 4, k0: int = 300, gamma_rule: float = 20.0,
                       q: float = 1.0, a: float = 0.0, b: float = 0.0,
                       refresh_g_on_reject: bool = False, k_move: str = "conditional", scale_sd: float = 0.0,
                       c0: float = 1.0, probes: tuple[dict, ...] = (), probe_iter: int = 0) -> dict:
    """Figs. 8-10: Algorithm 1 on the ``T x H x W`` space-time grid graph (explicit DCT eigenbasis,
    ``K_max = n``), γ = gamma_rule/n, started at ``(k0, c0)``; then short probe chains of ``probe_iter``
    sweeps, one per entry ``{"k0", "c0", "k_move", "scale_sd"}`` of ``probes`` (same γ, q, a, b), which show
    how the result depends on the start and the moves (spec B7).

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
    dist = boundary_distance(labels)
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
