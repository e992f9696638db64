"""Figure 1: samples from GP priors on [0,1]², OU (left) and RBF (right), l = 0.1 (non-periodic kernels,
as in the caption), drawn on a regular grid."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.core.atomic_io import load_npz
from statmech_bayes.core.claims import ClaimsRecord, Reading
from statmech_bayes.core.plotstyle import use_style
from statmech_bayes.figures.sollich_halees import PAPER


def increments(F: np.ndarray) -> np.ndarray:
    """Mean squared increment between grid neighbours (both directions), per sample."""
    return 0.5 * ((np.diff(F, axis=1) ** 2).mean(axis=(1, 2)) + (np.diff(F, axis=2) ** 2).mean(axis=(1, 2)))


def extrema(F: np.ndarray) -> np.ndarray:
    """Fraction of interior grid points that are a local extremum along their row or column (the increments on
    either side change sign), averaged over both directions, per sample."""
    out = 0.0
    for ax in (1, 2):
        d = np.diff(F, axis=ax)
        turn = np.take(d, np.arange(d.shape[ax] - 1), axis=ax) * np.take(d, np.arange(1, d.shape[ax]), axis=ax) < 0
        out = out + 0.5 * turn.mean(axis=(1, 2))
    return out


def expected_spatial_variance(kernel: str, l: float, g: np.ndarray) -> float:
    """``E[mean_i θ_i² - (mean_i θ_i)²] = 1 - mean_ij C(x_i, x_j)`` over the grid points (prior variance 1)."""
    if kernel == "rbf":  # separable: the mean over the tensor grid is the square of the 1-D mean
        return float(1.0 - np.exp(-((g[:, None] - g[None, :]) ** 2) / (2 * l * l)).mean() ** 2)
    X1, X2 = np.meshgrid(g, g, indexing="ij")
    P = np.stack([X1.ravel(), X2.ravel()], axis=1)
    total = 0.0
    for i in range(0, P.shape[0], 512):  # blocks keep the G^2 x G^2 distance matrix out of memory
        D = np.sqrt(((P[i:i + 512, None, :] - P[None, :, :]) ** 2).sum(-1))
        total += np.exp(-D / l).sum()
    return float(1.0 - total / P.shape[0] ** 2)


def make(inputs: dict, cfg: dict):
    import matplotlib.pyplot as plt

    use_style()
    data, _ = load_npz(inputs["samples"])
    f1 = cfg["fig1"]
    g, l = data["grid"], float(f1["l"])
    h = float(g[1] - g[0])
    fig = plt.figure(figsize=(9.0, 4.0))
    rows = []
    rec = ClaimsRecord("sollich_halees/fig1", PAPER)
    k = float(cfg["claims"]["se_factor"])
    X1, X2 = np.meshgrid(g, g, indexing="ij")
    expected = {"ou": 2 * (1 - np.exp(-h / l)), "rbf": 2 * (1 - np.exp(-h * h / (2 * l * l)))}
    formula = {"ou": r"C(x,x') = exp(-|x-x'|/l)", "rbf": r"C(x,x') = exp(-|x-x'|^2/(2 l^2))"}
    inc, ext = {}, {}
    for p, kern in enumerate(("ou", "rbf")):
        F = data[f"{kern}_samples"]
        ax = fig.add_subplot(1, 2, p + 1, projection="3d")
        ax.plot_surface(X1, X2, F[0], cmap="viridis", rstride=1, cstride=1, linewidth=0.1, edgecolor="0.3",
                        antialiased=False)
        ax.set(xlabel="$x_1$", ylabel="$x_2$", zlabel=r"$\theta(x)$", zlim=(-3.5, 3.5))
        ax.set_title(("OU" if kern == "ou" else "RBF") + rf", $l={l:g}$", fontsize=9)
        ax.view_init(elev=35, azim=-60)
        rows += [(kern, float(a), float(b), float(c)) for a, b, c in zip(X1.ravel(), X2.ravel(), F[0].ravel())]
        S = F.shape[0]
        var = F.reshape(S, -1).var(axis=1)     # spatial variance of each sample around its own mean
        vm, vse = var.mean(), var.std(ddof=1) / np.sqrt(S)
        inc[kern], ext[kern] = increments(F), extrema(F)
        im, ise = inc[kern].mean(), inc[kern].std(ddof=1) / np.sqrt(S)
        rec.close(f"{kern}: mean squared increment between grid neighbours (h = {h:g}), mean of {S} samples",
                  f"prior {formula[kern]}: E[(theta(x+h)-theta(x))^2] = 2(1 - C(h))", im, float(expected[kern]),
                  atol=k * ise, note=f"SE over samples = {ise:.2g}")
        ev = expected_spatial_variance(kern, l, g)
        rec.close(f"{kern}: spatial variance of a sample over the grid, mean of {S} samples",
                  "prior variance C(x,x) = 1: E[spatial variance] = 1 - mean of C over all grid pairs", vm, ev,
                  atol=k * vse, note=f"SE = {vse:.2g}; each sample's own mean absorbs {1 - ev:.3f}")
    # "Note the difference in roughness of the two functions": a marked difference, OU the rougher, read as a
    # factor >= 3 in two measures of roughness: the mean squared neighbour increment (the size of the jumps
    # between neighbouring grid values) and the density of local extrema along grid lines (how often the
    # surface turns). Undecidable when k standard errors (over samples) could carry the ratio across 3.
    readings = []
    for reads, q in (("mean squared neighbour increment", inc), ("density of local extrema along grid lines", ext)):
        a, b = q["ou"], q["rbf"]
        am, bm = max(float(a.mean()), 1e-12), max(float(b.mean()), 1e-12)   # a flat sample set: no division by 0
        r = am / bm
        unc = k * r * float(np.hypot(a.std(ddof=1) / am, b.std(ddof=1) / bm) / np.sqrt(a.size))
        readings.append(Reading(f"{reads}: OU / RBF", r, lower=3.0, decidable=bool(abs(r - 3.0) > unc)))
    rec.wording("roughness: OU / RBF", "Note the difference in roughness of the two functions; this is related to "
                "the behaviour of the covariance functions for x -> x'", readings,
                note=f"increment ratio expected {expected['ou'] / expected['rbf']:.3g} from the kernels; OU is "
                     "non-differentiable (increment ~ h), RBF smooth (~ h^2)")
    fig.text(0.5, 0.02, f"{g.size}x{g.size} grid (unstated); first of {S} samples shown; other samples feed the claims",
             ha="center", fontsize=7, color="0.3")
    fig.subplots_adjust(left=0.0, right=0.95, bottom=0.08, top=0.93, wspace=0.12)
    return fig, pd.DataFrame(rows, columns=["kernel", "x1", "x2", "theta"]), rec
