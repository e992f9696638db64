"""Online Bayesian linear regression on random features: the KJIT operator's regression (paper Sec. 3.3, Eqs. 9-17).

Rows of design matrices are feature vectors ``psi(R)`` (shape (N, D)); targets have shape (N, k). The batch ridge
regression of Experiment 1 and App. C is :mod:`statmech_bayes.kjit.batch_ridge`.
"""

from __future__ import annotations

import numpy as np


class OnlineBLR:
    """``y_k = w_k^T x + eps``, ``w_k ~ N(0, sigma0_2 I)``, ``eps ~ N(0, sigma_y2)``, shared design.

    ``Sigma = (X^T X / sigma_y2 + I / sigma0_2)^-1`` does not depend on the targets, so the predictive
    variance ``x^T Sigma x + sigma_y2`` is common to all outputs (Eq. 14). Online updates use
    Sherman-Morrison (Eq. 16-17): ``O(D^2)`` per new pair.
    """

    def __init__(self, dim: int, n_outputs: int, sigma_y2: float, sigma0_2: float = 1.0):
        if int(dim) < 1 or int(n_outputs) < 1:
            raise ValueError(f"dim and n_outputs must be >= 1, got {dim!r}, {n_outputs!r}")
        if not (sigma_y2 > 0 and sigma0_2 > 0):
            raise ValueError("sigma_y2 and sigma0_2 must be positive")
        self.dim, self.n_outputs = int(dim), int(n_outputs)
        self.sigma_y2, self.sigma0_2 = float(sigma_y2), float(sigma0_2)
        self.Sigma = sigma0_2 * np.eye(self.dim)
        self.xy = np.zeros((self.dim, self.n_outputs))
        self.mu = np.zeros((self.dim, self.n_outputs))
        self.n_seen = 0

    def fit_batch(self, X, Y) -> "OnlineBLR":
        """Posterior from scratch on ``(X, Y)`` (replaces any previous data)."""
        X, Y = self._check(X, Y)
        prec = X.T @ X / self.sigma_y2 + np.eye(self.dim) / self.sigma0_2
        L = np.linalg.cholesky(prec)
        Linv = np.linalg.solve(L, np.eye(self.dim))
        self.Sigma = Linv.T @ Linv
        self.xy = X.T @ Y
        self.mu = self.Sigma @ self.xy / self.sigma_y2
        self.n_seen = X.shape[0]
        return self

    def update(self, x, y) -> None:
        """Sherman-Morrison rank-one update with one pair ``(x (D,), y (k,))``."""
        x = np.asarray(x, float).reshape(self.dim)
        y = np.asarray(y, float).reshape(self.n_outputs)
        s = self.Sigma @ x
        denom = self.sigma_y2 + x @ s
        resid = y - x @ self.mu
        self.Sigma -= np.outer(s, s) / denom
        self.xy += np.outer(x, y)
        # mu = Sigma xy / sigma_y2 after the update equals this recursive-least-squares form
        self.mu += np.outer(s, resid) / denom
        self.n_seen += 1

    def predict(self, X):
        """Predictive means (N, k) and variances (N,) (Eq. 14)."""
        X = np.atleast_2d(np.asarray(X, float))
        var = np.einsum("ij,jk,ik->i", X, self.Sigma, X) + self.sigma_y2
        return X @ self.mu, var

    def log_pred_var(self, X):
        return np.log(self.predict(X)[1])

    def _check(self, X, Y):
        X = np.atleast_2d(np.asarray(X, float))
        Y = np.asarray(Y, float).reshape(X.shape[0], -1)
        if X.shape[1] != self.dim or Y.shape[1] != self.n_outputs:
            raise ValueError(f"X must be (N, {self.dim}) and Y (N, {self.n_outputs}), got {X.shape}, {Y.shape}")
        return X, Y
