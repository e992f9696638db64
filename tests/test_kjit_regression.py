import numpy as np
import pytest

from statmech_bayes.kjit.batch_ridge import LoocvBasis, RidgeFit, ridge_loocv
from statmech_bayes.kjit.experiments.exp1 import _ridge_rows
from statmech_bayes.kjit.features import TwoStageFeatures
from statmech_bayes.kjit.regression import OnlineBLR


def test_sherman_morrison_updates_equal_batch_refit():
    rng = np.random.default_rng(0)
    X, Y = rng.standard_normal((60, 25)), rng.standard_normal((60, 2))
    online = OnlineBLR(25, 2, sigma_y2=0.01, sigma0_2=2.0).fit_batch(X[:20], Y[:20])
    for x, y in zip(X[20:], Y[20:]):
        online.update(x, y)
    batch = OnlineBLR(25, 2, sigma_y2=0.01, sigma0_2=2.0).fit_batch(X, Y)
    np.testing.assert_allclose(online.Sigma, batch.Sigma, rtol=1e-7, atol=1e-10)
    np.testing.assert_allclose(online.mu, batch.mu, rtol=1e-7, atol=1e-9)
    Xt = rng.standard_normal((5, 25))
    for a, b in zip(online.predict(Xt), batch.predict(Xt)):
        np.testing.assert_allclose(a, b, rtol=1e-7)


def test_predictive_variance_grows_away_from_training_inputs():
    rng = np.random.default_rng(1)
    feats = TwoStageFeatures.draw([1.0], 1.0, 200, 400, rng)
    m_tr = rng.uniform(-1, 1, 300)[:, None]
    v_tr = np.full_like(m_tr, 0.1)
    blr = OnlineBLR(400, 1, sigma_y2=1e-4).fit_batch(feats(m_tr, v_tr), np.sin(m_tr))
    grid = np.array([0.0, 1.5, 3.0, 8.0, 30.0])[:, None]
    u = blr.log_pred_var(feats(grid, np.full_like(grid, 0.1)))
    assert np.all(np.diff(u[:3]) > 0)
    # floor near log(1e-4) inside the data; far away the prior level log(sigma0^2 |psi|^2) ~ 0
    assert u[0] < -8.5 and np.all(u[3:] > -1)


def test_ridge_loocv_matches_brute_force():
    rng = np.random.default_rng(2)
    P, y = rng.standard_normal((30, 8)), rng.standard_normal(30)
    lam = 0.3
    brute = []
    for i in range(30):
        keep = np.arange(30) != i
        fit = RidgeFit(P[keep], y[keep], lam)
        brute.append((y[i] - fit.predict(P[i])[0, 0]) ** 2)
    assert ridge_loocv(P, y, [lam])[0, 0] == pytest.approx(np.mean(brute), rel=1e-8)


def test_one_loocv_basis_per_feature_matrix_gives_each_output_its_own_loocv_bit_for_bit():
    """App. C's rows share a scale's features between the two outputs (kjit.experiments.exp1._ridge_rows): the shared
    eigendecomposition must give each output exactly what ridge_loocv on that output alone gives."""
    rng = np.random.default_rng(4)
    P, Y = rng.standard_normal((200, 40)), rng.standard_normal((200, 2))
    lambdas = [1e-4, 1e-2, 1.0]
    basis = LoocvBasis(P)
    for k in range(2):
        np.testing.assert_array_equal(basis.mse(Y[:, k], lambdas), ridge_loocv(P, Y[:, k], lambdas))
    with pytest.raises(ValueError, match="positive"):
        basis.mse(Y, [0.0])


def _ridge_rows_one_output_at_a_time(make_feats, Y, tr, te, lambdas, scales):
    """exp1._ridge_rows as it was before the outputs shared a scale's LOOCV basis (6e2a94f): the reference."""
    out = []
    for k in range(Y.shape[1]):
        best = (np.inf, None)
        for sc in scales:
            loo = ridge_loocv(make_feats(sc, tr), Y[tr, k], lambdas)[:, 0]
            if loo.min() < best[0]:
                best = (loo.min(), (sc, lambdas[int(np.argmin(loo))]))
        sc, lam = best[1]
        out.append(RidgeFit(make_feats(sc, tr), Y[tr, k], lam).predict(make_feats(sc, te))[:, 0])
    return np.column_stack(out)


@pytest.mark.parametrize("scales", [(0.3, 1.0, 3.0), (1.0, 1.0, 0.5, 0.5)])   # the second: ties across scales
def test_app_c_ridge_rows_choose_and_predict_as_one_output_at_a_time_bit_for_bit(scales):
    rng = np.random.default_rng(6)
    X, W, b = rng.standard_normal((120, 3)), rng.standard_normal((3, 30)), rng.uniform(0, 2 * np.pi, 30)
    Y = np.column_stack([np.sin(X[:, 0]), X[:, 1] ** 2]) + 0.1 * rng.standard_normal((120, 2))
    tr, te = np.arange(90), np.arange(90, 120)
    lambdas = (1e-4, 1e-2, 1.0)

    def feats(sc, rows):
        return np.cos(X[rows] @ W / np.sqrt(sc) + b)

    np.testing.assert_array_equal(_ridge_rows(feats, Y, tr, te, lambdas, scales),
                                  _ridge_rows_one_output_at_a_time(feats, Y, tr, te, lambdas, scales))


def test_ridge_uncertainty_is_the_quadratic_form_plus_lambda():
    """The authors' predictive variance x^T (Psi^T Psi + lam I)^-1 x + lam, against a direct solve per row."""
    rng = np.random.default_rng(5)
    P, y, X = rng.standard_normal((80, 15)), rng.standard_normal(80), rng.standard_normal((12, 15))
    lam = 0.05
    fit = RidgeFit(P, y, lam)
    A = P.T @ P + lam * np.eye(15)
    direct = np.array([x @ np.linalg.solve(A, x) for x in X]) + lam
    np.testing.assert_allclose(fit.uncertainty(X), direct, rtol=1e-12)
    assert fit.uncertainty(X[0]).shape == (1,)


def test_blr_validates_shapes():
    with pytest.raises(ValueError, match="X must be"):
        OnlineBLR(3, 1, sigma_y2=1e-4).fit_batch(np.zeros((4, 2)), np.zeros(4))
