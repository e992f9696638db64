"""Cavity method / belief propagation for GP learning curves on random graphs (Urry & Sollich 2013, Sec. 4).

The GP posterior variance at a vertex is written (Eqs. 13-15, 27-29) as a marginal of a complex Gaussian
graphical model with ``n = 2p + 1`` variables per vertex: index ``q = 0..p`` is ``h^q`` and index ``p + q``
(``q = 1..p``) is the conjugate ``ĥ^q``. The paper's cavity covariances are complex symmetric ``n × n``
matrices; here every conjugate variable is rescaled, ``ĥ^q = i g^q`` (the congruence ``M' = D M D`` with
``D = diag(1, ..., 1, i, ..., i)``), which makes every matrix of the recursion *real* while leaving the
``h^0`` entry of every inverse, the only one the marginals use, unchanged. Real arithmetic is about 2.5x
faster than complex128 for the inverses that dominate the run time. The matrices are symmetric but indefinite,
so only pivoted elimination is used (``eigh``/``cholesky`` would be wrong).

Conventions (replication spec, Sections 2.7-2.9), in the rescaled variables:

* ``B0`` (Eq. 33 with ``D B0 D``): ``B0[0,0] = c_0``, ``B0[0,q] = B0[q,0] = c_q/2`` and
  ``B0[q,p+q] = B0[p+q,q] = +1`` (the paper's ``-i`` times ``i``). A vertex of degree ``d`` carries
  ``d·B0`` plus, for data, ``(dκ/(γ/σ²)) e0 e0ᵀ``.
* Messages are stored *embedded*. The paper's ``E(V) = -X V X`` (Eq. 33) is the index permutation
  ``E[a,b] = V[π(a), π(b)]`` with row/column ``p`` zero; ``π(q-1) = p+q``, ``π(p+q) = q-1``. Since ``π``
  pairs an ``h`` index with an ``ĥ`` index, ``D E(V) D = -V'[π, π]`` in the rescaled variables
  ``V' = D⁻¹ V D⁻¹``: the embedding gains a minus sign. The cavity precision of ``j`` without ``i`` is
  ``M = d_j B0 + Σ_{k∈∂j\\i} E(V_{k→j})`` and the update (Eqs. 32, 34, 37) is the Woodbury form
  :func:`woodbury_message`, which stays finite when ``γ = 0``.
* Vertex marginal (Eq. 38 on one vertex): ``ε_i = 1/(γ_i/σ² + d_i κ_i (M_i⁻¹)_00)``; an isolated vertex has
  ``ε_i = 1/(γ_i/σ² + κ_i/c_0)`` (text after Eq. 38). With ``κ = 1`` and ``γ = 0`` this is the unnormalised
  prior variance ``Ĉ_ii``.

Modules: :mod:`.messages` (the layout and the update), then two levels:

* :mod:`.bp`, single-graph BP (:func:`bp_posterior_variances`, :func:`bp_prior_variances`), exact on forests,
  used to validate the layout against dense GP algebra;
* :mod:`.population`, population dynamics for graph ensembles given by a degree law (Eqs. 35-38 global,
  Eqs. 43-45 local): :func:`global_kappa`, :func:`learning_curve_global`, :func:`learning_curve_local`, and a
  curve's replicas one at a time (:func:`curve_replica`, :func:`combine_replicas`).
  Its inner loops (the cavity sum, inverse and embedded Woodbury message of each update, the vertex marginals)
  are compiled in :mod:`.kernels`; the random draws stay in :mod:`.population`.
"""

from statmech_bayes.randomwalk.cavity.bp import bp_posterior_variances, bp_prior_variances
from statmech_bayes.randomwalk.cavity.messages import base_matrix, embed, embedding_permutation, woodbury_message
from statmech_bayes.randomwalk.cavity.population import (
    CurveReplica,
    CurveResult,
    KappaResult,
    combine_replicas,
    curve_replica,
    global_kappa,
    learning_curve_global,
    learning_curve_local,
    replica_generator,
)

__all__ = [
    "CurveReplica",
    "CurveResult",
    "KappaResult",
    "base_matrix",
    "bp_posterior_variances",
    "bp_prior_variances",
    "combine_replicas",
    "curve_replica",
    "embed",
    "embedding_permutation",
    "global_kappa",
    "learning_curve_global",
    "learning_curve_local",
    "replica_generator",
    "woodbury_message",
]
