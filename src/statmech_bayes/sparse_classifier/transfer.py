"""The output channel of the noisy perceptron, f(u; κ) = κ + (1 − 2κ) Θ(u) (Eq. 17).

For a Gaussian field of mean ``h`` and variance ``V``:

* ``Z_out(h; V) = ∫Du f(√V u + h) = κ + (1 − 2κ) Φ(h/√V)``
* ``a(h; V) = ∂_h ln Z_out`` (Eqs. 28, 40)
* ``b(h; V) = ∂_h a = −a (a + h/V)`` (Eq. 29; always ≤ 0)
"""

from __future__ import annotations

import numpy as np
from scipy.special import log_ndtr, ndtr

_LOG_SQRT_2PI = 0.5 * np.log(2.0 * np.pi)


def check_kappa(kappa: float) -> float:
    """``kappa`` as a float after checking 0 ≤ κ < 1/2."""
    kappa = float(kappa)
    if not 0.0 <= kappa < 0.5:
        raise ValueError(f"kappa must satisfy 0 <= kappa < 1/2, got {kappa!r}")
    return kappa


def f_step(u, kappa: float) -> np.ndarray:
    """Eq. (17): ``κ + (1 − 2κ) Θ(u)`` with Θ(0) = 0."""
    kappa = check_kappa(kappa)
    return kappa + (1.0 - 2.0 * kappa) * (np.asarray(u, float) > 0)


def z_out(h, V, kappa: float) -> np.ndarray:
    """``∫Du f(√V u + h)`` for the step f (the predictive probability of label +1 in y-folded form)."""
    kappa = check_kappa(kappa)
    return kappa + (1.0 - 2.0 * kappa) * ndtr(np.asarray(h, float) / np.sqrt(V))


def a_out(h, V, kappa: float) -> np.ndarray:
    """``a(h; V) = ∂_h ln Z_out(h; V)`` (Eq. 28 / 40), evaluated in log space.

    Far in the negative tail ``Φ(h/√V)`` underflows while ``φ/Φ`` stays finite; for κ = 0 the ratio
    is the inverse Mills ratio, so both are formed from ``log_ndtr``.
    """
    kappa = check_kappa(kappa)
    h = np.asarray(h, float)
    sv = np.sqrt(V)
    x = h / sv
    if kappa > 0.0:
        log_den = np.logaddexp(np.log(kappa / (1.0 - 2.0 * kappa)), log_ndtr(x))
    else:
        log_den = log_ndtr(x)
    return np.exp(-0.5 * x * x - _LOG_SQRT_2PI - log_den) / sv


def b_out(h, V, kappa: float, a=None) -> np.ndarray:
    """``b(h; V) = ∂_h a = −a (a + h/V)`` (Eq. 29); pass ``a`` to reuse an evaluation of :func:`a_out`."""
    h = np.asarray(h, float)
    if a is None:
        a = a_out(h, V, kappa)
    return -a * (a + h / V)
