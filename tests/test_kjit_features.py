import numpy as np
import pytest

from statmech_bayes.kjit.features import (
    TwoStageFeatures,
    draw_inner,
    embedding_inner,
    expected_product_features,
    kernel_on_embeddings,
    median_heuristic,
)


def test_embedding_inner_product_matches_monte_carlo():
    rng = np.random.default_rng(0)
    M1, V1 = np.array([[0.3, -1.0]]), np.array([[0.5, 2.0]])
    M2, V2 = np.array([[1.0, 0.5]]), np.array([[1.5, 0.2]])
    widths = np.array([0.7, 3.0])
    x = M1 + np.sqrt(V1) * rng.standard_normal((400_000, 2))
    y = M2 + np.sqrt(V2) * rng.standard_normal((400_000, 2))
    mc = np.mean(np.exp(-0.5 * np.sum((x - y) ** 2 / widths, axis=1)))
    assert embedding_inner(M1, V1, M2, V2, widths)[0, 0] == pytest.approx(mc, rel=5e-3)


def test_inner_random_features_error_falls_with_feature_count():
    rng = np.random.default_rng(1)
    M, V = 3 * rng.standard_normal((150, 1)), rng.gamma(3.0, 4.0, (150, 1))
    K = embedding_inner(M, V, M, V, [3.0])
    errs = []
    for D in (50, 500, 5000):
        e = []
        for _ in range(3):
            P = expected_product_features(M, V, *draw_inner([3.0], D, rng))
            e.append(np.abs(K - P @ P.T).mean())
        errs.append(np.mean(e))
    assert errs[0] > 2 * errs[1] > 4 * errs[2]


def test_two_stage_features_approximate_eq7_kernel_better_with_more_outer_features():
    rng = np.random.default_rng(2)
    M, V = rng.standard_normal((120, 2)), rng.gamma(2.0, 0.5, (120, 2))
    widths, gamma2 = np.array([1.0, 1.0]), 0.3
    K = kernel_on_embeddings(M, V, M, V, widths, gamma2)
    err = {}
    for D_out in (50, 2000):
        e = [np.linalg.norm(K - (f := TwoStageFeatures.draw(widths, gamma2, 1000, D_out, rng))(M, V)
                            @ f(M, V).T) / 120 for _ in range(3)]
        err[D_out] = np.mean(e)
    assert err[2000] < 0.4 * err[50]
    assert err[2000] < 0.05


def test_median_heuristic_widths_and_scale():
    rng = np.random.default_rng(3)
    M, V = rng.standard_normal((200, 2)), rng.gamma(2.0, 0.5, (200, 2))
    w1, g1 = median_heuristic(M, V, np.random.default_rng(0), factor=1.0)
    w2, g2 = median_heuristic(M, V, np.random.default_rng(0), factor=0.5)
    np.testing.assert_allclose(w1, V.mean(axis=0))
    assert g2 == pytest.approx(0.5 * g1) and g1 > 0


def test_feature_arguments_are_validated():
    with pytest.raises(ValueError, match="gamma2"):
        kernel_on_embeddings([[0.0]], [[1.0]], [[0.0]], [[1.0]], [1.0], 0.0)
    with pytest.raises(ValueError, match="same shape"):
        embedding_inner([[0.0, 1.0]], [[1.0]], [[0.0]], [[1.0]], [1.0])
