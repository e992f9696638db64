"""Figs. 2 and 4 of Hartog & van Zanten (2018): Algorithm 1 on the path data (:mod:`.path`) or the small-world
data (:mod:`.smallworld`), one column (one γ) per call (rule ``hvz_graph_mcmc``)."""

from __future__ import annotations

import numpy as np
from scipy import special

from statmech_bayes.truncated_laplacian import eigenbasis as eb
from statmech_bayes.truncated_laplacian import sampler as sa
from statmech_bayes.truncated_laplacian.experiments.common import _settings_dict


def basis_for(data: dict):
    """Eigenbasis of a :func:`.path.path_data` (DCT) or :func:`.smallworld.small_world_data` (dense) dict."""
    if "U" in data:
        return eb.DenseBasis(data["lam"], data["U"])
    return eb.DCTBasis((data["f0"].size,))


def graph_posterior(data: dict, rng: np.random.Generator, *, n_iter: int, burn_in: int, thin: int, k0: int,
                    q: float, a: float, b: float, refresh_g_on_reject: bool, k_move: str, n_chains: int,
                    gamma: float | None = None, gamma_rule: float | None = None, K_max: int | None = None) -> dict:
    """Figs. 2 and 4 (one column): Algorithm 1 on the data of :func:`.path.path_data` or
    :func:`.smallworld.small_world_data` with prior rate ``gamma`` (or the rule of thumb γ = gamma_rule/n: exactly one of the
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
