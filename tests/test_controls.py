"""Negative controls (issue 43, statmech_bayes.reporting.controls): the outcome of a wrong answer on a claim, the
scorecard's control status (a weak pass is never counted as control-checked), the ledger of registered controls, and
on the quick build every figure's controls run and at least one is detected."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from statmech_bayes.pipeline import controls_registry as reg
from statmech_bayes.reporting import controls as ct
from statmech_bayes.reporting.claims import ClaimsRecord

ROOT = Path(__file__).resolve().parents[1]


def _toy_claims(slope: float, first: float, n: int = 3) -> ClaimsRecord:
    """A toy figure: a learning curve's log-log slope (the paper says -1) and its first point (a set-up fact)."""
    rec = ClaimsRecord("toy/fig1", "Toy 2020")
    rec.close("log-log slope", "the error falls as 1/n", slope, -1.0, atol=0.1, decidable=slope == slope)
    rec.setup("first point", "starts at the prior variance", first, first == 1.0, "== 1")
    if n > 2:
        rec.within("points", "three points", n, 3, 3)
    return rec


def _toy(controls):
    return ct.FigureControls("toy/fig1", lambda inputs, cfg: (inputs["slope"], 1.0), _toy_claims, tuple(controls))


FLAT = ct.Control("flat_curve", "the curve held flat at its first point", lambda a: (0.0, a[1]))
STEEP = ct.Control("steeper", "a curve falling a little faster, within the bar", lambda a: (a[0] - 0.05, a[1]))
NOISY = ct.Control("nan_curve", "a curve with no decided slope at all", lambda a: (float("nan"), a[1]))
SHORT = ct.Control("two_points", "a curve cut to two points, so the count claim is not made", lambda a: a,
                   claims="points")


def test_outcomes_of_a_wrong_answer():
    real, table = ct.run(_toy([FLAT, STEEP]), {"slope": -1.02}, {})
    got = {(r.claim, r.control): r.outcome for r in table.itertuples()}
    assert got[("log-log slope", "flat_curve")] == ct.DETECTED
    assert got[("log-log slope", "steeper")] == ct.PASSED
    # a control that leaves a claim's number as it is does not bear on it
    assert got[("first point", "flat_curve")] == ct.UNCHANGED
    assert got[("points", "steeper")] == ct.UNCHANGED
    assert [c.verdict for c in real.claims] == ["pass", "pass", "pass"]


def test_a_control_restricted_to_some_claims_bears_on_no_other():
    real, cut = _toy_claims(-1.0, 1.0), _toy_claims(0.0, 1.0, n=2)
    by_text = {c.claim: c for c in cut.claims}
    # the claim the control is a wrong answer for: not made on its data
    assert ct.outcome(real.claims[2], by_text.get("points"), SHORT.claims) == ct.MISSING
    # a claim outside its pattern: it does not bear on it, whatever the number does
    assert ct.outcome(real.claims[0], by_text["log-log slope"], SHORT.claims) == ct.UNCHANGED
    assert ct.outcome(real.claims[0], by_text["log-log slope"]) == ct.DETECTED


def test_a_control_never_changes_the_real_arguments():
    def mutate(a):
        a[0]["slope"] = 0.0
        return a

    fc = ct.FigureControls("toy/fig1", lambda inputs, cfg: ({"slope": -1.0}, 1.0),
                           lambda d, f: _toy_claims(d["slope"], f),
                           (ct.Control("flat_in_place", "the curve made flat in place", mutate),))
    real, table = ct.run(fc, {}, {})
    assert real.claims[0].reproduced == -1.0
    assert table.outcome.iloc[0] == ct.DETECTED


def _scorecard(rows):
    cols = ["paper", "figure", "claim", "kind", "verdict", "known"]
    return pd.DataFrame(rows, columns=cols)


def test_a_weak_pass_is_never_control_checked():
    table = _scorecard([["toy", "toy/fig1", "log-log slope", "value", "pass", ""],
                        ["toy", "toy/fig1", "first point", "setup", "pass", ""],
                        ["toy", "toy/fig1", "points", "value", "pass", ""],
                        ["toy", "toy/fig1", "bound below", "value", "pass", "Opper & Vivarelli 1999"],
                        ["toy", "toy/fig1", "a failing claim", "value", "fail", ""]])
    _, ctrl = ct.run(_toy([FLAT, STEEP]), {"slope": -1.02}, {})
    out = ct.control_status(table, ctrl).set_index("claim")
    assert out.loc["log-log slope", "control"] == ct.WEAK
    assert out.loc["log-log slope", "weak_controls"] == "steeper"
    assert out.loc["points", "control"] == ct.UNCHECKED       # no control bears on it
    assert out.loc["first point", "control"] == ""            # a set-up fact is not a result
    assert out.loc["bound below", "control"] == ""            # proven before the paper
    assert out.loc["a failing claim", "control"] == ""
    _, only_flat = ct.run(_toy([FLAT]), {"slope": -1.02}, {})
    assert ct.control_status(table, only_flat).set_index("claim").loc["log-log slope", "control"] == ct.CHECKED
    # an undecided control is no detection: the pass stays unchecked, never control-checked
    _, undecided = ct.run(_toy([FLAT, NOISY]), {"slope": -1.02}, {})
    row = ct.control_status(table, undecided).set_index("claim").loc["log-log slope"]
    assert row.control == ct.UNCHECKED
    c = ct.counts(ct.control_status(table, ctrl), ["toy", "other"]).set_index("paper")
    assert (c.loc["toy"].to_dict(), c.loc["other"].sum()) == ({"control_checked": 0, "weak": 1, "unchecked": 1}, 0)


def test_the_loader_must_reproduce_the_figures_claims():
    real = _toy_claims(-1.02, 1.0)
    ct.check_real(real, real.to_dict())
    with pytest.raises(ValueError, match="does not reproduce"):
        ct.check_real(real, _toy_claims(-1.03, 1.0).to_dict())


def test_every_declared_control_is_registered_in_the_ledger():
    """Controls are registered like readings: the ledger (figures/controls.csv, written by
    ``python -m statmech_bayes.pipeline.controls_registry``) lists each as declared; a change to one shows in its history."""
    ledger = pd.read_csv(ROOT / reg.LEDGER, dtype=str, keep_default_na=False)
    assert ledger.to_dict("records") == reg.declared().astype(str).to_dict("records")


@pytest.mark.workflow
def test_every_figures_controls_run_on_the_quick_build(quick_run):
    """On the quick build each declared figure's controls table exists with its declared controls, some control
    bears on some claim of every figure, and every paper has a detected control. (At quick sizes many claims are
    undecided, so a detection per figure is asked of the paper-scale tables, below.)"""
    declared = reg.declared()
    assert len(declared)
    detected = set()
    for (paper, figure), g in declared.groupby(["paper", "figure"]):
        table = pd.read_csv(Path(quick_run) / "quick" / "figures" / f"{figure}.controls.csv", keep_default_na=False)
        assert set(table.control) == set(g.control), figure
        assert (table.outcome != ct.UNCHANGED).any(), f"{figure}: no control bears on any claim"
        if (table.outcome == ct.DETECTED).any():
            detected.add(paper)
    assert detected == set(declared.paper)


def test_at_paper_scale_some_control_of_every_figure_is_detected():
    """A control that nothing detects is no control: in every committed controls table some control fails some
    claim, unless the figure has no passing result for a control to be detected on."""
    scorecard = pd.read_csv(ROOT / "figures" / "scorecard.csv", keep_default_na=False)
    for figure in reg.declared().figure.unique():
        path = ROOT / "figures" / f"{figure}.controls.csv"
        if not path.exists():
            pytest.skip("the controls are not built at paper scale yet")
        table = pd.read_csv(path, keep_default_na=False)
        passes = scorecard[(scorecard.figure == figure) & (scorecard.verdict == "pass")
                           & ~scorecard.kind.isin(["setup", "ours"])]
        if len(passes):
            assert (table.outcome == ct.DETECTED).any(), f"{figure}: no control is detected"


def test_pages_and_summary_show_weak_passes():
    from statmech_bayes.reporting import paper_pages as pp

    rows = pd.DataFrame([dict(paper="toy", figure="toy/fig1", claim="slope", kind="value", paper_statement="1/n",
                              reproduced="-1.02", tolerance="|reproduced - -1| <= atol=0.1", verdict="pass",
                              control="weak", weak_controls="steeper"),
                         dict(paper="toy", figure="toy/fig1", claim="order", kind="relation", paper_statement="a < b",
                              reproduced="1", tolerance="strict order", verdict="pass", control="control-checked",
                              weak_controls=""),
                         dict(paper="toy", figure="toy/fig1", claim="size", kind="setup", paper_statement="n = 3",
                              reproduced="3", tolerance="== 3", verdict="pass", control="", weak_controls="")])
    assert pp.summary_rows(rows, {"toy": "Toy"})[2] == \
        "| [Toy](docs/papers/toy.md) | 2 | 1 | 1 | 0 (0) | 0 | none |"
    declared = pd.DataFrame([dict(paper="toy", figure="toy/fig1", control="steeper",
                                  wrong_answer="a curve twice as steep", claims="slope|order")])
    page = pp.page(rows, "toy", declared=declared)
    assert "pass, weak (a wrong answer passes too: steeper)" in page and "pass, control-checked" in page
    # which controls exist: listed on the paper's page, with the claims a limited one applies to
    assert "| Fig 1 | steeper | a curve twice as steep (only claims matching `slope\\|order`) |" in page
    assert "2 pass (1 is reproduced: every wrong answer fed to the same check (a negative control) that bears on it " \
        "fails; 1 weak: a wrong answer passes too)" in page


def test_a_claim_whose_text_carries_a_number_of_the_data_is_still_matched():
    def rec(n_lo):
        r = ClaimsRecord("toy/fig1", "Toy 2020")
        r.close(f"bound tight for n = {n_lo}-300", "the bound is tight at large n", 0.01 * n_lo, 1.0, atol=0.5)
        r.close("slope", "the error falls as 1/n", -1.0, -1.0, atol=0.1)
        return r

    real, moved = rec(100), rec(250)
    got = ct.match(real.claims, moved.claims)
    assert [g.claim for g in got] == ["bound tight for n = 250-300", "slope"]
    assert ct.outcome(real.claims[0], got[0]) == ct.DETECTED
    # a text that is one of ours is never matched to another claim
    assert ct.match(real.claims, moved.claims[1:])[0] is None


def test_the_workflow_builds_controls_for_exactly_the_declaring_figures(tmp_path):
    """The Snakefile learns which figures have a controls rule from the ledger (issue 45: without importing the
    claims); that is every figure with a declared control, and a missing or foreign ledger stops with a message
    that says how to restore it."""
    from statmech_bayes.pipeline.registry import papers

    seen = reg.registered_figures(ROOT / reg.LEDGER)
    assert seen == {k: set(reg.paper_controls(k)) for k in papers() if reg.paper_controls(k)}
    with pytest.raises(ValueError, match="controls_registry"):
        reg.registered_figures(tmp_path / "missing.csv")
    (tmp_path / "other.csv").write_text("a,b\n1,2\n")
    with pytest.raises(ValueError, match="not a controls ledger"):
        reg.registered_figures(tmp_path / "other.csv")
