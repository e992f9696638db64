"""Algorithm 1 of Hartog & van Zanten (2018): Gibbs sampling with a reversible-jump move on the
truncation level k, for the hierarchical model (3)

    y_i = 1{z_i > 0},  z | f ~ N(f, I),  f = Σ_{i<=k} g_i u^(i),
    g | k, c ~ N(0, (c (Λ_k + n^{-2} I)^q)^{-1}),  p(k) ∝ e^{-γk},  p(c) ∝ c^{a-1} e^{-bc}.

Notation: ``τ_i = (λ_i + n^{-2})^q`` and ``ζ_i = zᵀu^(i)``. The building blocks are pure functions;
:func:`run_chain` strings them together on any eigenbasis of :mod:`.eigenbasis`. With ``fixed_k=n``
and the jump disabled it is the untruncated sampler of [4] (the comparison method of Fig. 5).

Corrections to the printed text (spec §7): the acceptance ratio uses ``ζ_i²`` (Algorithm 1 line 5
prints ``ζ_i``; only the square is the ratio of the marginal likelihoods derived just above it and
satisfies Lemma 1), and everything is evaluated in log space.

Two moves on k (``ChainSettings.k_move``), both the reversible-jump step of Section 3.2 with g integrated
out and then redrawn from ``p(g | z, k', c)``:

* ``"bin4"``: the paper's ``k' = k - 2 + Bin(4, ½)`` random walk (Section 5.1).
* ``"conditional"``: ``k'`` drawn from the exact conditional ``p(k' | z, c)`` on ``1..K_max`` (the
  proposal ``s(k'|k) = p(k'|z,c)`` of Section 3.2, whose acceptance ratio is identically 1; see
  :func:`draw_k_conditional`). The random walk needs of the order of (width of p(k|z,c) / 2)² sweeps
  to cross the conditional, e.g. about 10^5 on the path graph with γ = 0, where p(k|z,c) spreads over
  all of 1..500; the conditional draw crosses it in one sweep. Its first draw (from z around f = 0 and c0)
  does not depend on k0.

Neither move helps where p(k | z, c) itself is a spike: with noise-free labels (the tracking example) z
pins f and every extra eigenvector costs ``½ log(1 + 1/(cτ_i))`` nats, so k stays within ±1 of where it
is whatever the proposal. There c is the slow variable instead (it falls for thousands of sweeps as f
steepens); the optional scale move (``ChainSettings.scale_sd``, :func:`scale_log_ratio`) moves (g, c)
along ``c Σ τ_i g_i² = const`` with z integrated out, an extra step beside Algorithm 1.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
from scipy import special

#: Bin(4, ½) proposal probabilities for k-2..k+2 (Section 5.1).
PROPOSAL_PROBS = np.array([1, 4, 6, 4, 1]) / 16.0


def tau(lam: np.ndarray, n: int, q: float) -> np.ndarray:
    """Prior precisions per unit c, ``τ_i = (λ_i + n^{-2})^q`` (Section 2.2)."""
    if q < 0:
        raise ValueError(f"q must be >= 0, got {q!r}")
    if n < 1:
        raise ValueError(f"n must be >= 1, got {n!r}")
    return (np.asarray(lam, dtype=float) + 1.0 / float(n) ** 2) ** q


def label_signs(y: np.ndarray, observed: np.ndarray) -> np.ndarray:
    """``s_i = +1`` (observed, y=1), ``-1`` (observed, y=0), ``0`` (unobserved) as int8."""
    y = np.asarray(y)
    observed = np.asarray(observed, dtype=bool)
    if y.shape != observed.shape:
        raise ValueError(f"y and observed must have the same shape, got {y.shape} and {observed.shape}")
    if observed.any() and not np.isin(y[observed], (0, 1)).all():
        raise ValueError("observed labels y must be 0 or 1")
    return np.where(observed, np.where(y == 1, 1, -1), 0).astype(np.int8)


def truncated_normal_positive(m: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Draws ``w ~ N(m, 1)`` conditioned on ``w > 0`` by inversion in log space (Section 3.1).

    ``w = m - Φ^{-1}(V Φ(m))`` with ``V ~ U(0,1)``; computed as ``m - ndtri_exp(log V + log Φ(m))`` so
    that it stays exact when ``Φ(m)`` underflows (m < -38) and has no cancellation in the far tail.
    """
    m = np.asarray(m, dtype=float)
    log_v = np.log(rng.random(m.shape))
    w = m - special.ndtri_exp(log_v + special.log_ndtr(m))
    # w > 0 in exact arithmetic; rounding at V -> 1 could give 0, which would flip the label's side
    return np.maximum(w, np.nextafter(0.0, 1.0))


def sample_latent(f: np.ndarray, signs: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Algorithm 1 line 2: ``z_i ~ N(f_i, 1)``, truncated to ``(0, ∞)`` where ``s_i = +1`` and to
    ``(-∞, 0)`` where ``s_i = -1`` (independent over i).

    One plain normal draw per vertex is kept wherever it already lies on the labelled side (an exact
    rejection step: accepted draws have the truncated law); only the rest are redrawn by inversion,
    ``z = s·w`` with ``w ~ N(s f, 1) | w > 0``. Once f separates the labels almost every draw is kept,
    so the special functions run on a small fraction of the vertices.
    """
    f = np.asarray(f, dtype=float)
    z = f + rng.standard_normal(f.shape)
    redo = np.flatnonzero(signs * z <= 0)
    redo = redo[signs[redo] != 0]
    s = signs[redo].astype(float)
    z[redo] = s * truncated_normal_positive(s * f[redo], rng)
    return z


def draw_g(zeta: np.ndarray, c: float, tau_k: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Algorithm 1 line 6: ``g_i ~ N(ζ_i/(1 + cτ_i), 1/(1 + cτ_i))`` independently, i = 1..k."""
    rho = 1.0 + c * tau_k
    return zeta / rho + rng.standard_normal(rho.shape) / np.sqrt(rho)


def draw_c(g: np.ndarray, tau_k: np.ndarray, a: float, b: float, rng: np.random.Generator) -> float:
    """Algorithm 1 line 10 (Section 3.3): ``c ~ Gamma(shape a + k/2, rate b + ½ Σ τ_i g_i²)``."""
    rate = b + 0.5 * float(np.dot(tau_k, g * g))
    shape = a + 0.5 * g.size
    if not (rate > 0 and shape > 0):
        raise FloatingPointError(f"Gamma conditional of c is improper (shape {shape}, rate {rate}); "
                                 "g must not be all zero when a = b = 0")
    return float(rng.gamma(shape, 1.0 / rate))


def rj_log_ratio(zeta: np.ndarray, c: float, tau_: np.ndarray, k: int, k_new: int, gamma: float) -> float:
    """log of the acceptance ratio of Algorithm 1 line 5, corrected (squared projections):

        log r = -γ(k'-k) + sgn Σ_{i=lo+1}^{hi} [ ½ log(cτ_i/(1+cτ_i)) + ½ ζ_i²/(1+cτ_i) ],

    ``lo, hi = min, max(k, k')``, sgn = +1 for k' > k. ``zeta`` must hold at least ``hi`` entries.
    The symmetric Bin(4, ½) proposal contributes ``s(k|k')/s(k'|k) = 1``.
    """
    if k_new == k:
        return 0.0
    lo, hi = (k, k_new) if k_new > k else (k_new, k)
    ct = c * tau_[lo:hi]
    z2 = zeta[lo:hi] ** 2
    term = 0.5 * np.sum(np.log(ct) - np.log1p(ct) + z2 / (1.0 + ct))
    return float(-gamma * (k_new - k) + (term if k_new > k else -term))


def log_marginal_z(z: np.ndarray, zeta: np.ndarray, c: float, tau_: np.ndarray, k: int) -> float:
    """``log p(z | k, c)`` of Section 3.2 (g integrated out): ``z ~ N(0, I + U_k diag(1/(cτ)) U_kᵀ)``."""
    ct = c * tau_[:k]
    return float(-0.5 * z.size * np.log(2 * np.pi) + 0.5 * np.sum(np.log(ct) - np.log1p(ct))
                 - 0.5 * np.dot(z, z) + 0.5 * np.sum(zeta[:k] ** 2 / (1.0 + ct)))


def log_k_conditional(zeta: np.ndarray, c: float, tau_: np.ndarray, gamma: float) -> np.ndarray:
    """Unnormalised ``log p(k | z, c)`` for k = 1..K (K = ``zeta.size``), i.e. ``log p(z|k,c) - γk`` up to
    a constant: the cumulative sum over i <= k of ``½ log(cτ_i/(1+cτ_i)) + ½ ζ_i²/(1+cτ_i)`` (the
    summands of the acceptance ratio of Algorithm 1 line 5, corrected) minus ``γk``. Differences of
    this array are exactly :func:`rj_log_ratio`."""
    K = zeta.size
    ct = c * tau_[:K]
    terms = 0.5 * (np.log(ct) - np.log1p(ct) + zeta * zeta / (1.0 + ct))
    return np.cumsum(terms) - gamma * np.arange(1, K + 1, dtype=float)


def draw_k_conditional(zeta: np.ndarray, c: float, tau_: np.ndarray, gamma: float, u: float) -> int:
    """The reversible-jump move of Section 3.2 with the widest possible proposal: ``k' ~ p(k' | z, c)``
    on ``1..K`` (K = ``zeta.size`` = K_max), by inversion of its cdf with the uniform ``u``.

    Derivation (Algorithm 1 generalised). Section 3.2 accepts ``k'`` drawn from any ``s(k'|k)`` with
    probability ``min{1, r}``, ``r = p(z|k',c) p(k') s(k|k') / (p(z|k,c) p(k) s(k'|k))``, and then
    draws ``g' ~ p(g | z, k', c)``; Lemma 1 shows detailed balance for ``p(g, k | z, c)`` whatever s is
    (its proof never uses the form of s). Take ``s(k'|k) = π(k') := p(k'|z,c) ∝ p(z|k',c) p(k')``,
    which does not depend on k. Then ``r = [p(z|k',c) p(k') π(k)] / [p(z|k,c) p(k) π(k')] = 1``: every
    proposal is accepted, and the transition density ``π(k') p(g'|z,k',c) = p(g', k' | z, c)`` does not
    depend on the current state, so the move is an exact Gibbs draw of (g, k) given (z, c). Restricting
    the support to ``1..K_max`` is the paper's "reject the proposed k" beyond the available eigenpairs
    (Section 4): it truncates eq. (2) to ``1..K_max``.
    """
    lp = log_k_conditional(zeta, c, tau_, gamma)
    cdf = np.cumsum(np.exp(lp - lp.max()))
    return int(np.searchsorted(cdf, u * cdf[-1], side="right")) + 1


def probit_loglik(f: np.ndarray, signs: np.ndarray) -> float:
    """``log p(D | f) = Σ_{i observed} log Φ(s_i f_i)`` (the probit likelihood with z integrated out)."""
    obs = signs != 0
    return float(np.sum(special.log_ndtr(signs[obs] * f[obs])))


def scale_log_ratio(loglik_new: float, loglik_old: float, log_lam: float, c: float, a: float, b: float) -> float:
    """log acceptance ratio of the scale move ``(g, c) -> (λ g, c/λ²)`` at fixed k, z integrated out.

    Derivation. The target is ``π(g, c | k, D) ∝ L(U_k g) Π_{i<=k} (cτ_i)^{1/2} e^{-½ c Σ τ_i g_i²}
    c^{a-1} e^{-bc}`` (probit likelihood L, prior of Section 2.2, Gamma prior of c). The map
    ``T_λ(g, c) = (λg, c/λ²)`` keeps ``c Σ τ_i g_i²``; with ``u = log λ ~ N(0, σ²)`` (symmetric, and
    ``T_{1/λ}`` undoes ``T_λ``) Green's ratio is ``π(T_λ x)/π(x) · |det ∂T_λ/∂(g, c)|`` with Jacobian
    ``λ^k · λ^{-2}``. The factors are: likelihood ``L(λf)/L(f)``; ``(c/λ²)^{k/2}/c^{k/2} = λ^{-k}``; the
    exponent unchanged; ``(c/λ²)^{a-1}/c^{a-1} = λ^{-2a+2}``; ``e^{-b c (λ^{-2} - 1)}``. With the
    Jacobian the powers of λ cancel to ``λ^{-2a}``:

        log r = log L(λf) - log L(f) - 2a log λ - b c (λ^{-2} - 1),

    i.e. the pure likelihood ratio for the paper's ``a = b = 0``. It moves the overall scale of f, which
    the Gibbs steps (z | f, then g | z, then c | g) change only by a slow drift when the labels are
    nearly separable (the tracking example: c falls by half every ~2000 sweeps).
    """
    return float(loglik_new - loglik_old - 2.0 * a * log_lam - b * c * (np.exp(-2.0 * log_lam) - 1.0))


def log_prior_k(gamma: float, K_max: int) -> np.ndarray:
    """Normalised log of eq. (2) restricted to ``1..K_max`` (index 0 is k = 1)."""
    lp = -gamma * np.arange(1, K_max + 1, dtype=float)
    return lp - special.logsumexp(lp)


def default_k0(gamma: float, K_max: int) -> int:
    """Generic start: the prior median ``round(ln 2/γ)`` clipped to ``1..K_max`` (``K_max//2`` if γ = 0)."""
    if gamma <= 0:
        return max(1, K_max // 2)
    return int(np.clip(round(np.log(2.0) / gamma), 1, K_max))


@dataclass(frozen=True)
class ChainSettings:
    """The settings of one chain of Algorithm 1. The model (``q``, ``a``, ``b``) and the run (``n_iter``, ``burn_in``,
    ``thin``, ``k0``, ``k_move``, ``refresh_g_on_reject``) are the configuration's and have no default here; the
    defaults below are the algorithm as printed (start at ``c0 = 1``, no scale move) or switches off."""

    gamma: float
    q: float
    a: float
    b: float
    n_iter: int
    burn_in: int
    thin: int
    k0: int
    k_move: str
    refresh_g_on_reject: bool
    c0: float = 1.0
    K_max: int | None = None
    fixed_k: int | None = None
    keep_draws: bool = False
    scale_sd: float = 0.0  # sd of log λ of the scale move (0: no scale move, Algorithm 1 as printed)
    track_loglik: bool = False  # record log p(D | f) every sweep even without the scale move (a diagnostic)

#: The moves on k: the paper's Bin(4, ½) random walk, or the exact draw from p(k | z, c).
K_MOVES = ("bin4", "conditional")


def _validate(basis, signs, s: ChainSettings) -> tuple[int, int]:
    n = basis.n
    if signs.shape != (n,):
        raise ValueError(f"signs must have shape ({n},), got {signs.shape}")
    K_max = basis.K if s.K_max is None else int(s.K_max)
    if not 1 <= K_max <= basis.K:
        raise ValueError(f"K_max must be in 1..{basis.K} (eigenpairs available), got {s.K_max}")
    if s.gamma < 0:
        raise ValueError(f"gamma must be >= 0, got {s.gamma}")
    if s.a < 0 or s.b < 0:
        raise ValueError(f"a and b must be >= 0, got a={s.a}, b={s.b}")
    if not (s.n_iter >= 1 and 0 <= s.burn_in < s.n_iter and s.thin >= 1):
        raise ValueError(f"need n_iter >= 1, 0 <= burn_in < n_iter, thin >= 1; got n_iter={s.n_iter}, "
                         f"burn_in={s.burn_in}, thin={s.thin}")
    if not s.c0 > 0:
        raise ValueError(f"c0 must be > 0, got {s.c0}")
    if s.k_move not in K_MOVES:
        raise ValueError(f"k_move must be one of {K_MOVES}, got {s.k_move!r}")
    if not s.scale_sd >= 0:
        raise ValueError(f"scale_sd must be >= 0, got {s.scale_sd!r}")
    k0 = s.fixed_k if s.fixed_k is not None else s.k0
    if not 1 <= int(k0) <= K_max:
        raise ValueError(f"k0 (or fixed_k) must be in 1..K_max={K_max}, got {k0}")
    return K_max, int(k0)


def run_chain(basis, signs: np.ndarray, settings: ChainSettings, rng: np.random.Generator) -> dict:
    """Run Algorithm 1 for ``settings.n_iter`` sweeps on ``basis`` with label signs ``signs``.

    Each sweep: (1) z | g, k (line 2); (2) with ``k_move="bin4"``, propose ``k' = k - 2 + Bin(4, ½)``;
    reject if ``k' < 1`` or ``k' > K_max`` (counted in ``n_reject_kmax``: the eigenpair is not
    available, Section 4); otherwise accept with the corrected ratio and redraw all ``k'`` coefficients
    (lines 3-9); on reject keep g (line 8), or redraw it at the old k if ``refresh_g_on_reject``; with
    ``k_move="conditional"``, draw ``k' ~ p(k' | z, c)`` on ``1..K_max`` (always accepted, see
    :func:`draw_k_conditional`) and then g; (3) c | g, k (line 10); (4) if ``scale_sd > 0``, the scale
    move ``(g, c) -> (λg, c/λ²)``, ``log λ ~ N(0, scale_sd²)``, accepted with :func:`scale_log_ratio`
    (z integrated out; valid because z is redrawn from its conditional at the start of the next sweep).
    In the first sweep g is drawn from ``p(g | z, k0, c0)`` before the proposal, because with
    ``a = b = 0`` a rejected first move would leave ``g = 0`` and an improper c conditional.

    With ``fixed_k`` set, k is pinned and g is redrawn every sweep: the untruncated sampler of [4] for
    ``fixed_k = n``. No proposal is drawn then.

    Returns a dict: ``k``, ``k_proposed`` (int64, n_iter), ``c`` (n_iter), ``accepted`` (bool, n_iter;
    k' = k counts as accepted), ``loglik`` (n_iter; ``log p(D | f)`` after each sweep when the scale move
    runs or ``track_loglik``, NaN otherwise), ``n_scale_accepted``, ``n_reject_kmax``, ``n_at_kmax`` (sweeps ending with k = K_max: with the
    conditional move, how often the truncation of the support binds), ``ell_mean`` (n,) = posterior mean of Φ(f) over all
    post-burn-in sweeps, ``f_lo``/``f_hi``/``ell_lo``/``ell_hi`` (n,) pointwise 2.5 %/97.5 % quantiles
    over the thinned post-burn-in draws (ℓ = Φ(f) is monotone, so its quantiles are Φ of f's),
    ``n_draws``, ``t_sweeps`` (wall seconds of all sweeps) and, if ``keep_draws``, ``f_draws``
    (float32, (n_draws, n)).
    """
    signs = np.asarray(signs, dtype=np.int8)
    K_max, k = _validate(basis, signs, settings)
    s = settings
    n = basis.n
    tau_all = tau(basis.lam[:K_max], n, s.q)
    c = float(s.c0)
    n_keep = len(range(s.burn_in, s.n_iter, s.thin))
    draws = np.empty((n_keep, n), dtype=np.float32)
    ell_sum = np.zeros(n)
    out_k = np.empty(s.n_iter, dtype=np.int64)
    out_kp = np.empty(s.n_iter, dtype=np.int64)
    out_c = np.empty(s.n_iter)
    out_acc = np.zeros(s.n_iter, dtype=bool)
    out_ll = np.full(s.n_iter, np.nan)  # log p(D | f) after each sweep (computed only with the scale move)
    n_reject_kmax = n_at_kmax = 0
    # Draw all proposal increments and uniforms up front: one rng call each instead of one per sweep.
    conditional = s.fixed_k is None and s.k_move == "conditional"
    if conditional:
        # one uniform per sweep for the inversion of p(k | z, c); no random-walk steps
        steps, log_u, u_k = np.zeros(s.n_iter, int), np.zeros(s.n_iter), rng.random(s.n_iter)
    else:
        steps = rng.binomial(4, 0.5, size=s.n_iter) - 2 if s.fixed_k is None else np.zeros(s.n_iter, int)
        log_u = np.log(rng.random(s.n_iter))
    scale = s.scale_sd > 0
    if scale:
        log_lam = s.scale_sd * rng.standard_normal(s.n_iter)
        log_u_scale = np.log(rng.random(s.n_iter))
    n_scale = 0

    f = np.zeros(n)
    g = None
    t0 = time.perf_counter()
    j = 0
    for it in range(s.n_iter):
        z = sample_latent(f, signs, rng)
        if g is None and not conditional:
            g = draw_g(basis.project(z, k), c, tau_all[:k], rng)
        k_new = k + int(steps[it])
        out_kp[it] = k_new
        if conditional:
            zeta = basis.project(z, K_max)
            k = draw_k_conditional(zeta, c, tau_all, s.gamma, u_k[it])
            out_kp[it] = k
            out_acc[it] = True
            g = draw_g(zeta[:k], c, tau_all[:k], rng)
        elif k_new == k:
            g = draw_g(basis.project(z, k), c, tau_all[:k], rng)
            out_acc[it] = True
        elif k_new < 1 or k_new > K_max:
            n_reject_kmax += k_new > K_max
            if s.refresh_g_on_reject:
                g = draw_g(basis.project(z, k), c, tau_all[:k], rng)
        else:
            zeta = basis.project(z, max(k, k_new))
            if log_u[it] <= rj_log_ratio(zeta, c, tau_all, k, k_new, s.gamma):
                k = k_new
                g = draw_g(zeta[:k], c, tau_all[:k], rng)
                out_acc[it] = True
            elif s.refresh_g_on_reject:
                g = draw_g(zeta[:k], c, tau_all[:k], rng)
        c = draw_c(g, tau_all[:k], s.a, s.b, rng)
        f = basis.synth(g)
        if scale:
            lam = np.exp(log_lam[it])
            ll_old, ll_new = probit_loglik(f, signs), probit_loglik(lam * f, signs)
            if log_u_scale[it] <= scale_log_ratio(ll_new, ll_old, log_lam[it], c, s.a, s.b):
                g, f, c = lam * g, lam * f, c / lam ** 2
                n_scale += 1
                ll_old = ll_new
            out_ll[it] = ll_old
        elif s.track_loglik:
            out_ll[it] = probit_loglik(f, signs)
        out_k[it] = k
        n_at_kmax += k == K_max
        out_c[it] = c
        if it >= s.burn_in:
            ell_sum += special.ndtr(f)
            if (it - s.burn_in) % s.thin == 0:
                draws[j] = f
                j += 1
    t_sweeps = time.perf_counter() - t0

    f_lo, f_hi = np.quantile(draws, [0.025, 0.975], axis=0) if n_keep else (np.full(n, np.nan),) * 2
    out = {
        "k": out_k, "k_proposed": out_kp, "c": out_c, "accepted": out_acc,
        "n_reject_kmax": np.int64(n_reject_kmax), "n_at_kmax": np.int64(n_at_kmax),
        "n_scale_accepted": np.int64(n_scale), "loglik": out_ll,
        "ell_mean": ell_sum / (s.n_iter - s.burn_in),
        "f_lo": f_lo.astype(float), "f_hi": f_hi.astype(float),
        "ell_lo": special.ndtr(f_lo.astype(float)), "ell_hi": special.ndtr(f_hi.astype(float)),
        "n_draws": np.int64(n_keep), "t_sweeps": np.float64(t_sweeps), "K_max": np.int64(K_max),
    }
    if s.keep_draws:
        out["f_draws"] = draws
    return out


def run_untruncated(basis, signs: np.ndarray, settings: ChainSettings, rng: np.random.Generator) -> dict:
    """The method of [4]: the same Gibbs steps with ``k ≡ n`` (all eigenpairs) and no jump."""
    if basis.K != basis.n:
        raise ValueError(f"the untruncated method needs all n={basis.n} eigenpairs, basis has {basis.K}")
    from dataclasses import replace
    return run_chain(basis, signs, replace(settings, fixed_k=basis.n, K_max=basis.n), rng)
