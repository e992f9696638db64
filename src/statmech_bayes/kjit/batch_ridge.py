"""Batch primal ridge regression on random features with closed-form leave-one-out CV: Experiment 1's operator and
the App. C table's ridge rows (spec 3.8).

Rows of design matrices are feature vectors ``psi(R)`` (shape (N, D)); targets have shape (N, k). The KJIT operator's
online regression is :mod:`statmech_bayes.kjit.regression`.
"""

from __future__ import annotations

import numpy as np


class LoocvBasis:
    """The part of primal ridge LOOCV that depends on the features alone: the eigendecomposition
    ``Psi^T Psi = U diag(s) U^T`` and ``P = Psi U``. Built once per feature matrix, it serves every target
    and every lambda (:meth:`mse`); the App. C rows regress two outputs on the same features."""

    def __init__(self, Psi):
        Psi = np.asarray(Psi, float)
        s, U = np.linalg.eigh(Psi.T @ Psi)
        self.n = Psi.shape[0]
        self.s = np.maximum(s, 0.0)
        self.P = Psi @ U                   # (N, D)
        self.P2 = self.P * self.P

    def mse(self, Y, lambdas):
        """Closed-form leave-one-out MSE (spec 3.8) of ``(Psi^T Psi + lam I)^-1 Psi^T y`` for each column of ``Y``:
        ``mean_n ((y_n - yhat_n) / (1 - h_nn))^2`` with the hat matrix's diagonal ``h``. Returns (len(lambdas), k)."""
        Y = np.asarray(Y, float).reshape(self.n, -1)
        lambdas = np.atleast_1d(np.asarray(lambdas, float))
        if np.any(~(lambdas > 0)):
            raise ValueError("lambdas must be positive")
        PtY = self.P.T @ Y                 # (D, k)
        out = np.empty((lambdas.size, Y.shape[1]))
        for i, lam in enumerate(lambdas):
            g = 1.0 / (self.s + lam)
            h = self.P2 @ g
            yhat = self.P @ (g[:, None] * PtY)
            out[i] = np.mean(((Y - yhat) / (1.0 - h)[:, None]) ** 2, axis=0)
        return out


def ridge_loocv(Psi, Y, lambdas):
    """Closed-form leave-one-out MSE of primal ridge ``(Psi^T Psi + lam I)^-1 Psi^T y`` (spec 3.8).

    Returns an array (len(lambdas), k). One eigendecomposition of ``Psi^T Psi`` serves all lambdas
    (:class:`LoocvBasis`)."""
    if np.any(~(np.atleast_1d(np.asarray(lambdas, float)) > 0)):
        raise ValueError("lambdas must be positive")   # before the eigendecomposition, not after it
    return LoocvBasis(Psi).mse(Y, lambdas)


class RidgeFit:
    """Batch primal ridge regression; :meth:`uncertainty` is the authors' MATLAB predictive variance
    ``x^T (Psi^T Psi + lam I)^-1 x + lam`` used in Figs. 4b and 10, Fig. 3's note on the failed predictions and
    Fig. 10's controls (spec 3.8; not the Eq. 14 scale)."""

    def __init__(self, Psi, Y, lam: float):
        Psi = np.asarray(Psi, float)
        Y = np.asarray(Y, float).reshape(Psi.shape[0], -1)
        if not lam > 0:
            raise ValueError(f"lam must be positive, got {lam!r}")
        self.lam = float(lam)
        A = Psi.T @ Psi + lam * np.eye(Psi.shape[1])
        L = np.linalg.cholesky(A)
        Linv = np.linalg.solve(L, np.eye(A.shape[0]))
        self.A_inv = Linv.T @ Linv
        self.weights = self.A_inv @ (Psi.T @ Y)

    def predict(self, Psi):
        return np.atleast_2d(Psi) @ self.weights

    def uncertainty(self, Psi):
        Psi = np.atleast_2d(np.asarray(Psi, float))
        # row-wise x^T A^-1 x as (X A^-1) . X, one matrix product: the three-operand einsum ran as a scalar loop (25x
        # slower at 8000 x 1000). The two sum in different orders, so they differ by rounding, more as A is worse
        # conditioned: at most 2.6e-13 relative on Exp. 1's draw 1 (lambda chosen by LOOCV)
        return np.einsum("ij,ij->i", Psi @ self.A_inv, Psi) + self.lam
