"""The exactly solvable "degenerate" scenario of Sollich & Halees (2002), Section 5.

Inputs take discrete values ``x^α`` with probabilities ``p_α``; outputs at different inputs are
uncorrelated, ``C(x^α, x^β) = c_α δ_αβ``. Then ``λ_α = c_α p_α`` (any spectrum is possible), ``Ψ^TΨ`` is
diagonal with entries ``n_α/p_α`` (the counts of each input in the training set), and eq. (8) gives

    ε(D) = Σ_α λ_α σ² / (σ² + n_α λ_α/p_α)                                      (eq. 29)

The counts are Binomial(n, p_α), so the learning curve is the exact finite sum

    ε(n) = Σ_α λ_α Σ_m Bin(m; n, p_α) / (1 + m λ_α/(p_α σ²)),                   (eq. 30, summed form)

equivalently ``∫_0^1 dr Σ_α λ_α (1 - p_α + p_α r^{λ_α/(p_α σ²)})^n`` (eq. 30 as printed). With a
uniform prior variance ``c_α = c``: ``p_α = λ_α/T`` and ``λ_α/(p_α σ²) = T/σ²`` for every α.

A spectrum level with multiplicity ``k`` is ``k`` distinct inputs with the same ``λ`` and ``p`` (tail
quadrature nodes enter with their fractional weights; the formulas are linear in the multiplicity).
"""

from __future__ import annotations

import numpy as np
from scipy import integrate
from scipy.stats import binom

from statmech_bayes.gp.spectra import Spectrum

__all__ = ["concentrated_inputs", "deg_learning_curve", "deg_learning_curve_integral", "deg_min_single_dataset", "deg_single_dataset"]


def _inputs(spec: Spectrum, p):
    lam, w = spec.lam, spec.mult
    if p is None:
        p = lam / spec.T  # uniform prior variance (Section 5, "ĉ_α = c")
    p = np.asarray(p, float)
    if p.shape != lam.shape or np.any(p < 0) or np.any(p > 1):
        raise ValueError("p must give one probability in [0, 1] per spectrum level")
    if not np.isclose(p @ w, 1.0, rtol=1e-9, atol=1e-12):
        raise ValueError(f"input probabilities must sum to 1 (with multiplicities), got {p @ w!r}")
    return lam, w, p


def deg_learning_curve(spec: Spectrum, n, sigma2: float, p=None) -> np.ndarray:
    """Exact ε(n) of the degenerate scenario, eq. (30) as the binomial sum over the counts.

    ``p`` (per level) defaults to the uniform-prior-variance choice ``p_α = λ_α/T``. The Binomial
    probabilities are evaluated for all levels and all ``m ≤ n`` at once for each n.
    """
    if not sigma2 > 0:
        raise ValueError("sigma2 must be > 0")
    lam, w, p = _inputs(spec, p)
    keep = (lam > 0) & (w > 0)
    lam, w, p = lam[keep], w[keep], p[keep]
    ratio = np.divide(lam, p * sigma2, out=np.zeros_like(lam), where=p > 0)  # λ_α/(p_α σ²)
    n_arr = np.asarray(n)
    ni = n_arr.astype(np.int64).ravel()
    if not np.array_equal(ni, n_arr.ravel()) or np.any(ni < 0):
        raise ValueError("n must be non-negative integers")
    out = np.empty(ni.size)
    for i, nn in enumerate(ni):
        m = np.arange(nn + 1)
        pmf = binom.pmf(m[None, :], nn, p[:, None])                    # (levels, m)
        out[i] = (w * lam) @ (pmf / (1.0 + m[None, :] * ratio[:, None])).sum(axis=1)
    return out.reshape(n_arr.shape)


def deg_learning_curve_integral(spec: Spectrum, n, sigma2: float, p=None) -> np.ndarray:
    """Eq. (30) as printed, ``∫_0^1 dr Σ_α λ_α (1 - p_α + p_α r^{β_α})^n``, ``β_α = λ_α/(p_α σ²)``.

    For the steep ``r^β`` at small σ², ``r = e^{-t}`` gives ``∫_0^∞ dt e^{-t} Σ λ(1 - p(1 - e^{-β t}))^n``,
    integrated adaptively. Used to cross-check :func:`deg_learning_curve`.
    """
    lam, w, p = _inputs(spec, p)
    beta = np.divide(lam, p * sigma2, out=np.zeros_like(lam), where=p > 0)
    n_arr = np.asarray(n, float)
    pos = beta > 0
    out = []
    for nn in n_arr.ravel():
        # the integrand changes where n p_α (1 - e^{-β_α t}) ~ 1 and where β_α t ~ 1: geometric panel edges
        # from the smallest such scale up to t = 60 (e^{-60} closes the range)
        t_min = float(np.min(1.0 / (beta[pos] * np.maximum(1.0, nn * p[pos])))) if pos.any() else 1.0
        pieces = np.concatenate([[0.0], np.geomspace(min(t_min, 1.0) / 10, 60.0, 60)])
        f = lambda t: np.exp(-t) * ((w * lam) @ (1 - p * (1 - np.exp(-beta * t))) ** nn)
        val = sum(integrate.quad(f, a, b, limit=200, epsabs=1e-15, epsrel=1e-12)[0]
                  for a, b in zip(pieces[:-1], pieces[1:]))
        out.append(val + integrate.quad(f, 60.0, np.inf, epsabs=1e-16)[0])
    return np.array(out).reshape(n_arr.shape)


def deg_single_dataset(spec: Spectrum, counts, sigma2: float) -> float:
    """ε(D) of one data set with counts ``n_α`` on the top eigenvalues, uniform prior variance (eq. 32):
    ``Σ_α λ_α σ²/(σ² + n_α T)`` (levels beyond ``counts`` have ``n_α = 0``)."""
    counts = np.asarray(counts, float)
    top = spec.top(counts.size)
    return float(spec.T - top.sum() + (top * sigma2 / (sigma2 + counts * spec.T)).sum())


def deg_min_single_dataset(spec: Spectrum, n_max: int, sigma2: float) -> np.ndarray:
    """``min_D ε(D)`` over data sets of size n = 0..n_max, uniform prior variance (eq. 32, Fig. 10).

    ``ε(D) = Σ_α λ_α/(1 + n_α β)``, ``β = T/σ²``, is separable, and each term decreases and is convex
    in ``n_α``: the marginal gain of the (m+1)-th example on input α, ``λ_α β/((1+mβ)(1+(m+1)β))``,
    decreases in m. The optimum for n examples therefore takes the n largest marginal gains over all
    (α, m) (greedy allocation is exact), so one sort gives the whole curve. Only the top ``n_max``
    eigenvalues can receive an example (exchange argument), so they suffice.
    """
    if not sigma2 > 0:
        raise ValueError("sigma2 must be > 0")
    n_max = int(n_max)
    available = int(np.round(spec.mult).sum()) if np.all(spec.explicit) else n_max
    top = spec.top(min(n_max, available))  # a finite spectrum may have fewer inputs than examples
    beta = spec.T / sigma2
    m = np.arange(n_max)
    gains = top[:, None] * beta / ((1.0 + m[None, :] * beta) * (1.0 + (m[None, :] + 1.0) * beta))
    best = np.sort(gains.ravel())[::-1][:n_max]
    return spec.T - np.concatenate([[0.0], np.cumsum(best)])


def concentrated_inputs(spec: Spectrum, level: int, delta: float) -> tuple[Spectrum, np.ndarray]:
    """The limiting case of eq. (31): one input ``α`` (an eigenvalue of spectrum level ``level``) has
    probability ``1 - δ``; the other inputs share ``δ`` in proportion to their eigenvalues.

    Returns the spectrum with that eigenvalue split off its level (multiplicity 1) and the per-level
    probabilities ``p``. The prior variances ``c_α = λ_α/p_α`` are then far from uniform, which is what
    makes the error reduction arbitrarily small (Sec. 5).
    """
    if not 0 < delta < 1:
        raise ValueError("delta must be in (0, 1)")
    lam, w, ex = spec.lam, spec.mult, spec.explicit
    if not ex[level] or w[level] < 1:
        raise ValueError("the chosen level must be an explicit eigenvalue")
    lam2 = np.insert(lam, level, lam[level])
    w2 = np.insert(w, level, 1.0)
    w2[level + 1] -= 1.0
    ex2 = np.insert(ex, level, True)
    split = Spectrum(lam2, w2, ex2, spec.prior_variance, spec.neglected)
    rest = spec.T - lam[level]
    p = delta * lam2 / rest
    p[level] = 1.0 - delta
    return split, p
