"""Population dynamics for graph ensembles given by a degree law (Urry & Sollich 2013, Eqs. 35-38 global
normalisation, Eqs. 43-45 local): the ensemble ``κ`` and the cavity learning curves, in independent replicas that can
run as separate jobs."""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from statmech_bayes.graphs.ensembles import DegreeLaw
from statmech_bayes.randomwalk.cavity import kernels
from statmech_bayes.randomwalk.cavity.messages import (
    _check_pa,
    _inv00,
    base_matrix,
    checked_inv00,
    embed,
    embedding_permutation,
    woodbury_message,
)


@dataclass
class KappaResult:
    """Global normalisation constant from the ``κ = 1``, ``ν = 0`` population (Sec. 4.1, after Eq. 38).

    ``kappa`` is the ensemble mean of the unnormalised prior variance ``Ĉ_s`` (the ``d = 0`` term ``c_0``
    included), ``stderr`` its standard error over measurement sweeps, ``prior_samples`` all measured
    ``Ĉ_s`` (``measure_sweeps · P`` values; ``Ĉ_s/κ`` is the Fig. 2 distribution) and ``population`` the
    equilibrated embedded message population ``(P, n, n)``, a warm start for any ``(ν, σ²)`` and the
    unnormalised half of the local-normalisation pairs.
    """

    kappa: float
    stderr: float
    prior_samples: np.ndarray
    population: np.ndarray
    p: int
    a: float
    law_name: str
    sweep_means: np.ndarray = field(repr=False, default_factory=lambda: np.zeros(0))


@dataclass
class CurveResult:
    """A cavity learning curve ``ε(ν)`` (Eq. 38 global, Eq. 45 local) on a grid of ``ν``.

    ``eps`` is the mean local posterior variance (the Bayes error, Rao-Blackwellised over each measured
    vertex's own ``γ`` and exact in the ``d = 0`` stratum), averaged over ``replica_eps``, the estimates of
    independent populations; ``stderr`` is its standard error from the spread of the replicas (with one
    replica: over measurement sweeps, AR(1)-corrected, which ``sweep_stderr`` holds for every replica).
    ``eps_variance`` is the variance of ``ε_s`` over vertices (the cavity prediction of the
    vertex-to-vertex variance of local posterior variances, Fig. 9), averaged over ``replica_variance``,
    ``samples`` the raw ``ε_s`` keyed by
    grid ``ν`` (float) for the ``ν`` requested in ``keep_samples_at`` (pooled over replicas), and
    ``population`` the first replica's final population (``(P, n, n)`` global, ``(P, 2, n, n)``
    unnormalised/local pairs for local).
    """

    nu: np.ndarray
    eps: np.ndarray
    stderr: np.ndarray
    eps_variance: np.ndarray
    samples: dict
    population: np.ndarray
    normalisation: str
    sigma2: float
    kappa: float | None = None
    replica_eps: np.ndarray = field(repr=False, default_factory=lambda: np.zeros((0, 0)))
    sweep_stderr: np.ndarray = field(repr=False, default_factory=lambda: np.zeros((0, 0)))
    replica_variance: np.ndarray = field(repr=False, default_factory=lambda: np.zeros((0, 0)))


def _no_progress(iterable: Iterable, desc: str = "", total: int | None = None) -> Iterable:
    return iterable


def _check_rng(rng) -> np.random.Generator:
    if not isinstance(rng, np.random.Generator):
        raise TypeError(f"rng must be a numpy.random.Generator, got {type(rng).__name__}")
    return rng


def _default_block(P: int) -> int:
    # Blocks of <= 10 % of P keep the update close to sequential (spec A5); ~1000 amortises the Python
    # and sparse-matrix overhead per batched inversion.
    return max(1, min(1000, P // 10))


def _selection(rng: np.random.Generator, k: np.ndarray, P: int) -> tuple[np.ndarray, np.ndarray]:
    """For each row ``b``, ``k[b]`` population indices drawn uniformly with replacement: ``(indptr, idx)``, row
    ``b``'s indices being ``idx[indptr[b]:indptr[b+1]]`` (the compressed-row layout of :mod:`.kernels`).

    Duplicate indices within a row are kept (and summed by the kernels), which is what sampling with
    replacement requires. Rows of very different lengths (heavy-tailed degrees) cost only their entries.
    """
    indptr = np.zeros(k.size + 1, dtype=np.int64)
    np.cumsum(k, out=indptr[1:])
    idx = rng.integers(0, P, size=int(indptr[-1]), dtype=np.int64)
    return indptr, idx


class _Population:
    """Shared machinery of the population-dynamics runs (one instance per run, not public)."""

    def __init__(self, law: DegreeLaw, p: int, a: float, P: int, rng: np.random.Generator,
                 block: int | None, draws: int | None = None):
        p, a = _check_pa(p, a)
        if int(P) != P or P < 2:
            raise ValueError(f"population size P must be an integer >= 2, got {P!r}")
        self.law, self.p, self.a, self.P = law, p, a, int(P)
        self.rng = _check_rng(rng)
        self.B0 = base_matrix(p, a)
        self.perm = embedding_permutation(p).astype(np.int64)
        self.n = 2 * p + 1
        self.c0 = float(self.B0[0, 0])
        self.block = _default_block(self.P) if block is None else max(1, min(int(block), self.P))
        # Vertices measured per measurement sweep. Each reads d messages of the fixed population, so
        # measuring more of them costs no population update; it cuts the sampling noise of second moments
        # (the Fig. 9 vertex variance), which at small ν is carried by the few vertices near an example.
        self.draws = self.P if draws is None else int(draws)
        if self.draws < 1:
            raise ValueError(f"draws must be a positive integer, got {draws!r}")
        # With no edges (p(d) = δ_{d,0}) there are no messages; every vertex is isolated.
        self.has_edges = law.mean > 0
        # leaf[k]: slot k holds a message sent by a vertex of degree 1 (it depends on that vertex's data only).
        self.leaf = np.zeros(self.P, dtype=bool)

    @property
    def q1(self) -> float:
        """``q(1) = p(1)/c̄``, the chance that a message comes from a leaf (edge-biased degree 1), exact."""
        return self.law.p1 / self.law.mean if self.has_edges else 0.0

    def _gamma(self, size: int, nu: float) -> np.ndarray:
        return _poisson(self.rng, nu, size)

    # -- global normalisation (Eqs. 35-38) -------------------------------------------------------------

    def sweep_global(self, pop: np.ndarray, nu: float, sigma2: float, kappa: float) -> None:
        """P message updates of Eq. (35): every slot is rewritten once, in a random order and in blocks.

        New messages read the current population, so messages written earlier in the sweep are already
        used (close to sequential updating).
        """
        if not self.has_edges:
            return
        P, n, rng = self.P, self.n, self.rng
        if not pop.flags.c_contiguous:
            raise ValueError("the message population must be C-contiguous (the kernel writes through a view of it)")
        pop4 = pop.reshape(P, 1, n, n)
        slots = rng.permutation(P)
        for start in range(0, P, self.block):
            tgt = slots[start:start + self.block]
            b = tgt.size
            d = self.law.sample(rng, b, edge_biased=True)
            s = self._gamma(b, nu) / sigma2
            indptr, rows = _selection(rng, d - 1, P)
            kernels.global_update(pop4, tgt, indptr, rows, d, s, float(kappa), self.B0, self.perm)
            self.leaf[tgt] = d == 1

    def measure_global(self, pop: np.ndarray, nu: float, sigma2: float, kappa: float) -> _Measurement:
        """``draws`` vertex samples of Eq. (38): ``ε_s = 1/(γ/σ² + dκ(M_d⁻¹)_00)``, ``d ~ p(d)`` (not edge-biased).

        ``d = 0`` vertices use ``1/(γ/σ² + κ/c_0)`` (text after Eq. 38). Besides the raw samples, the
        Rao-Blackwellised moments (:func:`_rao_blackwell`) of each sample are returned, in which a vertex of
        degree 1 whose neighbour is a leaf (an isolated edge, the largest and rarest contribution at small
        ``σ²``: ``Ĉ_ii/κ ≈ 7`` on Erdős–Rényi graphs) enters with its exact expectation and weight ``q(1)``
        (:func:`_isolated_edge_moments`), and with weight ``1 - q(1)`` through a message drawn from the
        non-leaf messages.
        """
        P, n, rng, D = self.P, self.n, self.rng, self.draws
        pop4 = pop.reshape(P, 1, n, n)
        raw, d_all, prec_all = np.empty(D), np.empty(D, dtype=np.int64), np.empty(D)
        prec_strat = np.empty(D)
        prec0 = kappa / self.c0
        non_leaf = np.flatnonzero(~self.leaf)
        for start in range(0, D, self.block):
            b = min(self.block, D - start)
            d = self.law.sample(rng, b)
            s = self._gamma(b, nu) / sigma2
            prec = np.full(b, prec0)
            on = d > 0
            if np.any(on):
                dd = d[on]
                indptr, rows = _selection(rng, dd, P)
                prec[on] = dd * kappa * checked_inv00(kernels.inv00_of_sums(pop4, 0, indptr, rows, dd, self.B0))
            strat = prec.copy()
            # degree-1 vertices that drew a leaf's message: redraw among the non-leaf messages
            one = np.flatnonzero(on)[dd == 1] if np.any(on) else np.zeros(0, dtype=np.int64)
            if one.size and non_leaf.size:
                first = rows[indptr[:-1][dd == 1]]
                redo = one[self.leaf[first]]
                if redo.size:
                    k = non_leaf[rng.integers(0, non_leaf.size, size=redo.size)]
                    strat[redo] = kappa * checked_inv00(kernels.inv00_of_sums(
                        pop4, 0, np.arange(redo.size + 1), k, np.ones(redo.size, dtype=np.int64), self.B0))
            raw[start:start + b] = 1.0 / (s + prec)
            d_all[start:start + b], prec_all[start:start + b] = d, prec
            prec_strat[start:start + b] = strat
        # (without any non-leaf message, q(1) = 1 and the non-leaf term has no weight)
        q1 = self.q1
        edge = _isolated_edge_moments(self.B0, kappa, nu, sigma2) if q1 > 0 else (0.0, 0.0)
        return _rao_blackwell(raw, d_all, prec_strat, prec0, self.law.p0, nu, sigma2, q1=q1, edge=edge)

    # -- local normalisation (Eqs. 43-45) --------------------------------------------------------------

    def sweep_local(self, pairs: np.ndarray, nu: float, sigma2: float) -> None:
        """P pair updates of Eq. (43): the same ``d-1`` pairs feed both the unnormalised, data-free message
        and the locally normalised message with data; the sender's ``κ`` (Eq. 44) uses one further,
        independent "counterflow" unnormalised message (the message from the receiving vertex)."""
        if not self.has_edges:
            return
        P, rng = self.P, self.rng
        slots = rng.permutation(P)
        for start in range(0, P, self.block):
            tgt = slots[start:start + self.block]
            b = tgt.size
            d = self.law.sample(rng, b, edge_biased=True)
            s = self._gamma(b, nu) / sigma2
            indptr, rows = _selection(rng, d - 1, P)
            kstar = rng.integers(0, P, size=b)
            # d κ = d / (d (M_full⁻¹)_00) = 1/(M_full⁻¹)_00, Eq. (44), M_full with the counterflow message kstar
            kernels.local_update(pairs, tgt, indptr, rows, d, s, kstar, self.B0, self.perm)

    def measure_local(self, pairs: np.ndarray, nu: float, sigma2: float) -> _Measurement:
        """``draws`` vertex samples of Eq. (45): ``ε_s = 1/(γ/σ² + (M_loc⁻¹)_00/(M⁻¹)_00)`` from ``d`` pairs,
        since ``κ = 1/(d (M⁻¹)_00)``; ``d = 0`` gives ``1/(γ/σ² + 1)`` (prior variance 1). Besides the raw
        samples, the Rao-Blackwellised moments (:func:`_rao_blackwell`) of each sample are returned."""
        P, rng, D = self.P, self.rng, self.draws
        raw, d_all, prec_all = np.empty(D), np.empty(D, dtype=np.int64), np.empty(D)
        for start in range(0, D, self.block):
            b = min(self.block, D - start)
            d = self.law.sample(rng, b)
            s = self._gamma(b, nu) / sigma2
            prec = np.ones(b)
            on = d > 0
            if np.any(on):
                dd = d[on]
                indptr, rows = _selection(rng, dd, P)
                loc = checked_inv00(kernels.inv00_of_sums(pairs, 1, indptr, rows, dd, self.B0))
                prec[on] = loc / checked_inv00(kernels.inv00_of_sums(pairs, 0, indptr, rows, dd, self.B0))
            raw[start:start + b] = 1.0 / (s + prec)
            d_all[start:start + b], prec_all[start:start + b] = d, prec
        return _rao_blackwell(raw, d_all, prec_all, 1.0, self.law.p0, nu, sigma2)


@dataclass(frozen=True)
class _Measurement:
    """One measurement sweep: ``raw`` per-vertex samples ``ε_s`` (their histogram is the cavity prediction
    of the distribution of local posterior variances) and the per-sample Rao-Blackwellised first and
    second moments ``m1``, ``m2`` whose means estimate ``E ε`` and ``E ε²`` with less variance."""

    raw: np.ndarray
    m1: np.ndarray
    m2: np.ndarray


def _poisson_moments(prec: np.ndarray, nu: float, sigma2: float) -> tuple[np.ndarray, np.ndarray]:
    """``E_γ[ε]`` and ``E_γ[ε²]`` for ``ε = 1/(γ/σ² + prec)``, ``γ ~ Poisson(ν)``, summed exactly.

    The sum is cut where the Poisson tail is below ``1e-16`` of the total mass (``ε`` is bounded by
    ``1/prec``, so the neglected part is below ``1e-16`` of the ``γ = 0`` term).
    """
    prec = np.asarray(prec, dtype=np.float64)
    if nu == 0:
        e = 1.0 / prec
        return e, e * e
    g_max = int(math.ceil(nu + 12.0 * math.sqrt(nu) + 40.0))
    g = np.arange(g_max + 1, dtype=np.float64)
    logw = g * math.log(nu) - nu - np.array([math.lgamma(x + 1.0) for x in g])
    w = np.exp(logw)
    e = 1.0 / (g[None, :] / sigma2 + prec[:, None])
    return e @ w, (e * e) @ w


def _isolated_edge_moments(B0: np.ndarray, kappa: float, nu: float, sigma2: float) -> tuple[float, float]:
    """``E[ε]`` and ``E[ε²]`` at a degree-1 vertex whose only neighbour is a leaf (an isolated edge), global
    normalisation: both vertices' ``γ ~ Poisson(ν)`` are summed exactly. The leaf's message (Eq. 37 with no
    incoming messages, ``M = B0``) depends on its own ``γ`` only."""
    g_max = 0 if nu == 0 else int(math.ceil(nu + 12.0 * math.sqrt(nu) + 40.0))
    g = np.arange(g_max + 1, dtype=np.float64)
    w = np.ones(1) if nu == 0 else np.exp(g * math.log(nu) - nu - np.array([math.lgamma(x + 1.0) for x in g]))
    B = np.broadcast_to(B0, (g.size,) + B0.shape)
    leaf = embed(woodbury_message(B, g / sigma2, kappa))
    prec = kappa * _inv00(B0 + leaf)
    m1, m2 = _poisson_moments(prec, nu, sigma2)
    return float(w @ m1), float(w @ m2)


def _rao_blackwell(raw: np.ndarray, d: np.ndarray, prec: np.ndarray, prec0: float, p0: float, nu: float,
                   sigma2: float, q1: float = 0.0, edge: tuple[float, float] = (0.0, 0.0)) -> _Measurement:
    """Variance-reduced estimators of the vertex average of Eq. (38)/(45): the measured vertex's own
    ``γ ~ Poisson(ν)`` is averaged exactly given its cavity precision (Rao-Blackwellisation), and the
    ``d = 0`` stratum, whose precision ``prec0`` is known, enters with its exact weight ``p(0)``:
    ``m = 1[d > 0] E_γ[ε | prec] + p(0) E_γ[ε | prec0]`` has the same expectation as the raw ``ε_s``. At
    small ``σ²`` the raw samples are dominated by the rare vertices without data (``γ = 0``); their
    average is exact here. With ``q1 > 0`` a degree-1 sample (whose ``prec`` must then come from a non-leaf
    message) is split into ``(1 - q1) E_γ[ε | prec] + q1 · edge``, ``edge`` the exact isolated-edge moments.
    """
    m1, m2 = _poisson_moments(prec, nu, sigma2)
    z1, z2 = _poisson_moments(np.array([prec0]), nu, sigma2)
    one = d == 1
    w = np.where(d > 0, np.where(one, 1.0 - q1, 1.0), 0.0)
    return _Measurement(raw=raw, m1=w * m1 + np.where(one, q1 * edge[0], 0.0) + p0 * z1[0],
                        m2=w * m2 + np.where(one, q1 * edge[1], 0.0) + p0 * z2[0])


def _poisson(rng: np.random.Generator, nu: float, size: int) -> np.ndarray:
    """``γ ~ Poisson(ν)`` per vertex (Eq. 35); no random numbers are consumed for ``ν = 0``."""
    if nu == 0:
        return np.zeros(size)
    return rng.poisson(nu, size=size).astype(np.float64)


def _summarise(samples: list[np.ndarray]) -> tuple[float, float, float, np.ndarray]:
    means = np.array([x.mean() for x in samples])
    pooled = np.concatenate(samples)
    se = float(means.std(ddof=1) / math.sqrt(means.size)) if means.size > 1 else math.nan
    if means.size > 2 and means.std() > 0:
        # Successive sweeps share most of their population, so their means are correlated: inflate the
        # naive error by the AR(1) factor sqrt((1+ρ)/(1-ρ)), ρ the lag-1 autocorrelation (clipped).
        c = means - means.mean()
        rho = float(np.clip(np.dot(c[1:], c[:-1]) / np.dot(c, c), 0.0, 0.9))
        se *= math.sqrt((1.0 + rho) / (1.0 - rho))
    var = float(pooled.var(ddof=1)) if pooled.size > 1 else math.nan
    return float(pooled.mean()), se, var, means


def _real_population(pop, copy: bool = False) -> np.ndarray:
    """A message population in the rescaled (real) variables; a complex array, e.g. from a cache written
    in the paper's variables, is refused rather than silently cast."""
    pop = np.asarray(pop)
    if np.iscomplexobj(pop):
        raise TypeError("message populations are real in the rescaled variables (ĥ = i g); got a complex "
                        "array, probably a cache written in the paper's variables: rebuild it")
    return np.array(pop, dtype=np.float64, copy=copy) if copy else pop.astype(np.float64, copy=False)


def _check_sweeps(equil_sweeps: int, measure_sweeps: int) -> None:
    if equil_sweeps < 0 or measure_sweeps < 1:
        raise ValueError("need equil_sweeps >= 0 and measure_sweeps >= 1")


def global_kappa(law: DegreeLaw, p: int, a: float, P: int, equil_sweeps: int, measure_sweeps: int,
                 rng: np.random.Generator, progress: Callable | None = None,
                 init_population: np.ndarray | None = None, block_size: int | None = None) -> KappaResult:
    """The global normalisation constant ``κ`` by population dynamics with ``κ = 1``, ``ν = 0``
    (Sec. 4.1, paragraph after Eq. 38; Sec. 4.2 for the prior-variance distribution).

    All updates are then the ``γ = 0`` projections of Eq. (37), independent of ``κ`` and ``σ²``. After
    ``equil_sweeps`` sweeps from an all-zero population (or ``init_population``), each of
    ``measure_sweeps`` sweeps performs P updates and then draws P vertices with ``d ~ p(d)``, recording
    ``Ĉ_s = 1/(d (M_d⁻¹)_00)`` (``c_0`` for ``d = 0``). ``κ`` is the mean of all ``Ĉ_s``.
    """
    _check_sweeps(equil_sweeps, measure_sweeps)
    pd = _Population(law, p, a, P, rng, block_size)
    prog = progress or _no_progress
    pop = (np.zeros((pd.P, pd.n, pd.n)) if init_population is None
           else _real_population(init_population, copy=True))
    if pop.shape != (pd.P, pd.n, pd.n):
        raise ValueError(f"init_population must have shape {(pd.P, pd.n, pd.n)}, got {pop.shape}")
    samples = []
    for sweep in prog(range(equil_sweeps + measure_sweeps), desc=f"kappa {law.name}",
                      total=equil_sweeps + measure_sweeps):
        pd.sweep_global(pop, 0.0, 1.0, 1.0)
        if sweep >= equil_sweeps:
            samples.append(pd.measure_global(pop, 0.0, 1.0, 1.0).raw)
    kappa, se, _, means = _summarise(samples)
    return KappaResult(kappa=kappa, stderr=se, prior_samples=np.concatenate(samples), population=pop,
                       p=pd.p, a=pd.a, law_name=law.name, sweep_means=means)


def _start_population(normalisation: str, shape: tuple, init_population) -> np.ndarray:
    if init_population is None:
        return np.zeros(shape)
    init = _real_population(init_population)
    if normalisation == "local" and init.shape == shape[:1] + shape[2:]:
        # An equilibrated unnormalised population (e.g. KappaResult.population): at ν = 0 both halves
        # of each pair are the same γ = 0 projection, so copying it is the exact ν = 0 pair state.
        pop = np.stack([init, init], axis=1)
    else:
        pop = np.array(init)
    if pop.shape != shape:
        raise ValueError(f"init_population must have shape {shape}, got {init.shape}")
    return pop


@dataclass
class CurveReplica:
    """One independent population's learning curve (a part of :class:`CurveResult`); :func:`combine_replicas`
    averages them. The replicas of a curve can run as separate jobs (:func:`curve_replica`)."""

    eps: np.ndarray          # Rao-Blackwellised mean over the measurement sweeps, per ν
    sweep_se: np.ndarray     # its AR(1)-corrected standard error over sweeps (within this replica)
    second: np.ndarray       # Rao-Blackwellised mean of ε², per ν
    kept: dict               # raw ε_s samples, keyed by grid ν (float), for the ν asked to be kept
    population: np.ndarray   # the final population


def replica_generator(rng: np.random.Generator, replica: int, replicas: int) -> np.random.Generator:
    """The random stream of replica ``replica`` of ``replicas``: ``rng`` itself for a single replica, else the
    ``replica``-th of ``replicas`` children spawned from ``rng``. A job that runs one replica calls this on a
    generator in the state in which a job running all of them would spawn, and gets the same stream."""
    if int(replicas) != replicas or replicas < 1 or not 0 <= replica < replicas:
        raise ValueError(f"need 0 <= replica < replicas, got replica={replica!r}, replicas={replicas!r}")
    _check_rng(rng)
    return rng if replicas == 1 else rng.spawn(int(replicas))[int(replica)]


def _run_replica(normalisation: str, pd: _Population, kappa: float | None, nus: np.ndarray, sigma2: float,
                 equil_sweeps: int, warm: int, measure_sweeps: int, pop: np.ndarray,
                 keep_hit: np.ndarray, prog, label: str) -> CurveReplica:
    if normalisation == "global":
        def sweep(nu):
            pd.sweep_global(pop, nu, sigma2, kappa)

        def measure(nu):
            return pd.measure_global(pop, nu, sigma2, kappa)
    else:
        def sweep(nu):
            pd.sweep_local(pop, nu, sigma2)

        def measure(nu):
            return pd.measure_local(pop, nu, sigma2)

    eps, se, second = (np.empty(nus.size) for _ in range(3))
    kept: dict = {}
    for i, nu in enumerate(nus):
        n_eq = equil_sweeps if i == 0 else warm
        sweeps = []
        for sweep_i in prog(range(n_eq + measure_sweeps), desc=f"{label} nu={nu:g}",
                            total=n_eq + measure_sweeps):
            sweep(nu)
            if sweep_i >= n_eq:
                sweeps.append(measure(nu))
        eps[i], se[i], _, _ = _summarise([m.m1 for m in sweeps])
        second[i] = float(np.mean([m.m2.mean() for m in sweeps]))
        if keep_hit[i].any():
            kept[float(nu)] = np.concatenate([m.raw for m in sweeps])
    return CurveReplica(eps=eps, sweep_se=se, second=second, kept=kept, population=pop)


def _prepare(normalisation: str, p: int, a: float, kappa: float | None, nus, sigma2: float, P: int,
             equil_sweeps: int, measure_sweeps: int, init_population, warm_sweeps: int | None,
             keep_samples_at: Sequence[float]) -> tuple[np.ndarray, int, np.ndarray, np.ndarray]:
    """Checked arguments of a curve: the ν grid, the warm sweeps, which grid ν keep raw samples, the start."""
    _check_sweeps(equil_sweeps, measure_sweeps)
    if normalisation not in ("global", "local"):
        raise ValueError(f"normalisation must be 'global' or 'local', got {normalisation!r}")
    if normalisation == "global" and not kappa > 0:
        raise ValueError(f"kappa must be positive, got {kappa!r}")
    if not sigma2 > 0:
        raise ValueError(f"sigma2 must be positive, got {sigma2!r}")
    nus = np.atleast_1d(np.asarray(nus, dtype=np.float64))
    if nus.ndim != 1 or nus.size == 0 or np.any(nus < 0):
        raise ValueError("nus must be a non-empty 1-d array of non-negative values")
    warm = equil_sweeps if warm_sweeps is None else int(warm_sweeps)
    keep = np.asarray(list(keep_samples_at), dtype=np.float64)
    # ν grids often come from geomspace, so match requested ν up to rounding rather than exactly
    keep_hit = np.isclose(nus[:, None], keep[None, :], rtol=1e-9, atol=1e-12)
    if keep.size and not np.all(keep_hit.any(axis=0)):
        missing = keep[~keep_hit.any(axis=0)]
        warnings.warn(f"keep_samples_at values {missing} are not on the nu grid; no samples kept for them",
                      UserWarning, stacklevel=4)
    n = 2 * _check_pa(p, a)[0] + 1
    shape = (int(P), n, n) if normalisation == "global" else (int(P), 2, n, n)
    return nus, warm, keep_hit, _start_population(normalisation, shape, init_population)


def curve_replica(normalisation: str, law: DegreeLaw, p: int, a: float, kappa: float | None, nus, sigma2: float,
                  P: int, equil_sweeps: int, measure_sweeps: int, rng: np.random.Generator, *, replica: int,
                  replicas: int, init_population=None, warm_sweeps: int | None = None,
                  keep_samples_at: Sequence[float] = (), progress: Callable | None = None,
                  block_size: int | None = None, measure_draws: int | None = None) -> CurveReplica:
    """Replica ``replica`` of ``replicas`` of :func:`learning_curve_global` (``normalisation="global"``) or
    :func:`learning_curve_local` (``"local"``, ``kappa`` unused), with the same arguments: the same numbers as
    that replica inside the whole curve, when ``rng`` is the generator the whole curve would be given."""
    nus, warm, keep_hit, start = _prepare(normalisation, p, a, kappa, nus, sigma2, P, equil_sweeps,
                                          measure_sweeps, init_population, warm_sweeps, keep_samples_at)
    child = replica_generator(rng, replica, replicas)
    pd = _Population(law, p, a, P, child, block_size, measure_draws)
    label = f"{normalisation} {law.name}" + (f" replica {replica + 1}/{replicas}" if replicas > 1 else "")
    return _run_replica(normalisation, pd, None if kappa is None else float(kappa), nus, sigma2, equil_sweeps,
                        warm, measure_sweeps, start.copy(), keep_hit, progress or _no_progress, label)


def combine_replicas(runs: Sequence[CurveReplica], nus, normalisation: str, sigma2: float,
                     kappa: float | None = None) -> CurveResult:
    """The curve of independent replicas: their mean, and as its standard error their spread over
    ``sqrt(replicas)`` (a single replica: its AR(1)-corrected error over sweeps)."""
    if not runs:
        raise ValueError("need at least one replica")
    reps = np.stack([r.eps for r in runs])
    if len(runs) > 1:
        # The replicas are independent, so their spread is an honest error of the population average,
        # whatever the autocorrelation or tails within a run.
        se = reps.std(axis=0, ddof=1) / math.sqrt(len(runs))
    else:
        se = runs[0].sweep_se
    rep_var = np.stack([r.second - r.eps ** 2 for r in runs])
    kept = {nu: np.concatenate([r.kept[nu] for r in runs]) for nu in runs[0].kept}
    return CurveResult(nu=np.asarray(nus, dtype=np.float64), eps=reps.mean(axis=0), stderr=se,
                       eps_variance=rep_var.mean(axis=0), samples=kept, population=runs[0].population,
                       normalisation=normalisation, sigma2=float(sigma2),
                       kappa=None if kappa is None else float(kappa), replica_eps=reps,
                       sweep_stderr=np.stack([r.sweep_se for r in runs]), replica_variance=rep_var)


def _curve(normalisation: str, law: DegreeLaw, p: int, a: float, kappa: float | None, nus, sigma2: float,
           P: int, equil_sweeps: int, measure_sweeps: int, rng: np.random.Generator, init_population,
           warm_sweeps: int | None, keep_samples_at: Sequence[float], progress, block_size,
           replicas: int, measure_draws: int | None) -> CurveResult:
    if int(replicas) != replicas or replicas < 1:
        raise ValueError(f"replicas must be a positive integer, got {replicas!r}")
    nus, warm, keep_hit, start = _prepare(normalisation, p, a, kappa, nus, sigma2, P, equil_sweeps,
                                          measure_sweeps, init_population, warm_sweeps, keep_samples_at)
    _check_rng(rng)
    prog = progress or _no_progress
    runs = []
    # Independent replicas: each has its own generator (spawned from rng) and its own copy of the start.
    for r, child in enumerate(rng.spawn(int(replicas)) if replicas > 1 else [rng]):
        pd = _Population(law, p, a, P, child, block_size, measure_draws)
        label = f"{normalisation} {law.name}" + (f" replica {r + 1}/{replicas}" if replicas > 1 else "")
        runs.append(_run_replica(normalisation, pd, kappa, nus, sigma2, equil_sweeps, warm, measure_sweeps,
                                 start.copy(), keep_hit, prog, label))
    return combine_replicas(runs, nus, normalisation, sigma2, kappa)


def learning_curve_global(law: DegreeLaw, p: int, a: float, kappa: float, nus, sigma2: float, P: int,
                          equil_sweeps: int, measure_sweeps: int, rng: np.random.Generator,
                          init_population: np.ndarray | None = None, warm_sweeps: int | None = None,
                          keep_samples_at: Sequence[float] = (), progress: Callable | None = None,
                          block_size: int | None = None, replicas: int = 1,
                          measure_draws: int | None = None) -> CurveResult:
    """Cavity learning curve for the globally normalised kernel ``C = Ĉ/κ`` (Eqs. 35 and 38).

    Messages are updated with ``d ~ q(d) = d p(d)/d̄`` (edge-biased), ``γ ~ Poisson(ν)`` and the Woodbury
    form (Eq. 37) of the cavity update; the Bayes error is the mean of ``ε_s = 1/(γ/σ² + dκ(M_d⁻¹)_00)``
    over vertices with ``d ~ p(d)`` (Eq. 38). The ``ν`` are processed in the given order (pass them
    increasing), each warm-started from the previous one: ``equil_sweeps`` sweeps for the first ``ν``
    (from ``init_population``, typically :attr:`KappaResult.population`, or zeros) and ``warm_sweeps``
    (default ``equil_sweeps``) for the others, followed by ``measure_sweeps`` sweeps with measurement, each
    measuring ``measure_draws`` vertices (default ``P``).
    """
    return _curve("global", law, p, a, float(kappa), nus, sigma2, P, equil_sweeps, measure_sweeps, rng,
                  init_population, warm_sweeps, keep_samples_at, progress, block_size, replicas, measure_draws)


def learning_curve_local(law: DegreeLaw, p: int, a: float, nus, sigma2: float, P: int, equil_sweeps: int,
                         measure_sweeps: int, rng: np.random.Generator,
                         init_population: np.ndarray | None = None, warm_sweeps: int | None = None,
                         keep_samples_at: Sequence[float] = (), progress: Callable | None = None,
                         block_size: int | None = None, replicas: int = 1,
                         measure_draws: int | None = None) -> CurveResult:
    """Cavity learning curve for the locally normalised kernel ``C_ij = Ĉ_ij/sqrt(κ_i κ_j)`` (Eqs. 39-45).

    The population holds pairs ``(E, Ê)`` of embedded messages, sampled jointly from ``W(V_loc, V)``
    (Eq. 43): ``E`` for the unnormalised kernel without data, ``Ê`` for the locally normalised kernel with
    data. Each update uses the same ``d - 1`` random pairs for both halves, plus one independent
    counterflow ``E`` that enters only the sender's ``κ`` (Eq. 44). The Bayes error is Eq. (45).

    ``init_population`` may be a pair population ``(P, 2, n, n)`` (e.g. :attr:`CurveResult.population` of
    an earlier run) or an equilibrated unnormalised population ``(P, n, n)`` such as
    :attr:`KappaResult.population`; the unnormalised half does not depend on ``ν`` or ``σ²``, so that
    is a good warm start. Sweep scheduling along ``nus`` is as in :func:`learning_curve_global`.
    """
    return _curve("local", law, p, a, None, nus, sigma2, P, equil_sweeps, measure_sweeps, rng,
                  init_population, warm_sweeps, keep_samples_at, progress, block_size, replicas, measure_draws)
