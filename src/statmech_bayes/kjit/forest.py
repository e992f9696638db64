"""Random-forest message predictor with a KL-disagreement uncertainty, re-implementing the baseline of
Eslami et al. (2014) as far as the paper and the authors' stored results describe it (spec 4, Fig. 4;
details such as the aggregation of per-tree predictions are not stated and are our choice):

64 trees (scikit-learn ``RandomForestRegressor``, ``min_samples_leaf = 5``), 10 hand-crafted input
features of the incoming Beta/Gaussian pair, targets ``(mean, -log var)`` of the projected belief
``q_{f->z}``, a quadratic ridge regression in every leaf with enough samples (leaf mean otherwise),
per-tree Gaussians ``q_t``, forest prediction ``N(mean_t m_t, mean_t v_t)`` and uncertainty
``mean_t KL(q_bar || q_t)``.
"""

from __future__ import annotations

import numpy as np
from sklearn.ensemble import RandomForestRegressor
from sklearn.preprocessing import PolynomialFeatures

from ..ep.messages import kl_gaussian


def forest_inputs(alpha, beta, mu, var) -> np.ndarray:
    """Eslami-style features: Gaussian ``[mean, var, mean*prec, prec, sigma(mean)]`` and Beta
    ``[alpha, beta, mean, var, sigma(mode)]`` (mode = (a-1)/(a+b-2), 1/2 for Beta(1,1))."""
    alpha, beta, mu, var = np.broadcast_arrays(*(np.atleast_1d(np.asarray(a, float))
                                                 for a in (alpha, beta, mu, var)))
    s = alpha + beta
    with np.errstate(invalid="ignore", divide="ignore"):
        mode = np.where(s > 2, (alpha - 1.0) / np.where(s > 2, s - 2.0, 1.0), 0.5)
    sig = lambda t: 1.0 / (1.0 + np.exp(-t))  # noqa: E731
    return np.column_stack([mu, var, mu / var, 1.0 / var, sig(mu),
                            alpha, beta, alpha / s, alpha * beta / (s * s * (s + 1)), sig(mode)])


class EslamiForest:
    def __init__(self, rng: np.random.Generator, *, n_trees: int, min_samples_leaf: int = 5,
                 leaf_ridge: float = 1e-3, min_leaf_poly: int = 10):
        if not isinstance(rng, np.random.Generator):
            raise TypeError("rng must be a numpy.random.Generator")
        self.forest = RandomForestRegressor(n_estimators=int(n_trees), min_samples_leaf=min_samples_leaf,
                                            max_features=None,
                                            random_state=int(rng.integers(2 ** 31 - 1)))
        self.leaf_ridge, self.min_leaf_poly = float(leaf_ridge), int(min_leaf_poly)
        self.poly = PolynomialFeatures(2)

    def fit(self, F, mean_q, var_q) -> "EslamiForest":
        F = np.asarray(F, float)
        Y = np.column_stack([mean_q, -np.log(var_q)])
        self.loc, self.scale = F.mean(0), F.std(0) + 1e-12
        self.forest.fit(F, Y)
        P = self.poly.fit_transform((F - self.loc) / self.scale)
        leaves = self.forest.apply(F)
        self.leaf_models = []
        for t in range(leaves.shape[1]):
            models = {}
            for leaf in np.unique(leaves[:, t]):
                rows = leaves[:, t] == leaf
                if rows.sum() >= self.min_leaf_poly:
                    A = P[rows]
                    coef = np.linalg.solve(A.T @ A + self.leaf_ridge * np.eye(A.shape[1]), A.T @ Y[rows])
                    models[leaf] = ("poly", coef)
                else:
                    models[leaf] = ("mean", Y[rows].mean(0))
            self.leaf_models.append(models)
        return self

    def predict_trees(self, F):
        """Per-tree predicted ``(mean, var)``, each of shape (n_trees, N)."""
        F = np.asarray(F, float)
        P = self.poly.transform((F - self.loc) / self.scale)
        leaves = self.forest.apply(F)
        out = np.empty((leaves.shape[1], F.shape[0], 2))
        for t, models in enumerate(self.leaf_models):
            for leaf in np.unique(leaves[:, t]):
                rows = leaves[:, t] == leaf
                kind, c = models[leaf]
                out[t, rows] = P[rows] @ c if kind == "poly" else c
        return out[..., 0], np.exp(-np.clip(out[..., 1], -50, 50))

    def predict(self, F):
        m, v = self.predict_trees(F)
        return m.mean(0), v.mean(0)

    def uncertainty(self, F):
        m, v = self.predict_trees(F)
        mb, vb = m.mean(0), v.mean(0)
        return np.mean(kl_gaussian(mb[None], vb[None], m, v), axis=0)
