"""The decision protocol (``docs/protocol.md``): the one set of rules that turns what a claim's readings, revisions,
chains, seeds and variants say into its verdict. Every paper's claims go through these functions; no paper or claim
has an exception of its own. The rules were fixed in a commit before the rebuild they decide, and the thresholds
they use are registered in ``figures/protocol.csv`` like any reading (:func:`thresholds`).

Verdicts are ``pass``, ``fail`` and ``inconclusive`` with a reason (:data:`REASONS`). Each rule is *symmetric*: swap
every pass and fail in its inputs and its verdict swaps the same way (tests/test_protocol.py checks this for every
rule), so no rule leans towards passing.

1. :func:`revision`: the registered reading decides; a revision moves the verdict only with a ``proof``, the name of
   a test that shows the registered reading defective (it computes another quantity than its words, or a trivial or
   certainly wrong answer passes it). A proven revision decides in both directions; any other is shown beside.
2. :func:`readings`: several readings of the paper's words: pass if every reading passes, fail if every reading
   fails, inconclusive (wording) when decided readings disagree; an undecided reading makes the claim undecided.
3. :func:`chains`: a reading judged on MCMC output decides when its chains have converged (split R-hat below
   ``rhat_max``) or when every chain alone gives the same verdict; otherwise it is undecided (unconverged).
4. :func:`seeds`: the main seed and the registered extra seeds, the same for every figure: a claim with a statistic
   (a number judged against a range) is decided on the pooled estimate over the seeds with the between-seed standard
   error; any other claim by majority ("2 of 3").
5. :func:`admitted` and :func:`choices`: a variant (another setting of a choice the paper leaves open) decides only
   when it passes its gate, written in ``workflow/config/variants.yaml`` before it is built; a decided verdict that
   differs between admitted settings of one choice is inconclusive (unstated setup).
"""

from __future__ import annotations

import csv
import math
import re
from functools import lru_cache
from pathlib import Path
from typing import Iterable, NamedTuple

# The protocol's version, written into every claims file: builds judged under different versions never decide
# together. Changed only with docs/protocol.md, in the same commit.
VERSION = 1

PASS, FAIL, INCONCLUSIVE = "pass", "fail", "inconclusive"
VERDICTS = (PASS, FAIL, INCONCLUSIVE)
DECIDED = (PASS, FAIL)
NOISE, WORDING, UNCONVERGED, UNSTATED = "noise", "wording", "unconverged", "unstated setup"
REASONS = (NOISE, WORDING, UNCONVERGED, UNSTATED)
# When several undecided inputs give different reasons, the one named is the first here: more samples do not
# decide an unconverged chain or an unstated choice, so those are named before noise.
_REASON_ORDER = (UNCONVERGED, UNSTATED, WORDING, NOISE)
MIRROR = {PASS: FAIL, FAIL: PASS, INCONCLUSIVE: INCONCLUSIVE}

ROOT = Path(__file__).resolve().parents[3]
THRESHOLDS_FILE = ROOT / "figures" / "protocol.csv"
THRESHOLD_FIELDS = ["name", "value", "used_by", "meaning", "commit"]


class Verdict(NamedTuple):
    """A verdict and, for ``inconclusive``, its reason (empty otherwise)."""

    verdict: str
    reason: str = ""

    @classmethod
    def of(cls, verdict: str, reason: str = "") -> Verdict:
        if verdict not in VERDICTS:
            raise ValueError(f"verdict must be one of {VERDICTS}, got {verdict!r}")
        if verdict == INCONCLUSIVE:
            reason = reason or NOISE
            if reason not in REASONS:
                raise ValueError(f"reason must be one of {REASONS}, got {reason!r}")
            return cls(verdict, reason)
        return cls(verdict, "")

    def mirrored(self) -> Verdict:
        return Verdict(MIRROR[self.verdict], self.reason)


def _first_reason(reasons: Iterable[str]) -> str:
    rs = set(reasons)
    return next((r for r in _REASON_ORDER if r in rs), NOISE)


# --- rule 2 -------------------------------------------------------------------------------------------------------

def readings(verdicts: Iterable[str], reasons: Iterable[str] = ()) -> Verdict:
    """Rule 2, the verdict of a claim judged under several readings of the paper's words. ``reasons``: each
    reading's reason where it is undecided (default noise). Decided readings that disagree: inconclusive (wording),
    whatever the others say (no more data makes two readings agree); else any undecided reading makes the claim
    undecided, for its reason; else the readings agree and decide."""
    verdicts = list(verdicts)
    if not verdicts:
        raise ValueError("a claim needs at least one reading")
    reasons = list(reasons) or [NOISE] * len(verdicts)
    if len(reasons) != len(verdicts):
        raise ValueError("one reason per reading")
    for v in verdicts:
        Verdict.of(v)
    decided = {v for v in verdicts if v in DECIDED}
    if len(decided) > 1:
        return Verdict(INCONCLUSIVE, WORDING)
    undecided = [r or NOISE for v, r in zip(verdicts, reasons) if v == INCONCLUSIVE]
    if undecided:
        return Verdict(INCONCLUSIVE, _first_reason(undecided))
    return Verdict(decided.pop())


# --- rule 1 -------------------------------------------------------------------------------------------------------

def revision(registered: Verdict, revised: Verdict, proof: str = "") -> Verdict:
    """Rule 1: the verdict of a claim whose reading was revised after its registered one. With ``proof`` (the name
    of the test that shows the registered reading defective) the revised reading decides, in either direction;
    without, the registered reading decides and the revision is only shown beside it."""
    registered, revised = Verdict.of(*registered), Verdict.of(*revised)
    return revised if proof else registered


# --- rule 3 -------------------------------------------------------------------------------------------------------

def chains(pooled: str, rhat: float, per_chain: Iterable[str], rhat_max: float | None = None) -> Verdict:
    """Rule 3: a reading judged on MCMC output. ``pooled``: its verdict on the pooled chains; ``rhat``: the largest
    split R-hat of the quantities it reads; ``per_chain``: its verdict on each chain alone. Converged chains
    (R-hat below ``rhat_max``) let the pooled verdict stand; otherwise the reading decides only when every chain
    alone gives the same decided verdict, and is undecided (unconverged) when they do not."""
    rhat_max = threshold("rhat_max") if rhat_max is None else rhat_max
    pooled = Verdict.of(pooled)
    if math.isfinite(rhat) and rhat < rhat_max:
        return pooled
    per_chain = list(per_chain)
    each = set(per_chain)
    if len(per_chain) >= 2 and len(each) == 1 and (v := each.pop()) in DECIDED:
        return Verdict(v)
    return Verdict(INCONCLUSIVE, UNCONVERGED)


# --- rule 4 -------------------------------------------------------------------------------------------------------

class Interval(NamedTuple):
    """The range of a claim's number that passes: ``lower <= x <= upper``."""

    lower: float
    upper: float


_RANGE = re.compile(r"^\[(\S+), (\S+)\]$")
_CLOSE = re.compile(r"^\|reproduced - (\S+)\| <= (.+)$")


def interval_of(tolerance: str) -> Interval | None:
    """The passing range written by ``ClaimsRecord.within`` (``[lo, hi]``) or ``.close``
    (``|reproduced - e| <= atol=a + rtol=r``); None for any other tolerance (a relation, several readings)."""
    t = str(tolerance).strip()
    if m := _RANGE.match(t):
        try:
            return Interval(float(m[1]), float(m[2]))
        except ValueError:
            return None
    if m := _CLOSE.match(t):
        try:
            e = float(m[1])
            parts = dict(p.strip().split("=") for p in m[2].split(" + "))
            width = float(parts.get("atol", 0.0)) + float(parts.get("rtol", 0.0)) * abs(e)
        except ValueError:
            return None
        return Interval(e - width, e + width)
    return None


def t_quantile(level: float, df: int) -> float:
    # imported here: the workflow imports this module when it parses, which need not load numpy
    from statmech_bayes.reporting.statistics import t_quantile as quantile

    return quantile(level, df)


class SeedVerdict(NamedTuple):
    verdict: Verdict
    rule: str      # "pooled", "majority" or "one seed"
    shown: str     # what the reader sees: "2 of 3", or the pooled mean and its standard error


def seeds(per_seed: list[dict], level: float | None = None) -> SeedVerdict:
    """Rule 4 on one claim's verdicts under the seeds (each a dict with ``verdict``, ``reason``, ``reproduced``
    and ``tolerance`` as a claims file writes them; the main seed first). A number judged against a range is
    decided on the pooled mean over the seeds: pass when mean +- t * se lies inside the range, fail when it lies
    wholly outside, else inconclusive (noise); ``se`` is the between-seed standard error and ``t`` Student's
    quantile at ``level`` (``seed_level`` in the ledger) with S - 1 degrees of freedom. Any other claim by
    majority of the seeds; no majority: inconclusive, for the undecided seeds' reason or noise. A claim
    undecided on some seed for a reason more samples cannot cure (unconverged, unstated setup, wording) on a
    majority of the seeds keeps that reason."""
    if not per_seed:
        raise ValueError("rule 4 needs the main seed at least")
    vs = [Verdict.of(c["verdict"], c.get("reason", "")) for c in per_seed]
    if len(per_seed) == 1:
        return SeedVerdict(vs[0], "one seed", "1 seed")
    level = threshold("seed_level") if level is None else level
    intervals = [interval_of(c.get("tolerance", "")) for c in per_seed]
    values = []
    for c in per_seed:
        try:
            values.append(float(c.get("reproduced")))
        except (TypeError, ValueError):
            values.append(math.nan)
    structural = [v for v in vs if v.verdict == INCONCLUSIVE and v.reason != NOISE]
    if len(structural) * 2 > len(vs):
        return SeedVerdict(Verdict(INCONCLUSIVE, _first_reason(v.reason for v in structural)), "majority",
                           f"{len(structural)} of {len(vs)} undecided")
    same_range = intervals[0] is not None and all(iv == intervals[0] for iv in intervals)
    if same_range and all(math.isfinite(x) for x in values) and not structural:
        n = len(values)
        mean = sum(values) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in values) / (n - 1))
        se = sd / math.sqrt(n)
        half = t_quantile(level, n - 1) * se
        lo, hi = intervals[0]
        if lo <= mean - half and mean + half <= hi:
            v = Verdict(PASS)
        elif mean + half < lo or mean - half > hi:
            v = Verdict(FAIL)
        else:
            v = Verdict(INCONCLUSIVE, NOISE)
        return SeedVerdict(v, "pooled", f"{mean:.4g} +- {se:.2g} over {n} seeds")
    counts = {x: sum(v.verdict == x for v in vs) for x in VERDICTS}
    for x in DECIDED:
        if counts[x] * 2 > len(vs):
            return SeedVerdict(Verdict(x), "majority", f"{counts[x]} of {len(vs)}")
    undecided = [v.reason for v in vs if v.verdict == INCONCLUSIVE]
    return SeedVerdict(Verdict(INCONCLUSIVE, _first_reason(undecided) if undecided else NOISE), "majority",
                       f"{counts[PASS]} pass, {counts[FAIL]} fail, {counts[INCONCLUSIVE]} undecided of {len(vs)}")


# --- rule 5 -------------------------------------------------------------------------------------------------------

def admitted(gate: list[dict], built: dict[tuple[str, str], dict]) -> tuple[bool, list[str]]:
    """Rule 5, a variant's gate: each entry names a claim of the variant's own build (``figure`` and ``claim``, the
    claim's text) that must pass there, a sanity figure of the paper's that any faithful method reproduces.
    ``built``: the variant's claims by (figure, text). Returns (admitted, the gate's results as lines). A gate entry
    whose claim is missing fails the gate (a variant that cannot show its sanity figure decides nothing)."""
    if not gate:
        raise ValueError("a choice variant needs a gate (rule 5)")
    ok, lines = True, []
    for g in gate:
        c = built.get((g["figure"], g["claim"]))
        if c is None:
            ok = False
            lines.append(f"{g['figure']}: {g['claim']!r} absent")
            continue
        passed = c["verdict"] == PASS
        ok &= passed
        lines.append(f"{g['figure']}: {g['claim']!r} = {c.get('reproduced')} ({c['verdict']})")
    return ok, lines


def choices(main: Verdict, settings: dict[str, Verdict]) -> Verdict:
    """Rule 5, the verdict across the admitted settings of one unstated choice (``settings``: the other settings'
    verdicts; undecided ones are shown and move nothing). A decided verdict that differs from the main setting's
    decided verdict: inconclusive (unstated setup)."""
    main = Verdict.of(*main)
    if main.verdict not in DECIDED:
        return main
    if any(v.verdict in DECIDED and v.verdict != main.verdict for v in map(lambda x: Verdict.of(*x),
                                                                          settings.values())):
        return Verdict(INCONCLUSIVE, UNSTATED)
    return main


# --- the registered thresholds --------------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def _thresholds(path: str) -> dict[str, dict]:
    with open(path, newline="") as f:
        return {r["name"]: r for r in csv.DictReader(f)}


def threshold(name: str, path: Path | str = THRESHOLDS_FILE) -> float:
    """A threshold of the protocol as registered in ``figures/protocol.csv`` (rule 6: every threshold is a reading)."""
    rows = _thresholds(str(path))
    if name not in rows:
        raise KeyError(f"threshold {name!r} is not registered in {path}")
    return float(rows[name]["value"])


def thresholds(path: Path | str = THRESHOLDS_FILE) -> dict[str, dict]:
    """Every registered threshold: name -> its row (value, where it is used, what it means, the commit)."""
    return dict(_thresholds(str(path)))
