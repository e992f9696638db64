"""Quadrature against the standard Gaussian measure Dz = φ(z) dz."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class GaussGrid:
    """Nodes ``z`` and weights ``w`` with ``Σ w g(z) ≈ ∫Dz g(z)``."""

    z: np.ndarray
    w: np.ndarray


def gauss_grid(n: int, half_width: float = 10.0) -> GaussGrid:
    """Composite Simpson rule with ``n`` points on ``[−L, L]`` times φ(z) (the workflow's n is
    ``uda_kabashima.n_quad`` in ``workflow/config/full.yaml``).

    A fixed equispaced grid (rather than Gauss-Hermite) because the integrands contain ``a(√Q z; V)``,
    which turns sharp when ``V = C − Q`` is small: equispaced nodes resolve it uniformly in z.
    """
    if int(n) != n or n < 3 or n % 2 == 0:
        raise ValueError(f"n must be an odd integer >= 3, got {n!r}")
    if not half_width > 0:
        raise ValueError(f"half_width must be positive, got {half_width!r}")
    z = np.linspace(-half_width, half_width, int(n))
    dz = z[1] - z[0]
    simpson = np.ones(int(n))
    simpson[1:-1:2] = 4.0
    simpson[2:-1:2] = 2.0
    w = simpson * dz / 3.0 * np.exp(-0.5 * z * z) / np.sqrt(2.0 * np.pi)
    return GaussGrid(z=z, w=w)
