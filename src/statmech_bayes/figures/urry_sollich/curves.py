"""Learning-curve panels and the cavity-vs-simulation check shared by Figs 3, 5, 7 and 8."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from statmech_bayes.figures.urry_sollich.common import (
    interp_loglog,
    mean_se,
    sigma2_colors,
    sigma2_label,
)
from statmech_bayes.reporting.claims import RELATION, ClaimsRecord


@dataclass(frozen=True)
class CavityTolerance:
    """Our reading of "mostly visually indistinguishable" (cavity vs simulation; the claims configuration's
    ``cavity`` keys). A point passes if the relative deviation is at most ``rtol`` plus three standard errors
    (simulation and cavity added) relative to the simulated mean, the noise allowance capped at ``noise_cap``.
    The simulated standard error is over graphs (one data set each, small components averaged exactly over
    example placements); the cavity's is the spread of independent population replicas. A point where either is
    too noisy to judge at that cap (3 se / value > ``judge_3se_max``) cannot be judged: the claim is about the
    whole curve, so it fails if any judged point fails, and is inconclusive (never a pass) if it holds at the
    judged points but some point could not be judged."""

    rtol: float
    noise_cap: float
    judge_3se_max: float

    @classmethod
    def from_claims(cls, c: dict) -> "CavityTolerance":
        return cls(float(c["rtol"]), float(c["noise_cap"]), float(c["judge_3se_max"]))

    def allowed(self, value, se_sim, se_cavity) -> np.ndarray:
        """Tolerance relative to the simulated ``value``: ``rtol`` plus three combined standard errors, the
        noise part capped at ``noise_cap``."""
        return self.rtol + np.minimum(3 * (se_sim + se_cavity) / value, self.noise_cap)


def draw_curves(ax, nu, eps_by_s2: dict, style: str, rows: list, panel: str, kind: str, label: bool) -> None:
    """One line per noise level; appends ``(panel, kind, sigma2, nu, eps)`` rows for the CSV."""
    colors = sigma2_colors(list(eps_by_s2))
    for s2, eps in sorted(eps_by_s2.items(), reverse=True):
        ax.plot(nu, eps, style, color=colors[s2], label=sigma2_label(s2) if label else None)
        rows += [(panel, kind, s2, float(x), float(y)) for x, y in zip(nu, eps)]


def loglog_axes(ax, title: str, ylim=(1e-5, 1.0), xlim=(1e-2, 1e1)) -> None:
    ax.set(xscale="log", yscale="log", xlim=xlim, ylim=ylim, xlabel=r"$\nu = N/V$", ylabel=r"$\epsilon$")
    ax.set_title(title, fontsize=8.5)


def estimator_note(sims: dict, cavity: dict) -> str:
    """How the simulated and cavity values and their errors were obtained (for the figure's note box)."""
    return (f"simulation: {sims['n_samples']} graphs x 1 data set; small components\n"
            f"averaged exactly over example placements; cavity: {cavity['replicas']}\n"
            f"independent replicas x {cavity['P']} messages (error: their spread)")


def cavity_vs_simulation(rec: ClaimsRecord, tol: CavityTolerance, ens: str, norm: str, s2: float, sim_nu,
                         sim_samples, cav_nu, cav_eps, cav_se,
                         quantity: str = "cavity prediction vs finite-V simulation",
                         statement: str = "cavity and simulation mostly visually indistinguishable",
                         context: str = "", explain=None, kind: str = RELATION) -> float:
    """Max relative deviation of the cavity curve from the V=500 simulation mean over the cavity ν grid,
    judged under ``tol``.

    ``kind`` is ``ours`` where the paper does not make this comparison. ``explain(failing_nus)``, if given,
    returns a measured explanation of a failure at those ν (kept in the note: an explanation of our own
    comparison is no finding against the paper) or ``""``; it sees the ν that fail, so it must cover every one."""
    m, se = mean_se(sim_samples)
    inside = (cav_nu >= sim_nu[0]) & (cav_nu <= sim_nu[-1])
    sim_at = interp_loglog(cav_nu[inside], sim_nu, m)
    se_at = interp_loglog(cav_nu[inside], sim_nu, se)
    rel = np.abs(cav_eps[inside] - sim_at) / sim_at
    allowed = tol.allowed(sim_at, se_at, cav_se[inside])
    judged = (3 * se_at / sim_at <= tol.judge_3se_max) & (3 * cav_se[inside] / sim_at <= tol.judge_3se_max)
    nus = cav_nu[inside]
    if not judged.any():
        rec.holds(f"{ens}, {norm} normalisation, sigma2={s2:g}: {quantity}",
                  statement, "no conclusive point", False,
                  f"3 se/eps <= {tol.judge_3se_max:g} for simulation and cavity at some nu", decidable=False,
                  note=(f"{np.shape(sim_samples)[0]} simulated graph(s)" + ("" if inside.any() else
                        "; no cavity nu inside the simulated range")),
                  remedy=f"more graphs (sims n_samples) or cavity replicas, until 3 se/eps <= "
                         f"{tol.judge_3se_max:g} at some nu inside the simulated range")
        return float("nan")
    slack = np.where(judged, rel - allowed, -np.inf)
    worst = int(np.argmax(slack))
    skipped = ", ".join(f"{v:.3g}" for v in nus[~judged]) or "none"
    holds = bool(np.all(rel[judged] <= allowed[judged]))
    why = "" if holds or explain is None else explain(nus[judged & (rel > allowed)])
    rec.holds(f"{ens}, {norm} normalisation, sigma2={s2:g}: {quantity}, "
              f"max relative deviation over the conclusive nu", statement, float(rel[judged].max()), holds,
              f"<= {tol.rtol:g} + min(3 (se_sim + se_cavity)/eps_sim, {tol.noise_cap:g}) at every conclusive nu "
              f"(least slack at nu={nus[worst]:.3g}: deviation {rel[worst]:.3g}, allowed {allowed[worst]:.3g})",
              note=f"not judged (3 se/value > {tol.judge_3se_max:g} for simulation or cavity) at nu = {skipped}; "
                   f"largest 3 se/value: simulation {float((3 * se_at / sim_at).max()):.3g}, cavity "
                   f"{float((3 * cav_se[inside] / sim_at).max()):.3g}" + (f"; {context}" if context else "")
                   + (f"; measured explanation: {why}" if why else ""),
              decidable=(not holds) or bool(judged.all()), kind=kind)
    return float(rel[judged].max())
