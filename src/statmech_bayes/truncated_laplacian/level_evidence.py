"""The weight of one truncation level k against another in model (3) of Hartog & van Zanten (2018): the marginal
likelihood ``p(D | k, c)`` (g integrated out) by Laplace's method.

Model (3) with z integrated out is ``p(D | g) = Π_{i observed} Φ(s_i f_i)``, ``f = U_k g``,
``g | k, c ~ N(0, diag(cτ_i)^{-1})`` (``τ_i = (λ_i + n^{-2})^q``, Section 2.2). The log posterior of g,

    ψ(g) = Σ_i log Φ(s_i f_i) - ½ Σ_{i<=k} cτ_i g_i²,

is concave (log Φ is), so it has one mode ĝ, found by Newton's method (the Newton systems solved by conjugate
gradients with the basis' fast transforms). With ``H = U_kᵀ W U_k + diag(cτ)`` the negative Hessian at ĝ
(``W_ii = r_i (r_i + s_i f_i)``, ``r_i = φ(s_i f_i)/Φ(s_i f_i)``, the probit curvature) Laplace's method gives

    log p(D | k, c) ≈ ψ(ĝ) + ½ Σ log(cτ_i) - ½ log det H,

whose log det is computed exactly (Cholesky of the dense k x k matrix H, assembled frame by frame from the explicit
tensor-product eigenvectors of the grid). Between two levels k_1, k_2 the prior of eq. (2) adds ``-γ(k_2 - k_1)``.
This is the quantity the reversible-jump move of Section 3.2 would need to cross between levels that no sampled
z links (the sampler's own ``p(k | z, c)`` compares levels only at one z).
"""

from __future__ import annotations

import numpy as np
from scipy import linalg, special
from scipy.sparse.linalg import LinearOperator, cg

from statmech_bayes.truncated_laplacian import eigenbasis as eb
from statmech_bayes.truncated_laplacian import sampler as sa


def _probit_terms(f: np.ndarray, signs: np.ndarray):
    """log Φ(s f) summed, its gradient in f and the curvature W (zero where unobserved)."""
    obs = signs != 0
    x = signs[obs] * f[obs]
    logcdf = special.log_ndtr(x)
    r = np.exp(-0.5 * x * x - 0.5 * np.log(2 * np.pi) - logcdf)  # φ(x)/Φ(x), stable in the far tail
    grad = np.zeros_like(f)
    grad[obs] = signs[obs] * r
    w = np.zeros_like(f)
    w[obs] = r * (r + x)
    return float(logcdf.sum()), grad, w


def laplace_mode(basis, signs: np.ndarray, k: int, c: float, *, q: float, g0: np.ndarray | None = None,
                 tol: float = 1e-6, max_newton: int = 50) -> dict:
    """The mode ĝ of ψ (module docstring; ``q`` the power of τ_i, the workflow's ``hartog_vanzanten.q``) by damped
    Newton steps; returns ``g``, ``psi``, ``loglik`` (log p(D | ĝ)), ``w`` (the curvature at ĝ), ``tau_c`` (cτ_i,
    i <= k), ``n_newton``, ``grad_norm``."""
    signs = np.asarray(signs, dtype=np.int8)
    k = int(k)
    ct = float(c) * sa.tau(basis.lam[:k], basis.n, q)
    g = np.zeros(k) if g0 is None else np.asarray(g0, dtype=float)[:k].copy()

    def psi_of(g_):
        ll, gr, w = _probit_terms(basis.synth(g_), signs)
        return ll - 0.5 * float(np.dot(ct, g_ * g_)), ll, gr, w

    psi, ll, gr_f, w = psi_of(g)
    n_newton = 0
    while n_newton < max_newton:
        n_newton += 1
        grad = basis.project(gr_f, k) - ct * g
        gnorm = float(np.linalg.norm(grad))
        if gnorm <= tol * max(1.0, float(np.linalg.norm(ct * g))):
            break
        H = LinearOperator((k, k), matvec=lambda v, w=w: basis.project(w * basis.synth(v), k) + ct * v,
                           dtype=float)
        # the eigenvectors spread evenly over the vertices, so diag(U_kᵀWU_k) ≈ mean(W)
        diag = ct + w.mean()
        M = LinearOperator((k, k), matvec=lambda v, d=diag: v / d, dtype=float)
        step, _ = cg(H, grad, M=M, rtol=1e-8, maxiter=500)
        t = 1.0
        while True:  # backtracking: ψ is concave, a Newton step from far away can overshoot
            cand = psi_of(g + t * step)
            if cand[0] >= psi + 1e-4 * t * float(np.dot(grad, step)) or t < 1e-6:
                break
            t *= 0.5
        g = g + t * step
        psi, ll, gr_f, w = cand
    grad = basis.project(gr_f, k) - ct * g
    return {"g": g, "psi": psi, "loglik": ll, "w": w, "tau_c": ct, "n_newton": n_newton,
            "grad_norm": float(np.linalg.norm(grad))}


def dct_gram(basis: eb.DCTBasis, w: np.ndarray, k: int, block: int = 256) -> np.ndarray:
    """``U_kᵀ diag(w) U_k`` (k x k) for a grid :class:`.eigenbasis.DCTBasis`, exactly, without forming U_k.

    Each eigenvector is a product over the axes of path vectors ``p_j(i) = α_j cos(π(i+½)j/n_d)`` (eq. 4 with the
    corrected index, Mohar Thm 3.5), and ``cos A cos B = ½[cos(A-B) + cos(A+B)]``, so every entry is

        G[m, m'] = Π_d α_{j_d} α_{l_d} · 2^{-D} Σ_{±..±} Ŵ(|j_1 ± l_1|, ..., |j_D ± l_D|),
        Ŵ(e) = Σ_i w_i Π_d cos(π(i_d+½) e_d / n_d),  e_d = 0..2n_d-1,

    a lookup in one cosine transform of w (O(k²) work instead of O(n k²))."""
    k = int(k)
    shape = basis.shape
    J = np.stack(np.unravel_index(basis.order[:k], shape))  # (D, k) per-axis frequencies
    What = np.asarray(w, dtype=float).reshape(shape)
    for d, nd in enumerate(shape):
        C = np.cos(np.pi * (np.arange(nd) + 0.5)[None, :] * np.arange(2 * nd)[:, None] / nd)
        What = np.moveaxis(np.tensordot(C, What, axes=([1], [d])), 0, d)
    flat = What.ravel()
    strides = np.cumprod((1,) + tuple(2 * nd for nd in shape[::-1]))[:-1][::-1]
    alpha = np.prod([np.where(J[d] == 0, 1.0 / np.sqrt(nd), np.sqrt(2.0 / nd)) for d, nd in enumerate(shape)], axis=0)
    D = len(shape)
    G = np.empty((k, k))
    for lo in range(0, k, block):
        rows = slice(lo, min(k, lo + block))
        terms = [(np.abs(J[d, rows][:, None] - J[d][None, :]) * strides[d],
                  (J[d, rows][:, None] + J[d][None, :]) * strides[d]) for d in range(D)]
        acc = np.zeros((rows.stop - lo, k))
        for signs in range(2 ** D):
            idx = sum(terms[d][(signs >> d) & 1] for d in range(D))
            acc += flat[idx]
        G[rows] = acc * (alpha[rows, None] * alpha[None, :]) / 2 ** D
    return G


def log_evidence(basis, signs: np.ndarray, k: int, c: float, *, q: float, g0: np.ndarray | None = None,
                 gram=None, **mode_kw) -> dict:
    """Laplace's ``log p(D | k, c)`` (module docstring) with ``log_det`` = log det(H) - Σ log(cτ_i) (the Occam
    factor, ≥ 0), ``psi`` and ``loglik`` at the mode, ``prior_term`` = -½ Σ cτ_i ĝ_i² and the mode's record.
    ``gram(w, k)`` returns U_kᵀ diag(w) U_k; by default :func:`dct_gram` for a grid basis, else from ``basis.U``."""
    m = laplace_mode(basis, signs, k, c, q=q, g0=g0, **mode_kw)
    if gram is None:
        gram = ((lambda w_, k_: dct_gram(basis, w_, k_)) if isinstance(basis, eb.DCTBasis)
                else (lambda w_, k_: (basis.U[:, :k_] * w_[:, None]).T @ basis.U[:, :k_]))
    ct = m["tau_c"]
    # H = D^{1/2} (I + D^{-1/2} G D^{-1/2}) D^{1/2}: the bracket is well conditioned, its log det is the Occam factor
    B = gram(m["w"], int(k)) / np.sqrt(np.outer(ct, ct))
    B[np.diag_indices_from(B)] += 1.0
    log_det = 2.0 * float(np.sum(np.log(np.diag(linalg.cholesky(B, lower=True)))))
    return {"log_evidence": m["psi"] - 0.5 * log_det, "log_det": log_det, "psi": m["psi"], "loglik": m["loglik"],
            "prior_term": m["psi"] - m["loglik"], "k": int(k), "c": float(c), "n_newton": m["n_newton"],
            "grad_norm": m["grad_norm"], "g": m["g"]}


def level_log_evidence(basis, signs: np.ndarray, k: int, log_c0: float, *, q: float, gamma: float = 0.0,
                       g0: np.ndarray | None = None, h: float = 0.15, max_steps: int = 4) -> dict:
    """The weight of truncation level k: ``log p(D | k) + log p(k)`` with the paper's ``p(c) ∝ 1/c`` (a = b = 0)
    integrated over ``u = log c`` by Laplace's method in u as well, ``∫ p(D | k, e^u) du`` (the improper prior's
    constant is common to every level, so only differences between levels mean anything).

    :func:`log_evidence` is evaluated at three points ``u - h, u, u + h``; the parabola through them moves u to its
    vertex until the step is below 0.02 (at most ``max_steps`` parabolas; a convex one, or a vertex more than 4h
    away, ends the search with a NaN weight); its curvature gives the u-integral. Returns
    ``log_weight`` (the integral plus ``-γk``; NaN if the profile in u has no maximum, e.g. an improper posterior),
    ``log_c`` (the maximiser), ``sd_log_c``, ``log_evidence_max`` (at the maximiser), ``loglik``, ``log_det`` (the
    Occam factor) at the last centre, ``n_evals``."""
    u = float(log_c0)
    vals: dict[float, dict] = {}

    def at(x):
        key = round(x, 6)
        if key not in vals:
            vals[key] = log_evidence(basis, signs, k, float(np.exp(key)), q=q, g0=g0)
        return vals[key]

    curv = slope = np.nan
    ok = False
    for _ in range(max_steps):
        lo, mid, hi = at(u - h)["log_evidence"], at(u)["log_evidence"], at(u + h)["log_evidence"]
        curv = (lo + hi - 2 * mid) / h ** 2
        slope = (hi - lo) / (2 * h)
        # no maximum within a few h of the chain's own c (a chain samples c near it, sd ~ (2/k)^½): the profile
        # does not peak there, e.g. it rises without end as c -> 0 (an improper posterior); give up
        if not curv < 0 or abs(slope / curv) > 4 * h:
            break
        step = -slope / curv
        if abs(step) < 0.02:
            ok = True
            break
        u += step
    centre = at(u)
    best = centre["log_evidence"] + (0.5 * slope ** 2 / -curv if ok else 0.0)
    return {"log_weight": float(best + 0.5 * np.log(2 * np.pi / -curv) - gamma * k) if ok else np.nan,
            "log_c": float(u - slope / curv) if ok else float(u), "sd_log_c": float(1 / np.sqrt(-curv)) if ok else np.nan,
            "log_evidence_max": float(best), "loglik": centre["loglik"], "log_det": centre["log_det"], "k": int(k),
            "n_evals": len(vals)}
