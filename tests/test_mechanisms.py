"""docs/protocol.md, "Failures with a settled cause that is not the paper's error": the registry
workflow/config/mechanisms.yaml, its join onto the scorecard and the counts it changes."""
from pathlib import Path

import pandas as pd
import pytest

from statmech_bayes.reporting import mechanisms as M
from statmech_bayes.reporting.scorecard import counts

ROOT = Path(__file__).resolve().parents[1]
REGISTRY = ROOT / "workflow" / "config" / "mechanisms.yaml"

BASE = {"paper": "p", "figure": "p/fig1", "kind": "value", "reason": "", "finding": "", "finding_test": "", "note": "",
        "known": "", "registered_tolerance": ""}


def _table():
    return pd.DataFrame([{**BASE, "claim": "slope 1.7 at n = 300", "verdict": "fail"},
                         {**BASE, "claim": "level", "verdict": "fail", "finding": "the paper's error",
                          "finding_test": "test_x"},
                         {**BASE, "claim": "order", "verdict": "pass"},
                         {**BASE, "claim": "other", "verdict": "fail"}])


def _entry(claim, cls="unstated setup"):
    return M.Mechanism("p/fig1", claim, cls, "why it fails", "tests/test_mechanisms.py::test_the_join_and_the_counts")


def test_the_join_and_the_counts():
    """A failure without a finding that an entry names counts as settled, apart from the unexplained ones (the
    numbers in its text masked, as between seeds); its verdict stays a failure."""
    t = M.attach(_table(), [_entry("slope 1.8 at n = 250")])
    assert list(t.mechanism) == ["unstated setup", "", "", ""] and list(t.verdict) == ["fail", "fail", "pass", "fail"]
    c = counts(t).iloc[0]
    assert (c.findings, c.settled, c.unexplained, c.claims) == (1, 1, 1, 4)
    before = counts(_table()).iloc[0]
    assert (before.settled, before.unexplained) == (0, 2)


def test_a_settled_cause_replaces_the_unproven_marker_and_a_missing_note_is_no_text():
    """The claims module's "proposed explanation, not proven" prefix is no longer true once a test settles the
    cause; a note or finding read as NaN (a CSV read with pandas' defaults) is no text."""
    t = _table()
    t.loc[0, "note"] = "bootstrap interval; proposed explanation, not proven (an unexplained failure until a test shows it): X"
    t.loc[3, "note"] = float("nan")
    t.loc[3, "finding"] = float("nan")
    out = M.attach(t, [_entry("slope 1.7 at n = 300"), _entry("other")])
    assert "not proven" not in out.note[0] and "cause settled by tests/" in out.note[0] and out.note[0].endswith(": X")
    assert out.mechanism[3] == "unstated setup" and out.note[3] == ""


def test_an_entry_explains_only_a_failure_without_a_finding():
    """On a claim that passes (its verdict moved) or that a finding explains, the entry goes to the note: it never
    counts a pass or a finding as settled."""
    t = M.attach(_table(), [_entry("order"), _entry("level")])
    assert (t.mechanism == "").all()
    assert "cause of the main build's failure" in t.note[2] and "cause of the main build's failure" in t.note[1]


def test_an_ambiguous_or_unproven_entry_stops_the_scorecard_and_an_unmade_claim_is_skipped(tmp_path):
    skipped = []
    assert (M.attach(_table(), [_entry("no such claim")], skipped).mechanism == "").all()
    assert [m.claim for m in skipped] == ["no such claim"], "a claim this configuration does not make is skipped"
    with pytest.raises(ValueError, match="matches 2 claims"):
        M.attach(pd.concat([_table(), _table()], ignore_index=True), [_entry("other")])
    with pytest.raises(ValueError, match="name no test"):
        M.check_tests([M.Mechanism("p/fig1", "other", "unstated setup", "w", "tests/test_mechanisms.py::test_nothing")],
                      ROOT)
    bad = tmp_path / "m.yaml"
    bad.write_text("- {figure: p/fig1, claim: other, class: noise, why: w, test: 'tests/x.py::t'}\n")
    with pytest.raises(ValueError, match="class must be one of"):
        M.load(bad)
    bad.write_text("- {figure: p/fig1, claim: other, class: unstated setup}\n")
    with pytest.raises(ValueError, match=r"lacks \['test', 'why'\]"):
        M.load(bad)


def test_the_committed_registry_names_existing_tests_and_committed_failures():
    """Every entry of workflow/config/mechanisms.yaml names a test that exists and one claim of the committed
    scorecard, a failure without a finding there (an entry that no longer explains a failure is stale)."""
    entries = M.load(REGISTRY)
    M.check_tests(entries, ROOT)
    table = pd.read_csv(ROOT / "figures" / "scorecard.csv", dtype=str, keep_default_na=False)
    skipped = []
    joined = M.attach(table, entries, skipped)
    assert not skipped, f"entries that match no committed claim: {[(m.figure, m.claim) for m in skipped]}"
    assert (joined.mechanism != "").sum() == len(entries), "an entry explains no failure of the committed scorecard"
