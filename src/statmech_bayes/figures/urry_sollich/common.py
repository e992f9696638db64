"""Shared pieces of the Urry & Sollich figures: labels, noise-level colours, loading cached results."""

from __future__ import annotations

import numpy as np

from statmech_bayes.core.atomic_io import load_npz

ENSEMBLE_LABELS = {
    "reg3": "random 3-regular",
    "er3": "Erdős–Rényi, mean degree 3",
    "pl": "power law GRG, exponent 2.5, cutoff 2",
}


def by_ensemble(paths: dict) -> dict[str, dict]:
    """``{ensemble: arrays}`` from the rule's ``{ensemble: path}`` layout."""
    return {ens: load_npz(p)[0] for ens, p in paths.items()}


def cavity_by_key(layout: dict) -> dict[tuple[str, str, float], dict]:
    """``{(ensemble, normalisation, sigma2): arrays}`` from the rule's ``{ens: {norm: {str(sigma2): path}}}``."""
    return {(ens, norm, float(s2)): load_npz(p)[0]
            for ens, by_norm in layout.items() for norm, by_s2 in by_norm.items() for s2, p in by_s2.items()}


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
