"""Eigenvalue spectra of the covariance operators of Sollich & Halees (2002), Appendix C.

The eigenvalues λ are those of eq. (6), ``<C(x,x') φ(x')>_{x'} = λ φ(x)``, relative to the input
distribution, so that ``tr Λ = <C(x,x)>_x`` (eq. 7). Three scenarios:

* periodic RBF and OU covariance functions on the unit hypercube ``[0,1]^d`` with uniform inputs:
  ``C(x,x') = Σ_{r∈Z^d} c(x - x' - r)`` (eq. 43), Fourier eigenfunctions, eigenvalues equal to the
  Fourier transform of ``c``: ``λ_q = (2π)^{d/2} l^d exp(-(2πl)² |q|²/2)`` (RBF) and
  ``λ_q = k_d l^d [1 + (2πl)²|q|²]^{-(d+1)/2}``, ``k_d = π^{(d-1)/2} 2^d Γ((d+1)/2)`` (OU, eq. 44);
* the non-periodic RBF with isotropic Gaussian inputs of variance ``σ_x²`` per component:
  ``λ_s = (1-β)^d β^s`` with multiplicity ``(d+s-1)!/(s!(d-1)!)``,
  ``β^{-1} = 1 + r/2 + sqrt(r²/4 + r)``, ``r = l²/σ_x²`` (eq. 45, Zhu et al. 1998).

A :class:`Spectrum` stores the distinct eigenvalues (descending) with their multiplicities. Every
truncation is controlled: the neglected spectral mass is computed (not guessed) and kept below
``tol · tr Λ``. The OU eigenvalues decay as a power law, so as in the paper (App. C) they are summed
explicitly up to ``|q| ≤ q_max`` and the rest is a shell integral, represented here by Gauss–Legendre
"tail nodes" whose multiplicities are quadrature weights (flagged ``explicit = False``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.special import gammaln

__all__ = [
    "Spectrum",
    "gaussian_rbf_spectrum",
    "ou_prefactor",
    "periodic_ou_spectrum",
    "periodic_prior_variance",
    "periodic_rbf_spectrum",
    "scenario_spectrum",
]


@dataclass(frozen=True)
class Spectrum:
    """Distinct eigenvalues ``lam`` (descending), multiplicities ``mult``, and which are explicit.

    ``mult`` holds integer multiplicities for explicitly enumerated eigenvalues and (non-integer)
    quadrature weights for tail nodes (``explicit[i] = False``). Every trace is ``Σ mult·f(lam)``.
    ``prior_variance`` is the closed-form ``C(x,x)`` the trace is checked against (App. C: "we always
    verified that the numerically calculated tr Λ agreed with the known value of C(x,x)");
    ``neglected`` is the spectral mass dropped by the truncation (an upper bound on ``|ΔT|``).
    """

    lam: np.ndarray
    mult: np.ndarray
    explicit: np.ndarray
    prior_variance: float
    neglected: float

    def __post_init__(self):
        lam, mult = np.asarray(self.lam, float), np.asarray(self.mult, float)
        if lam.ndim != 1 or lam.shape != mult.shape or lam.shape != np.shape(self.explicit):
            raise ValueError("lam, mult and explicit must be 1-D arrays of equal length")
        if np.any(np.diff(lam) > 0):
            raise ValueError("eigenvalues must be sorted in descending order")
        if np.any(lam < 0) or np.any(mult < 0):
            raise ValueError("eigenvalues and multiplicities must be non-negative")

    @property
    def T(self) -> float:
        """``tr Λ = Σ mult·λ`` (eq. 7): the mean prior variance."""
        return float(self.lam @ self.mult)

    def g(self, h, k: int = 1) -> np.ndarray:
        """``g_k(h) = tr (Λ^{-1} + h I)^{-k} = Σ mult (λ/(1+hλ))^k``, vectorised over ``h``."""
        h = np.asarray(h, dtype=float)
        flat = h.ravel()
        out = np.empty(flat.size)
        rows = max(1, 2_000_000 // max(self.lam.size, 1))
        for s in range(0, flat.size, rows):
            q = self.lam[None, :] / (1.0 + flat[s : s + rows, None] * self.lam[None, :])
            out[s : s + rows] = (q**k) @ self.mult
        return out.reshape(h.shape)

    def top(self, k: int) -> np.ndarray:
        """The ``k`` largest eigenvalues, each repeated by its multiplicity (descending).

        Bounds that need individual sorted eigenvalues (MW eq. 18, Plaskota eq. 19, the degenerate
        single-data-set minimum) use these; a tail node has no individual eigenvalues, so reaching one
        is an error (raise ``q_max``).
        """
        k = int(k)
        counts = np.round(self.mult).astype(np.int64)
        need = np.searchsorted(np.cumsum(np.where(self.explicit, counts, 0)), k) + 1
        if k > 0 and (need > self.lam.size or not np.all(self.explicit[:need])):
            raise ValueError(f"the top {k} eigenvalues reach the continuous tail of the spectrum")
        if k > 0 and not np.allclose(self.mult[:need], counts[:need]):
            raise ValueError("explicit multiplicities must be integers")
        return np.repeat(self.lam[:need], counts[:need])[:k]

    def arrays(self) -> dict:
        return {"lam": self.lam, "mult": self.mult, "explicit": self.explicit,
                "prior_variance": np.float64(self.prior_variance), "neglected": np.float64(self.neglected)}

    @classmethod
    def from_arrays(cls, a: dict) -> Spectrum:
        return cls(np.asarray(a["lam"], float), np.asarray(a["mult"], float), np.asarray(a["explicit"], bool),
                   float(a["prior_variance"]), float(a["neglected"]))


def _check(d, l, tol):
    if int(d) != d or d < 1:
        raise ValueError(f"d must be a positive integer, got {d!r}")
    if not 0 < l:
        raise ValueError(f"length scale l must be > 0, got {l!r}")
    if not 0 < tol < 1:
        raise ValueError(f"tol must be in (0, 1), got {tol!r}")
    return int(d), float(l), float(tol)


# ---------------------------------------------------------------------------------------------
# periodic covariance functions, uniform inputs on [0,1]^d (App. C, eqs. 43-44)
# ---------------------------------------------------------------------------------------------


def periodic_prior_variance(kind: str, d: int, l: float, r_max: int | None = None) -> float:
    """``C(x,x) = Σ_{r∈Z^d} c(r)`` of the periodic kernel (eq. 43), by direct summation.

    RBF: ``(Σ_r exp(-r²/(2l²)))^d``; OU: ``Σ_r exp(-|r|/l)`` over the lattice (Euclidean norm, not a
    product). ``r_max`` defaults to where the summand is below 1e-300.
    """
    if kind == "rbf":
        rr = int(np.ceil(l * np.sqrt(2 * 700))) + 1 if r_max is None else r_max
        r = np.arange(-rr, rr + 1, dtype=float)
        return float(np.exp(-(r**2) / (2 * l * l)).sum() ** d)
    if kind == "ou":
        rr = int(np.ceil(700 * l)) + 1 if r_max is None else r_max
        grid = np.meshgrid(*([np.arange(-rr, rr + 1, dtype=float)] * d), indexing="ij")
        norm = np.sqrt(sum(g * g for g in grid))
        return float(np.exp(-norm / l).sum())
    raise ValueError(f"kind must be 'rbf' or 'ou', got {kind!r}")


def _lattice_shell_counts(d: int, m_max: int) -> np.ndarray:
    """``N_d(m)`` = number of ``q ∈ Z^d`` with ``|q|² = m``, for ``m = 0..m_max`` (exact integers).

    The 1-D squares ``k²`` (``|k| ≤ sqrt(m_max)``) are added one dimension at a time and counted with
    ``bincount``: the partial sums are kept as a histogram over ``0..m_max``, so each step costs
    ``O(m_max · sqrt(m_max))`` rather than enumerating the whole box.
    """
    k = np.arange(-int(np.sqrt(m_max)), int(np.sqrt(m_max)) + 1)
    sq = k * k
    hist = np.bincount(sq, minlength=m_max + 1).astype(np.int64)[: m_max + 1]
    for _ in range(d - 1):
        nz = np.flatnonzero(hist)
        tot = nz[:, None] + sq[None, :]
        keep = tot <= m_max
        hist = np.bincount(tot[keep], weights=np.broadcast_to(hist[nz][:, None], tot.shape)[keep],
                           minlength=m_max + 1).astype(np.int64)
    return hist.astype(float)


def periodic_rbf_spectrum(d: int, l: float, tol: float, min_explicit: int = 0) -> Spectrum:
    """Periodic RBF on ``[0,1]^d``: ``λ_q = (2π)^{d/2} l^d exp(-(2πl)²|q|²/2)`` (App. C).

    Grouped by ``m = |q|²`` with the exact lattice multiplicities. ``m_max`` grows until the neglected
    mass ``T_exact - Σ_{m≤m_max}`` is below ``tol · T_exact``, where ``T_exact = (Σ_k μ_k)^d`` with the
    1-D eigenvalues ``μ_k`` summed to underflow (Poisson summation makes it the image sum
    :func:`periodic_prior_variance`). No tail treatment is needed (super-exponential decay).
    At least ``min_explicit`` individual eigenvalues are kept (the bounds that use the top n need them,
    however small).
    """
    d, l, tol = _check(d, l, tol)
    a = (2 * np.pi * l) ** 2 / 2
    pref = (2 * np.pi) ** (d / 2) * l**d
    k = np.arange(0, int(np.sqrt(745 / a)) + 2)
    mu1 = np.sqrt(2 * np.pi) * l * np.exp(-a * k * k)
    T_exact = float((mu1[0] + 2 * mu1[1:].sum()) ** d)
    m_max = max(1, int(np.ceil(-np.log(tol) / a)))
    while True:
        counts = _lattice_shell_counts(d, m_max)
        m = np.flatnonzero(counts)
        lam = pref * np.exp(-a * m)
        kept = float(lam @ counts[m])
        neglected = max(T_exact - kept, 0.0)
        if (neglected <= tol * T_exact and counts.sum() >= min_explicit) or m_max > 10**7:
            break
        m_max *= 2
    if neglected > tol * T_exact:
        raise RuntimeError("periodic_rbf_spectrum: truncation did not reach the tolerance")
    pv = periodic_prior_variance("rbf", d, l)
    return Spectrum(lam, counts[m], np.ones(m.size, bool), pv, neglected)


def ou_prefactor(d: int) -> float:
    """``k_d = π^{(d-1)/2} 2^d Γ((d+1)/2)`` of eq. (44): 2, 2π, 8π for d = 1, 2, 3."""
    return float(np.exp(0.5 * (d - 1) * np.log(np.pi) + d * np.log(2.0) + gammaln((d + 1) / 2)))


def periodic_ou_spectrum(d: int, l: float, q_max: int, n_tail: int) -> Spectrum:
    """Periodic OU on ``[0,1]^d`` (Euclidean norm): ``λ_q = k_d l^d [1 + (2πl)²|q|²]^{-(d+1)/2}`` (eq. 44).

    As in App. C: every ``q`` with ``|q| ≤ q_max`` explicitly (grouped by ``m = |q|²``), the rest as the
    continuous shell integral ``∫_{R}^∞ S_d q^{d-1} f(λ(q)) dq`` with ``S_1 = 2``, ``S_2 = 2π``. The lower
    limit ``R = (N/V_d)^{1/d}`` is the radius whose continuum volume ``V_d R^d`` equals the number ``N``
    of explicit lattice points (``R = q_max + 1/2`` in d = 1: the midpoint rule), so the tail neither
    double-counts nor misses lattice points. The integral uses ``n_tail`` Gauss–Legendre nodes in
    ``u = R/q ∈ (0, 1]``, where ``λ ∝ u^{d+1}`` is smooth; the nodes enter as eigenvalues with weights
    ``S_d q^{d-1} (R/u²) w``. ``neglected`` is the tail mass (it is represented, not dropped, but it is
    the part not known eigenvalue by eigenvalue).
    """
    if d not in (1, 2, 3):
        raise ValueError(f"periodic OU spectrum implemented for d = 1, 2, 3, got {d!r}")
    q_max = int(q_max)
    if q_max < 1:
        raise ValueError("q_max must be >= 1")
    kd = ou_prefactor(d) * l**d
    lam_of = lambda q2: kd * (1.0 + (2 * np.pi * l) ** 2 * q2) ** (-(d + 1) / 2)
    if d == 1:
        m = np.arange(q_max + 1, dtype=float) ** 2
        counts = np.where(m == 0, 1.0, 2.0)
    else:
        counts_all = _lattice_shell_counts(d, q_max * q_max)
        m = np.flatnonzero(counts_all).astype(float)
        counts = counts_all[m.astype(int)]
    n_points = counts.sum()
    surface = {1: 2.0, 2: 2 * np.pi, 3: 4 * np.pi}[d]
    volume = surface / d
    R = (n_points / volume) ** (1.0 / d)
    x, w = np.polynomial.legendre.leggauss(int(n_tail))
    u = 0.5 * (x + 1.0)
    q = R / u
    w_tail = surface * q ** (d - 1) * (R / u**2) * 0.5 * w
    lam_tail = lam_of(q * q)
    lam = np.concatenate([lam_of(m), lam_tail])
    mult = np.concatenate([counts, w_tail])
    explicit = np.concatenate([np.ones(m.size, bool), np.zeros(u.size, bool)])
    order = np.argsort(-lam, kind="stable")
    pv = periodic_prior_variance("ou", d, l)
    return Spectrum(lam[order], mult[order], explicit[order], pv, float(lam_tail @ w_tail))


# ---------------------------------------------------------------------------------------------
# non-periodic RBF, Gaussian inputs (App. C, eq. 45)
# ---------------------------------------------------------------------------------------------


def gaussian_beta(l: float, sigma_x2: float) -> float:
    """``β`` of eq. (45): ``β^{-1} = 1 + r/2 + sqrt(r²/4 + r)``, ``r = l²/σ_x²``."""
    r = l * l / sigma_x2
    return 1.0 / (1.0 + r / 2 + np.sqrt(r * r / 4 + r))


def gaussian_rbf_spectrum(d: int, l: float, sigma_x2: float, tol: float, min_explicit: int = 0) -> Spectrum:
    """RBF with isotropic Gaussian inputs: ``λ_s = (1-β)^d β^s``, multiplicity ``C(d+s-1, s)`` (eq. 45).

    ``tr Λ = 1`` exactly; levels ``s = 0..s_max`` are kept until the neglected mass ``1 - Σ`` is below
    ``tol`` (the paper: "a separate treatment of the neglected eigenvalues ... is unnecessary") and at
    least ``min_explicit`` individual eigenvalues are kept.
    """
    d, l, tol = _check(d, l, tol)
    if not sigma_x2 > 0:
        raise ValueError("sigma_x2 must be > 0")
    beta = gaussian_beta(l, sigma_x2)
    s_max = 16
    while True:
        s = np.arange(s_max + 1, dtype=float)
        log_mult = gammaln(d + s) - gammaln(s + 1) - gammaln(d)
        log_lam = d * np.log1p(-beta) + s * np.log(beta)
        mass = np.exp(log_mult + log_lam)
        # The neglected levels' mass, computed from the last kept term's geometric-like decay bound:
        # the ratio of consecutive level masses is β (d+s)/(s+1), below 1 and decreasing beyond s_max.
        ratio = beta * (d + s_max) / (s_max + 1.0)
        neglected = float(mass[-1] * ratio / (1 - ratio)) if ratio < 1 else np.inf
        if neglected <= tol and np.round(np.exp(log_mult)).sum() >= min_explicit:
            break
        s_max *= 2
    return Spectrum(np.exp(log_lam), np.round(np.exp(log_mult)), np.ones(s.size, bool), 1.0, neglected)


def scenario_spectrum(scn: dict, tol: float, ou_q_max, n_tail: int,
                      min_explicit: int = 0) -> Spectrum:
    """The spectrum of one scenario ``{inputs: uniform|gaussian, kernel: rbf|ou, d, l[, sigma_x2]}``.

    ``ou_q_max[d-1]`` is the explicit cut-off of the periodic OU spectrum in dimension d."""
    inputs, kernel, d, l = scn["inputs"], scn["kernel"], int(scn["d"]), float(scn["l"])
    if inputs == "uniform" and kernel == "rbf":
        return periodic_rbf_spectrum(d, l, tol, min_explicit)
    if inputs == "uniform" and kernel == "ou":
        spec = periodic_ou_spectrum(d, l, int(ou_q_max[d - 1]), n_tail)
        spec.top(min_explicit)  # raises if q_max is too small for the bounds that need the top eigenvalues
        return spec
    if inputs == "gaussian" and kernel == "rbf":
        return gaussian_rbf_spectrum(d, l, float(scn["sigma_x2"]), tol, min_explicit)
    raise ValueError(f"unsupported scenario: {inputs} inputs with a {kernel} kernel")
