"""Figures 11 and 12 (Appendix B): pseudo-outputs z z^T and the prediction vector of the largest spike."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.core.atomic_io import load_npz
from statmech_bayes.core.claims import RELATION, ClaimsRecord, Reading
from statmech_bayes.core.plotstyle import use_style
from statmech_bayes.figures.urry_sollich import PAPER
from statmech_bayes.graphs.components import dangling_ends
from statmech_bayes.randomwalk.pseudo_outputs import SCENARIOS, dangling_attachments


def make(inputs: dict, us: dict, name: str = "fig11"):
    import matplotlib.pyplot as plt
    from matplotlib.collections import LineCollection

    use_style()
    d, _ = load_npz(inputs["data"])
    (ms, mt), (ss, st) = SCENARIOS[name]
    mtag, stag = f"{ms}_{mt}", f"{ss}_{st}"
    z_m, z_s = d[f"z2_{mtag}"], d[f"z2_{stag}"]
    mu = int(d[f"mustar_{stag}"])
    N, V = z_m.size, int(d["V"])
    fig, (axl, axr) = plt.subplots(1, 2, figsize=(9.5, 4.3), gridspec_kw={"width_ratios": [1.2, 1]})
    idx = np.arange(1, N + 1)
    floor = 1e-9 if name == "fig11" else 1e-8
    # The two series side by side (red a third of an example to the right, translucent; black thin and on
    # top), so that neither hides the other whichever is taller at an example.
    axl.vlines(idx + 0.3, floor, np.maximum(z_s, floor), color="r", lw=0.7, alpha=0.75, zorder=2,
               label=f"student {ss}, teacher {st}")
    axl.vlines(idx - 0.2, floor, np.maximum(z_m, floor), color="k", lw=0.4, zorder=3, label=f"matched ({ms}/{mt})")
    axl.plot(mu + 1.3, z_s[mu], "o", ms=9, mfc="none", mec="g", mew=1.5, zorder=4)
    axl.set(yscale="log", ylim=(floor, 1e3 if name == "fig11" else 1e4), xlim=(0, N), xlabel=r"$\mu$",
            ylabel=r"$(zz^{T})_{\mu\mu}$")
    axl.set_xticks(np.arange(0, N + 1, 50))
    # above the axes, off the bars
    axl.legend(fontsize=6.5, loc="lower left", bbox_to_anchor=(0.0, 1.0), ncol=2, frameon=False,
               borderaxespad=0.2, handlelength=1.5)
    pos, edges, m = d["pos"], d["edges"], d[f"m_{stag}"]
    axr.add_collection(LineCollection(pos[edges], colors="0.75", lw=0.5))
    mag = np.abs(m) / np.abs(m).max()
    dang, giant = dangling_ends(edges, V)
    attach, _ = dangling_attachments(edges, V)
    ring = np.where(dang, "r", np.where(attach, "orange", "none"))
    sc = axr.scatter(pos[:, 0], pos[:, 1], c=np.log10(np.maximum(mag, 1e-6)), s=8 + 40 * mag, cmap="viridis",
                     vmin=-6, vmax=0, zorder=3, edgecolors=ring, linewidths=0.8)
    xv = int(d["x"][mu])
    axr.plot(*pos[xv], "o", ms=11, mfc="none", mec="g", mew=1.5, zorder=4)
    fig.colorbar(sc, ax=axr, label=r"$\log_{10}|m_{\mu^*,i}|/\max$", shrink=0.8)
    axr.set_axis_off()
    axr.set_title(f"prediction vector of the circled spike (vertex {xv})", fontsize=8.5)
    fig.suptitle(f"ER c=3, V={V}, N={N}, $\\sigma^2$={us['fig11']['sigma2']:g}; one draw (fixed seed)",
                 fontsize=8.5)
    rec = ClaimsRecord(f"urry_sollich/{name}", PAPER)
    # Matched: z = K^{-1/2} y is white, so the sampled z_mu^2 average to 1 with standard error sqrt(2/N).
    rec.close(f"matched case: mean over mu of the sampled z_mu^2 ({N} values)", "in the matched case "
              "<z z^T> = I (Appendix B)", float(z_m.mean()), 1.0, atol=4 * np.sqrt(2.0 / N),
              note="tolerance 4 standard errors of a chi-square(1) mean")
    ratio = float(d[f"z2exp_{stag}"].max() / d[f"z2exp_{mtag}"].max())
    rec.within("largest expected pseudo-output spike under mismatch relative to the matched one",
               "mismatch produces large spikes in z z^T (re-weighting of examples)", ratio, lower=10.0)
    drawn = drawn_measures(m, edges, V)
    text = _dangling_claims(rec, load_npz(inputs["draws"])[0], name, us["fig11"], drawn,
                            x_dangling=bool(dang[xv]), x_giant=bool(giant[xv]), x_degree=int(np.sum(edges == xv)))
    fig.text(0.5, 0.01, text, ha="center", va="bottom", fontsize=6.8, color="0.2")
    fig.tight_layout(rect=(0, 0.15, 1, 0.97))
    rows = [(int(i), float(a), float(b), float(c), float(e)) for i, a, b, c, e in
            zip(idx, z_m, z_s, d[f"z2exp_{mtag}"], d[f"z2exp_{stag}"])]
    table = pd.DataFrame(rows, columns=["mu", f"z2_{mtag}", f"z2_{stag}", f"z2exp_{mtag}", f"z2exp_{stag}"])
    return fig, table, rec


MOSTLY = 0.5  # the strict reading kept as a note: more than half of the squared norm on the dangling ends
# "Localised ... clearly": the largest spike's vector must put at least this much more of its squared norm on
# the dangling ends and the vertices they hang from than a random example's vector does (fixed before the
# data were looked at; see _dangling_claims).
MARGIN = 0.2


def binomial_interval(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a frequency ``k/n``."""
    f = k / n
    c = (f + z * z / (2 * n)) / (1 + z * z / n)
    h = z * np.sqrt(f * (1 - f) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return c - h, c + h


def paired_difference(a, b) -> tuple[float, float]:
    """Mean of the per-draw differences ``a - b`` and its standard error (draws independent)."""
    diff = np.asarray(a, float) - np.asarray(b, float)
    return float(diff.mean()), float(diff.std(ddof=1) / np.sqrt(diff.size))


def drawn_measures(m: np.ndarray, edges: np.ndarray, V: int) -> dict:
    """Where one prediction vector lies: its peak vertex, whether the peak is on a dangling end or the
    vertex one hangs from, and its squared-norm shares on the dangling ends and on those plus their
    attachment vertices (the measures :func:`spike_shares` records over the draws)."""
    dang, _ = dangling_ends(edges, V)
    attach, _ = dangling_attachments(edges, V)
    m2 = np.asarray(m, float) ** 2
    peak = int(np.argmax(m2))
    return {"peak": peak, "peak_dangatt": bool((dang | attach)[peak]),
            "share_dangling": float(m2[dang].sum() / m2.sum()),
            "share_dangatt": float(m2[dang | attach].sum() / m2.sum())}


def _relation(rec, claim, paper, a, b, what, note=""):
    """``a > b`` on average over the draws (paired), decidable when the difference clears 2 standard errors."""
    diff, se = paired_difference(a, b)
    return rec.within(claim, paper, diff, lower=0.0, kind=RELATION, decidable=abs(diff) > 2 * se,
                      note=f"{what}: {float(np.mean(a)):.3f} against {float(np.mean(b)):.3f} for a random example; "
                           f"paired difference {diff:.4f} +- {se:.4f} (standard error over {np.size(a)} "
                           f"draws); decided when |difference| > 2 standard errors" + (f"; {note}" if note else ""))


P_LARGEST = ("Both these plots clearly show the largest spike corresponding to a prediction vector localised on a "
             "dangling edge in the graph")
P_GENERAL = ("listed the largest (diagonal) entries of z z^T and plotted their corresponding prediction vectors. "
             "These prediction vectors were generally localised around dangling ends of the graph ... Typical plots "
             "of z z^T and the prediction vector corresponding to the largest spike ... are shown in Figures 11 "
             "and 12")
P_OTHERS = "Similar plots of the other large spikes give prediction vectors localised on other dangling edges."


def _dangling_claims(rec, dr, name, f11, drawn, x_dangling, x_giant, x_degree) -> str:
    """App. B: the prediction vectors of the largest spikes "were generally localised around dangling ends";
    Figs 11, 12 are "typical" and "clearly show the largest spike corresponding to a prediction vector
    localised on a dangling edge"; "the other large spikes give prediction vectors localised on other
    dangling edges".

    Dangling ends as the paper defines them (Sec. 5): chains extending away from the giant component and
    ending in a degree-1 vertex, here every tree hanging off the giant component's 2-core
    (:func:`dangling_ends`). 'Localised on / around' a dangling end is read as a comparison, because a
    prediction vector spreads over the kernel's range and no fixed share defines it: the spike's vector
    against a randomly chosen example's (the baseline: the exact mean over every example of the same draw),
    by two measures on the dangling ends together with the core vertex each hangs from ('around'): where
    the vector peaks (its largest |m_i|) and the share of its squared norm (App. B: f_i^2 is on average a
    sum of squared prediction-vector entries). The spike is the largest *expected* z_mu^2 given the data
    set (over teacher and noise), so that one draw of z does not choose it. The strict '> 1/2 of the
    squared norm on dangling ends' is kept as a note.
    """
    pre = f"{name}_"
    n = dr[pre + "peak_exp_dangatt"].shape[0]
    top = dr[pre + "peak_exp_dangatt"].shape[1]
    setting = (f"{n} graph draws (ER c=3, V={f11['V']}, N={f11['N']}, sigma2={f11['sigma2']:g}; a new graph, data "
               "set, teacher and noise each)")
    peak1 = dr[pre + "peak_exp_dangatt"][:, 0].astype(float)
    share1 = dr[pre + "share_exp_dangatt"][:, 0]
    base_peak, base_share = dr[pre + "base_peak_dangatt"], dr[pre + "base_share_dangatt"]
    # two-sample binomial standard error of the peak fractions, for comparison with the paired one
    p1, p0 = float(peak1.mean()), float(base_peak.mean())
    se2 = float(np.sqrt(p1 * (1 - p1) / n + p0 * (1 - p0) / n))
    _relation(rec, f"largest expected spike (largest E[z_mu^2 | data]) of each of {setting}: fraction whose "
              "prediction vector peaks (largest |m_i|) on a dangling end or the vertex it hangs from, minus the "
              "same for a randomly chosen example of the draw", P_LARGEST, peak1, base_peak,
              "fraction peaking there", note=f"two-sample binomial standard error {se2:.4f}")
    _relation(rec, f"largest expected spike of each of {setting}: share of its prediction vector's squared norm on "
              "the dangling ends and the vertices they hang from, minus the same share for a randomly chosen "
              "example of the draw", P_LARGEST, share1, base_share, "mean share")

    # 'Generally localised' / 'typical' (of the largest spike, the one the figures show), two readings fixed
    # before the data were looked at. (1) 'generally' = more often than not: the vector peaks on a dangling
    # end or its attachment vertex in more than half of the draws. (2) 'localised around' = clearly more of
    # the weight there than an arbitrary example puts there: the share of the squared norm exceeds a random
    # example's by at least MARGIN = 0.2 on average, a fifth of the whole weight, so that a few per cent of
    # excess (true of any vector near a dangling end by chance) does not count as localised.
    k1 = int(peak1.sum())
    lo, hi = binomial_interval(k1, n)
    dshare, se_share = paired_difference(share1, base_share)
    rec.wording(f"largest expected spike of each of {setting}: 'generally localised around dangling ends', the "
                "figures' example 'typical'", P_GENERAL, readings=[
                    Reading("fraction of draws peaking on a dangling end or its attachment vertex (> 1/2: "
                            "'generally' = more often than not)", k1 / n, lower=0.5,
                            decidable=not (lo <= 0.5 <= hi)),
                    Reading(f"mean share of |m|^2 on dangling ends + attachment vertices minus a random example's "
                            f"(>= {MARGIN:g}: clearly more weight there than chance)", dshare, lower=MARGIN,
                            decidable=abs(dshare - MARGIN) > 2 * se_share)],
                note=f"peak fraction 95% Wilson interval {lo:.3f}-{hi:.3f}; share difference {dshare:.4f} +- "
                     f"{se_share:.4f} (paired standard error)")

    # the other large spikes: 2nd..top largest expected spikes, averaged within each draw (so the draws stay
    # the independent units of the paired error)
    peak_o = dr[pre + "peak_exp_dangatt"][:, 1:].astype(float).mean(axis=1)
    share_o = dr[pre + "share_exp_dangatt"][:, 1:].mean(axis=1)
    g = dr[pre + "peak_group_exp"]
    both = (g[:, 1:] >= 0) & (g[:, :1] >= 0)
    other = float((g[:, 1:] != g[:, :1])[both].mean()) if both.any() else float("nan")
    _relation(rec, f"the other large spikes (2nd-{top}th largest expected of each of {setting}): fraction whose "
              "prediction vector peaks on a dangling end or the vertex it hangs from, minus the same for a randomly "
              "chosen example", P_OTHERS, peak_o, base_peak, "fraction peaking there",
              note=f"of those peaking there while the largest spike does too, {other:.3f} on another dangling end "
                   "(another attachment vertex)")
    _relation(rec, f"the other large spikes (2nd-{top}th largest expected of each of {setting}): share of the "
              "squared norm on the dangling ends and the vertices they hang from, minus a random example's",
              P_OTHERS, share_o, base_share, "mean share")

    # notes: the strict reading, the sampled spikes (the paper's protocol chose by one draw of z), the drawn example
    samp_share = dr[pre + "share_dangatt"][:, 0]
    pct = float(100 * np.mean(samp_share <= drawn["share_dangatt"]))
    samp_peak = float(dr[pre + "peak_dangatt"][:, 0].mean())
    like = samp_peak if drawn["peak_dangatt"] else 1 - samp_peak  # draws whose largest spike peaks as this one's
    # typical: it peaks where most draws' largest sampled spikes peak, and its share is in their central 80%
    typical = like >= 0.5 and 10 <= pct <= 90
    rec.note("largest expected spike: fraction of draws with > 1/2 of |m|^2 on dangling ends (strict reading)",
             float((dr[pre + "share_exp_dangling"][:, 0] > MOSTLY).mean()))
    rec.note("largest expected spike: fraction of draws with > 1/2 of |m|^2 on dangling ends + attachment vertices",
             float((share1 > MOSTLY).mean()))
    rec.note("largest sampled spike: fraction of draws with > 1/2 of |m|^2 on dangling ends (strict reading)",
             float((dr[pre + "share_dangling"][:, 0] > MOSTLY).mean()))
    rec.note("largest sampled spike: fraction of draws peaking on a dangling end or its attachment vertex",
             float(dr[pre + "peak_dangatt"][:, 0].mean()))
    rec.note("largest sampled spike is the largest expected one: fraction of draws",
             float((dr[pre + "mu"][:, 0] == dr[pre + "mu_exp"][:, 0]).mean()))
    rec.note("largest expected spike: fraction of draws peaking on a small (non-giant) component",
             float(dr[pre + "peak_exp_small"][:, 0].mean()))
    rec.note("largest expected spike: fraction of draws whose example lies on a dangling end or attachment vertex",
             float(dr[pre + "at_exp_dangatt"][:, 0].mean()))
    rec.note("dangling ends + attachment vertices: median fraction of the vertices",
             float(np.median((dr["n_dangling"] + dr["n_attach"]) / f11["V"])))
    rec.note("drawn example (circled, largest sampled spike): measures", {
        **drawn, "example_vertex_degree": x_degree, "example_on_dangling_end": x_dangling,
        "example_in_giant": x_giant, "share_dangatt_percentile_among_draws": pct,
        "draws_peaking_alike": like, "typical": typical})
    return (f"Over {n} graph draws the largest expected spike's prediction vector peaks on a dangling end or the "
            f"vertex it hangs from in {100 * p1:.0f}% of draws (random example: {100 * p0:.0f}%);\nits share of "
            f"$|m|^2$ there is {np.mean(share1):.2f} on average (random example: {np.mean(base_share):.2f}). "
            f"This draw's circled spike is {'typical' if typical else 'not typical'}: it peaks "
            f"{'on' if drawn['peak_dangatt'] else 'off'} them (as the largest sampled spike does in "
            f"{100 * like:.0f}% of draws)\nand has {drawn['share_dangatt']:.2f} of $|m|^2$ there (percentile "
            f"{pct:.0f} of the draws' largest sampled spikes).\nRed rings: dangling-end vertices (trees hanging off "
            "the giant component's core); orange rings: the core vertices they hang from.")
