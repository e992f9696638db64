"""More splits of the colon experiment for the claims the paper's 200 splits cannot decide.

Three statements of Section 5 are differences of statistics over splits whose bootstrap interval at 200 splits
straddles the bound the paper states: "fixing κ to the most frequent value, κ = 0.4, reduced the average and standard
deviation of the generalization error of SBC" and "[the histograms of Figs 5 and 6] indicate that κ has a
statistically greater fluctuation [than C]". The remedy is more data, not a looser bound: the paper's algorithm as
printed (undamped Eqs. 38-41, ``T`` updates from m = a = 0, LOOE (56) read at update ``T``, the same (C, κ) grid
and tie rule) on further random 42/20 splits drawn from their own seed stream, pooled with the paper's 200.

Only the paper's fixed-T BP runs on the extra splits (SBL, FDA, the damped arm and the whitened row are not needed
by these claims), so this module leaves the 200-split chunks of :mod:`.colon` untouched.
"""

from __future__ import annotations

import numpy as np

from .colon import sbc_grid_literal, select_by_looe


def literal_splits(X_pre, y, perms, *, n_train: int, T_literal: int, conv_tol: float, osc_tol: float, C_grid,
                   kappa_grid) -> dict:
    """The paper's fixed-T BP (:func:`.colon.sbc_grid_literal`) on the (C, κ) grid for each row of ``perms``.

    Returns ``lit_looe``, ``lit_test`` (n, nC, nK, 2: read at T and T + 1), ``lit_state`` (n, nC, nK) -- the same
    arrays, under the same names, as the 200-split chunks of :func:`.colon.run_splits` -- and ``perms``."""
    y = np.asarray(y, float)
    perms = np.atleast_2d(np.asarray(perms))
    C_grid, kappa_grid = tuple(C_grid), tuple(kappa_grid)
    rows = []
    for p in perms:
        tr, te = p[:n_train], p[n_train:]
        rows.append(sbc_grid_literal(X_pre[tr], y[tr], X_pre[te], y[te], C_grid, kappa_grid, T=T_literal,
                                     conv_tol=conv_tol, osc_tol=osc_tol))
    return {"lit_looe": np.stack([r["looe"] for r in rows]), "lit_test": np.stack([r["test_err"] for r in rows]),
            "lit_state": np.stack([r["state"] for r in rows]), "perms": perms}


def literal_selections(lit_looe, lit_test, *, C_grid, kappa_grid, kappa_fixed: float, rule: str) -> dict:
    """Per split, the paper's LOOE selection at update T (index 0 of the last axis), exactly as
    :func:`.colon.summarise_splits` makes it for the paper's arm: grid indices ``iC``, ``iK`` of the selected cell
    and its test error ``err_sbc``; with κ fixed to ``kappa_fixed``, ``err_sbc_k04``."""
    looe, test = np.asarray(lit_looe)[..., 0], np.asarray(lit_test)[..., 0]
    jk = int(np.flatnonzero(np.isclose(np.asarray(kappa_grid, float), kappa_fixed))[0])
    n = looe.shape[0]
    out = {"iC": np.empty(n, np.int64), "iK": np.empty(n, np.int64), "err_sbc": np.empty(n),
           "err_sbc_k04": np.empty(n)}
    for s in range(n):
        i, j = select_by_looe(looe[s], None, rule=rule)
        out["iC"][s], out["iK"][s], out["err_sbc"][s] = i, j, test[s, i, j]
        i, _ = select_by_looe(looe[s][:, [jk]], None, rule=rule)
        out["err_sbc_k04"][s] = test[s, i, jk]
    return out


def normalised_entropy(counts):
    """Entropy of the selection frequencies over a grid divided by its maximum, ln(grid size): 1 when every grid
    value is picked equally often, 0 when one value always is (the "spread" reading of "kappa has a statistically
    greater fluctuation", Section 5 of the paper). ``counts`` (..., grid size): any leading shape, one value each."""
    c = np.asarray(counts)
    p = c / c.sum(axis=-1, keepdims=True)
    with np.errstate(divide="ignore", invalid="ignore"):
        h = -np.where(p > 0, p * np.log(p), 0.0).sum(axis=-1)
    return h / np.log(c.shape[-1])


def spread_statistics(iC, iK, n_C: int, n_K: int) -> dict:
    """Two readings of "κ has a statistically greater fluctuation" than C, from the selected grid indices; arrays
    of any leading shape (the last axis runs over splits), so a whole bootstrap is one call.

    * ``entropy_diff``: normalised entropy of the κ selections minus that of the C selections (the share of its
      grid each one uses: 1 when every value is picked equally often, 0 when one value always is);
    * ``offmode_diff``: share of splits whose κ is not the most frequent κ, minus the same share for C (how much of
      the histogram lies away from its tallest bar).
    """
    def counts(idx, G):
        idx = np.asarray(idx)
        return (idx[..., None] == np.arange(G)).sum(axis=-2)

    def offmode(c):
        return 1.0 - c.max(axis=-1) / c.sum(axis=-1)

    cC, cK = counts(iC, n_C), counts(iK, n_K)
    return {"entropy_diff": normalised_entropy(cK) - normalised_entropy(cC), "offmode_diff": offmode(cK) - offmode(cC)}


def pooled_statistics(sel: dict, n_C: int, n_K: int, n_boot: int, seed: int) -> dict:
    """Point values and a bootstrap over splits (``n_boot`` resamples) of the three undecided claims, from the
    pooled per-split selections ``sel`` of :func:`literal_selections`: ``entropy_diff``, ``offmode_diff``
    (:func:`spread_statistics`), ``mean_k04_minus_sbc`` and ``sd_k04_minus_sbc`` (percent, SD with ddof = 1);
    each also as ``boot_<name>`` (n_boot,)."""
    n = sel["iC"].size
    rng = np.random.default_rng(np.random.SeedSequence([int(seed), 19]))
    ix = rng.integers(0, n, (int(n_boot), n))
    out = {"n_splits": np.int64(n)}
    for pre, take in (("", slice(None)), ("boot_", ix)):
        sp = spread_statistics(sel["iC"][take], sel["iK"][take], n_C, n_K)
        e0, e4 = 100 * sel["err_sbc"][take], 100 * sel["err_sbc_k04"][take]
        out[pre + "entropy_diff"] = np.asarray(sp["entropy_diff"], float)
        out[pre + "offmode_diff"] = np.asarray(sp["offmode_diff"], float)
        out[pre + "mean_k04_minus_sbc"] = np.asarray(e4.mean(axis=-1) - e0.mean(axis=-1), float)
        out[pre + "sd_k04_minus_sbc"] = np.asarray(e4.std(axis=-1, ddof=1) - e0.std(axis=-1, ddof=1), float)
    return out


def precision_summary(main_chunks: list[dict], extra_chunks: list[dict], *, C_grid, kappa_grid, kappa_fixed: float,
                      rule: str, n_boot: int, seed: int = 0) -> dict:
    """The three statistics of :func:`pooled_statistics` on the paper's splits alone (keys prefixed ``paper_``)
    and on the paper's splits pooled with the extra ones (unprefixed), both with their bootstrap.

    ``main_chunks``: the 200-split chunk outputs of :func:`.colon.run_splits`; ``extra_chunks``: outputs of
    :func:`literal_splits`. Both carry ``lit_looe`` and ``lit_test``."""
    if not main_chunks:
        raise ValueError("main_chunks must be a non-empty list of colon chunk outputs")

    def stacked(chunks, key):
        return np.concatenate([np.asarray(c[key]) for c in chunks]) if chunks else None

    nC, nK = len(C_grid), len(kappa_grid)
    kw = {"C_grid": C_grid, "kappa_grid": kappa_grid, "kappa_fixed": kappa_fixed, "rule": rule}
    main = literal_selections(stacked(main_chunks, "lit_looe"), stacked(main_chunks, "lit_test"), **kw)
    sel = main
    if extra_chunks:
        extra = literal_selections(stacked(extra_chunks, "lit_looe"), stacked(extra_chunks, "lit_test"), **kw)
        sel = {k: np.concatenate([main[k], extra[k]]) for k in main}
    out = {f"paper_{k}": v for k, v in pooled_statistics(main, nC, nK, n_boot, seed).items()}
    out.update(pooled_statistics(sel, nC, nK, n_boot, seed))
    out.update({f"sel_{k}": v for k, v in sel.items()})
    return out
