"""The four UCI data sets of Jitkrittum et al. (2015), Exp. 5: raw files in their original formats and
the authors' standardised stratified train/test splits (``*_norm_{tr,te}.mat``, from the
``wittawatj/kernel-ep`` repository). Every file is sha256-verified before it is read.

Labels are 0/1 with 1 = banknote class 1, donated blood, fertility ``O`` (altered), ionosphere ``b``.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from . import DataError, verified_file

NAMES = ("banknote", "blood_transfusion", "fertility", "ionosphere")

RAW_FILES = {
    "banknote": ("data_banknote_authentication.txt",
                 "564ac22b61d87388b1662adee2867e5d382aae78afb0bf5d6745c1a843174b8e"),
    "blood_transfusion": ("transfusion.data",
                          "cc51b225953b0c4110c6193004af8ce8f5147cdb2c14e73ee726ee49b96fe08e"),
    "fertility": ("fertility_Diagnosis.txt",
                  "80840493a59200cd06a1bab2aea867940bb9ba2643e2d4abfd76649ec0b5e1b5"),
    "ionosphere": ("ionosphere.data",
                   "46d52186b84e20be52918adb93e8fb9926b34795ff7504c24350ae0616a04bbd"),
}

SPLIT_FILES = {
    ("banknote", "tr"): "e8cb702173c1fbd502ad0608430c673e9cba7f0a62f2dc374a56a7306f381657",
    ("banknote", "te"): "cba9faad8e5a2c01b91e4c69aca93f7a0594e6b39008d95219d47d3627c570bc",
    ("blood_transfusion", "tr"): "cd33a6563c4ca37698f7eb2dcccbd6c900623ac377cc6a593a56cd6260fa6901",
    ("blood_transfusion", "te"): "0226b4b3f7f70cc3e610a72b7a946251d243ac11374434b7089de6a6af07810e",
    ("fertility", "tr"): "2e43ffc3afa9bb1aca82b3e9ccdfaaa354e1a65b73f80e581492a9f8cc1c3724",
    ("fertility", "te"): "89831fd5e6297a42515de68ff5c975128f100cfe6e2cb38bc669d78159ac8453",
    ("ionosphere", "tr"): "b4b393b47611c70f2f86627aab3df25b8fcae90f406a495ed9306e4848ca5a60",
    ("ionosphere", "te"): "402a663364965f733b1e25cebb1ba0f1e37085778bca070a33b2de285cfc3e3f",
}

_UCI_URL = {
    "banknote": "https://archive.ics.uci.edu/dataset/267/banknote+authentication",
    "blood_transfusion": "https://archive.ics.uci.edu/dataset/176/blood+transfusion+service+center",
    "fertility": "https://archive.ics.uci.edu/dataset/244/fertility",
    "ionosphere": "https://archive.ics.uci.edu/dataset/52/ionosphere",
}
SPLIT_HOW = ("The repository ships it in data/uci/ (see data/MANIFEST.csv); otherwise copy it from the authors' "
             "repository github.com/wittawatj/kernel-ep, folder code/KernelEP.NET/KernelEP.NET/Saved/data/, into the "
             "configured directory (configuration key data.uci).")


def _check_name(name: str) -> None:
    if name not in NAMES:
        raise ValueError(f"name must be one of {NAMES}, got {name!r}")


def load_raw(name: str, directory: str | Path):
    """The full data set from the original UCI file: ``(X (n, d) float, y (n,) int8)``.

    Ionosphere drops its constant second column (33 features); Blood keeps its 4 columns.
    """
    _check_name(name)
    fname, sha = RAW_FILES[name]
    path = verified_file(directory, fname, sha,
                         f"Download {fname} from the UCI repository ({_UCI_URL[name]}) into {directory}.")
    try:
        if name == "banknote":
            a = np.loadtxt(path, delimiter=",")
            X, y = a[:, :4], a[:, 4]
        elif name == "blood_transfusion":
            a = np.loadtxt(path, delimiter=",", skiprows=1)
            X, y = a[:, :4], a[:, 4]
        elif name == "fertility":
            raw = np.loadtxt(path, delimiter=",", dtype=str)
            X, y = raw[:, :9].astype(float), (raw[:, 9] == "O").astype(float)
        else:
            raw = np.loadtxt(path, delimiter=",", dtype=str)
            X = raw[:, :34].astype(float)
            X = np.delete(X, 1, axis=1)
            y = (raw[:, 34] == "b").astype(float)
    except ValueError as exc:     # parse failure of a file that passed the hash cannot happen
        raise DataError(f"could not parse {path}: {exc}") from exc
    return X, y.astype(np.int8)


def standardize(X):
    """Z-score every column over the full data set (sample sd, ddof = 1), before any split."""
    X = np.asarray(X, float)
    sd = X.std(axis=0, ddof=1)
    return (X - X.mean(axis=0)) / np.where(sd > 0, sd, 1.0)


def load_split(name: str, directory: str | Path):
    """The authors' standardised stratified split: ``dict(X_train (n, d), y_train, X_test, y_test)``.

    The .mat files store ``X`` as d x n and ``Y`` as 1 x n uint8; rows here are observations.
    Train sizes: 201, 201, 50, 201 (the authors' stratified sampler; the paper says 200 / 50).
    """
    _check_name(name)
    from scipy.io import loadmat

    out = {}
    for part, key in (("tr", "train"), ("te", "test")):
        fname = f"{name}_norm_{part}.mat"
        path = verified_file(directory, fname, SPLIT_FILES[(name, part)],
                             f"{fname} is the authors' normalised split. {SPLIT_HOW}")
        m = loadmat(path)
        out[f"X_{key}"] = np.ascontiguousarray(m["X"].T, dtype=float)
        out[f"y_{key}"] = m["Y"].ravel().astype(np.int8)
    return out
