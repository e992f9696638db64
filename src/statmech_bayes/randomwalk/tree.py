"""The random walk kernel on the infinite d-regular tree (Urry & Sollich 2013, Section 2.1, Appendix A).

Notation: ``C_{l,p}`` is the kernel between two vertices at distance ``l`` after ``p`` lazy-walk
steps with laziness parameter ``a``; hats denote the unnormalised kernel, for which
``Ĉ_{0,p}`` is the p-step return probability of the lazy walk.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import integrate


def _check(d: int, a: float) -> None:
    if int(d) != d or d < 3:
        raise ValueError(f"d must be an integer >= 3 (a tree with branching), got {d!r}")
    if a < 2:
        raise ValueError(f"a must be >= 2 so that I - L/a is positive semi-definite, got {a!r}")


@dataclass(frozen=True)
class TreeKernel:
    """``C[i, l]`` = normalised ``C_{l, p_i}`` for ``l = 0..l_max``; ``log_norm[i] = log Ĉ_{0,p_i}``."""

    p: np.ndarray
    C: np.ndarray
    log_norm: np.ndarray

    @property
    def unnormalised(self) -> np.ndarray:
        """``Ĉ_{l,p} = C_{l,p} Ĉ_{0,p}`` (underflows for very large p; use ``log_norm`` there)."""
        return self.C * np.exp(self.log_norm)[:, None]


def tree_kernel(d: int, a: float, p_values, l_max: int, l_cut: int | None = None) -> TreeKernel:
    """Iterate the tree recursion, Eq. (4), and record ``C_{l,p}`` at the requested ``p``.

    Eq. (4): ``γ_{p+1} C_{0,p+1} = (1-1/a) C_{0,p} + (1/a) C_{1,p}`` and, for ``l >= 1``,
    ``γ_{p+1} C_{l,p+1} = C_{l-1,p}/(a d) + (1-1/a) C_{l,p} + (d-1) C_{l+1,p}/(a d)``, with
    ``C_{l,0} = δ_{l,0}`` and ``γ_{p+1}`` fixing ``C_{0,p+1} = 1``. The product of the ``γ`` is the
    unnormalised return probability ``Ĉ_{0,p}``, accumulated in log space so that nothing underflows.

    ``C_{l,p} = 0`` for ``l > p``, so an array of length ``p_max + 2`` is exact. ``l_cut`` truncates
    it further (a reflecting-free zero boundary) for very long runs; beyond ``l ~ 10 sqrt(p)`` the
    kernel is suppressed by ``exp(-l^2/p)`` and the truncation error is far below float precision.
    """
    _check(d, a)
    p_values = np.asarray(sorted(set(int(p) for p in p_values)), dtype=np.int64)
    if p_values.size == 0 or p_values[0] < 0:
        raise ValueError("p_values must be non-empty and non-negative")
    p_max = int(p_values[-1])
    n = p_max + 2 if l_cut is None else min(p_max + 2, int(l_cut) + 2)
    n = max(n, l_max + 2)
    stay, down, up = 1.0 - 1.0 / a, 1.0 / (a * d), (d - 1.0) / (a * d)
    C = np.zeros(n)
    C[0] = 1.0
    new = np.empty(n)
    log_norm = 0.0
    out_C = np.empty((p_values.size, l_max + 1))
    out_log = np.empty(p_values.size)
    k = 0
    for p in range(p_max + 1):
        while k < p_values.size and p_values[k] == p:
            out_C[k] = C[: l_max + 1]
            out_log[k] = log_norm
            k += 1
        if p == p_max:
            break
        new[0] = stay * C[0] + C[1] / a
        new[1:-1] = down * C[:-2] + stay * C[1:-1] + up * C[2:]
        new[-1] = down * C[-2] + stay * C[-1]
        g = new[0]
        log_norm += np.log(g)
        np.divide(new, g, out=C)
    return TreeKernel(p=p_values, C=out_C, log_norm=out_log)


def tree_kernel_limit(d: int, l) -> np.ndarray:
    """Large-p limit on the d-regular tree, Eq. (5): ``C_{l,∞} = [1 + l(d-2)/d] (d-1)^{-l/2}``."""
    l = np.asarray(l, dtype=float)
    return (1.0 + l * (d - 2.0) / d) * (d - 1.0) ** (-l / 2.0)


def extrapolate_limit(values: np.ndarray) -> float:
    """Aitken Δ² extrapolation of a sequence sampled at geometrically growing p.

    For ``x_k = x_∞ + c r^k`` (an error ``∝ p^{-s}`` sampled at ``p = p_0 2^k`` has this form) the last
    three terms give ``x_∞`` exactly; used to compute the p → ∞ limit of Eq. (4) independently of Eq. (5).
    """
    x0, x1, x2 = (float(v) for v in values[-3:])
    denom = (x2 - x1) - (x1 - x0)
    if denom == 0.0:
        return x2
    return x2 - (x2 - x1) ** 2 / denom


def shell_volumes(d: int, l) -> np.ndarray:
    """Number of vertices at distance l from a vertex of the d-regular tree: ``v_0=1, v_l=d(d-1)^{l-1}``."""
    l = np.asarray(l, dtype=float)
    return np.where(l == 0, 1.0, d * (d - 1.0) ** (l - 1.0))


def cycle_threshold(V: float, d: int) -> float:
    """Eq. (7): ``p/a ≈ log V / log(d-1)``, where cycles of a random d-regular graph start to matter."""
    return float(np.log(V) / np.log(d - 1.0))


def spectral_edge(d: int, a: float) -> float:
    """``γ = (1-1/a) + 2 sqrt(d-1)/(a d)``, the top of the lazy-walk spectrum on the tree (Appendix A.2)."""
    return (1.0 - 1.0 / a) + 2.0 * np.sqrt(d - 1.0) / (a * d)


def scaled_shell_density(d: int, a: float, p_values, x_max: float) -> list[dict]:
    """Appendix A.2 / Fig. 10: ``p ρ_{l,p}`` against ``l / sqrt(p)``.

    ``ρ_{l,p} = R̂_{l,p} γ^{-p}`` with ``R̂_{l,p} = Ĉ_{l,p} sqrt(v_l)`` (the unnormalised shell form of
    Eq. (6)) and ``γ`` from :func:`spectral_edge`. Evaluated from recursion (4) rather than by
    iterating Eq. (6), whose ``l = 1`` line has a typo (coefficient of ``R_{0,p}`` should be
    ``1/(a sqrt d)``). Everything is combined in log space: ``v_l`` alone would overflow.
    """
    p_values = sorted(int(p) for p in p_values)
    l_max = int(np.ceil(x_max * np.sqrt(p_values[-1])))
    tk = tree_kernel(d, a, p_values, l_max=l_max)
    log_gamma = np.log(spectral_edge(d, a))
    out = []
    for i, p in enumerate(tk.p):
        l = np.arange(0, min(int(np.floor(x_max * np.sqrt(p))), p) + 1)
        C = tk.C[i, l]
        with np.errstate(divide="ignore"):
            log_rho = np.log(C) + tk.log_norm[i] + 0.5 * np.log(shell_volumes(d, l)) - p * log_gamma
        out.append({"p": int(p), "l": l, "x": l / np.sqrt(p), "p_rho": p * np.exp(log_rho)})
    return out


def scaling_exponent(d: int, a: float) -> float:
    """Gaussian cutoff constant ``B`` in ``p ρ_{l,p} → A x exp(-B x^2)``, ``x = l/sqrt(p)``.

    The text (Appendix A.2) quotes ``d / (2 sqrt(d-1))`` for a = 2. Mapping ρ onto a lazy walk on the
    half-line with per-step variance ``s^2 = 2 sqrt(d-1)/(a d γ)`` gives ``B = 1/(2 s^2) = a d γ/(4 sqrt(d-1))``,
    which includes the factor γ of the re-normalised walk.
    """
    return a * d * spectral_edge(d, a) / (4.0 * np.sqrt(d - 1.0))


def heat_integral_kernel(d: int, a: float, p: int, l: int) -> float:
    """Unnormalised ``Ĉ_{l,p}`` from the spectral integrals of Appendix A.1, Eqs. (47)-(48).

    These are the Chung–Yau heat-kernel integrals with ``exp(-tλ)`` replaced by ``(1-λ/a)^p``; an
    independent check of recursion (4).
    """
    _check(d, a)
    s = np.sqrt(d - 1.0)

    def base(x):
        return (1.0 - (1.0 - 2.0 * np.cos(x) * s / d) / a) ** p / (d * d - 4.0 * (d - 1.0) * np.cos(x) ** 2)

    if l == 0:
        f = lambda x: base(x) * np.sin(x) ** 2
        pref = 2.0 * (d - 1.0) * d / np.pi
    else:
        f = lambda x: base(x) * np.sin(x) * ((d - 1.0) * np.sin((l + 1) * x) - np.sin((l - 1) * x))
        pref = 2.0 / (np.pi * (d - 1.0) ** (l / 2.0 - 1.0))
    val, _ = integrate.quad(f, 0.0, np.pi, limit=400, epsabs=1e-15, epsrel=1e-12)
    return pref * val
