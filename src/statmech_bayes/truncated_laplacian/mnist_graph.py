"""The MNIST 4-vs-9 graph of Section 5.2 (Fig. 5).

Both official splits are used: 11,791 training images (5,842 fours, 5,949 nines) and 1,991 test images
(982 fours, 1,009 nines), 13,782 nodes. "For each image we determine the 15 closest images in Euclidean
distance between the projections on the first 50 principal components". Unstated choices (spec §3b):
PCA fitted on all 13,782 selected images (pixels / 255, centred); unweighted 0/1 adjacency with OR
symmetrisation (i ~ j if either is among the other's 15 nearest); label 1 = "9", 0 = "4"; training
nodes observed, test nodes predicted; subsamples keep the digit ratio within each split and rebuild
the 15-NN graph on the subsample from the global PCA coordinates.
"""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp
from scipy.spatial import cKDTree

from statmech_bayes.graphs.operators import from_edge_list

DIGITS = (4, 9)
N_TEST_FULL = 1991
N_TOTAL_FULL = 13782


def select_digits(arrays: dict[str, np.ndarray], digits=DIGITS) -> dict[str, np.ndarray]:
    """Images of ``digits`` from both splits of :func:`statmech_bayes.data.mnist.load_mnist`, training
    images first (each split in file order). Returns ``X`` float64 (N, 784) in [0, 1], ``digit`` int64
    (N,), ``is_test`` bool (N,)."""
    parts = []
    for split in ("train", "test"):
        lab = arrays[f"{split}_labels"]
        keep = np.isin(lab, digits)
        img = arrays[f"{split}_images"][keep]
        parts.append((img.reshape(img.shape[0], -1), lab[keep], np.full(keep.sum(), split == "test")))
    X = np.concatenate([p[0] for p in parts]).astype(float) / 255.0
    return {"X": X, "digit": np.concatenate([p[1] for p in parts]).astype(np.int64),
            "is_test": np.concatenate([p[2] for p in parts])}


def pca_scores(X: np.ndarray, n_components: int) -> np.ndarray:
    """Projections of the centred rows of ``X`` on the first ``n_components`` principal axes (the workflow's:
    ``hartog_vanzanten.mnist.n_pcs``), via the eigenvectors of the ``d x d`` scatter matrix (cheap for d = 784 << N)."""
    X = np.asarray(X, dtype=float)
    if not 1 <= n_components <= X.shape[1]:
        raise ValueError(f"n_components must be in 1..{X.shape[1]}, got {n_components!r}")
    Xc = X - X.mean(axis=0)
    _, V = np.linalg.eigh(Xc.T @ Xc)
    return Xc @ V[:, ::-1][:, :n_components]


def knn_adjacency(P: np.ndarray, k: int) -> sp.csr_array:
    """Unweighted symmetrised k-NN graph (OR rule) on the rows of ``P`` in Euclidean distance (the workflow's k:
    ``hartog_vanzanten.mnist.knn``)."""
    P = np.asarray(P, dtype=float)
    N = P.shape[0]
    if not 1 <= k < N:
        raise ValueError(f"k must be in 1..{N - 1}, got {k!r}")
    _, nbr = cKDTree(P).query(P, k=k + 1)
    # Drop each row's own index; with exact duplicates self may not come first, so drop it wherever
    # it is and otherwise the farthest of the k+1.
    is_self = nbr == np.arange(N)[:, None]
    drop = np.where(is_self.any(axis=1), is_self.argmax(axis=1), k)
    keep = np.ones_like(nbr, dtype=bool)
    keep[np.arange(N), drop] = False
    nbr = nbr[keep].reshape(N, k)
    A = from_edge_list(np.stack([np.repeat(np.arange(N), k), nbr.ravel()], axis=1), N)
    A.data[:] = 1.0
    return A


def stratified_subsample(digit: np.ndarray, is_test: np.ndarray, n_total: int,
                         rng: np.random.Generator) -> np.ndarray:
    """Indices (sorted) of a subsample of ``n_total`` nodes whose test fraction and per-split digit
    ratios equal those of the full set: ``n_test = round(n_total · N_test/N)``, and within each split
    each digit gets its share (largest remainder), drawn uniformly without replacement."""
    digit = np.asarray(digit)
    is_test = np.asarray(is_test, dtype=bool)
    N = digit.size
    if not 2 <= int(n_total) <= N:
        raise ValueError(f"n_total must be in 2..{N}, got {n_total!r}")
    n_test = int(round(n_total * is_test.sum() / N))
    chosen = []
    for split_mask, n_split in ((~is_test, int(n_total) - n_test), (is_test, n_test)):
        labels = np.unique(digit[split_mask])
        pool = [np.flatnonzero(split_mask & (digit == d)) for d in labels]
        share = np.array([p.size for p in pool], dtype=float) * n_split / split_mask.sum()
        counts = np.floor(share).astype(int)
        counts[np.argsort(-(share - counts), kind="stable")[: n_split - counts.sum()]] += 1
        chosen += [rng.choice(p, size=c, replace=False) for p, c in zip(pool, counts)]
    return np.sort(np.concatenate(chosen))
