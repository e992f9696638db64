"""Simulated learning curves: the Cholesky-prefix trick, exact x-averages, image sums, Figs 1-2 helpers."""
import numpy as np
import pytest
from numpy.testing import assert_allclose
from scipy import integrate

from statmech_bayes.gp.simulation import (
    _periodic_pair_values,
    choose_images,
    draw_inputs,
    kernel_matrices,
    nested_errors,
    posterior_variance_1d,
    sample_prior_grid_2d,
    simulate_curves,
)
from statmech_bayes.gp.spectra import periodic_rbf_spectrum

SCN = {
    "ou1": dict(inputs="uniform", kernel="ou", d=1, l=0.05),
    "ou2": dict(inputs="uniform", kernel="ou", d=2, l=0.1),
    "rbf2": dict(inputs="uniform", kernel="rbf", d=2, l=0.15),
    "gauss2": dict(inputs="gaussian", kernel="rbf", d=2, l=0.3, sigma_x2=1 / 12),
}


@pytest.mark.parametrize("name", list(SCN))
def test_nested_cholesky_curve_equals_direct_posterior_variance(name):
    scn = SCN[name]
    X = draw_inputs(scn, np.random.default_rng(4), 2, 25)
    K, M, C0 = kernel_matrices(scn, X, 2)
    eps = nested_errors(K, M, C0, 0.05)
    for b in range(2):
        direct = [C0] + [C0 - np.trace(np.linalg.solve(K[b, :n, :n] + 0.05 * np.eye(n), M[b, :n, :n]))
                         for n in range(1, 26)]
        assert_allclose(eps[b], direct, rtol=1e-11, atol=1e-13)
        assert np.all(np.diff(eps[b]) <= 1e-14)  # each example can only reduce the error


def test_gaussian_input_kernel_from_the_gram_matrix_equals_the_pairwise_formula():
    """C and M of Gaussian inputs (eq. 45) from one Gram matrix per set against the pairwise definitions."""
    scn = dict(inputs="gaussian", kernel="rbf", d=4, l=0.3, sigma_x2=1 / 12)
    X = draw_inputs(scn, np.random.default_rng(11), 3, 40)
    K, M, C0 = kernel_matrices(scn, X)
    diff = X[:, :, None, :] - X[:, None, :, :]
    mid = (X[:, :, None, :] + X[:, None, :, :]) / 2
    tau2 = scn["l"] ** 2 / 2
    s = tau2 + scn["sigma_x2"]
    assert_allclose(K, np.exp(-(diff**2).sum(-1) / (2 * scn["l"] ** 2)), rtol=1e-13, atol=1e-15)
    want_M = (np.sqrt(tau2 / s) ** 4 * np.exp(-(diff**2).sum(-1) / (4 * scn["l"] ** 2))
              * np.exp(-(mid**2).sum(-1) / (2 * s)))
    assert_allclose(M, want_M, rtol=1e-13, atol=1e-15)
    assert np.all(np.einsum("bii->bi", K) == 1.0) and C0 == 1.0


def _x_average(scn, xa, xb, R=2):
    """<C(xa, x) C(x, xb)>_x by quadrature over the input distribution (d = 1 or 2)."""
    d, l = scn["d"], scn["l"]

    def C(u, v):
        if scn["inputs"] == "uniform":
            delta = np.asarray(u, float) - np.asarray(v, float)
            delta = delta - np.round(delta)
            return _periodic_pair_values(scn["kernel"], l, delta[None, :], R)[0][0]
        return np.exp(-np.sum((np.asarray(u) - np.asarray(v)) ** 2) / (2 * l * l))

    if scn["inputs"] == "uniform":
        if d == 1:
            pts = sorted({float(xa[0]), float(xb[0])})
            return integrate.quad(lambda x: C(xa, [x]) * C([x], xb), 0, 1, points=pts, limit=200, epsabs=1e-13)[0]
        g, w = np.polynomial.legendre.leggauss(100)
        g, w = 0.5 * (g + 1), 0.5 * w
        # panels break at the kinks of the OU kernel (x = xa, xb per coordinate)
        val = 0.0
        edges = [sorted({0.0, 1.0, float(xa[j]), float(xb[j])}) for j in range(2)]
        for a0, a1 in zip(edges[0][:-1], edges[0][1:]):
            for b0, b1 in zip(edges[1][:-1], edges[1][1:]):
                x1, x2 = a0 + (a1 - a0) * g, b0 + (b1 - b0) * g
                P = np.stack(np.meshgrid(x1, x2, indexing="ij"), -1).reshape(-1, 2)
                ww = np.outer(w * (a1 - a0), w * (b1 - b0)).ravel()
                da, db = P - xa, P - xb
                da -= np.round(da)
                db -= np.round(db)
                val += ww @ (_periodic_pair_values("ou", l, da, R)[0] * _periodic_pair_values("ou", l, db, R)[0])
        return val
    sx = np.sqrt(scn["sigma_x2"])
    h, w = np.polynomial.hermite_e.hermegauss(120)
    P = np.stack(np.meshgrid(h * sx, h * sx, indexing="ij"), -1).reshape(-1, 2)
    ww = np.outer(w, w).ravel() / (2 * np.pi)
    return ww @ np.array([C(xa, p) * C(p, xb) for p in P])


@pytest.mark.parametrize("name,rtol", [("ou1", 1e-9), ("ou2", 1e-5), ("rbf2", 1e-9), ("gauss2", 1e-9)])
def test_exact_x_average_matches_quadrature(name, rtol):
    scn = SCN[name]
    X = draw_inputs(scn, np.random.default_rng(7), 1, 3)
    _, M, _ = kernel_matrices(scn, X, 3)
    for i, j in ((0, 1), (1, 2), (2, 2)):
        if scn["kernel"] == "rbf" and scn["inputs"] == "uniform":
            # product kernel: one-dimensional quadrature per coordinate
            want = np.prod([_x_average(dict(scn, d=1), X[0, i, [k]], X[0, j, [k]]) for k in range(2)])
        else:
            want = _x_average(scn, X[0, i], X[0, j])
        assert_allclose(M[0, i, j], want, rtol=rtol)


def test_simulated_error_equals_the_eigen_representation_eq_8():
    """eps(D) = tr(Lambda^-1 + sigma^-2 Psi^T Psi)^-1 with the Fourier eigenfunctions of the periodic RBF."""
    l, s2 = 0.1, 0.05
    scn = dict(inputs="uniform", kernel="rbf", d=1, l=l)
    X = draw_inputs(scn, np.random.default_rng(2), 1, 12)
    K, M, C0 = kernel_matrices(scn, X, 3)
    eps = nested_errors(K, M, C0, s2)[0]
    q = np.arange(-40, 41)
    lam = np.sqrt(2 * np.pi) * l * np.exp(-((2 * np.pi * l * q) ** 2) / 2)
    # real orthonormal Fourier basis: 1, sqrt2 cos(2 pi q x), sqrt2 sin(2 pi q x)
    x = X[0, :, 0]
    Psi = np.where(q[None, :] == 0, 1.0, np.where(q[None, :] > 0, np.sqrt(2) * np.cos(2 * np.pi * q[None, :] * x[:, None]),
                                                  np.sqrt(2) * np.sin(2 * np.pi * q[None, :] * x[:, None])))
    for n in (1, 5, 12):
        G = np.linalg.inv(np.diag(1 / lam) + Psi[:n].T @ Psi[:n] / s2)
        assert_allclose(eps[n], np.trace(G), rtol=1e-9)


def test_single_example_error_is_exact_and_data_set_independent_for_periodic_inputs():
    spec = periodic_rbf_spectrum(2, 0.15, 1e-14)  # truncated well below the rtol checked
    scn = SCN["rbf2"]
    # batches of 4 for 6 data sets: a full and a partial batch
    eps = simulate_curves(scn, [0.05, 0.001], draw_inputs(scn, np.random.default_rng(0), 6, 3), 3, batch=4)
    exact = spec.T - (spec.lam**2 @ spec.mult) / (spec.T + np.array([0.05, 0.001]))
    assert_allclose(eps[:, :, 1], np.broadcast_to(exact[:, None], (2, 6)), rtol=1e-12)


def test_image_count_is_tested_not_guessed():
    """At l = 0.3 in d = 4 and sigma2 = 0.001 two images per side are not enough (the spec's trap); the
    chosen R agrees with R + 1 to the tolerance, and the omitted images are negligible in K and M."""
    scn = dict(inputs="uniform", kernel="rbf", d=4, l=0.3)
    X = draw_inputs(scn, np.random.default_rng(1), 2, 60)
    R, hist = choose_images(scn, X, [0.001], 1e-6)
    assert R == 3 and hist[-1][1] <= 1e-6 and dict(hist)[2] > 1e-6
    K3, M3, _ = kernel_matrices(scn, X, 3)
    K6, M6, _ = kernel_matrices(scn, X, 6)
    assert np.abs(K6 - K3).max() < 1e-25 and np.abs(M6 - M3).max() < 1e-13
    assert choose_images(SCN["gauss2"], X[:, :, :2], [0.05], 1e-6) == (None, [])
    R_small, _ = choose_images(dict(inputs="uniform", kernel="ou", d=1, l=0.01), X[:, :, :1], [0.05], 1e-6)
    assert R_small == 0  # at l = 0.01 the wrapped difference alone is exact to double precision


def test_posterior_variance_dent_and_prior_samples():
    l, s2 = 0.1, 0.05
    x = np.linspace(0, 1, 2001)
    e = posterior_variance_1d([0.5], x, l, s2)
    assert_allclose(e.min(), s2 / (1 + s2), rtol=1e-6)          # footnote 2: 1 - C^2/(C(0)+s2)
    assert_allclose(e, 1 - np.exp(-((x - 0.5) ** 2) / l**2) / (1 + s2), rtol=1e-10)
    rng = np.random.default_rng(0)
    for kern, c in (("rbf", lambda r: np.exp(-r**2 / (2 * l * l))), ("ou", lambda r: np.exp(-r / l))):
        g, F = sample_prior_grid_2d(kern, l, 9, rng, 4000)
        emp = np.mean(F[:, 2, 3] * F[:, 4, 3])                   # covariance of two grid points
        assert abs(emp - c(abs(g[2] - g[4]))) < 4 * np.sqrt((1 + c(abs(g[2] - g[4])) ** 2) / 4000)
        assert abs(F.var() - 1) < 0.05


@pytest.mark.parametrize("name", ["ou1", "gauss2"])
def test_dataset_ranges_joined_are_the_curves_of_one_job_exactly(name):
    """Issue 45: sh_sims runs in data-set ranges of whole kernel batches, each drawing every data set's inputs and
    taking its own; joined, they equal the curves of all data sets in one job bit for bit (the shared arrays agree,
    and a missing range is refused)."""
    from statmech_bayes.core.job_ranges import job_ranges
    from statmech_bayes.gp.simulation_ranges import join_dataset_ranges

    scn, s2, batch = SCN[name], [0.05, 0.001], 4
    X = draw_inputs(scn, np.random.default_rng(8), 20, 15)
    R = 3 if scn["inputs"] == "uniform" else None
    whole = simulate_curves(scn, s2, X, R, batch=batch)

    def part(a, b):
        return {"eps": simulate_curves(scn, s2, X[a:b], R, batch=batch), "sigma2": np.asarray(s2),
                "C0": np.float64(kernel_matrices(scn, X[:1, :2], R)[2]), "R_images": np.int64(-1 if R is None else R),
                "image_check": np.float64(0.0), "image_history": np.zeros((0, 2))}

    parts = [part(a, b) for a, b in job_ranges(20, 8)]  # 8, 8 and 4 data sets: whole batches of 4
    joined = join_dataset_ranges(parts, 20)
    np.testing.assert_array_equal(joined["eps"], whole)
    with pytest.raises(ValueError, match="hold 16 data sets, not 20"):
        join_dataset_ranges(parts[:2], 20)
    parts[1]["C0"] = np.float64(2.0)
    with pytest.raises(ValueError, match="disagree on C0"):
        join_dataset_ranges(parts, 20)
