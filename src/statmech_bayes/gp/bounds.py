"""Learning-curve approximations and bounds of Sollich & Halees (2002), Sections 2-4, App. A-B.

Everything here needs only the eigenvalue spectrum ``{λ_i}`` (a :class:`~statmech_bayes.gp.spectra.Spectrum`)
and the noise level σ², except the Williams–Vivarelli bounds, which use the covariance shape and the
input density. The LC approximation (eq. 16) and the OV bound (eq. 9) are
:func:`~statmech_bayes.gp.learning_curve_approx.eigen_learning_curve` and
:func:`~statmech_bayes.gp.learning_curve_approx.spectral_g` (one implementation serves the graph
paper's eq. 18 too); this module adds

* UC, eq. (12): ``ε = g(n'/σ²)`` with ``n' + tr ln(1 + n'Λ/σ²) = n``;
* the discrete-n correction ε_1 to LC, eq. (28);
* Micchelli–Wahba (eq. 18), Plaskota (eq. 19, closed form eqs. 40-42), Trecate–Williams–Opper (eq. 24);
* Williams–Vivarelli (eqs. 21-22) and its generalisation to a 1-D input density (eq. 23).
"""

from __future__ import annotations

import numpy as np

from statmech_bayes.gp.learning_curve_approx import eigen_learning_curve, spectral_g
from statmech_bayes.gp.spectra import Spectrum

__all__ = [
    "lc_curve",
    "lc_discrete_correction",
    "mw_bound",
    "ov_bound",
    "plaskota_bound",
    "scenario_curves",
    "two_bound",
    "uc_curve",
    "uc_effective_n",
    "wv_bound_density",
    "wv_bound_uniform",
    "wv_density_uniform",
    "wv_for_scenario",
]


def _n(n) -> np.ndarray:
    n = np.asarray(n, dtype=float)
    if np.any(n < 0) or not np.all(np.isfinite(n)):
        raise ValueError("n must be finite and non-negative")
    return n


def _s2(sigma2) -> float:
    if not sigma2 > 0:
        raise ValueError(f"sigma2 must be > 0, got {sigma2!r}")
    return float(sigma2)


def ov_bound(spec: Spectrum, n, sigma2: float) -> np.ndarray:
    """Opper–Vivarelli lower bound, eq. (9): ``ε_OV = tr (Λ^{-1} + n/σ² I)^{-1} = g(n/σ²)``."""
    return spectral_g(spec.lam, _n(n) / _s2(sigma2), spec.mult)


def lc_curve(spec: Spectrum, n, sigma2: float) -> np.ndarray:
    """LC ("lower continuous") approximation, eq. (16): ``ε = tr (Λ^{-1} + n/(σ²+ε) I)^{-1}``."""
    return eigen_learning_curve(spec.lam, _n(n), _s2(sigma2), spec.mult)


def uc_effective_n(spec: Spectrum, n, sigma2: float, rtol: float = 1e-14) -> np.ndarray:
    """``n'`` of eq. (12): the root of ``φ(n') = n' + Σ mult ln(1 + n'λ/σ²) - n`` in ``[0, n]``.

    ``φ`` is increasing and concave, so Newton's method started at ``n' = 0`` (where ``φ = -n < 0``)
    increases monotonically to the root without overshooting (the tangent of a concave function lies
    above it); iterating in all ``n`` at once is vectorised.
    """
    n, s2 = _n(n), _s2(sigma2)
    flat = n.ravel()
    x = np.zeros_like(flat)
    lam, w = spec.lam, spec.mult
    active = np.flatnonzero(flat > 0)
    for _ in range(500):
        if active.size == 0:
            break
        xa = x[active]
        z = xa[:, None] * lam[None, :] / s2
        phi = xa + np.log1p(z) @ w - flat[active]
        dphi = 1.0 + (lam[None, :] / s2 / (1.0 + z)) @ w
        new = np.minimum(xa - phi / dphi, flat[active])
        done = np.abs(new - xa) <= rtol * np.maximum(new, 1e-300)
        x[active] = new
        active = active[~done]
    else:  # pragma: no cover
        raise RuntimeError("uc_effective_n did not converge")
    return x.reshape(n.shape)


def uc_curve(spec: Spectrum, n, sigma2: float) -> np.ndarray:
    """UC ("upper continuous") approximation, eq. (12): ``ε_UC = g(n'/σ²)``, ``n'`` from :func:`uc_effective_n`."""
    s2 = _s2(sigma2)
    return spec.g(uc_effective_n(spec, n, s2) / s2)


def lc_discrete_correction(spec: Spectrum, n, sigma2: float, v: float = 0.0) -> tuple[np.ndarray, np.ndarray]:
    """``(ε_LC, ε_1)``: the first-order correction for discrete n, eq. (28) (App. A).

    With ``E = σ² + ε_LC`` and ``a_k = E^{-k} tr (Λ^{-1} + (v + n/E) I)^{-k}``,
    ``ε_1 = E n (a_2² - a_3) / (1 - n a_2)²``. ``v`` is the auxiliary offset of eq. (13) (0 for the
    learning curve; other values serve to test the PDE (27) that ε_1 solves). ε_1 ≤ 0 because
    ``g_2² ≤ g_1 g_3 < E g_3`` (Cauchy–Schwarz), and ``0 ≤ n a_2 < 1``.
    """
    n, s2 = _n(n), _s2(sigma2)
    if v == 0.0:
        eps0 = lc_curve(spec, n, s2)
    else:
        # ε_0(n, v) = g(v + n/(σ²+ε_0)) (App. A): the LC equation with the spectrum mapped by the offset.
        lam_v = spec.lam / (1.0 + v * spec.lam)
        eps0 = eigen_learning_curve(lam_v, n, s2, spec.mult)
    E = s2 + eps0
    h = v + n / E
    a2 = spec.g(h, 2) / E**2
    a3 = spec.g(h, 3) / E**3
    eps1 = E * n * (a2 * a2 - a3) / (1.0 - n * a2) ** 2
    return eps0, eps1


def mw_bound(spec: Spectrum, n) -> np.ndarray:
    """Micchelli–Wahba lower bound, eq. (18): ``ε_MW(n) = Σ_{i>n} λ_i = T - Σ_{i≤n} λ_i``."""
    n = _n(n)
    ni = n.astype(np.int64)
    if not np.array_equal(ni, n):
        raise ValueError("MW bound needs integer n")
    top = spec.top(int(ni.max(initial=0)))
    # Summed from the small end (not T - Σ_{i≤n} λ_i): MW falls super-exponentially for the RBF and the
    # difference would be rounding noise once it is below ~1e-16 T.
    rest = max(spec.T - float(top.sum()), 0.0)
    tail = np.concatenate([np.cumsum(top[::-1])[::-1], [0.0]]) + rest
    return tail[ni]


def plaskota_bound(spec: Spectrum, n, sigma2: float, S=None, return_k: bool = False):
    """Plaskota lower bound, eq. (19), in the closed form of App. B (eqs. 40-42).

    ``ε_Pl = min_{η ≥ 0, Σ η = S} Σ_{i≤n} λ_i σ²/(σ²+η_i) + Σ_{i>n} λ_i``, ``S = Σ_l C(x_l,x_l)``
    (``S = n T`` for a uniform covariance function, the default). For the cut-off ``k ≤ n``,
    ``η_i = sqrt(λ_i) (S + kσ²)/Σ_{j≤k} sqrt(λ_j) - σ²`` (eq. 42) and
    ``ε_Pl = σ² (Σ_{i≤k} sqrt(λ_i))²/(S + kσ²) + Σ_{i>k} λ_i``. As the paper prescribes, k starts at
    n and decreases until ``η_k > 0``, i.e. k is the largest cut-off with a positive last η; all n
    are done at once on an (n, k) grid. ``k < n`` does occur (large n, small σ²).
    """
    n, s2 = _n(n), _s2(sigma2)
    ni = n.astype(np.int64).ravel()
    if not np.array_equal(ni, n.ravel()):
        raise ValueError("Plaskota bound needs integer n")
    T = spec.T
    S_arr = (ni * T if S is None else np.broadcast_to(np.asarray(S, float), n.shape).ravel()).astype(float)
    K = int(ni.max(initial=0))
    top = spec.top(K)
    rt = np.sqrt(top)
    A = np.concatenate([[0.0], np.cumsum(rt)])      # A[k] = Σ_{j≤k} sqrt(λ_j)
    Cl = np.concatenate([[0.0], np.cumsum(top)])     # Cl[k] = Σ_{j≤k} λ_j
    kk = np.arange(1, K + 1)
    # eta_last[n, k-1] = η_k computed with cut-off k (eq. 42), valid where k ≤ n
    eta_last = rt[None, :] * (S_arr[:, None] + kk[None, :] * s2) / A[None, 1:] - s2
    valid = (kk[None, :] <= ni[:, None]) & (eta_last > 0)
    k_star = np.where(valid.any(axis=1), K - np.argmax(valid[:, ::-1], axis=1), 0)
    k_star = np.where(ni == 0, 0, k_star)
    with np.errstate(invalid="ignore", divide="ignore"):
        first = np.where(k_star > 0, s2 * A[k_star] ** 2 / (S_arr + k_star * s2), 0.0)
    eps = first + np.maximum(T - Cl[k_star], 0.0)
    eps = eps.reshape(n.shape)
    return (eps, k_star.reshape(n.shape)) if return_k else eps


def two_bound(spec: Spectrum, n, sigma2: float, c_extra=None) -> np.ndarray:
    """Trecate–Williams–Opper upper bound, eq. (24): ``ε_TWO = T - n Σ_i λ_i²/c_i``.

    ``c_i = (n-1)λ_i + σ² + <C(x,x) φ_i²(x)>_x``; for a uniform covariance function the average is
    ``T`` (default), giving ``Σ_i λ_i (T + σ² - λ_i)/(T + σ² + (n-1)λ_i)``. ``c_extra`` (per level)
    replaces ``T`` for non-uniform cases.
    """
    n, s2 = _n(n), _s2(sigma2)
    T = spec.T
    extra = T if c_extra is None else np.asarray(c_extra, float)
    lam, w = spec.lam, spec.mult
    c = (n[..., None] - 1.0) * lam + s2 + extra
    return np.where(n == 0, T, T - n * ((w * lam * lam / c).sum(axis=-1)))


# ---------------------------------------------------------------------------------------------
# Williams–Vivarelli bounds (eqs. 21-23)
# ---------------------------------------------------------------------------------------------


def _composite_gl(a0: float, a1: float, panels: int, order: int = 16) -> tuple[np.ndarray, np.ndarray]:
    x, w = np.polynomial.legendre.leggauss(order)
    edges = np.linspace(a0, a1, panels + 1)
    mid, half = 0.5 * (edges[1:] + edges[:-1]), 0.5 * (edges[1:] - edges[:-1])
    return (mid[:, None] + half[:, None] * x).ravel(), (half[:, None] * w).ravel()


def wv_density_uniform(a, n) -> np.ndarray:
    """``f_n(a) = 2(1-a)^n Θ(1-a) + 2(n-1)(1-2a)^n Θ(1-2a)`` (eq. 22): density of the distance from a
    uniform test input to its nearest of n uniform training inputs on [0, 1] (non-periodic)."""
    a = np.asarray(a, float)
    n = np.asarray(n, float)[..., None]
    with np.errstate(divide="ignore", invalid="ignore"):
        t1 = np.where(a < 1, 2.0 * np.exp(n * np.log1p(-np.minimum(a, 1.0))), 0.0)
        t2 = np.where(a < 0.5, 2.0 * (n - 1.0) * np.exp(n * np.log1p(-np.minimum(2 * a, 1.0))), 0.0)
    return np.where(n > 0, t1 + t2, 0.0)


def wv_bound_uniform(c2, C0: float, n, sigma2: float, a_max: float = 1.0, panels: int = 256) -> np.ndarray:
    """Williams–Vivarelli upper bound, eqs. (21-22), 1-D inputs uniform on [0, 1]:

    ``ε_WV(n) = C_s(0) - (C_s(0)+σ²)^{-1} ∫_0^1 da f_n(a) C_s(a)²``.

    ``c2(a)`` is ``C_s(a)²`` (vectorised); ``a_max ≤ 1`` may cut the integral where ``c2`` has
    underflowed (e.g. 20 l). Composite Gauss–Legendre with a panel edge at a = 1/2 (kink of f_n).
    """
    n, s2 = _n(n), _s2(sigma2)
    a_max = min(float(a_max), 1.0)
    parts = [(0.0, min(a_max, 0.5))] + ([(0.5, a_max)] if a_max > 0.5 else [])
    total = np.zeros(n.shape)
    for lo, hi in parts:
        a, w = _composite_gl(lo, hi, max(1, int(panels * (hi - lo) / a_max)))
        total = total + wv_density_uniform(a, n) @ (w * c2(a))
    return np.where(n == 0, C0, C0 - total / (C0 + s2))


def wv_bound_density(c2, C0: float, n, sigma2: float, pdf, cdf, x_range: tuple[float, float], a_max: float,
                     *, n_x: int, n_a_panels: int) -> np.ndarray:
    """Generalised Williams–Vivarelli bound for 1-D inputs with density P and CDF Q (eq. 23).

    Eq. (21) holds with ``f_n`` the density of the distance ``a`` from a test input ``x ~ P`` to its
    nearest of n training inputs ``~ P``. The paper writes it as a triple integral (eq. 23); summing its
    two terms gives the equivalent double integral used here (same quantity: ``P(dist > a | x) =
    [1 - Q(x+a) + Q(x-a)]^n``, differentiated in a and averaged over x):

    ``f_n(a) = n ∫ dx P(x) [P(x+a) + P(x-a)] [1 - Q(x+a) + Q(x-a)]^{n-1}``.

    x on a composite Gauss–Legendre grid over ``x_range``, a by composite Gauss–Legendre on ``[0, a_max]``.
    """
    n, s2 = _n(n), _s2(sigma2)
    x, wx = _composite_gl(x_range[0], x_range[1], max(1, n_x // 16))
    a, wa = _composite_gl(0.0, a_max, n_a_panels)
    px = pdf(x)
    dq = cdf(x[None, :] + a[:, None]) - cdf(x[None, :] - a[:, None])           # (a, x)
    kern = (pdf(x[None, :] + a[:, None]) + pdf(x[None, :] - a[:, None])) * (px * wx)[None, :]
    base = np.clip(1.0 - dq, 0.0, 1.0)                                          # P(no training input within a)
    ca = wa * c2(a)
    out = np.empty(n.size)
    for i, nn in enumerate(n.ravel()):
        if nn == 0:
            out[i] = 0.0
            continue
        f = nn * (kern * base ** (nn - 1.0)).sum(axis=1)                     # f_n(a); 0^0 = 1 at n = 1
        out[i] = f @ ca
    out = out.reshape(n.shape)
    return np.where(n == 0, C0, C0 - out / (C0 + s2))


def wv_for_scenario(scn: dict, T: float, n, sigma2: float, wv: dict) -> np.ndarray | None:
    """The WV bound where the paper shows it (d = 1): eq. (22) for uniform, eq. (23) for Gaussian inputs.

    ``C_s(a)²`` is the non-periodic ``c(a)²`` (``exp(-a²/l²)`` RBF, ``exp(-2a/l)`` OU). For the periodic
    scenarios this is still a valid upper bound (the paper's eq. 22 is for [0, 1] without wrap-around):
    the periodic ``C(δ) ≥ c(δ)`` and the non-periodic distance is ≥ the periodic one, so
    ``ε(x,D) ≤ T - C(x-x_l)²/(T+σ²) ≤ T - c(|x-x_l|)²/(T+σ²)`` with ``T = C(x,x)``. The integral is cut at
    ``a_max = wv['a_max_over_l'] · l`` where ``c²`` is below e^-40.
    """
    if int(scn["d"]) != 1:
        return None
    l = float(scn["l"])
    if scn["kernel"] == "rbf":
        c2 = lambda a: np.exp(-(a * a) / (l * l))
    else:
        c2 = lambda a: np.exp(-2.0 * a / l)
    a_max = float(wv["a_max_over_l"]) * l
    if scn["inputs"] == "uniform":
        return wv_bound_uniform(c2, T, n, sigma2, a_max=a_max, panels=int(wv["a_panels"]) * 4)
    from scipy.stats import norm

    sx = np.sqrt(float(scn["sigma_x2"]))
    dist = norm(0.0, sx)
    xr = float(wv["x_max_over_sigma"]) * sx
    return wv_bound_density(c2, T, n, sigma2, dist.pdf, dist.cdf, (-xr, xr), a_max,
                            n_x=int(wv["n_x"]), n_a_panels=int(wv["a_panels"]))


def scenario_curves(spec: Spectrum, scn: dict, sigma2s, n_max: int, wv: dict) -> dict:
    """Every theoretical curve of one scenario for ``n = 0..n_max``: arrays of shape (n_sigma2, n_max+1).

    LC (eq. 16), its discrete-n correction ε_1 (eq. 28), UC (eq. 12), OV (eq. 9), MW (eq. 18),
    Plaskota (eq. 19, with its cut-off k), TWO (eq. 24), WV (eqs. 21-23, d = 1 only). Also the block
    edges of the expanded spectrum (where λ_{i+1} < λ_i), at which the Plaskota curve has kinks.
    """
    n = np.arange(int(n_max) + 1, dtype=float)
    out: dict[str, list] = {k: [] for k in ("LC", "eps1", "UC", "OV", "MW", "Pl", "Pl_k", "TWO", "WV")}
    for s2 in sigma2s:
        lc, e1 = lc_discrete_correction(spec, n, s2)
        pl, k = plaskota_bound(spec, n, s2, return_k=True)
        wvc = wv_for_scenario(scn, spec.T, n, s2, wv)
        out["LC"].append(lc)
        out["eps1"].append(e1)
        out["UC"].append(uc_curve(spec, n, s2))
        out["OV"].append(ov_bound(spec, n, s2))
        out["MW"].append(mw_bound(spec, n))
        out["Pl"].append(pl)
        out["Pl_k"].append(k.astype(float))
        out["TWO"].append(two_bound(spec, n, s2))
        out["WV"].append(np.full(n.size, np.nan) if wvc is None else wvc)
    arrays = {k: np.array(v) for k, v in out.items()}
    top = spec.top(int(n_max) + 1)
    arrays["block_edges"] = np.flatnonzero(np.diff(top) < 0) + 1  # i with λ_{i+1} < λ_i (1-based count)
    arrays |= {"n": n, "sigma2": np.asarray(sigma2s, float), "T": np.float64(spec.T),
               "sum_lam2": np.float64(spec.lam**2 @ spec.mult), "has_wv": np.bool_(int(scn["d"]) == 1)}
    return arrays
