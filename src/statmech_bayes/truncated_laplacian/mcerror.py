"""Monte-Carlo error of posterior summaries from independent chains (the jackknife over chains), and the
three-way verdict of a claim whose value carries such an error.

A summary that is a smooth function of the pooled posterior mean (an RMSE, a roughness, a coverage) is
recomputed with each chain left out in turn; the spread of these R values gives its standard error. A
claim is then decided only when the reproduced value is farther than ``Z_DECIDE`` standard errors from
the claim's boundary; closer than that, the chains cannot tell and the verdict is inconclusive.
"""

from __future__ import annotations

import numpy as np

#: Standard errors a value must clear to decide a claim (one-sided 97.7 % for an ordering).
Z_DECIDE = 2.0


def jackknife_se(loo) -> float:
    """Standard error of a statistic from its R leave-one-chain-out values:
    ``sqrt((R-1)/R Σ (θ_(i) - θ̄)²)`` (Efron's jackknife); for a mean over chains it equals ``sd/√R``."""
    loo = np.asarray(loo, dtype=float)
    R = loo.size
    if R < 2:
        raise ValueError(f"the jackknife needs at least 2 chains, got {R}")
    return float(np.sqrt((R - 1) / R * np.sum((loo - loo.mean()) ** 2)))


def leave_one_out_means(x) -> np.ndarray:
    """``(R, ...)`` per-chain values -> the R means over all chains but one (inputs of :func:`jackknife_se`)."""
    x = np.asarray(x, dtype=float)
    R = x.shape[0]
    if R < 2:
        raise ValueError(f"leave-one-out needs at least 2 chains, got {R}")
    return (x.sum(axis=0, keepdims=True) - x) / (R - 1)


def stat_with_se(per_chain, fn) -> tuple[float, float]:
    """``fn`` of the pooled mean of ``per_chain`` ((R, ...) array) and its jackknife standard error."""
    x = np.asarray(per_chain, dtype=float)
    return float(fn(x.mean(axis=0))), jackknife_se([fn(m) for m in leave_one_out_means(x)])


def order_verdict(values, ses, z: float = Z_DECIDE) -> tuple[bool, bool]:
    """``(passed, decidable)`` for the strict order ``values[0] > values[1] > ...`` of independent estimates
    with standard errors ``ses``: decided once every consecutive difference clears ``z`` combined standard
    errors, or as soon as one difference is more than ``z`` of them the wrong way (fail)."""
    v = np.asarray(values, dtype=float)
    se = np.asarray(ses, dtype=float)
    if v.shape != se.shape or v.size < 2:
        raise ValueError(f"need >= 2 values with one standard error each, got {v.shape} and {se.shape}")
    d = v[:-1] - v[1:]
    s = np.hypot(se[:-1], se[1:])
    if np.any(d < -z * s):
        return False, True
    if np.all(d > z * s):
        return True, True
    return bool(np.all(d > 0)), False


def range_verdict(value: float, se: float, lower: float = -np.inf, upper: float = np.inf,
                  z: float = Z_DECIDE) -> tuple[bool, bool]:
    """``(passed, decidable)`` for ``lower <= value <= upper`` with standard error ``se``: decided when
    ``value ± z·se`` lies wholly inside (pass) or the value is more than ``z·se`` outside (fail)."""
    inside = lower + z * se <= value <= upper - z * se
    outside = value < lower - z * se or value > upper + z * se
    return bool(lower <= value <= upper), bool(inside or outside)


def gelman_rubin(chains, split: bool = True) -> float:
    """Potential scale reduction R-hat of ``chains`` ((m, n) array: m chains of n draws of one scalar, burn-in
    already removed), Gelman & Rubin (1992) in the form of Gelman et al., *Bayesian Data Analysis* (3rd ed.,
    eq. 11.1-11.4): with W the mean of the within-chain variances and B/n the variance of the chain means,

        var+ = (n - 1)/n W + B/n,    R-hat = sqrt(var+ / W).

    ``split``: each chain is first cut into halves (2m chains of n//2 draws), so a trend inside a chain (a drift
    that all chains share) also raises R-hat. Near 1 (below about 1.01-1.1) when the chains sample one
    distribution; identical chains give ``sqrt((n - 1)/n)``; ``inf`` when every chain is constant but they differ
    (no within-chain spread), ``nan`` when every draw is equal."""
    x = np.asarray(chains, dtype=float)
    if x.ndim != 2 or x.shape[0] < 1 or x.shape[1] < 4:
        raise ValueError(f"need an (m, n) array of m >= 1 chains with n >= 4 draws, got shape {x.shape}")
    if split:
        h = x.shape[1] // 2
        x = np.concatenate([x[:, :h], x[:, x.shape[1] - h:]], axis=0)
    m, n = x.shape
    if m < 2:
        raise ValueError("R-hat needs at least two chains (or one chain split in two)")
    W = float(np.mean(np.var(x, axis=1, ddof=1)))
    B = n * float(np.var(x.mean(axis=1), ddof=1))
    if W == 0.0:
        return float("nan") if B == 0.0 else float("inf")
    return float(np.sqrt(((n - 1) / n * W + B / n) / W))
