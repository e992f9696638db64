"""Figure 8: posterior probability of each pixel being an object pixel (posterior mean of Phi(f)), dark = 1."""

from __future__ import annotations

import numpy as np

from statmech_bayes.core.atomic_io import load_npz
from statmech_bayes.core.claims import ClaimsRecord
from statmech_bayes.core.plotstyle import use_style
from statmech_bayes.figures.hartog_vanzanten import PAPER
from statmech_bayes.figures.hartog_vanzanten.common import (
    TRACKING_SETUP,
    chain1_k,
    colorbar,
    frame_grid,
    frames_frame,
    judge_readings,
    k_levels,
    pooled_chains_verdict,
    reading_views,
    tracking_arms,
    tracking_chains,
    tracking_probes,
    tracking_unstated,
)
from statmech_bayes.truncated_laplacian.eigenbasis import DCTBasis


def make(inputs: dict, cfg: dict):
    use_style()
    v, _ = load_npz(inputs["video"])
    tr, _ = load_npz(inputs["tracking"])
    ell = tr["ell_mean"]
    fig, im = frame_grid(lambda ax, t: ax.imshow(ell[t], cmap="gray_r", vmin=0, vmax=1, interpolation="nearest"))
    colorbar(fig, im, "posterior probability of an object pixel")
    truth, extra = v["truth"].astype(bool), v["extra"]
    T = truth.shape[0]
    unstated = tracking_unstated(tr, cfg["tracking"])
    rec = ClaimsRecord("hartog_vanzanten/fig8", PAPER)
    T_, H, W = ell.shape
    k = int(round(chain1_k(tr)))
    tmodes = np.bincount(DCTBasis(ell.shape).order[:k] // (H * W), minlength=T_)
    modes = (f"k settles per chain at {k_levels(tr)}; the first {k} eigenvectors (chain 1) hold temporal DCT modes {{m: count}} = "
             f"{ {m: int(c) for m, c in enumerate(tmodes) if c} }; ")
    if int(np.flatnonzero(tmodes).max()) < 2:
        # with temporal modes 0 and 1 only, every pixel's time course is a + b cos(pi (t + 1/2)/9): monotone, so a
        # ball passing through cannot be represented and the middle frame sees about a time average
        modes += ("with temporal modes 0 and 1 only, each pixel's time course is monotone, so frame 5 shows roughly "
                  "a time average of the moving ball; ")
    tx = int(cfg["tracking"]["extra_frame"])
    others = [t for t in range(T) if t != tx]
    views = reading_views(tr)
    ins, outs, lifts = [], [], []
    for text, pre in views:
        e = tr[pre + "ell_mean"]
        ins.append((text, np.array([e[t][truth[t]].mean() for t in range(T)])))
        outs.append((text, np.array([e[t][~truth[t] & ~extra[t]].mean() for t in range(T)])))
        lifts.append((text, float(tr[pre + "extra_mean_ell"]) - float(np.mean([e[t][extra[tx]].mean() for t in others]))))
    inside, outside = ins[0][1], outs[0][1]
    judge_readings(rec, "min over frames of the mean probability on the moving ball's pixels",
                   "we observe that the object is located in all images",
                   [(t, float(x.min())) for t, x in ins], lower=0.5,
                   decidable=[pooled_chains_verdict(tr, pre, "inside_min", lambda x: x >= 0.5) for _, pre in views],
                   note=f"per frame {inside.round(3).tolist()}; " + modes + unstated)
    judge_readings(rec, "max over frames of the mean probability on background pixels (extra ball excluded)",
                   "we observe that the object is located in all images (and the background is not)",
                   [(t, float(x.max())) for t, x in outs], upper=0.5,
                   decidable=[pooled_chains_verdict(tr, pre, "outside_max", lambda x: x <= 0.5) for _, pre in views])
    judge_readings(rec, "mean probability on the extra ball's pixels in frame 5 minus that at the same pixels in the other "
                   "frames", "the additional object in frame 5 adds some noise in the probability estimates", lifts,
                   lower=0.05, decidable=[pooled_chains_verdict(tr, pre, "lift", lambda x: x >= 0.05) for _, pre in views],
                   note="'some noise' read as a visible rise of at least 0.05; " + unstated + "; "
                   + tracking_probes(tr))
    rec.note("mean_prob_ball_per_frame", inside.round(4).tolist())
    rec.note("mean_prob_background_per_frame", outside.round(4).tolist())
    rec.note("extra_mean_ell", float(tr["extra_mean_ell"]))
    rec.note("ms_per_sweep", 1e3 * float(tr["t_per_sweep"]))
    rec.note("n_reject_kmax", int(tr["n_reject_kmax"]))
    rec.note("k_first_and_after_burn_in_chain1", [int(tr["k"][0]), chain1_k(tr)])
    rec.note("log_c_start_end", [float(np.log(tr["c"][0])), float(np.log(tr["c"][-1]))])
    rec.note("scale_moves_accepted", int(tr["n_scale_accepted"]))
    rec.note("chains", tracking_chains(tr))
    rec.note("arms (other settings of unstated choices; never the paper's verdict)", tracking_arms(tr))
    rec.note("setup (choice | ours | the paper)", [" | ".join(row) for row in TRACKING_SETUP])
    return fig, frames_frame({"ell_mean": ell}), rec
