"""A figure's claims: each statement the paper makes about it, reproduced and judged.

A claim pairs the paper's statement (a value or a relation, in words) with a *computed* reproduced
value, the tolerance it is judged by, and one of three verdicts:

* ``pass``: the reproduced value satisfies the statement within the tolerance;
* ``fail``: it does not;
* ``inconclusive``: the data cannot decide, for a recorded ``reason``: ``noise`` (the statistical error
  of the reproduced value straddles the tolerance; the remedy is more precise data, never a looser
  tolerance) or ``wording`` (an adjective whose reasonable readings disagree, see :meth:`wording`).

The rules every paper's claims follow:

1. *The paper's protocol decides.* A claim is judged on a run that follows the paper's algorithm and
   settings; an improvement of ours is an extra arm, labelled, that never decides a claim of the paper.
2. *What kind of statement.* Each claim records its ``kind``: ``value`` (a number, formula or bound),
   ``relation`` (an ordering or trend, judged with its Monte-Carlo error), ``wording`` (an adjective,
   judged under at least two readings fixed in code before the data are looked at) or ``ours`` (a
   comparison the paper does not make; reported apart, never counted as the paper's).
3. *A finding is proven, not asserted.* Only a failing ``value`` or ``relation`` claim can be a finding,
   and only with an independent second computation: :meth:`ClaimsRecord.explain` takes the reason and
   the name of a test in ``tests/test_findings.py`` that recomputes the contradiction by another route.
   The finding is attached to a verdict already reached, never passed in before it.
4. *Every claim can fail.* A statement true by construction is a note (:meth:`ClaimsRecord.note`).

Numbers that are not statements of the paper (fits behind a claim, convergence settings, provenance) are
kept as notes, outside the claims, so they are never counted as claims. Nothing in a claims file is copied
from the paper except the statement and, where the paper gives one, its number as the target.
"""

from __future__ import annotations

import math
import re
from dataclasses import asdict, dataclass, replace
from typing import Any, NamedTuple

from statmech_bayes.core.atomic_io import save_json

PASS, FAIL, INCONCLUSIVE = "pass", "fail", "inconclusive"
VERDICTS = (PASS, FAIL, INCONCLUSIVE)
VALUE, RELATION, WORDING, OURS = "value", "relation", "wording", "ours"
KINDS = (VALUE, RELATION, WORDING, OURS)
NOISE = "noise"
REASONS = (NOISE, WORDING)
# A finding names the test that proves it: a function of tests/test_findings.py.
FINDINGS_TESTS = "tests/test_findings.py"
_TEST_NAME = re.compile(r"^test_[A-Za-z0-9_]+$")


@dataclass(frozen=True)
class Claim:
    claim: str
    paper: str
    reproduced: Any
    tolerance: str
    verdict: str
    note: str = ""
    finding: str = ""
    kind: str = VALUE
    reason: str = ""          # why an inconclusive claim is inconclusive: noise | wording
    finding_test: str = ""    # the test of tests/test_findings.py that proves the finding

    def __post_init__(self):
        if self.verdict not in VERDICTS:
            raise ValueError(f"verdict must be one of {VERDICTS}, got {self.verdict!r}")
        if self.kind not in KINDS:
            raise ValueError(f"kind must be one of {KINDS}, got {self.kind!r}")
        if (self.verdict == INCONCLUSIVE) != bool(self.reason):
            raise ValueError("an inconclusive claim, and only one, needs a reason")
        if self.reason and self.reason not in REASONS:
            raise ValueError(f"reason must be one of {REASONS}, got {self.reason!r}")
        if self.reason == WORDING and self.kind != WORDING:
            raise ValueError("only a wording claim can be inconclusive for its wording")
        if bool(self.finding) != bool(self.finding_test):
            raise ValueError(f"a finding needs the name of its proving test in {FINDINGS_TESTS}, and only a finding "
                             "has one")
        if self.finding:
            if self.verdict != FAIL:
                raise ValueError("only a failing claim can be a finding")
            if self.kind not in (VALUE, RELATION):
                raise ValueError(f"only a value or relation claim can be a finding, not a {self.kind} claim")
            if not _TEST_NAME.match(self.finding_test):
                raise ValueError(f"finding_test must be a test function's name (test_...), got {self.finding_test!r}")

    @property
    def passed(self) -> bool:
        return self.verdict == PASS


class Reading(NamedTuple):
    """One reading of an adjective: what it is read as, the number it gives and the range that satisfies it."""

    reads: str
    reproduced: float
    lower: float = -math.inf
    upper: float = math.inf
    decidable: bool = True


def unproven(text: str) -> str:
    """A note's tail for an explanation of a failure that no independent test proves yet: it is shown, and the
    failure stays unexplained (rule 3)."""
    return f"; proposed explanation, not proven (an unexplained failure until a test shows it): {text}" if text else ""


def _num(x: Any) -> Any:
    try:
        return float(x)
    except (TypeError, ValueError):
        return x


def verdict_of(passed: bool, decidable: bool = True) -> str:
    """``inconclusive`` when the data cannot decide, else ``pass`` or ``fail``."""
    if not decidable:
        return INCONCLUSIVE
    return PASS if passed else FAIL


def _range(lower: float, upper: float) -> str:
    return f"[{lower:.6g}, {upper:.6g}]"


class ClaimsRecord:
    """Collects the claims of one figure and writes ``<figure>.claims.json``.

    Every judging method takes ``decidable`` (False: the verdict is ``inconclusive`` with reason ``noise``
    whatever the value) and ``kind`` (:data:`KINDS`; ``value`` for a number, ``relation`` for
    :meth:`holds`). A failure becomes a finding only afterwards, through :meth:`explain`.
    """

    def __init__(self, figure: str, paper: str):
        self.figure = figure
        self.paper = paper
        self.claims: list[Claim] = []
        self.notes: dict[str, Any] = {}

    def close(self, claim: str, paper: str, reproduced: float, expected: float,
              atol: float = 0.0, rtol: float = 0.0, note: str = "", decidable: bool = True,
              kind: str = VALUE) -> Claim:
        """Pass iff ``|reproduced - expected| <= atol + rtol*|expected|``."""
        atol, rtol = float(atol), float(rtol)
        if atol < 0 or rtol < 0 or (atol == 0 and rtol == 0):
            raise ValueError("a closeness claim needs a positive tolerance")
        reproduced, expected = float(reproduced), float(expected)
        passed = math.isfinite(reproduced) and abs(reproduced - expected) <= atol + rtol * abs(expected)
        parts = [f"atol={atol:g}"] * (atol > 0) + [f"rtol={rtol:g}"] * (rtol > 0)
        tol = f"|reproduced - {expected:.10g}| <= " + " + ".join(parts)
        return self._add(claim, paper, reproduced, tol, passed, decidable, note, kind)

    def within(self, claim: str, paper: str, reproduced: float,
               lower: float = -math.inf, upper: float = math.inf, note: str = "", decidable: bool = True,
               kind: str = VALUE) -> Claim:
        """Pass iff ``lower <= reproduced <= upper``."""
        if not (lower > -math.inf or upper < math.inf):
            raise ValueError("a range claim needs at least one finite bound")
        reproduced = float(reproduced)
        passed = math.isfinite(reproduced) and lower <= reproduced <= upper
        return self._add(claim, paper, reproduced, _range(lower, upper), passed, decidable, note, kind)

    def holds(self, claim: str, paper: str, reproduced: Any, passed: bool, tolerance: str,
              note: str = "", decidable: bool = True, kind: str = RELATION) -> Claim:
        """A relation that is not a single number (e.g. monotonicity); ``passed`` must be computed."""
        return self._add(claim, paper, _num(reproduced), tolerance, passed, decidable, note, kind)

    def wording(self, claim: str, paper: str, readings: list[Reading], note: str = "",
                unstated: bool = False) -> Claim:
        """An adjective judged under every one of its ``readings`` (at least two, written before the data
        are looked at). Pass or fail only when every decidable reading agrees and none is undecidable;
        readings that disagree make it ``inconclusive`` for its ``wording``, an undecidable one (and no
        disagreement) ``inconclusive`` for ``noise``. Every reading's number is kept.

        ``unstated``: the readings are the well-defined constructions of a method the paper does not specify
        (e.g. which FDA). Agreement on pass still passes; a failure cannot be pinned on the authors' own,
        unknown construction, so readings that all fail make the claim ``inconclusive`` for its ``wording``."""
        readings = [Reading(*r) for r in readings]
        if len(readings) < 2:
            raise ValueError("a wording claim needs at least two readings")
        each = []
        for r in readings:
            if not (r.lower > -math.inf or r.upper < math.inf):
                raise ValueError(f"reading {r.reads!r} needs at least one finite bound")
            v = float(r.reproduced)
            each.append(verdict_of(math.isfinite(v) and r.lower <= v <= r.upper, r.decidable))
        decided = {v for v in each if v != INCONCLUSIVE}
        if len(decided) > 1 or (unstated and decided == {FAIL}):
            verdict, reason = INCONCLUSIVE, WORDING
        elif INCONCLUSIVE in each:
            verdict, reason = INCONCLUSIVE, NOISE
        else:
            verdict, reason = decided.pop(), ""
        reproduced = "; ".join(f"{r.reads}: {float(r.reproduced):.6g} ({v})" for r, v in zip(readings, each))
        tolerance = "; ".join(f"{r.reads}: {_range(r.lower, r.upper)}" for r in readings)
        c = Claim(claim, paper, reproduced, tolerance, verdict, note, kind=WORDING, reason=reason)
        self.claims.append(c)
        return c

    def explain(self, claim: Claim, finding: str, test: str) -> Claim:
        """Mark a failure already judged as the paper's own error: ``finding`` says why, ``test`` names the
        function of ``tests/test_findings.py`` that proves it by another route (rule 3). Returns the claim."""
        i = next((k for k, c in enumerate(self.claims) if c is claim), None)
        if i is None:
            raise ValueError("explain() takes a claim of this record")
        if claim.verdict != FAIL:
            raise ValueError(f"only a failure can be explained as a finding; this claim's verdict is {claim.verdict}")
        self.claims[i] = replace(claim, finding=finding, finding_test=test)
        return self.claims[i]

    def note(self, name: str, value: Any) -> None:
        """Keep a computed number behind the claims (a fit, a convergence record, a setting) as a note:
        in the claims file, never counted as a claim."""
        self.notes[name] = value

    record = note  # the name used by the first figure modules

    def _add(self, claim, paper, reproduced, tolerance, passed, decidable, note, kind) -> Claim:
        verdict = verdict_of(bool(passed), decidable)
        c = Claim(claim, paper, reproduced, tolerance, verdict, note, kind=kind,
                  reason=NOISE if verdict == INCONCLUSIVE else "")
        self.claims.append(c)
        return c

    def counts(self) -> dict[str, int]:
        """The paper's claims (not ``ours``): reproduced, findings (failures proven to be the paper's error),
        inconclusive for noise and for wording, unexplained failures; and our own checks."""
        paper = [c for c in self.claims if c.kind != OURS]
        return {
            "reproduced": sum(c.verdict == PASS for c in paper),
            "findings": sum(c.verdict == FAIL and bool(c.finding) for c in paper),
            "inconclusive_noise": sum(c.reason == NOISE for c in paper),
            "inconclusive_wording": sum(c.reason == WORDING for c in paper),
            "unexplained": sum(c.verdict == FAIL and not c.finding for c in paper),
            "ours": len(self.claims) - len(paper),
        }

    def to_dict(self, provenance: dict | None = None) -> dict:
        return {
            "figure": self.figure,
            "paper": self.paper,
            "n_claims": len(self.claims),
            "counts": self.counts(),
            "claims": [asdict(c) for c in self.claims],
            "notes": self.notes,
            "provenance": provenance or {},
        }

    def write(self, path, provenance: dict | None = None) -> None:
        save_json(path, self.to_dict(provenance))
