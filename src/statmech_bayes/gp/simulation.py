"""True GP learning curves by simulation, and the kernels they need (Sollich & Halees 2002, Sect. 3).

For a data set ``D = {x_1..x_N}`` (nested prefixes ``D_n``) the Bayes error averaged over test inputs is
(eqs. 2-3)

    ε(D_n) = <C(x,x)>_x - tr(K_n^{-1} M_n),   K = C(X,X) + σ² I,   M_lm = <C(x_l,x) C(x,x_m)>_x.

The paper estimated the x-average with random test inputs and grew ``K^{-1}`` by partitioned inverses.
Here the x-average is exact (``M`` in closed form: same expectation, no test-point noise) and the whole
curve ``n = 1..N`` comes from one Cholesky factorisation ``K = L Lᵀ`` of the largest training set: the
leading n×n block of ``L`` is the Cholesky factor of ``K_n`` (adding an example appends a row), so with
``W = L^{-1}``, ``tr(K_n^{-1} M_n) = Σ_{i≤n} (W M Wᵀ)_ii`` and ``ε(D_n) = C0 - cumsum`` (every increment
is ≥ 0, so each simulated curve is non-increasing).

Kernels (App. C): periodic RBF / OU on ``[0,1]^d`` with uniform inputs, ``C(δ) = Σ_{r∈Z^d} c(δ - r)``
(eq. 43), evaluated after wrapping ``δ`` to ``[-1/2, 1/2]^d`` with images ``r ∈ {-R..R}^d``; ``M`` is the
same image sum of the self-convolution ``c*c``:

* RBF: ``c*c(δ) = Π_j sqrt(π) l exp(-δ_j²/(4l²))``;
* OU, d = 1: ``(l + |δ|) e^{-|δ|/l}``; OU, d = 2: ``(π l²/4) z² K_2(z)``, ``z = |δ|/l`` (a Matérn form;
  ``z² K_2(z) → 2`` at 0);
* Gaussian inputs ``N(0, σ_x² I)``, non-periodic RBF: per dimension
  ``exp(-(a-b)²/(4l²)) sqrt(τ²/(τ²+σ_x²)) exp(-((a+b)/2)²/(2(τ²+σ_x²)))``, ``τ² = l²/2``.

The image count R is not guessed: :func:`choose_images` increases it until the curves with R and R+1
images agree to a stated relative tolerance (at l = 0.3 and σ² = 0.001 in d = 4 this needs R = 3:
``K^{-1} ~ 1/σ²`` amplifies the omitted images of ``M``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import numpy as np
from scipy.linalg import blas, lapack
from scipy.special import k0e, k1e

__all__ = [
    "choose_images",
    "draw_inputs",
    "kernel_matrices",
    "nested_errors",
    "posterior_variance_1d",
    "sample_prior_grid_2d",
    "simulate_curves",
]

_TINY = 1e-250  # kernel entries below this are set to 0: subnormal numbers slow BLAS down by orders


def draw_inputs(scn: dict, rng: np.random.Generator, n_sets: int, n_max: int) -> np.ndarray:
    """Training inputs ``(n_sets, n_max, d)``: uniform on ``[0,1]^d`` or ``N(0, σ_x² I)``."""
    d = int(scn["d"])
    if scn["inputs"] == "uniform":
        return rng.random((n_sets, n_max, d))
    if scn["inputs"] == "gaussian":
        return rng.standard_normal((n_sets, n_max, d)) * np.sqrt(float(scn["sigma_x2"]))
    raise ValueError(f"unknown input distribution {scn['inputs']!r}")


def _image_offsets(d: int, R: int) -> np.ndarray:
    r = np.arange(-R, R + 1, dtype=float)
    return np.stack(np.meshgrid(*([r] * d), indexing="ij"), axis=-1).reshape(-1, d)


def _periodic_pair_values(kernel: str, l: float, delta: np.ndarray, R: int) -> tuple[np.ndarray, np.ndarray]:
    """``C(δ)`` and ``M(δ) = (c*c)`` image sums for wrapped differences ``delta`` (..., d)."""
    d = delta.shape[-1]
    if kernel == "rbf":
        # product over dimensions; exp(-x²/(2l²)) = exp(-x²/(4l²))², one exponential per image
        K = np.ones(delta.shape[:-1])
        M = np.ones(delta.shape[:-1])
        for j in range(d):
            kj = np.zeros(delta.shape[:-1])
            mj = np.zeros(delta.shape[:-1])
            for r in range(-R, R + 1):
                e = np.exp(-((delta[..., j] - r) ** 2) / (4 * l * l))
                mj += e
                kj += e * e
            K *= kj
            M *= np.sqrt(np.pi) * l * mj
        return K, M
    if kernel == "ou":
        K = np.zeros(delta.shape[:-1])
        M = np.zeros(delta.shape[:-1])
        for r in _image_offsets(d, R):
            rho = np.sqrt(((delta - r) ** 2).sum(axis=-1)) if d > 1 else np.abs(delta[..., 0] - r[0])
            z = rho / l
            e = np.exp(-z)
            K += e
            if d == 1:
                M += (l + rho) * e
            elif d == 2:
                with np.errstate(invalid="ignore"):
                    zz = z * z * k0e(z) + 2 * z * k1e(z)   # = e^{z} z² K_2(z)
                M += (np.pi * l * l / 4) * np.where(z > 1e-8, zz, 2.0) * e
            else:
                raise ValueError("periodic OU simulation implemented for d = 1, 2")
        return K, M
    raise ValueError(f"unknown kernel {kernel!r}")


def kernel_matrices(scn: dict, X: np.ndarray, R: int | None = None) -> tuple[np.ndarray, np.ndarray, float]:
    """``(C(X,X), M, C0)`` for a batch of input sets ``X`` (B, N, d), without the noise term.

    ``C0 = <C(x,x)>_x`` of the simulated kernel (for periodic kernels the same image sum at δ = 0, so
    theory and simulation use the identical kernel). ``R`` = images per side (periodic only).
    """
    B, N, d = X.shape
    l = float(scn["l"])
    if scn["inputs"] == "uniform":
        if R is None:
            raise ValueError("periodic kernels need the number of images R")
        iu, ju = np.triu_indices(N, 1)
        delta = X[:, iu, :] - X[:, ju, :]
        delta -= np.round(delta)
        kv, mv = _periodic_pair_values(scn["kernel"], l, delta, int(R))
        k0, m0 = _periodic_pair_values(scn["kernel"], l, np.zeros((1, d)), int(R))
        K = np.empty((B, N, N))
        M = np.empty((B, N, N))
        for A, v, v0 in ((K, kv, k0[0]), (M, mv, m0[0])):
            A[:, iu, ju] = v
            A[:, ju, iu] = v
            A[:, np.arange(N), np.arange(N)] = v0
        C0 = float(k0[0])
    elif scn["inputs"] == "gaussian":
        if scn["kernel"] != "rbf":
            raise ValueError("Gaussian inputs are implemented for the RBF kernel (eq. 45)")
        sx2 = float(scn["sigma_x2"])
        tau2 = l * l / 2
        # |x_i - x_j|² and |(x_i + x_j)/2|² from one Gram matrix per set (a batched GEMM instead of 2d
        # broadcast passes over (B, N, N)). The cancellation adds ~eps |x|² to a squared distance, i.e. a relative
        # ~eps |x|²/l² to C: 1e-12 for gauss1 (l = 0.01), 5e-15 for gauss4, far below the simulations' noise.
        G = X @ X.transpose(0, 2, 1)
        nrm = np.einsum("bii->bi", G).copy()
        outer = nrm[:, :, None] + nrm[:, None, :]
        sq = np.maximum(outer - 2.0 * G, 0.0)
        sq[:, np.arange(N), np.arange(N)] = 0.0
        cen = (outer + 2.0 * G) / 4.0
        K = np.exp(sq * (-1.0 / (2 * l * l)))
        M = np.exp(sq * (-1.0 / (4 * l * l)) - cen * (1.0 / (2 * (tau2 + sx2))))
        M *= np.sqrt(tau2 / (tau2 + sx2)) ** d
        C0 = 1.0
    else:
        raise ValueError(f"unknown input distribution {scn['inputs']!r}")
    K[K < _TINY] = 0.0
    M[M < _TINY] = 0.0
    return K, M, C0


def nested_errors(K: np.ndarray, M: np.ndarray, C0: float, sigma2: float) -> np.ndarray:
    """``ε(D_n)`` for ``n = 0..N`` of each nested data set: one Cholesky factorisation per set.

    ``K`` (B, N, N) is ``C(X,X)`` without noise, ``M`` the x-averaged products. Returns (B, N+1) with
    ``ε(D_0) = C0``. The Python loop runs over data sets only (LAPACK does the O(N³) work).
    """
    if not sigma2 > 0:
        raise ValueError("sigma2 must be > 0")
    B, N, _ = K.shape
    out = np.empty((B, N + 1))
    out[:, 0] = C0
    diag = np.arange(N)
    for b in range(B):
        A = K[b].copy()
        A[diag, diag] += sigma2
        L, info = lapack.dpotrf(A, lower=1, clean=1, overwrite_a=1)
        if info != 0:
            raise np.linalg.LinAlgError(f"Cholesky failed (info={info})")
        W, info = lapack.dtrtri(L, lower=1)
        if info != 0:
            raise np.linalg.LinAlgError(f"triangular inverse failed (info={info})")
        # W M by a triangular product (N³ flops, half of a general GEMM's 2N³: the largest step here)
        WM = blas.dtrmm(1.0, W, M[b], lower=1)
        inc = np.einsum("ik,ik->i", WM, W)  # (W M Wᵀ)_ii: the n-th example's share of tr(K⁻¹M)
        out[b, 1:] = C0 - np.cumsum(inc)
    return out


def choose_images(scn: dict, X_check: np.ndarray, sigma2s: Iterable[float], rtol: float,
                  R_max: int = 8) -> tuple[int | None, list[tuple[int, float]]]:
    """Smallest ``R`` whose curves agree with ``R + 1`` images to ``rtol`` (max relative difference).

    Tested on the data sets ``X_check`` at every noise level. Returns ``(R, [(R, measured difference),
    ...])``; ``R = None`` for non-periodic scenarios. Raises if ``R_max`` is reached.
    """
    if scn["inputs"] != "uniform":
        return None, []
    history = []
    prev = None
    for R in range(R_max + 2):
        K, M, C0 = kernel_matrices(scn, X_check, R)
        try:
            cur = [nested_errors(K, M, C0, s2) for s2 in sigma2s]
        except np.linalg.LinAlgError:
            # too few images can leave K indefinite (e.g. R = 0 at l = 0.3): certainly not converged
            cur = None
        if prev is not None and cur is None:
            history.append((R - 1, float("inf")))
        elif prev is not None:
            diff = max(float(np.max(np.abs(a - b) / np.abs(b))) for a, b in zip(prev, cur))
            history.append((R - 1, diff))
            if diff <= rtol:
                return R - 1, history
        prev = cur
    raise RuntimeError(f"image sums did not converge to rtol={rtol:g} with R <= {R_max}: {history}")


def simulate_curves(scn: dict, sigma2s, X: np.ndarray, R: int | None, *, batch: int,
                    progress: Callable = lambda it, **kw: it) -> np.ndarray:
    """Simulated ``ε(D_n)`` for every data set in ``X`` (S, N) at each noise level: (n_sigma2, S, N+1).

    The kernel matrices of a batch are built once and shared by all noise levels (common random
    numbers across the panels of one scenario).
    """
    S, N, _ = X.shape
    sigma2s = [float(s) for s in sigma2s]
    out = np.empty((len(sigma2s), S, N + 1))
    for s in progress(range(0, S, batch), desc="data sets", total=-(-S // batch)):
        K, M, C0 = kernel_matrices(scn, X[s : s + batch], R)
        for i, s2 in enumerate(sigma2s):
            out[i, s : s + batch] = nested_errors(K, M, C0, s2)
    return out


# ---------------------------------------------------------------------------------------------
# Figures 1 and 2: prior samples and posterior variance (non-periodic kernels, as in the captions)
# ---------------------------------------------------------------------------------------------


def sample_prior_grid_2d(kernel: str, l: float, G: int, rng: np.random.Generator, n_samples: int = 1,
                         jitter: float = 1e-10) -> tuple[np.ndarray, np.ndarray]:
    """Samples of a zero-mean GP prior on a ``G × G`` grid over ``[0,1]²`` (Fig. 1): ``(grid, F)``.

    OU, ``exp(-|x-x'|/l)``: Cholesky of the ``G² × G²`` covariance (well conditioned). RBF,
    ``exp(-|x-x'|²/(2l²))``, factorises on a tensor grid, ``C = C_1 ⊗ C_1``: ``F = A Z Aᵀ`` with
    ``A = U diag(sqrt(s))`` from the eigendecomposition of ``C_1`` is exact and avoids the
    ill-conditioned ``G²``-dimensional Cholesky. ``F`` has shape (n_samples, G, G) indexed [x1, x2].
    """
    g = np.linspace(0.0, 1.0, G)
    if kernel == "ou":
        X1, X2 = np.meshgrid(g, g, indexing="ij")
        P = np.stack([X1.ravel(), X2.ravel()], axis=1)
        D = np.sqrt(((P[:, None, :] - P[None, :, :]) ** 2).sum(-1))
        C = np.exp(-D / l)
        C[np.diag_indices_from(C)] += jitter
        L = np.linalg.cholesky(C)
        Z = rng.standard_normal((G * G, n_samples))
        return g, (L @ Z).T.reshape(n_samples, G, G)
    if kernel == "rbf":
        C1 = np.exp(-((g[:, None] - g[None, :]) ** 2) / (2 * l * l))
        s, U = np.linalg.eigh(C1)
        A = U * np.sqrt(np.clip(s, 0.0, None))
        Z = rng.standard_normal((n_samples, G, G))
        return g, A[None] @ Z @ A.T[None]
    raise ValueError(f"unknown kernel {kernel!r}")


def posterior_variance_1d(x_train: np.ndarray, x_grid: np.ndarray, l: float, sigma2: float) -> np.ndarray:
    """``ε(x, D) = C(x,x) - k(x)ᵀ K^{-1} k(x)`` (eq. 2) for the non-periodic RBF in d = 1 (Fig. 2)."""
    x_train = np.asarray(x_train, float).ravel()
    K = np.exp(-((x_train[:, None] - x_train[None, :]) ** 2) / (2 * l * l)) + sigma2 * np.eye(x_train.size)
    k = np.exp(-((x_train[:, None] - np.asarray(x_grid, float)[None, :]) ** 2) / (2 * l * l))
    L = np.linalg.cholesky(K)
    V = np.linalg.solve(L, k)  # triangular by construction; generic solve is fine at these sizes
    return 1.0 - (V * V).sum(axis=0)
