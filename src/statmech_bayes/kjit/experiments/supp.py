"""Supplementary experiments S1 and S2 of Jitkrittum et al. (2015) (Figs. 11, 12): the error of the random features of
the expected product kernel (App. B.3) and of the two-stage features (App. B.6).
"""

from __future__ import annotations

import numpy as np

from ..features import TwoStageFeatures, draw_inner, embedding_inner, expected_product_features, kernel_on_embeddings


def supp_s1(rng, *, n: int, Ds, repeats: int, width2: float) -> dict:
    """App. B.3: random features of the expected product kernel for univariate Gaussians
    ``N(m, v)``, ``m ~ N(0, 9)``, ``v ~ Gamma(3, rate 1/4)``; |K - K_hat| mean/max/sd per D and repeat."""
    m = 3.0 * rng.standard_normal(n)
    v = rng.gamma(3.0, 4.0, n)
    M, V = m[:, None], v[:, None]
    K = embedding_inner(M, V, M, V, [width2])
    stats = np.empty((len(Ds), repeats, 3))
    for a, D in enumerate(Ds):
        for r in range(repeats):
            W, b = draw_inner([width2], D, rng)
            P = expected_product_features(M, V, W, b)
            E = np.abs(K - P @ P.T)
            stats[a, r] = (E.mean(), E.max(), E.std())
    return {"D": np.asarray(Ds), "mean_abs": stats[..., 0], "max_abs": stats[..., 1],
            "sd_abs": stats[..., 2]}


def supp_s2(rng, *, n: int, D_ins, D_outs, repeats: int, width2: float, gamma2: float) -> dict:
    """App. B.6: ``||K - K_hat||_F / n`` of the two-stage features on 3-d Gaussian messages
    (``m ~ N(0, I)``, ``V ~ Wishart(I, 5)``, diagonal used as the features are for diagonal covariances)."""
    M = rng.standard_normal((n, 3))
    G = rng.standard_normal((n, 5, 3))
    V = np.einsum("nki,nki->ni", G, G)    # diagonal of a Wishart(I, 5) draw
    widths = np.full(3, width2)
    K = kernel_on_embeddings(M, V, M, V, widths, gamma2)
    err = np.empty((len(D_ins), len(D_outs)))
    for a, di in enumerate(D_ins):
        for b, do in enumerate(D_outs):
            e = 0.0
            for _ in range(repeats):
                P = TwoStageFeatures.draw(widths, gamma2, di, do, rng)(M, V)
                e += np.linalg.norm(K - P @ P.T) / n
            err[a, b] = e / repeats
    return {"D_in": np.asarray(D_ins), "D_out": np.asarray(D_outs), "fro_err": err}
