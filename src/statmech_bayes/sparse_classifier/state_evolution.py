"""State evolution of the BP algorithm (Section 4.4, Eqs. 42-55), with Eq. (52) in place of Eq. (53).

``(Q^t, R^t) → (Q̂^{t+1}, R̂^{t+1})`` by (47)-(48) (the energetic map of :mod:`.replica`), then
``(S^{t+1}, λ^{t+1})`` from (54)-(55) and ``(Q^{t+1}, R^{t+1})`` from (51)-(52), undamped, starting
from ``Q^0 = R^0 = 0`` (BP's ``m^0 = 0``). The C_t on the right of the paper's (47)-(48) only defines
R̂ and cancels. Its fixed points are the RS saddle points of (16).
"""

from __future__ import annotations

import numpy as np

from .quadrature import gauss_grid
from .replica import _check_params, _project, eps_sbc, rs_map
from .transfer import check_kappa

SE_FIELDS = ("Q", "R", "Qh", "Rh", "S", "lam", "eps")


def state_evolution(C: float, Ct: float, alpha: float, kappa: float, *, T: int, n_quad: int,
                    r_equation: str = "52") -> dict:
    """Macroscopic trajectory of BP for ``t = 0..T``, the Gaussian measure on :func:`.quadrature.gauss_grid`
    with ``n_quad`` points (the workflow passes ``alpha``, ``kappa``, ``n_quad`` and ``fig3.T`` of ``uda_kabashima``
    in ``workflow/config/full.yaml``).

    Returns a dict of arrays of length ``T + 1``: ``t``, ``Q``, ``R``, ``Qh``, ``Rh``, ``S``, ``lam``
    and ``eps`` = ``κ + (1−2κ) arccos(R^t/√(Q^t C_t))/π`` (``eps[0] = 0.5``: ``m^0 = 0`` predicts
    nothing). Conjugates and multipliers at index t are those that produced ``(Q^t, R^t)`` (NaN at t = 0).
    ``r_equation="53"`` reproduces the paper's erroneous Eq. (53), for demonstration only.
    """
    _check_params(C, Ct, alpha)
    kappa = check_kappa(kappa)
    if int(T) != T or T < 1:
        raise ValueError(f"T must be a positive integer, got {T!r}")
    grid = gauss_grid(n_quad)
    out = {k: np.full(int(T) + 1, np.nan) for k in SE_FIELDS}
    out["t"] = np.arange(int(T) + 1)
    Q = R = 0.0
    out["Q"][0], out["R"][0], out["eps"][0] = 0.0, 0.0, 0.5
    sol = None
    for t in range(1, int(T) + 1):
        Q, R, Qh, Rh, sol = rs_map(Q, R, C, Ct, alpha, kappa, grid, r_equation, init=sol)
        Q, R = _project(Q, R, C, Ct)
        out["Q"][t], out["R"][t], out["Qh"][t], out["Rh"][t] = Q, R, Qh, Rh
        out["S"][t], out["lam"][t] = sol.S, sol.lam
        out["eps"][t] = float(eps_sbc(Q, R, Ct, kappa))
    return out
