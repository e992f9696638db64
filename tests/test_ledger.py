"""Rule 1 of the claims (issue 34): the first reading stands. Every committed claim is judged under its registered
reading or under a revision recorded in figures/<paper>/revisions.csv; the ledger's own logic on small cases."""
import subprocess
from functools import cache
from pathlib import Path

import pytest

from statmech_bayes.reporting.ledger import Ledger, check, claims_of, matches, register, template

ROOT = Path(__file__).resolve().parents[1]


def _git(*args) -> subprocess.CompletedProcess:
    return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True, check=False)


@cache
def _last_commit(path: str) -> str:
    out = _git("log", "-1", "--format=%H", "--", path)
    return "" if out.returncode else out.stdout.strip()


def _awaiting_first_result(row: dict) -> bool:
    """A reading registered after its figure's claims file was last committed: it is registered before the run that
    first computes it (rule 5), so that file cannot hold it yet. Its commit is PENDING (registered in the commit that
    adds it, filled in by the next) or not an ancestor of the claims file's last commit. Without git: never."""
    last = _last_commit(f"figures/{row['figure']}.claims.json")
    if not last:
        return False
    if row["commit"] == "PENDING":
        return True
    known = _git("cat-file", "-e", f"{row['commit']}^{{commit}}")
    if known.returncode:
        return False
    return _git("merge-base", "--is-ancestor", row["commit"], last).returncode == 1


def test_every_committed_claim_is_judged_under_its_registered_reading_or_a_recorded_revision():
    ledger = Ledger.load(ROOT / "figures")
    # registered ahead of their first result: not yet in the committed claims (every other check still applies)
    ahead = [r for r in ledger.readings if _awaiting_first_result(r)]
    computed = {(c["figure"], c["claim"]) for c in claims_of(ROOT / "figures")}
    ahead = [r for r in ahead if not any(f == r["figure"] and matches(r["claim"], t) for f, t in computed)]
    problems = check(claims_of(ROOT / "figures"), Ledger([r for r in ledger.readings if r not in ahead],
                                                         ledger.revisions))
    assert not problems, "\n".join(problems[:30])


def test_every_revision_is_complete_and_a_proof_is_a_test_that_exists():
    """Rule 1 of docs/protocol.md: a revision decides only with a proof, a test that exists; only a reading's
    revision can carry one."""
    import ast

    ledger = Ledger.load(ROOT / "figures")
    for r in ledger.revisions:
        assert r["change"] in ("reading", "kind", "claim", "retired"), r
        assert r["commit"] and r["commit"] != "PENDING", f"{r['figure']}: {r['claim']!r}: the revision's commit"
        assert r["reason"].strip() and r["verdict_before"].strip(), r
        proof = r.get("proof") or ""
        if not proof:
            continue
        assert r["change"] == "reading", f"{r['figure']}: only a re-reading is proven: {r}"
        file, _, name = proof.partition("::")
        tree = ast.parse((ROOT / file).read_text())
        assert name in {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}, f"{r['figure']}: {proof}"


def test_the_ledger_says_when_each_reading_was_registered_against_its_first_result():
    """A reading fixed before the result it decides is what the protocol asks; the ledger says honestly which were
    not (``when``), checked against the git history of the claims files (skipped in a shallow clone)."""
    import subprocess

    from statmech_bayes.reporting.ledger import WHEN, when_registered
    if subprocess.run(["git", "rev-parse", "--is-shallow-repository"], cwd=ROOT, capture_output=True,
                      text=True).stdout.strip() != "false":
        pytest.skip("the git history is needed")
    ledger = Ledger.load(ROOT / "figures")
    wrong = []
    for r in ledger.readings:
        assert r["when"] in WHEN, r
        if r["when"] == WHEN[0]:
            continue
        found = when_registered(r, ROOT)
        if found is not None and found != r["when"]:
            wrong.append(f"{r['figure']}: {r['claim']!r} registered at {r['commit']}: ledger says {r['when']!r}, "
                         f"the history {found!r}")
    assert not wrong, "\n".join(wrong)


def test_numbers_computed_from_the_data_are_templates_and_thresholds_are_not():
    t = template("|reproduced - 24.3| <= atol=1.96156", "|reproduced - 24.3| <= atol=2.5")
    assert t == "|reproduced - 24.3| <= atol=#"
    assert matches(t, "|reproduced - 24.3| <= atol=3") and not matches(t, "|reproduced - 30| <= atol=3")
    assert template("[0.5, inf]", "[0.5, inf]") == "[0.5, inf]" and not matches("[0.5, inf]", "[0.3, inf]")
    assert template("a", "b c") == "a", "texts that differ in more than numbers stay exact"


def _claim(fig, text, tol, kind="value", **kw):
    return {"figure": fig, "claim": text, "tolerance": tol, "kind": kind, **kw}


def test_a_silent_re_reading_is_caught_and_a_recorded_one_is_not():
    ledger = Ledger([], [])
    register([_claim("p/fig1", "level at x = 3.1", "[0, 0.5]")], [_claim("p/fig1", "level at x = 2.9", "[0, 0.5]")],
             ledger, "abc")
    assert ledger.readings[0]["claim"] == "level at x = #"
    assert not check([_claim("p/fig1", "level at x = 4.0", "[0, 0.5]")], ledger)
    loosened = check([_claim("p/fig1", "level at x = 4.0", "[0, 0.9]")], ledger)
    assert len(loosened) == 1 and "carries no revision" in loosened[0]
    revised = _claim("p/fig1", "level at x = 4.0", "[0, 0.3]", registered_tolerance="[0, 0.5]")
    assert "has no record" in check([revised], ledger)[0]
    ledger.revisions.append({"figure": "p/fig1", "claim": "level at x = #", "change": "reading", "registered": "[0, 0.5]",
                             "revised": "[0, 0.3]", "commit": "def", "verdict_before": "pass", "reason": "stricter"})
    assert not check([revised], ledger)
    assert "kind" in check([_claim("p/fig1", "level at x = 4.0", "[0, 0.5]", kind="setup")], ledger)[0]
    ledger.revisions.append({"figure": "p/fig1", "claim": "level at x = #", "change": "kind", "registered": "value",
                             "revised": "setup", "commit": "def", "verdict_before": "pass", "reason": "a stated size"})
    assert not check([_claim("p/fig1", "level at x = 4.0", "[0, 0.5]", kind="setup")], ledger)


@pytest.mark.parametrize("retired", [False, True])
def test_a_claim_that_disappears_must_be_retired(retired):
    ledger = Ledger([{"figure": "p/fig1", "claim": "gone", "kind": "value", "reading": "[0, 1]", "commit": "a"}], [])
    if retired:
        ledger.revisions.append({"figure": "p/fig1", "claim": "gone", "change": "retired", "registered": "",
                                 "revised": "", "commit": "b", "verdict_before": "fail", "reason": "why"})
    assert bool(check([], ledger)) != retired
    assert not check([], ledger, complete=False)
