"""A figure's claims: each quantitative statement the paper makes, reproduced and checked.

A claim pairs the paper's statement (a value or a relation, in words) with a *computed* reproduced
value, the tolerance it is judged by, and the verdict. Nothing in a claims file is copied from the
paper except the statement itself and, where the paper gives one, its number as the target.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any

from statmech_bayes.core.atomic_io import save_json


@dataclass(frozen=True)
class Claim:
    claim: str
    paper: str
    reproduced: Any
    tolerance: str
    passed: bool
    note: str = ""


def _num(x: Any) -> Any:
    try:
        return float(x)
    except (TypeError, ValueError):
        return x


class ClaimsRecord:
    """Collects the claims of one figure and writes ``<figure>.claims.json``."""

    def __init__(self, figure: str, paper: str):
        self.figure = figure
        self.paper = paper
        self.claims: list[Claim] = []
        self.records: dict[str, Any] = {}

    def close(self, claim: str, paper: str, reproduced: float, expected: float,
              atol: float = 0.0, rtol: float = 0.0, note: str = "") -> Claim:
        """Pass iff ``|reproduced - expected| <= atol + rtol*|expected|``."""
        atol, rtol = float(atol), float(rtol)
        if atol < 0 or rtol < 0 or (atol == 0 and rtol == 0):
            raise ValueError("a closeness claim needs a positive tolerance")
        reproduced, expected = float(reproduced), float(expected)
        passed = math.isfinite(reproduced) and abs(reproduced - expected) <= atol + rtol * abs(expected)
        parts = [f"atol={atol:g}"] * (atol > 0) + [f"rtol={rtol:g}"] * (rtol > 0)
        tol = f"|reproduced - {expected:.10g}| <= " + " + ".join(parts)
        return self._add(Claim(claim, paper, reproduced, tol, bool(passed), note))

    def within(self, claim: str, paper: str, reproduced: float,
               lower: float = -math.inf, upper: float = math.inf, note: str = "") -> Claim:
        """Pass iff ``lower <= reproduced <= upper``."""
        if not (lower > -math.inf or upper < math.inf):
            raise ValueError("a range claim needs at least one finite bound")
        reproduced = float(reproduced)
        passed = math.isfinite(reproduced) and lower <= reproduced <= upper
        return self._add(Claim(claim, paper, reproduced, f"[{lower:.6g}, {upper:.6g}]", bool(passed), note))

    def holds(self, claim: str, paper: str, reproduced: Any, passed: bool, tolerance: str,
              note: str = "") -> Claim:
        """A relation that is not a single number (e.g. monotonicity); ``passed`` must be computed."""
        return self._add(Claim(claim, paper, _num(reproduced), tolerance, bool(passed), note))

    def record(self, name: str, value: Any) -> None:
        """Keep computed numbers behind the claims (e.g. per-p fits) in the claims file, outside the verdicts."""
        self.records[name] = value

    def _add(self, c: Claim) -> Claim:
        self.claims.append(c)
        return c

    @property
    def all_passed(self) -> bool:
        return all(c.passed for c in self.claims)

    def to_dict(self, provenance: dict | None = None) -> dict:
        return {
            "figure": self.figure,
            "paper": self.paper,
            "n_claims": len(self.claims),
            "n_passed": sum(c.passed for c in self.claims),
            "claims": [asdict(c) for c in self.claims],
            "records": self.records,
            "provenance": provenance or {},
        }

    def write(self, path, provenance: dict | None = None) -> None:
        save_json(path, self.to_dict(provenance))
