import numpy as np
import pytest

from statmech_bayes.kjit.features import TwoStageFeatures
from statmech_bayes.kjit.regression import OnlineBLR, RidgeFit, ridge_loocv


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


def test_blr_validates_shapes():
    with pytest.raises(ValueError, match="X must be"):
        OnlineBLR(3, 1, sigma_y2=1e-4).fit_batch(np.zeros((4, 2)), np.zeros(4))
