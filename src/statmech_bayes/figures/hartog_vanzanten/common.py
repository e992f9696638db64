"""Shared pieces of the Hartog & van Zanten figures: loading chains, the posterior panels of Figs 2 and 4, the frame
grids of Figs 6-10, and the pure helpers their claims (claims.py) use: the per-chain agreement of a noise reading,
judging a claim under every reading, and the text of the tracking notes."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from statmech_bayes.core.atomic_io import load_npz

# a chain whose level carries less than this share of the pool is not part of a verdict (the pool's own cut)
from statmech_bayes.truncated_laplacian.tracking_chains import MIN_POOL_WEIGHT

BLUE, GREY = "tab:blue", "0.72"


def gamma_tags(cfg_graph: dict) -> list[str]:
    return [f"{float(g):g}" for g in cfg_graph["gammas"]]


def load_chains(paths: dict) -> dict[str, dict]:
    return {tag: load_npz(p)[0] for tag, p in paths.items()}


def dirichlet_energy(x: np.ndarray, edges: np.ndarray) -> float:
    """``Σ_{i~j} (x_i - x_j)²`` = ``xᵀ L x``: the roughness of a function on the graph."""
    return float(np.sum((x[edges[:, 0]] - x[edges[:, 1]]) ** 2))


def posterior_figure(data: dict, chains: dict, tags: list[str], what: str):
    """2 x 3 panels: posterior mean of Phi(f) (blue) with 95 % band (grey) and the truth (thin black) on top,
    the k trace (burn-in shaded) below. Returns the figure and the plotted rows."""
    import matplotlib.pyplot as plt

    n = data["f0"].size
    x = np.arange(1, n + 1)
    fig, axes = plt.subplots(2, 3, figsize=(11, 5.6), gridspec_kw={"height_ratios": [1.25, 1]})
    rows = []
    kmax = max(int(chains[t]["k"].max()) for t in tags)
    for j, tag in enumerate(tags):
        c = chains[tag]
        top, bot = axes[0, j], axes[1, j]
        top.fill_between(x, c["ell_lo"], c["ell_hi"], color=GREY, lw=0, label="95 % credible band")
        top.plot(x, data["ell0"], color="k", lw=0.6, label=r"truth $\ell_0$")
        top.plot(x, c["ell_mean"], color=BLUE, lw=1.1, label=r"posterior mean of $\Phi(f)$")
        top.set(xlim=(1, n), ylim=(0, 1), xlabel="vertex", title=rf"$\gamma = {tag}$")
        burn = int(c["burn_in"])
        it = np.arange(1, c["k"].size + 1)
        bot.axvspan(0, burn, color="0.92", lw=0)
        # dots, not a line: with k drawn from p(k | z, c) successive draws are nearly independent, and a line
        # between them would paint the whole range black
        bot.plot(it, c["k"], ".", color="k", ms=0.8, mew=0, alpha=0.6, rasterized=True)
        bot.set(xlim=(0, it[-1]), ylim=(0, 1.12 * kmax), xlabel="iteration")
        bot.text(0.98, 0.97, f"mean k (after burn-in, {int(c['n_chains'])} chains) = {float(c['k_mean']):.1f}",
                 transform=bot.transAxes, ha="right", va="top", fontsize=7.5,
                 bbox={"facecolor": "white", "edgecolor": "none", "alpha": 0.85, "pad": 1.5})
        rows += [(tag, "ell_mean", int(i), float(v)) for i, v in zip(x, c["ell_mean"])]
        rows += [(tag, "ell_lo", int(i), float(v)) for i, v in zip(x, c["ell_lo"])]
        rows += [(tag, "ell_hi", int(i), float(v)) for i, v in zip(x, c["ell_hi"])]
        rows += [(tag, "k", int(i), float(v)) for i, v in zip(it, c["k"])]
    rows += [("truth", "ell0", int(i), float(v)) for i, v in zip(x, data["ell0"])]
    axes[0, 0].set_ylabel(r"$\ell = \Phi(f)$")
    axes[1, 0].set_ylabel("k")
    fig.legend(*axes[0, 0].get_legend_handles_labels(), loc="upper right", ncol=3, fontsize=7.5, frameon=False)
    c0 = chains[tags[0]]
    what += (f"\nk drawn from p(k | z, c) every sweep; k0 = {int(c0['k0'])}, q = {float(c0['q']):g}, a = b = 0, "
             f"K_max = n; {int(c0['n_chains'])} chains x {int(c0['n_iter'])} sweeps pooled, burn-in "
             f"{int(c0['burn_in'])} (shaded); k traces of chain 1")
    fig.suptitle(what, fontsize=8.5, x=0.01, y=0.985, ha="left")
    fig.tight_layout(rect=(0, 0, 1, 0.955))
    return fig, rows


def frame_grid(draw, title: str = ""):
    """3 x 3 panels, frame t + 1 in reading order, drawn by ``draw(ax, t)``; returns the figure and the last image."""
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(3, 3, figsize=(7.2, 7.4))
    im = None
    for t, ax in enumerate(axes.ravel()):
        im = draw(ax, t)
        ax.set_title(f"frame {t + 1}", fontsize=8)
        ax.set_xticks([])
        ax.set_yticks([])
    if title:
        fig.suptitle(title, fontsize=9)
    fig.tight_layout()
    return fig, im


def frames_frame(series: dict):
    """The plotted pixels as a table: frame (1-based), row, col and one column per plotted quantity."""
    import pandas as pd

    first = next(iter(series.values()))
    T, H, W = first.shape
    t, r, c = np.meshgrid(np.arange(1, T + 1), np.arange(H), np.arange(W), indexing="ij")
    return pd.DataFrame({"frame": t.ravel(), "row": r.ravel(), "col": c.ravel(),
                         **{k: np.asarray(v).ravel() for k, v in series.items()}})


def colorbar(fig, im, label: str):
    fig.subplots_adjust(right=0.88)
    cax = fig.add_axes([0.9, 0.15, 0.025, 0.7])
    return fig.colorbar(im, cax=cax, label=label)


def made_with(tr: dict) -> str:
    """What made a tracking figure, for a small text on the image: the noise reading drawn and the sampler."""
    flip = float(tr["reading_flip"][0]) if "reading_flip" in tr else 0.0
    R = int(tr["n_chains"]) if "n_chains" in tr else 1
    move = str(tr["k_move"])
    sampler = ("Algorithm 1 with k drawn from p(k | z, c)" if move == "conditional" else f"Algorithm 1, {move} k move")
    if float(tr["scale_sd"]) > 0:
        sampler += " and a scale move on (g, c) (not the paper's sampler as printed)"
    a, b = (float(tr[k]) if k in tr else 0.0 for k in ("a", "b"))
    prior = "a = b = 0 (improper posterior)" if a == b == 0 else f"a = {a:g}, b = {b:g}"
    return (f"reading: {reading_text(flip)}; {sampler}; {prior}, q = {float(tr['q']):g}; "
            f"{R} chains x {int(tr['n_iter'])} sweeps pooled, not converged (fig8_convergence)")


def stamp(fig, text: str) -> None:
    """The small provenance line at the foot of a figure."""
    if not fig.get_constrained_layout():
        fig.subplots_adjust(bottom=max(fig.subplotpars.bottom, 0.06))  # room for the line below the panels
    fig.text(0.01, 0.004, text, fontsize=5.5, ha="left", va="bottom", wrap=True, color="0.25")


def tracking_unstated(tr: dict, cfg_tr: dict) -> str:
    """The run's unstated choices and how far the chains got (the paper gives no k0, c0, q, sweeps or ball sizes)."""
    burn = int(tr["burn_in"])
    logc = np.log(np.asarray(tr["c"], dtype=float)[burn:])
    half = logc.size // 2
    R = int(tr["n_chains"]) if "n_chains" in tr else 1
    pooled = (f"{R} independent chains pooled (starts (k0, c0) = "
              + ", ".join(f"({int(a)}, {float(b):g})" for a, b in zip(tr["chain_k0"], tr["chain_c0"]))
              + f"; split R-hat of k {float(tr['rhat_k']):.3g}, of log p(D|f) {float(tr['rhat_loglik']):.3g}, of log c "
              f"{float(tr['rhat_logc']):.3g}: not converged, see fig8_convergence), " if "chain_k0" in tr else "")
    return (f"depends on unstated choices: {pooled}k drawn from p(k | z, c) every sweep ({str(tr['k_move'])} move; "
            f"chain 1 from c0 = {float(tr['c0']):g}: first k = {int(tr['k'][0])}, then "
            f"{int(tr['k'][burn:].min())}-{int(tr['k'][burn:].max())} after burn-in), scale move sd "
            f"{float(tr['scale_sd']):g}, q = {float(tr['q']):g}, {int(tr['n_iter'])} sweeps per chain (burn-in {burn}, "
            f"thin {int(tr['thin'])}), ball radius {cfg_tr['radius']:g} px, extra ball radius {cfg_tr['extra_radius']:g} "
            f"px; c is still falling (chain 1: mean log c {logc[:half].mean():.2f} then {logc[half:].mean():.2f} over "
            "the two halves of the kept sweeps: with noise-free labels and a = b = 0 the posterior of (g, c) is improper "
            "as |g| grows, so f keeps steepening)")


def tracking_probes(tr: dict) -> str:
    """One line per probe chain: its start, where k went, its fit and what it does to the extra ball."""
    out = []
    for i in range(int(np.asarray(tr["probe_k0"]).size)):
        move = str(tr["probe_k_move"][i])
        what = ("Algorithm 1 as printed (Bin(4, 1/2) walk, no scale move)" if move == "bin4" and
                float(tr["probe_scale_sd"][i]) == 0 else f"{move} move")
        k = np.asarray(tr["probe_k"][i])
        out.append(f"{what} from k0 = {int(tr['probe_k0'][i])}, c0 = {float(tr['probe_c0'][i]):g}: k {int(k[0])} -> "
                   f"{int(k[-1])} in {k.size} sweeps, log-likelihood {float(tr['probe_loglik'][i]):.0f}, extra ball "
                   f"kept {float(tr['probe_extra_kept'][i]):.0%}, worst frame error "
                   f"{float(np.max(tr['probe_frame_error'][i])):.1%}, largest interval width "
                   f"{float(tr['probe_width_max'][i]):.2f}")
    main_ll = float(np.nanmean(np.asarray(tr["loglik"], dtype=float)[int(tr["burn_in"]):]))
    return (f"probe chains ({len(out)}, against the main chain's log-likelihood {main_ll:.0f}): " + "; ".join(out))


def frame_iou(estimate: np.ndarray, truth: np.ndarray) -> np.ndarray:
    e, g = estimate.astype(bool), truth.astype(bool)
    return (e & g).sum(axis=(1, 2)) / np.maximum((e | g).sum(axis=(1, 2)), 1)


#: Every choice of the tracking set-up (Section 5.3, Figs 6-10): what we use, and the paper's sentence that fixes
#: it or "unstated". The arms of tracking.arms (and the chains' starts, and the probes) vary the unstated ones that
#: can change frame 5's extra ball.
TRACKING_SETUP = (
    ("frames", "9 frames of 100 x 100 pixels", "stated: 'The animation consists of 9 frames of 100x100 pixels'"),
    ("moving ball", "radius 15 px, centre (30 + 5t, 30 + 5t), t = 0..8",
     "unstated ('a slowly moving blue ball on a red background')"),
    ("extra ball", "frame 5, radius 5 px, centre (75, 25); arms extra_r3*: radius 3",
     "frame stated ('added an additional ball in the fifth image'); size and place unstated"),
    ("uncoloured pixels", "exactly 10 % (9,000), uniformly without replacement, unobserved",
     "stated: 'We removed the color of 10% of the pixels at random' (exact count or Bernoulli unstated; both give "
     "about 9,000 scattered pixels, which cannot decide frame 5, so no arm)"),
    ("label noise", "two readings, each with all chains: exact labels (the text; drawn in Figs 8-10) and 5 % of the "
                    "labels flipped at random",
     "unstated: the Fig. 6 caption's 'moving object in a noisy environment'; the text names only the uncoloured "
     "pixels, no flips"),
    ("labels", "ball = 1, background = 0, every coloured pixel observed", "stated by the set-up (colour = label)"),
    ("graph", "4 neighbours in each frame + the same pixel in the previous and next frame (100 x 100 x 9 grid)",
     "stated: 'we connect neighboring pixels in each frame and with the corresponding pixels in the previous and next "
     "frame'"),
    ("edge weights", "1 (unweighted)",
     "stated implicitly: the eigenvalues lambda_i + mu_j + nu_k with 4 sin^2 terms hold only for unit weights"),
    ("Laplacian", "combinatorial L = D - A, not normalised",
     "stated: 'L = A - D' (sign typo) and the grid eigenvalues of Mohar Thm 3.5, those of D - A"),
    ("eigenbasis", "explicit tensor products of eq. (4) (corrected index), all n = 90,000 pairs (DCT)",
     "stated: 'tensor products w(k) x v(j) x u(i) ... as in Equation (4)'"),
    ("precision shift", "(lambda_i + 1/n^2)^q", "stated (Section 2)"),
    ("q", "1; arms q2*: q = 2", "unstated for every experiment"),
    ("prior on k", "P(k) ∝ exp(-20 k / n) on 1..n",
     "stated: 'we use the rule-of-thumb of setting gamma = 20/n, unless otherwise stated'"),
    ("prior on c", "a = b = 0 (p(c) ∝ 1/c); arms a1b0*: a = 1, b = 0 (p(c) ∝ 1)",
     "not stated for tracking; Section 6: 'good results are obtained using ... a = b = 0'; a = 1, b = 0 named as "
     "the alternative in Section 5.1"),
    ("sampler", "Algorithm 1 with k drawn from p(k | z, c) (the RJ step with that proposal) and a scale move on "
                "(g, c); probes: Algorithm 1 as printed (Bin(4, 1/2), no scale move)",
     "stated: Algorithm 1 with the Bin(4, 1/2) proposal (Section 5.1)"),
    ("start (k0, c0)", "4 chains per noise reading: (300, 1), (3000, 1), (300, 100), (1000, 0.01)", "unstated"),
    ("sweeps", "1,000 per chain, burn-in 300, every 7th kept (100 draws per chain, 400 pooled); arms 600, probes 500",
     "unstated"),
    ("credible interval", "pointwise equal-tailed 95 % of Phi(f) over the pooled kept draws",
     "'the width of the 95% credible interval' (equal-tailed unstated)"),
    ("Fig. 8 quantity", "posterior mean of Phi(f)", "'Estimated probabilities' (unstated which estimate)"),
)


def tracking_chains(tr: dict) -> list[str]:
    """One line per pooled tracking chain of every noise reading: its start, where k and c went, its fit and its
    frame-5 verdicts."""
    if "chain_k0" not in tr:
        return []
    burn = int(tr["burn_in"])
    first = str(tr["readings"][0]) if "readings" in tr else "exact"
    out = []
    for name, pre in [(first, ""), *((n, p) for n, _, p in alt_readings(tr))]:
        for i in range(int(np.asarray(tr[pre + "chain_k0"]).size)):
            c = np.asarray(tr[pre + "c_chains"][i], dtype=float)
            ll = np.asarray(tr[pre + "loglik_chains"][i], dtype=float)
            out.append(f"{name} chain {i + 1} from k0 = {int(tr[pre + 'chain_k0'][i])}, c0 = "
                       f"{float(tr[pre + 'chain_c0'][i]):g}: mean k {float(tr[pre + 'chain_k_mean'][i]):.1f}, log c "
                       f"{np.log(c[burn]):.2f} -> {np.log(c[-1]):.2f}, log p(D|f) {ll[burn]:.0f} -> {ll[-1]:.0f}, extra "
                       f"ball kept {float(tr[pre + 'chain_extra_kept'][i]):.0%}, largest width "
                       f"{float(tr[pre + 'chain_width_max'][i]):.2f}, worst frame error "
                       f"{float(tr[pre + 'chain_frame_error_max'][i]):.2%}"
                       + (f", pool share {float(tr[pre + 'chain_pool_weight'][i]):.3g}"
                          if pre + "chain_pool_weight" in tr else ""))
        if level_weights_text(tr, pre):
            out.append(f"{name}: " + level_weights_text(tr, pre))
    return out


def tracking_arms(tr: dict, width_scale: float, width_atol: float) -> list[str]:
    """One line per sensitivity arm: the setting and its verdicts on the extra ball (Fig. 9) and the widths (Fig. 10:
    the largest within ``width_atol`` of the caption's ``width_scale``)."""
    if "arm" not in tr:
        return []
    out = []
    for i in range(int(np.asarray(tr["arm"]).size)):
        kept, wmax = float(tr["arm_extra_kept"][i]), float(tr["arm_width_max"][i])
        out.append(f"arm {str(tr['arm'][i])} ({str(tr['arm_what'][i])}; {int(tr['arm_n_iter'][i])} sweeps from the "
                   f"first chain's start): extra ball kept {kept:.0%} (Fig. 9 claim "
                   f"{'passes' if kept == 0 else 'fails'}), largest width {wmax:.2f} (Fig. 10 claim "
                   f"{'passes' if abs(wmax - width_scale) <= width_atol else 'fails'}), k at the end {int(tr['arm_k_end'][i])}, log c "
                   f"{float(tr['arm_logc'][i][0]):.2f} -> {float(tr['arm_logc'][i][1]):.2f}")
    return out


def tracking_tried(tr: dict, chain_key: str, arm_key: str) -> str:
    """What was tried: the value of each pooled chain and of each sensitivity arm."""
    if chain_key not in tr:
        return ""
    out = "per chain " + ", ".join(f"{float(x):.2f}" for x in tr[chain_key])
    if arm_key in tr and np.asarray(tr[arm_key]).size:
        out += "; per arm " + ", ".join(f"{str(a)} {float(x):.2f}" for a, x in zip(tr["arm"], tr[arm_key]))
    return out + "; "


def alt_readings(tr: dict) -> list[tuple[str, float, str]]:
    """The noise readings beyond the first (drawn) one: ``(name, flip, key prefix)`` of their pooled summaries."""
    if "readings" not in tr:
        return []
    return [(str(n), float(f), f"{n}__") for n, f in zip(tr["readings"][1:], tr["reading_flip"][1:])]


def reading_text(flip: float) -> str:
    return ("labels exact apart from the uncoloured pixels (the text)" if flip == 0 else
            f"{flip:.0%} of the labels flipped at random (the caption's 'noisy environment')")


def chain_values(tr: dict, prefix: str, key: str) -> np.ndarray:
    """Each pooled chain's own value of a statistic of a noise reading (``<prefix>chain_<key>``, written by
    :func:`statmech_bayes.truncated_laplacian.tracking_summary.chain_statistics` and
    :func:`~statmech_bayes.truncated_laplacian.tracking_chains.tracking_pool`); empty when the cache holds none."""
    return np.asarray(tr.get(f"{prefix}chain_{key}", []), dtype=float).ravel()


def tracking_rhats(tr: dict, prefix: str = "") -> dict[str, float]:
    """The split R-hats a tracking reading's cache holds (``rhat_k``, ``rhat_loglik``, ``rhat_logc``): the traces the
    pooling rule keeps are those of k, log p(D | f) and log c, not of the claims' own statistics (which are functions
    of the posterior mean of Phi(f)), so these stand in for them (rule 3)."""
    names = (("k", "rhat_k"), ("log p(D|f)", "rhat_loglik"), ("log c", "rhat_logc"))
    return {label: float(tr[prefix + key]) for label, key in names if prefix + key in tr}


class ChainsReading(NamedTuple):
    """A reading judged on MCMC output after rule 3 (:func:`chains_rule`): the number shown (consistent with the
    verdict), whether it is decided, its reason when not, and what decided it (for the claim's note)."""

    value: float
    decidable: bool
    undecided: str
    note: str


def _rhat_text(rhats: dict[str, float], rhat_max: float) -> tuple[float, str]:
    """The largest of ``rhats`` (NaN when there is none or one is NaN: nothing shows convergence) and its text."""
    vals = list(rhats.values())
    rhat = max(vals) if vals and all(np.isfinite(v) or v == np.inf for v in vals) else float("nan")
    if not rhats:
        return rhat, "no split R-hat stored"
    each = ", ".join(f"{k} {v:.4g}" for k, v in rhats.items())
    where = "below" if np.isfinite(rhat) and rhat < rhat_max else "not below"
    return rhat, f"split R-hat used: the largest of {each} ({where} rhat_max = {rhat_max:g})"


def chains_rule(pooled_verdict: str, rhats: dict[str, float], per_chain: list[str]):
    """Rule 3 of the protocol (docs/protocol.md; :func:`statmech_bayes.reporting.protocol.chains`) on one reading
    judged on MCMC output: ``pooled_verdict`` its verdict on the pooled chains, ``rhats`` the split R-hats that stand
    for the quantities it reads (the largest is used; none, or a NaN, shows nothing), ``per_chain`` its verdict on
    each chain alone. Converged chains (largest R-hat below ``rhat_max``, figures/protocol.csv) let the pooled
    verdict stand; otherwise the reading decides only when every chain alone gives the same decided verdict, else it
    is undecided (unconverged). A single chain shows no agreement, so with fewer than two chains an unconverged
    reading stays undecided (issue 37). Returns (Verdict, converged, note text)."""
    from statmech_bayes.reporting import protocol

    rhat_max = protocol.threshold("rhat_max")
    rhat, text = _rhat_text(rhats, rhat_max)
    each = list(per_chain) if len(per_chain) >= 2 else []
    v = protocol.chains(pooled_verdict, rhat, each, rhat_max=rhat_max)
    converged = bool(np.isfinite(rhat) and rhat < rhat_max)
    if converged:
        how = "converged: the pooled verdict stands"
    elif v.verdict in (protocol.PASS, protocol.FAIL):
        how = f"not converged, and every chain alone gives {v.verdict}: decided by the chains"
    elif len(per_chain) < 2:
        how = "not converged, and fewer than two chains show no agreement: undecided (unconverged)"
    else:
        how = "not converged, and the chains alone disagree: undecided (unconverged)"
    return v, converged, f"rule 3: {text}; {how}"


def _side(x: float, lower: float, upper: float) -> str:
    if not np.isfinite(x):
        return "inconclusive"
    return "pass" if lower <= x <= upper else "fail"


def range_chains(pooled: float, per_chain, rhats: dict[str, float], lower: float = -np.inf,
                 upper: float = np.inf, pooled_decided: bool = True) -> ChainsReading:
    """Rule 3 (:func:`chains_rule`) on a reading 'lower <= x <= upper' judged on MCMC output: ``pooled`` its value on
    the pooled chains (undecided when not finite or not ``pooled_decided``), ``per_chain`` each chain's own value.
    The number shown is the pooled value, except when unconverged chains decide together: then it is the chain
    nearest the other verdict (the weakest chain, on the side every chain is on), so the number and the verdict
    agree."""
    per = np.asarray(per_chain, dtype=float).ravel()
    pooled_v = _side(pooled, lower, upper) if pooled_decided else "inconclusive"
    each = [_side(float(x), lower, upper) for x in per]
    v, converged, note = chains_rule(pooled_v, rhats, each)
    shown = float(pooled)
    if not converged and v.verdict in ("pass", "fail"):
        def margin(x):  # distance to the nearest bound: inside the range for a pass, outside it for a fail
            return min(x - lower, upper - x) if v.verdict == "pass" else max(lower - x, x - upper)
        shown = float(min(per, key=margin))
    if per.size:
        note += "; per chain " + ", ".join(f"{x:.4g} ({e})" for x, e in zip(per, each))
    if not converged and v.verdict in ("pass", "fail"):
        note += f"; shown: the chain nearest the bound (pooled {float(pooled):.4g})"
    return ChainsReading(shown, v.verdict != "inconclusive", v.reason or "unconverged", note)


def level_weights_text(tr: dict, prefix: str = "") -> str:
    """The Laplace weight of each chain's k level relative to the heaviest, and which chains carry the pool."""
    lw = np.asarray(tr.get(prefix + "chain_level_log_weight", []), dtype=float)
    if lw.size == 0 or not np.all(np.isfinite(lw)):
        return ("level weights log p(D|k) + log p(k) undefined (the posterior of c is improper with exact labels and "
                "a = b = 0), so the chains are pooled with equal shares" if lw.size else "")
    k = np.asarray(tr[prefix + "chain_level_k"])
    w = np.asarray(tr[prefix + "chain_pool_weight"], dtype=float)
    parts = [f"k = {int(kk)}: {v - lw.max():+.0f} nats (share {ww:.3g})" for kk, v, ww in zip(k, lw, w)]
    n_carry = int(np.sum(w >= MIN_POOL_WEIGHT))
    return ("level weight log p(D|k) + log p(k) per chain (Laplace's method in g and in log c, relative to the "
            "heaviest): " + ", ".join(parts) + f"; {n_carry} of {w.size} chains carry the pool"
            + ("; one chain alone cannot show convergence, so the reading stays undecided where it matters, and levels"
               " no chain visited may weigh as much" if n_carry == 1 and w.size > 1 else ""))


def chain1_k(tr: dict) -> float:
    """Mean k after burn-in of the first chain (the pooled mean would average separate k levels of other starts)."""
    if "chain_k_mean" in tr:
        return float(tr["chain_k_mean"][0])
    return float(tr["k_mean"])


def k_levels(tr: dict, prefix: str = "") -> str:
    """Where each chain's k settled: '821 (c0 = 1), ..., 2726 (c0 = 100)'."""
    if f"{prefix}chain_k_mean" not in tr:
        return f"{float(tr['k_mean']):.0f}"
    return ", ".join(f"{float(k):.0f} (k0 = {int(a)}, c0 = {float(c):g})" for k, a, c in
                     zip(tr[prefix + "chain_k_mean"], tr[prefix + "chain_k0"], tr[prefix + "chain_c0"]))


def reading_views(tr: dict) -> list[tuple[str, str]]:
    """(reading text, key prefix) of every noise reading in ``tr``: the drawn one first ("" prefix)."""
    first = float(tr["reading_flip"][0]) if "reading_flip" in tr else 0.0
    return [(reading_text(first), ""), *((reading_text(f), pre) for _, f, pre in alt_readings(tr))]


# Commit 15bf329 judged every posterior claim of Figs 8-10 under both noise readings; until then each was judged
# under the text's reading alone (exact labels), and two of them had failed there. No test shows the exact-label
# reading defective, so under rule 1 the registered reading decides and the both-readings version is shown beside.
BOTH_READINGS = ("15bf329", "every posterior claim judged under both readings of the unstated noise, each on its own "
                 "pooled chains, after two claims of Figs 9-10 had failed under the text's reading (exact labels); "
                 "no test shows the exact-label reading defective, so the revision is shown beside and decides nothing "
                 "(rule 1)")


def reading_of(tr: dict, text: str, prefix: str, pooled: float, key: str, lower: float = -np.inf,
               upper: float = np.inf, pooled_decided: bool = True, per_chain=None) -> tuple[str, ChainsReading]:
    """One noise reading of a tracking claim after rule 3 (:func:`range_chains`): its pooled value, its chains'
    own values (``chain_<key>`` of the reading, or ``per_chain``) and its split R-hats (:func:`tracking_rhats`)."""
    per = chain_values(tr, prefix, key) if per_chain is None else np.asarray(per_chain, dtype=float)
    return text, range_chains(pooled, per, tracking_rhats(tr, prefix), lower, upper, pooled_decided)


def judge_readings(rec, claim: str, paper: str, readings: list[tuple[str, ChainsReading]], lower: float = -np.inf,
                   upper: float = np.inf, note: str = "", revision: tuple[str, str] | None = None):
    """One claim of Figs 8-10 judged under every noise reading (``readings``: (reading text, its rule-3 result from
    :func:`reading_of`), the text's reading, exact labels, first). One reading: a range claim. Several, with
    ``revision`` (commit, why): the claim was registered under the first reading alone and the others adopted later;
    both are judged and merged by :meth:`ClaimsRecord.revise` without a proof, so the registered (first) reading
    decides (rule 1) and the wording claim over every reading (rule 2) is shown beside it. Each reading is decided
    by rule 3: converged chains let its pooled value decide, unconverged ones only when every chain agrees."""
    from statmech_bayes.reporting.claims import Reading

    def chains_note(rs):
        return "; ".join(f"reading '{t}': {r.note}" for t, r in rs)

    t0, r0 = readings[0]
    if len(readings) == 1 or revision is not None:
        first = rec.within(claim, paper, r0.value, lower=lower, upper=upper, decidable=r0.decidable,
                           undecided=r0.undecided, note=(note + "; " if note else "") + chains_note(readings[:1]))
        if len(readings) == 1:
            return first
    every = rec.wording(claim, paper, [Reading(t, float(r.value), lower, upper, r.decidable, r.undecided)
                                       for t, r in readings],
                        note="judged under every reading of the unstated noise ('noisy environment'), each on its own "
                             "chains by rule 3; the text's reading (exact labels) is the registered one and decides "
                             "(rule 1); " + (note + "; " if note else "") + chains_note(readings))
    return every if revision is None else rec.revise(first, every, *revision)


def loglog_slope(n: np.ndarray, t: np.ndarray) -> float:
    """Least-squares slope of ``log t`` against ``log n`` (the middle panel of Fig. 5)."""
    n = np.asarray(n, dtype=float)
    t = np.asarray(t, dtype=float)
    if n.shape != t.shape or n.size < 2:
        raise ValueError(f"n and t must be equal-length with >= 2 points, got {n.shape}, {t.shape}")
    return float(np.polyfit(np.log(n), np.log(t), 1)[0])
