"""Random graph ensembles for Gaussian-process learning on graphs.

Urry & Sollich (2013), Sec. 5, compare learning curves on three sparse random
graph ensembles.  Each ensemble is needed in two forms:

* as a *finite-graph generator*, used by the simulations, which returns the
  adjacency matrix of one sampled graph on ``V`` vertices;
* as a *degree law* :class:`DegreeLaw`, i.e. the large-``V`` degree
  distribution ``p(d)`` and its edge-biased version ``q(d) = d p(d) / mean``,
  used by the cavity population dynamics.

The ensembles are

``"regular"``
    Uniform random ``d``-regular graphs; ``p(d) = q(d) = delta_{d, d0}``.
``"erdos_renyi"``
    ``G(V, p_e)`` with ``p_e = c / (V - 1)``, so the mean degree is ``c``;
    ``p = Poisson(c)``, ``q = 1 + Poisson(c)``.
``"powerlaw_grg"``
    The generalised random graph of Britton, Deijfen & Martin-Löf (2006),
    J. Stat. Phys. 124:1377, with i.i.d. Pareto type I vertex weights.  In the
    large-``V`` limit the degree is mixed Poisson, ``lambda ~ Pareto(alpha,
    lam_min)``, ``d ~ Poisson(lambda)``; the edge-biased law is
    ``lambda ~ Pareto(alpha - 1, lam_min)`` (size biasing), ``d = 1 +
    Poisson(lambda)``.

All randomness is drawn from an explicitly passed :class:`numpy.random.Generator`.
Adjacency matrices are symmetric :class:`scipy.sparse.csr_array` objects of
``float64`` with 0/1 entries and an empty diagonal.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

import numpy as np
import scipy.sparse as sp

__all__ = [
    "ENSEMBLES",
    "DegreeLaw",
    "Ensemble",
    "degree_law",
    "erdos_renyi_graph",
    "generalized_random_graph",
    "make_graph",
    "pareto_type1",
    "poisson_degree_law",
    "powerlaw_degree_law",
    "powerlaw_grg_graph",
    "random_regular_graph",
    "regular_degree_law",
]


# ---------------------------------------------------------------------------
# argument checking
# ---------------------------------------------------------------------------


def _check_rng(rng: object) -> np.random.Generator:
    # A Generator is required (not a seed, not None) so that no code path can
    # silently fall back to numpy's global state.
    if not isinstance(rng, np.random.Generator):
        raise TypeError(f"rng must be a numpy.random.Generator, got {type(rng).__name__}")
    return rng


def _check_int(name: str, value: object, minimum: int) -> int:
    if isinstance(value, bool):
        raise TypeError(f"{name} must be an integer, got bool")
    try:
        ivalue = operator.index(value)
    except TypeError:
        raise TypeError(f"{name} must be an integer, got {type(value).__name__}") from None
    if ivalue < minimum:
        raise ValueError(f"{name} must be >= {minimum}, got {ivalue}")
    return ivalue


def _check_real(name: str, value: object, *, lower: float, strict: bool) -> float:
    fvalue = float(value)  # type: ignore[arg-type]
    if not math.isfinite(fvalue):
        raise ValueError(f"{name} must be finite, got {fvalue}")
    if fvalue < lower or (strict and fvalue == lower):
        relation = ">" if strict else ">="
        raise ValueError(f"{name} must be {relation} {lower}, got {fvalue}")
    return fvalue


def _adjacency_from_edges(V: int, i: np.ndarray, j: np.ndarray) -> sp.csr_array:
    """Symmetric 0/1 adjacency from an edge list in which each edge appears once."""
    i = np.asarray(i, dtype=np.int64)
    j = np.asarray(j, dtype=np.int64)
    rows = np.concatenate([i, j])
    cols = np.concatenate([j, i])
    data = np.ones(rows.size, dtype=np.float64)
    A = sp.coo_array((data, (rows, cols)), shape=(V, V)).tocsr()
    A.sort_indices()
    return A


# ---------------------------------------------------------------------------
# finite-graph generators
# ---------------------------------------------------------------------------


def random_regular_graph(V: int, d: int, rng: np.random.Generator) -> sp.csr_array:
    """Uniform random ``d``-regular simple graph on ``V`` vertices.

    This is the ``reg`` ensemble of Urry & Sollich (2013), Sec. 5 (``d = 3``
    there).  Sampling is delegated to :func:`networkx.random_regular_graph`,
    seeded with an integer drawn from ``rng``.

    Raises
    ------
    ValueError
        If ``d >= V`` or ``V * d`` is odd (no such graph exists).
    """
    _check_rng(rng)
    V = _check_int("V", V, 1)
    d = _check_int("d", d, 0)
    if d >= V:
        raise ValueError(f"d must be smaller than V, got d={d}, V={V}")
    if (V * d) % 2:
        raise ValueError(f"V * d must be even for a d-regular graph, got V={V}, d={d}")
    # networkx draws from its own Python-level generator; deriving its seed from
    # rng keeps the whole pipeline reproducible from a single Generator.
    seed = int(rng.integers(0, 2**63 - 1))
    import networkx as nx  # here, not at the top: most jobs that use this module draw no regular graph (2 s)

    # Complementing maps the d-regular graphs on V labelled vertices one-to-one onto the (V-1-d)-regular ones,
    # so a uniform sparse draw gives a uniform dense one; networkx's pairing sampler needs minutes for
    # d near V and milliseconds for the complement.
    dense = d > (V - 1) // 2
    G = nx.random_regular_graph(V - 1 - d if dense else d, V, seed=seed)
    G.add_nodes_from(range(V))
    if dense:
        G = nx.complement(G)
    edges = np.array(G.edges(), dtype=np.int64).reshape(-1, 2)
    return _adjacency_from_edges(V, edges[:, 0], edges[:, 1])


def erdos_renyi_graph(V: int, mean_degree: float, rng: np.random.Generator) -> sp.csr_array:
    """Erdős–Rényi graph ``G(V, p_e)`` with ``p_e = mean_degree / (V - 1)``.

    This is the ``er`` ensemble of Urry & Sollich (2013), Sec. 5 (mean degree
    3 there).  Each of the ``V (V - 1) / 2`` vertex pairs is an edge
    independently with probability ``p_e``.

    The sampler is vectorised: the number of edges is drawn from its binomial
    law and the edge set is then a uniformly random subset of that size of the
    pair indices, which is exactly the conditional law of ``G(V, p_e)``.
    """
    _check_rng(rng)
    V = _check_int("V", V, 2)
    c = _check_real("mean_degree", mean_degree, lower=0.0, strict=False)
    if c > V - 1:
        raise ValueError(f"mean_degree must be <= V - 1 = {V - 1}, got {c}")
    p_edge = c / (V - 1)
    n_pairs = V * (V - 1) // 2
    n_edges = int(rng.binomial(n_pairs, p_edge))
    k = rng.choice(n_pairs, size=n_edges, replace=False)
    i, j = _lower_triangle_pair(k)
    return _adjacency_from_edges(V, i, j)


def _lower_triangle_pair(k: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Map linear indices ``k`` to pairs ``(i, j)``, ``j < i``, in row-major order.

    Row ``i`` of the strict lower triangle starts at ``i (i - 1) / 2``.
    """
    k = np.asarray(k, dtype=np.int64)
    i = np.floor((1.0 + np.sqrt(1.0 + 8.0 * k)) / 2.0).astype(np.int64)
    # The float square root may be off by one for very large k; repair it.
    i -= i * (i - 1) // 2 > k
    i += (i + 1) * i // 2 <= k
    j = k - i * (i - 1) // 2
    return i, j


def pareto_type1(n: int, alpha: float, lam_min: float, rng: np.random.Generator) -> np.ndarray:
    """``n`` i.i.d. draws from the Pareto type I law with density
    ``alpha lam_min**alpha / w**(alpha + 1)`` on ``w >= lam_min``.

    Sampled by inversion, ``W = lam_min * U**(-1/alpha)`` with ``U`` uniform on
    ``(0, 1]``.  Note that :meth:`numpy.random.Generator.pareto` samples the
    Lomax (type II) law, whose support starts at 0, and is *not* used here.
    """
    _check_rng(rng)
    n = _check_int("n", n, 0)
    alpha = _check_real("alpha", alpha, lower=0.0, strict=True)
    lam_min = _check_real("lam_min", lam_min, lower=0.0, strict=True)
    # 1 - random() lies in (0, 1], which keeps U**(-1/alpha) finite.
    u = 1.0 - rng.random(n)
    return lam_min * u ** (-1.0 / alpha)


def generalized_random_graph(
    weights: np.ndarray, rng: np.random.Generator, block: int = 2048
) -> sp.csr_array:
    """Generalised random graph of Britton, Deijfen & Martin-Löf (2006).

    Given vertex weights ``W``, the edge ``{i, j}`` is present independently
    with probability ``W_i W_j / (L + W_i W_j)``, ``L = sum_k W_k``
    (J. Stat. Phys. 124:1377, eq. (1.1)).

    All ``V (V - 1) / 2`` pair probabilities are evaluated, in square tiles of
    side ``block`` covering the upper triangle, so memory stays at
    ``O(block**2)`` while the work is vectorised.  The result for a given
    ``rng`` state depends on ``block`` (the random numbers are consumed in a
    different order), but its law does not.
    """
    _check_rng(rng)
    block = _check_int("block", block, 1)
    w = np.asarray(weights, dtype=np.float64)
    if w.ndim != 1:
        raise ValueError(f"weights must be one-dimensional, got shape {w.shape}")
    if w.size and (not np.all(np.isfinite(w)) or np.any(w < 0)):
        raise ValueError("weights must be finite and non-negative")
    V = w.size
    total = w.sum()

    rows: list[np.ndarray] = []
    cols: list[np.ndarray] = []
    for r0 in range(0, V, block):
        r1 = min(r0 + block, V)
        w_rows = w[r0:r1, None]
        for c0 in range(r0, V, block):
            c1 = min(c0 + block, V)
            prod = w_rows * w[None, c0:c1]
            with np.errstate(invalid="ignore", divide="ignore"):
                # 0/0 only occurs for all-zero weights, where no edge is right.
                prob = np.nan_to_num(prod / (total + prod), nan=0.0)
            hit = rng.random(prob.shape) < prob
            if c0 == r0:
                # Diagonal tiles are square; keep only pairs with j > i.
                hit = np.triu(hit, k=1)
            i, j = np.nonzero(hit)
            rows.append(i + r0)
            cols.append(j + c0)
    if rows:
        i_all, j_all = np.concatenate(rows), np.concatenate(cols)
    else:
        i_all = j_all = np.empty(0, dtype=np.int64)
    return _adjacency_from_edges(V, i_all, j_all)


def powerlaw_grg_graph(
    V: int,
    alpha: float,
    lam_min: float,
    rng: np.random.Generator,
    block: int = 2048,
) -> sp.csr_array:
    """Power-law generalised random graph on ``V`` vertices.

    The ``pl`` ensemble of Urry & Sollich (2013), Sec. 5 (``alpha = 2.5``,
    ``lam_min = 2`` there): vertex weights are i.i.d. Pareto type I
    (:func:`pareto_type1`) and edges are drawn as in
    :func:`generalized_random_graph` (Britton, Deijfen & Martin-Löf 2006,
    J. Stat. Phys. 124:1377).  For large ``V`` the degree law is mixed
    Poisson with Pareto mixing law, see :func:`powerlaw_degree_law`.
    """
    _check_rng(rng)
    V = _check_int("V", V, 1)
    weights = pareto_type1(V, alpha, lam_min, rng)
    return generalized_random_graph(weights, rng, block=block)


# ---------------------------------------------------------------------------
# degree laws (large-V limits) for the cavity population dynamics
# ---------------------------------------------------------------------------

_Sampler = Callable[[np.random.Generator, int, bool], np.ndarray]


@dataclass(frozen=True)
class DegreeLaw:
    """Large-``V`` degree distribution ``p(d)`` of a random graph ensemble.

    Attributes
    ----------
    name
        Human-readable label including the parameters.
    mean
        Exact mean degree ``sum_d d p(d)``.
    p0
        Exact probability ``p(0)`` of an isolated vertex.
    p1
        Exact probability ``p(1)`` of a leaf; ``p(1)/mean`` is the chance that an edge leads to a leaf.

    :meth:`sample` draws from ``p(d)`` or, with ``edge_biased=True``, from the
    degree law of a vertex reached by following a random edge,
    ``q(d) = d p(d) / mean`` (Urry & Sollich 2013, Sec. 5).
    """

    name: str
    mean: float
    p0: float
    p1: float
    _sampler: _Sampler = field(repr=False, compare=False)

    def sample(self, rng: np.random.Generator, n: int, edge_biased: bool = False) -> np.ndarray:
        """``n`` i.i.d. degrees from ``p(d)``, or from ``q(d)`` if ``edge_biased``."""
        _check_rng(rng)
        n = _check_int("n", n, 0)
        if edge_biased and self.mean == 0:
            raise ValueError(f"{self.name}: edge-biased law undefined for mean degree 0")
        return np.asarray(self._sampler(rng, n, bool(edge_biased)), dtype=np.int64)


def regular_degree_law(d: int) -> DegreeLaw:
    """Degree law of random ``d``-regular graphs: ``p = q = delta_d``."""
    d = _check_int("d", d, 0)

    def sampler(rng: np.random.Generator, n: int, edge_biased: bool) -> np.ndarray:
        return np.full(n, d, dtype=np.int64)

    return DegreeLaw(name=f"regular(d={d})", mean=float(d), p0=float(d == 0), p1=float(d == 1),
                     _sampler=sampler)


def poisson_degree_law(mean_degree: float) -> DegreeLaw:
    """Degree law of Erdős–Rényi graphs: ``p = Poisson(c)``, ``q = 1 + Poisson(c)``."""
    c = _check_real("mean_degree", mean_degree, lower=0.0, strict=False)

    def sampler(rng: np.random.Generator, n: int, edge_biased: bool) -> np.ndarray:
        # d p(d) / c for Poisson(c) is the Poisson(c) law shifted by one.
        return rng.poisson(c, size=n) + int(edge_biased)

    return DegreeLaw(
        name=f"erdos_renyi(mean_degree={c:g})", mean=c, p0=math.exp(-c), p1=c * math.exp(-c),
        _sampler=sampler,
    )


def _pareto_mixed_poisson_pk(alpha: float, lam_min: float, k: int) -> float:
    # p(k) = E[lambda^k exp(-lambda)] / k!; substituting lambda = lam_min * t gives a
    # well-scaled integrand on [1, inf).
    from scipy import integrate  # here, not at the top: 2 s of imports that most jobs would not use

    value, _ = integrate.quad(
        lambda t: alpha * t ** (-alpha - 1.0) * (lam_min * t) ** k * math.exp(-lam_min * t) / math.factorial(k),
        1.0,
        math.inf,
        epsabs=0.0,
        epsrel=1e-12,
    )
    return value


def powerlaw_degree_law(alpha: float, lam_min: float) -> DegreeLaw:
    """Large-``V`` degree law of the power-law generalised random graph.

    Mixed Poisson: ``lambda ~ Pareto I(alpha, lam_min)``, ``d ~ Poisson(lambda)``,
    with mean ``alpha lam_min / (alpha - 1)``.  Size-biasing the mixing law
    gives the edge-biased law ``lambda ~ Pareto I(alpha - 1, lam_min)``,
    ``d = 1 + Poisson(lambda)`` (Britton, Deijfen & Martin-Löf 2006; Urry &
    Sollich 2013, Sec. 5).  ``alpha > 1`` is required for a finite mean.
    """
    alpha = _check_real("alpha", alpha, lower=1.0, strict=True)
    lam_min = _check_real("lam_min", lam_min, lower=0.0, strict=True)

    def sampler(rng: np.random.Generator, n: int, edge_biased: bool) -> np.ndarray:
        # d * Poisson(d; lam) / mean = (lam / mean) * Poisson(d - 1; lam): the
        # biased degree is 1 + Poisson(lam) with lam drawn from lam * p(lam) / E[lam],
        # which for Pareto I(alpha) is Pareto I(alpha - 1).
        shape = alpha - 1.0 if edge_biased else alpha
        lam = pareto_type1(n, shape, lam_min, rng)
        return rng.poisson(lam) + int(edge_biased)

    return DegreeLaw(
        name=f"powerlaw_grg(alpha={alpha:g}, lam_min={lam_min:g})",
        mean=alpha * lam_min / (alpha - 1.0),
        p0=_pareto_mixed_poisson_pk(alpha, lam_min, 0),
        p1=_pareto_mixed_poisson_pk(alpha, lam_min, 1),
        _sampler=sampler,
    )


# ---------------------------------------------------------------------------
# registry
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Ensemble:
    """A named ensemble: finite-graph generator, degree law and parameter names."""

    name: str
    graph: Callable[..., sp.csr_array]
    law: Callable[..., DegreeLaw]
    params: tuple[str, ...]


ENSEMBLES: Mapping[str, Ensemble] = MappingProxyType(
    {
        "regular": Ensemble("regular", random_regular_graph, regular_degree_law, ("d",)),
        "erdos_renyi": Ensemble(
            "erdos_renyi", erdos_renyi_graph, poisson_degree_law, ("mean_degree",)
        ),
        "powerlaw_grg": Ensemble(
            "powerlaw_grg", powerlaw_grg_graph, powerlaw_degree_law, ("alpha", "lam_min")
        ),
    }
)


def _lookup(ensemble: str) -> Ensemble:
    try:
        return ENSEMBLES[ensemble]
    except (KeyError, TypeError):
        valid = ", ".join(repr(name) for name in ENSEMBLES)
        raise ValueError(f"unknown ensemble {ensemble!r}; valid names: {valid}") from None


def make_graph(ensemble: str, V: int, rng: np.random.Generator, **params: object) -> sp.csr_array:
    """Sample a finite graph on ``V`` vertices from the named ensemble.

    ``params`` are the ensemble's keyword parameters (``d``; ``mean_degree``;
    ``alpha`` and ``lam_min``, optionally ``block``).
    """
    return _lookup(ensemble).graph(V=V, rng=rng, **params)


def degree_law(ensemble: str, **params: object) -> DegreeLaw:
    """Large-``V`` :class:`DegreeLaw` of the named ensemble."""
    return _lookup(ensemble).law(**params)
