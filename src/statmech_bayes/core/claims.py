"""A figure's claims: each statement the paper makes about it, reproduced and judged.

A claim pairs the paper's statement (a value or a relation, in words) with a *computed* reproduced
value, the tolerance it is judged by, and one of three verdicts:

* ``pass``: the reproduced value satisfies the statement within the tolerance;
* ``fail``: it does not;
* ``inconclusive``: the data cannot decide at the stated tolerance (e.g. the statistical error of the
  reproduced value is larger than the tolerance); it never counts as reproduced.

A failing claim may carry a ``finding``: the reason why the failure is the paper's own error or
inconsistency (an impossible number, a typo in a constant). Numbers that are not statements of the paper
(fits behind a claim, convergence settings, provenance) are kept as *notes*, outside the claims, so they
are never counted as claims. Nothing in a claims file is copied from the paper except the statement
and, where the paper gives one, its number as the target.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any

from statmech_bayes.core.atomic_io import save_json

PASS, FAIL, INCONCLUSIVE = "pass", "fail", "inconclusive"
VERDICTS = (PASS, FAIL, INCONCLUSIVE)


@dataclass(frozen=True)
class Claim:
    claim: str
    paper: str
    reproduced: Any
    tolerance: str
    verdict: str
    note: str = ""
    finding: str = ""

    def __post_init__(self):
        if self.verdict not in VERDICTS:
            raise ValueError(f"verdict must be one of {VERDICTS}, got {self.verdict!r}")
        if self.finding and self.verdict != FAIL:
            raise ValueError("only a failing claim can be a finding")

    @property
    def passed(self) -> bool:
        return self.verdict == PASS


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


class ClaimsRecord:
    """Collects the claims of one figure and writes ``<figure>.claims.json``.

    Every judging method takes ``decidable`` (False: the verdict is ``inconclusive`` whatever the value)
    and ``finding`` (the reason a failure is the paper's own error; ignored when the claim passes, so a
    paper statement expected to be wrong is still judged, not assumed).
    """

    def __init__(self, figure: str, paper: str):
        self.figure = figure
        self.paper = paper
        self.claims: list[Claim] = []
        self.notes: dict[str, Any] = {}

    def close(self, claim: str, paper: str, reproduced: float, expected: float,
              atol: float = 0.0, rtol: float = 0.0, note: str = "", decidable: bool = True,
              finding: str = "") -> Claim:
        """Pass iff ``|reproduced - expected| <= atol + rtol*|expected|``."""
        atol, rtol = float(atol), float(rtol)
        if atol < 0 or rtol < 0 or (atol == 0 and rtol == 0):
            raise ValueError("a closeness claim needs a positive tolerance")
        reproduced, expected = float(reproduced), float(expected)
        passed = math.isfinite(reproduced) and abs(reproduced - expected) <= atol + rtol * abs(expected)
        parts = [f"atol={atol:g}"] * (atol > 0) + [f"rtol={rtol:g}"] * (rtol > 0)
        tol = f"|reproduced - {expected:.10g}| <= " + " + ".join(parts)
        return self._add(claim, paper, reproduced, tol, passed, decidable, note, finding)

    def within(self, claim: str, paper: str, reproduced: float,
               lower: float = -math.inf, upper: float = math.inf, note: str = "", decidable: bool = True,
               finding: str = "") -> Claim:
        """Pass iff ``lower <= reproduced <= upper``."""
        if not (lower > -math.inf or upper < math.inf):
            raise ValueError("a range claim needs at least one finite bound")
        reproduced = float(reproduced)
        passed = math.isfinite(reproduced) and lower <= reproduced <= upper
        return self._add(claim, paper, reproduced, f"[{lower:.6g}, {upper:.6g}]", passed, decidable, note, finding)

    def holds(self, claim: str, paper: str, reproduced: Any, passed: bool, tolerance: str,
              note: str = "", decidable: bool = True, finding: str = "") -> Claim:
        """A relation that is not a single number (e.g. monotonicity); ``passed`` must be computed."""
        return self._add(claim, paper, _num(reproduced), tolerance, passed, decidable, note, finding)

    def note(self, name: str, value: Any) -> None:
        """Keep a computed number behind the claims (a fit, a convergence record, a setting) as a note:
        in the claims file, never counted as a claim."""
        self.notes[name] = value

    record = note  # the name used by the first figure modules

    def _add(self, claim, paper, reproduced, tolerance, passed, decidable, note, finding) -> Claim:
        verdict = verdict_of(bool(passed), decidable)
        c = Claim(claim, paper, reproduced, tolerance, verdict, note, finding if verdict == FAIL else "")
        self.claims.append(c)
        return c

    def counts(self) -> dict[str, int]:
        """Reproduced, findings (failures explained as the paper's error), inconclusive, unexplained failures."""
        return {
            "reproduced": sum(c.verdict == PASS for c in self.claims),
            "findings": sum(c.verdict == FAIL and bool(c.finding) for c in self.claims),
            "inconclusive": sum(c.verdict == INCONCLUSIVE for c in self.claims),
            "unexplained": sum(c.verdict == FAIL and not c.finding for c in self.claims),
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
