"""Failures with a settled cause short of a finding (docs/protocol.md, "Failures with a settled cause that is not
the paper's error"): the registry ``workflow/config/mechanisms.yaml`` and its join onto the scorecard.

A failure stays a failure. An entry names the claim (figure and text, numbers masked as between seeds), the class
of its cause (:data:`CLASSES`), one sentence, and the test that singles out the case. The scorecard shows the
cause beside the verdict and counts such failures apart from the unexplained ones; it moves no verdict.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from statmech_bayes.reporting.ledger import shape
from statmech_bayes.reporting.scorecard import names_a_test

# another setting the paper leaves open puts the claim's quantity on the paper's side (docs/protocol.md); a wider
# window or another reading of the words is a reading (rule 2), not a settled cause
CLASSES = ("unstated setup",)
COLUMNS = ("mechanism", "mechanism_why", "mechanism_test")
# reporting/claims.py's marker of a cause proposed in a claim's note but not proven (the paper pages read it too)
UNPROVEN = re.compile(r";?\s*proposed explanation, not proven \(an unexplained failure until a test shows it\):\s*")


def _text(x) -> str:
    """A cell as text: empty for a missing value (NaN from a CSV read without keep_default_na=False)."""
    return "" if x is None or (isinstance(x, float) and x != x) else str(x)


@dataclass(frozen=True)
class Mechanism:
    figure: str
    claim: str
    cls: str
    why: str
    test: str          # tests/<file>.py::<test>

    @property
    def key(self) -> tuple[str, str]:
        return self.figure, shape(self.claim)


def load(path) -> list[Mechanism]:
    """The registry; stops on a missing field or an unknown class, naming the entry."""
    import yaml

    out = []
    for i, e in enumerate(yaml.safe_load(Path(path).read_text()) or []):
        missing = {"figure", "claim", "class", "why", "test"} - set(e)
        if missing:
            raise ValueError(f"{path}: entry {i + 1} lacks {sorted(missing)}")
        if e["class"] not in CLASSES:
            raise ValueError(f"{path}: entry {i + 1} ({e['figure']}): class must be one of {CLASSES}, "
                             f"got {e['class']!r}")
        out.append(Mechanism(str(e["figure"]), str(e["claim"]), str(e["class"]), " ".join(str(e["why"]).split()),
                             str(e["test"])))
    return out


def check_tests(entries: list[Mechanism], root) -> None:
    """Every entry names a test function that exists (``tests/<file>.py::<name>`` under ``root``)."""
    bad = [f"  {m.figure}: {m.claim!r} names {m.test!r}" for m in entries if not names_a_test(m.test, root)]
    if bad:
        raise ValueError(f"{len(bad)} settled cause(s) name no test (docs/protocol.md):\n" + "\n".join(bad))


def attach(table: pd.DataFrame, entries: list[Mechanism], unmatched: list | None = None) -> pd.DataFrame:
    """The scorecard with :data:`COLUMNS` filled for each failure without a finding that an entry names. An entry
    that matches more than one claim stops; one that matches none is skipped (a smaller configuration may not make
    the claim; against the committed paper-scale scorecard tests/test_mechanisms.py fails on it); one whose claim is
    no longer a failure without a finding (its verdict moved, or a finding now explains it) goes to the claim's
    note. ``unmatched`` (optional list) collects the entries skipped."""
    out = table.copy()
    for col in COLUMNS:
        out[col] = ""
    keys = [(f, shape(c)) for f, c in zip(out.figure, out.claim)]
    for m in entries:
        hits = [i for i, k in enumerate(keys) if k == m.key]
        if len(hits) > 1:
            raise ValueError(f"workflow/config/mechanisms.yaml: {m.figure}: {m.claim!r} matches {len(hits)} claims "
                             "(one expected)")
        if not hits:
            if unmatched is not None:
                unmatched.append(m)
            continue
        i = out.index[hits[0]]
        finding = _text(out.at[i, "finding"]) if "finding" in out else ""
        note = _text(out.at[i, "note"])
        if out.at[i, "verdict"] == "fail" and not finding and out.at[i, "kind"] not in ("setup", "ours"):
            out.loc[i, list(COLUMNS)] = [m.cls, m.why, m.test]
            # the claims module's "proposed, not proven" prefix no longer holds once a test settles the cause
            out.at[i, "note"] = UNPROVEN.sub(f"; cause settled by {m.test} (the scorecard's settled cause): ", note)
        else:
            out.at[i, "note"] = "; ".join(s for s in [note, f"cause of the main build's failure ({m.cls}; "
                                                             f"{m.test}): {m.why}"] if s)
    return out
