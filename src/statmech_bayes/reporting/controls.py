"""Negative controls: the wrong answers a careless replication could produce, fed to the same claims functions.

A pass means something only if the check could have failed (issue 43). For each figure a paper's
``figures/<paper>/controls.py`` declares, beside its claims, the wrong answers a careless replication could produce
for that figure: the prior or a constant estimate, the data term alone, shuffled labels, the paper's own "bad"
setting where it names one, the comparison reversed, a method replaced by a baseline. A control is *data*: a function
from the figure's loaded claims arguments to the arguments a wrong replication would have produced. The claims
function is then run on them unchanged, and each claim's verdict under the control is compared with the real one.

Per claim and control the outcome is one of

* ``detected``: the control changes the claim's number and the claim fails on it;
* ``passed``: the control changes the number and the claim still passes: the check cannot tell that wrong answer
  from ours (a *weak* pass);
* ``undecided``: the control changes the number and the claim is inconclusive on it;
* ``unchanged``: the control leaves the claim's number as it is: it does not bear on that claim;
* ``missing``: the claim is not made on the control's data (a branch of the claims code not taken).

The scorecard (:func:`control_status`) counts a pass as *control-checked* only when at least one control bears on it
and every control that does is detected; a pass that a control also passes is *weak*, shown with that control.
Controls are registered like readings (``figures/controls.csv``, written before their results and checked against
the declarations by ``tests/test_controls.py``).
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from typing import Any, Callable

import pandas as pd

from statmech_bayes.reporting.claims import FAIL, INCONCLUSIVE, OURS, PASS, SETUP, ClaimsRecord, _stable

DETECTED, PASSED, UNDECIDED, UNCHANGED, MISSING = "detected", "passed", "undecided", "unchanged", "missing"
OUTCOMES = (DETECTED, PASSED, UNDECIDED, UNCHANGED, MISSING)
# what the scorecard says of a pass of the paper's results
CHECKED, WEAK, UNCHECKED = "control-checked", "weak", "unchecked"
COLUMNS = ["figure", "claim", "control", "wrong_answer", "outcome", "verdict", "control_verdict", "reproduced",
           "control_reproduced"]
_NAME = re.compile(r"^[a-z][a-z0-9_]*$")


@dataclass(frozen=True)
class Control:
    """One wrong answer. ``name``: an identifier; ``wrong_answer``: the careless replication it stands for, in
    words; ``make``: a function of the figure's claims arguments (a deep copy, so it may change them in place)
    returning the arguments that replication would have produced; ``claims``: optionally, a regular expression on
    the claim text limiting the claims the control is a wrong answer *for* (empty: every claim whose number it
    changes, which is the default because a control that is the right answer for a claim would wrongly make it
    weak)."""

    name: str
    wrong_answer: str
    make: Callable[[tuple], tuple]
    claims: str = ""

    def __post_init__(self):
        if not _NAME.match(self.name):
            raise ValueError(f"a control's name is an identifier (lower case, digits, _), got {self.name!r}")
        if len(self.wrong_answer) < 10:
            raise ValueError(f"control {self.name!r}: say in words which wrong answer it stands for")


@dataclass(frozen=True)
class FigureControls:
    """The controls of one figure: ``figure`` (``paper/figN``, as in its claims file), ``load`` (the figure's
    rule inputs and configuration -> the claims function's arguments, loaded as the figure's ``make`` loads them),
    ``claims`` (the figure's claims function) and the ``controls``."""

    figure: str
    load: Callable[[dict, dict], tuple]
    claims: Callable[..., ClaimsRecord]
    controls: tuple[Control, ...] = field(default_factory=tuple)

    def __post_init__(self):
        names = [c.name for c in self.controls]
        if len(set(names)) != len(names):
            raise ValueError(f"{self.figure}: control names repeat: {names}")


def _key(x: Any) -> str:
    """A claim's number as the claims file writes it (10 significant digits), so that a control that changes a
    number only in its last bits of rounding does not count as bearing on the claim."""
    return repr(_stable(x))


def outcome(real, ctrl, pattern: str = "") -> str:
    """The outcome of one control on one claim (``real``, ``ctrl``: the claim under our data and under the
    control's, ``ctrl`` None when the control's record does not make the claim)."""
    if pattern and not re.search(pattern, real.claim):
        return UNCHANGED
    if ctrl is None:
        return MISSING
    if _key(ctrl.reproduced) == _key(real.reproduced) and ctrl.verdict == real.verdict:
        return UNCHANGED
    return {FAIL: DETECTED, PASS: PASSED, INCONCLUSIVE: UNDECIDED}[ctrl.verdict]


def _by_statement(claims) -> dict[tuple, object]:
    """Claims keyed by what the paper says, their kind and their rank among claims with both the same."""
    seen: dict[tuple, int] = {}
    out = {}
    for x in claims:
        k = (x.paper, x.kind)
        seen[k] = seen.get(k, -1) + 1
        out[(*k, seen[k])] = x
    return out


def match(real_claims, ctrl_claims) -> list:
    """For each real claim its counterpart under the control (None when the control's record does not make it): by
    the claim's text, else, since some texts carry a number of the data (a range of n, a fitted gamma), by the
    paper's statement, kind and rank among claims sharing both, when that claim's own text is not one of ours."""
    by_text = {x.claim: x for x in ctrl_claims}
    ours = {x.claim for x in real_claims}
    by_statement = {k: x for k, x in _by_statement(ctrl_claims).items() if x.claim not in ours}
    keys = list(_by_statement(real_claims))
    return [by_text.get(claim.claim, by_statement.get(key)) for claim, key in zip(real_claims, keys)]


def compare(real: ClaimsRecord, controlled: dict[str, ClaimsRecord], controls: tuple[Control, ...]) -> pd.DataFrame:
    """One row per claim of ``real`` and control: the outcome, both verdicts and both numbers."""
    rows = []
    for c in controls:
        for claim, ctrl in zip(real.claims, match(real.claims, controlled[c.name].claims)):
            rows.append([real.figure, claim.claim, c.name, c.wrong_answer, outcome(claim, ctrl, c.claims),
                         claim.verdict, ctrl.verdict if ctrl else "", str(_stable(claim.reproduced)),
                         str(_stable(ctrl.reproduced)) if ctrl else ""])
    return pd.DataFrame(rows, columns=COLUMNS)


def run(fc: FigureControls, inputs: dict, cfg: dict) -> tuple[ClaimsRecord, pd.DataFrame]:
    """Run the figure's claims on its data and on every control's; return the real record (which the caller checks
    against the figure's claims file) and the comparison table."""
    args = fc.load(inputs, cfg)
    real = fc.claims(*args)
    controlled = {c.name: fc.claims(*c.make(copy.deepcopy(args))) for c in fc.controls}
    return real, compare(real, controlled, fc.controls)


def check_real(real: ClaimsRecord, committed: dict) -> None:
    """The controls' loader must give the figure's own claims: the same claims, numbers and verdicts as the claims
    file written by the figure rule. Raises when they differ (the loader no longer mirrors the figure's make)."""
    ours = [(c["claim"], c["verdict"], repr(c["reproduced"])) for c in real.to_dict()["claims"]]
    theirs = [(c["claim"], c["verdict"], repr(c["reproduced"])) for c in committed["claims"]]
    if ours != theirs:
        diff = next((a, b) for a, b in zip(ours + [None] * len(theirs), theirs + [None] * len(ours)) if a != b)
        raise ValueError(f"{real.figure}: the controls' loader does not reproduce the figure's claims "
                         f"(first difference: {diff[0]!r} vs the claims file's {diff[1]!r})")


def control_status(table: pd.DataFrame, controls: pd.DataFrame) -> pd.DataFrame:
    """The scorecard's ``control`` and ``weak_controls`` columns: for a pass of the paper's results (not a set-up
    fact, not ours, not proven before the paper), ``control-checked`` when at least one control bears on it and
    every one that does is detected; ``weak`` when a control passes too (named in ``weak_controls``); otherwise
    ``unchecked`` (no control bears on it, or one leaves it undecided or does not make it). Other rows: empty."""
    out = table.copy()
    status, weak = [""] * len(out), [""] * len(out)
    groups = {k: g for k, g in controls.groupby(["figure", "claim"])} if len(controls) else {}
    for i, row in enumerate(out.itertuples(index=False)):
        known = isinstance(getattr(row, "known", ""), str) and bool(getattr(row, "known", ""))
        if row.verdict != PASS or row.kind in (OURS, SETUP) or known:
            continue
        g = groups.get((row.figure, row.claim))
        bearing = g[~g.outcome.isin([UNCHANGED])] if g is not None else None
        if bearing is None or bearing.empty:
            status[i] = UNCHECKED
        elif (bearing.outcome == PASSED).any():
            status[i], weak[i] = WEAK, "; ".join(sorted(bearing.control[bearing.outcome == PASSED]))
        elif (bearing.outcome == DETECTED).all():
            status[i] = CHECKED
        else:
            status[i] = UNCHECKED
    out["control"], out["weak_controls"] = status, weak
    return out


def counts(table: pd.DataFrame, papers=None) -> pd.DataFrame:
    """Per paper, the passes of its results (the scorecard's ``reproduced``) split by :func:`control_status`:
    ``control_checked``, ``weak`` and ``unchecked``."""
    status = table["control"] if "control" in table else pd.Series([""] * len(table), index=table.index)
    out = pd.DataFrame({"paper": table.paper, "control_checked": status == CHECKED, "weak": status == WEAK,
                        "unchecked": status == UNCHECKED}).groupby("paper", sort=False).sum().astype(int)
    if papers is not None:
        out = out.reindex(list(papers), fill_value=0)
    return out.reset_index()
