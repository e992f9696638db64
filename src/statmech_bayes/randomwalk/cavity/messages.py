"""The cavity messages of Urry & Sollich (2013), Sec. 4, in the rescaled real variables: the vertex matrix ``B0``
(Eq. 33), the embedding ``E(V)`` of a message (Eq. 33) and the cavity update in its Woodbury form (Eqs. 34, 37), shared
by single-graph belief propagation (:mod:`.bp`) and population dynamics (:mod:`.population`). The layout is
described in the package docstring (:mod:`statmech_bayes.randomwalk.cavity`)."""

from __future__ import annotations

import warnings

import numpy as np

from statmech_bayes.randomwalk.kernels import rw_coefficients


def _check_pa(p: int, a: float) -> tuple[int, float]:
    if int(p) != p or p < 1:
        raise ValueError(f"p must be a positive integer, got {p!r}")
    if not a > 1.0:
        # c_0 = (1-1/a)^p must be positive, otherwise d·B0 is singular for a leaf
        raise ValueError(f"a must be > 1, got {a!r}")
    return int(p), float(a)


def base_matrix(p: int, a: float) -> np.ndarray:
    """The vertex matrix ``B0`` of Eq. (33) in the rescaled variables (float64, ``n × n``, ``n = 2p+1``).

    ``B0[0,0] = c_0``, ``B0[0,q] = B0[q,0] = c_q/2`` (the prior term ``½ Σ_q c_q h^0 h^q`` of Eq. 29) and
    ``B0[q,p+q] = B0[p+q,q] = 1`` (the conjugate-field term ``i Σ_q ĥ^q h^q`` with ``ĥ^q = i g^q``; the
    paper's entry is ``-i``), ``q = 1..p``; ``c_q`` are the binomial weights of Eq. (3).
    """
    p, a = _check_pa(p, a)
    n = 2 * p + 1
    c = rw_coefficients(p, a)
    B0 = np.zeros((n, n))
    B0[0, 0] = c[0]
    q = np.arange(1, p + 1)
    B0[0, q] = B0[q, 0] = c[1:] / 2.0
    B0[q, p + q] = B0[p + q, q] = 1.0
    return B0


def embedding_permutation(p: int) -> np.ndarray:
    """The index map ``π`` of ``E(V) = -X V X`` (Eq. 33): ``π(q-1) = p+q``, ``π(p+q) = q-1``.

    The edge factor of Eq. (29) couples ``ĥ^q`` of one end to ``h^{q-1}`` of the other, so ``h^p`` (index
    ``p``) has no partner; ``π(p)`` is set to ``p`` and :func:`embed` zeroes that row and column.
    """
    p = int(p)
    perm = np.empty(2 * p + 1, dtype=np.intp)
    q = np.arange(1, p + 1)
    perm[q - 1] = p + q
    perm[p + q] = q - 1
    perm[p] = p
    return perm


def embed(V: np.ndarray) -> np.ndarray:
    """The embedding ``E(V) = -X V X`` of Eq. (33) in the rescaled variables, for a stack ``(..., n, n)``.

    In the paper's variables ``X`` has entries ``+i`` only, so ``-X V X`` is the re-indexing
    ``V[π(a), π(b)]``; after the rescaling ``ĥ = i g`` each entry picks up ``i·i = -1`` (``π`` pairs an
    ``h`` index with an ``ĥ`` index), so this returns ``-V[π(a), π(b)]`` with the unpaired index ``p``
    set to zero; no matrix products are needed.
    """
    V = np.asarray(V)
    n = V.shape[-1]
    if V.shape[-2] != n or n % 2 != 1 or n < 3:
        raise ValueError(f"messages must be (..., n, n) with odd n >= 3, got shape {V.shape}")
    p = (n - 1) // 2
    perm = embedding_permutation(p)
    out = -V[..., perm[:, None], perm[None, :]]
    out[..., p, :] = 0.0
    out[..., :, p] = 0.0
    return out


def woodbury_message(M: np.ndarray, s, d_kappa) -> np.ndarray:
    """Cavity covariance ``V = (M + (dκ/s) e0 e0ᵀ)⁻¹`` in the Woodbury form of Eqs. (34) and (37).

    ``V = M⁻¹ - (M⁻¹ e0)(e0ᵀ M⁻¹) / (s/(dκ) + (M⁻¹)_00)`` with ``s = γ/σ²`` and ``dκ = d·κ``. Written this
    way the ``λ → 0`` limit is explicit: for ``s = 0`` (no data at the sender) the first denominator term
    is exactly zero and ``V`` is the projection that pins ``h^0 = 0``.

    ``M`` is a batch ``(B, n, n)`` (or a single ``(n, n)``) of real symmetric, indefinite matrices; ``s``
    and ``d_kappa`` broadcast against the batch. Only ``np.linalg.inv`` is used: ``eigh``/``cholesky``
    would be wrong for indefinite matrices.
    """
    M = np.asarray(M, dtype=np.float64)
    single = M.ndim == 2
    if single:
        M = M[None]
    Minv = np.linalg.inv(M)
    s = np.broadcast_to(np.asarray(s, dtype=np.float64), Minv.shape[:1])
    dk = np.broadcast_to(np.asarray(d_kappa, dtype=np.float64), Minv.shape[:1])
    # s = 0 must give exactly 0 (projection) even if dκ were 0 or inf.
    ratio = np.zeros(Minv.shape[0])
    np.divide(s, dk, out=ratio, where=s != 0)
    denom = ratio + Minv[:, 0, 0]
    V = Minv - Minv[:, :, 0, None] * Minv[:, None, 0, :] / denom[:, None, None]
    return V[0] if single else V


def _inv00(M: np.ndarray) -> np.ndarray:
    """``(M⁻¹)_00`` for a batch, via one solve (cheaper than a full inverse).

    Checked by :func:`checked_inv00`.
    """
    if M.shape[0] == 0:
        return np.zeros(0)
    e0 = np.zeros(M.shape[:2] + (1,))
    e0[:, 0, 0] = 1.0
    return checked_inv00(np.linalg.solve(M, e0)[:, 0, 0])


def checked_inv00(x: np.ndarray) -> np.ndarray:
    """``x`` (values of ``(M⁻¹)_00``), with a warning if any is not finite and positive (spec A16 in the rescaled
    variables: the marginal is real by construction, so what can fail is a positive prior variance)."""
    if not np.all(np.isfinite(x) & (x > 0)):
        warnings.warn("(M^-1)_00 is not finite and positive for some vertex; the population is unstable",
                      RuntimeWarning, stacklevel=3)
    return x
