"""Shared pieces of the Urry & Sollich figures: labels, noise-level colours, loading cached results."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np

from statmech_bayes.core.atomic_io import load_npz

ENSEMBLE_LABELS = {
    "reg3": "random 3-regular",
    "er3": "Erdős–Rényi, mean degree 3",
    "pl": "power law GRG, exponent 2.5, cutoff 2",
}


def ensemble_of(path) -> str:
    """The ensemble name a cached file belongs to (its file name starts with it)."""
    return re.match(r"([a-z][a-z0-9]*)[_.]", Path(path).name).group(1)


def by_ensemble(paths) -> dict[str, dict]:
    """Load a list of per-ensemble npz files into ``{ensemble: arrays}`` (paths may be a single str)."""
    paths = [paths] if isinstance(paths, str) else list(paths)
    return {ensemble_of(p): load_npz(p)[0] for p in paths}


def cavity_by_key(paths) -> dict[tuple[str, str, float], dict]:
    """``{(ensemble, normalisation, sigma2): arrays}`` for cavity curve files ``{ens}_{norm}_s{s2}.npz``."""
    out = {}
    for p in ([paths] if isinstance(paths, str) else paths):
        m = re.match(r"([a-z][a-z0-9]*)_(global|local)_s([0-9.]+)\.npz", Path(p).name)
        out[(m.group(1), m.group(2), float(m.group(3)))] = load_npz(p)[0]
    return out


def sigma2_colors(sigma2s) -> dict[float, tuple]:
    import matplotlib.pyplot as plt

    cmap = plt.cm.viridis(np.linspace(0.0, 0.85, max(len(sigma2s), 2)))
    return {float(s): tuple(cmap[i]) for i, s in enumerate(sorted(sigma2s, reverse=True))}


def sigma2_label(s2: float) -> str:
    e = int(np.round(np.log10(s2)))
    return rf"$\sigma^2=10^{{{e}}}$" if np.isclose(s2, 10.0**e) else rf"$\sigma^2={s2:g}$"


def mean_se(samples: np.ndarray, axis: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Mean over samples and its standard error."""
    n = samples.shape[axis]
    return samples.mean(axis=axis), samples.std(axis=axis, ddof=1) / np.sqrt(n)


def interp_loglog(x_new, x, y) -> np.ndarray:
    """Interpolate a positive curve linearly in log-log coordinates."""
    return np.exp(np.interp(np.log(x_new), np.log(x), np.log(y)))
