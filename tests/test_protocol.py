"""The decision protocol (docs/protocol.md): its rules are symmetric and monotone, its thresholds are the ones the
code uses, and every committed verdict is the one its inputs give under it."""
import ast
import importlib
import json
import math
import re
from pathlib import Path

import pandas as pd
import pytest
import yaml
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from statmech_bayes.reporting import protocol as P
from statmech_bayes.reporting.ledger import Ledger

ROOT = Path(__file__).resolve().parents[1]
FIGURES = ROOT / "figures"
verdicts = st.sampled_from(P.VERDICTS)
undecided_reasons = st.sampled_from([P.NOISE, P.UNCONVERGED, P.UNSTATED])


def mirror(v):
    return v.mirrored() if isinstance(v, P.Verdict) else P.MIRROR[v]


# --- properties of the rules ------------------------------------------------------------------------------------

@given(st.lists(st.tuples(verdicts, undecided_reasons), min_size=1, max_size=5))
@settings(deadline=None, max_examples=200)
def test_rule2_is_symmetric_and_an_undecided_reading_always_undecides(rs):
    vs, why = [v for v, _ in rs], [r for _, r in rs]
    out = P.readings(vs, why)
    assert P.readings([mirror(v) for v in vs], why) == out.mirrored()
    if P.INCONCLUSIVE in vs:
        assert out.verdict == P.INCONCLUSIVE
    if set(vs) == {P.PASS}:
        assert out == P.Verdict(P.PASS)
    if {P.PASS, P.FAIL} <= set(vs):
        assert out == P.Verdict(P.INCONCLUSIVE, P.WORDING)


@given(verdicts, verdicts, st.booleans())
@settings(deadline=None, max_examples=200)
def test_rule1_is_symmetric_and_only_a_proof_lets_the_revision_decide(reg, rev, proven):
    proof = "tests/test_x.py::test_y" if proven else ""
    out = P.revision(P.Verdict.of(reg), P.Verdict.of(rev), proof)
    assert P.revision(P.Verdict.of(mirror(reg)), P.Verdict.of(mirror(rev)), proof) == out.mirrored()
    assert out.verdict == (rev if proven else reg)


@given(verdicts, st.floats(1.0, 1e4), st.lists(st.sampled_from(P.VERDICTS), min_size=0, max_size=6))
@settings(deadline=None, max_examples=200)
def test_rule3_is_symmetric_and_unconverged_chains_decide_only_together(pooled, rhat, each):
    out = P.chains(pooled, rhat, each, rhat_max=1.1)
    assert P.chains(mirror(pooled), rhat, [mirror(v) for v in each], rhat_max=1.1) == out.mirrored()
    if rhat < 1.1:
        assert out.verdict == pooled
    elif len(each) >= 2 and len(set(each)) == 1 and each[0] in P.DECIDED:
        assert out.verdict == each[0]
    else:
        assert out == P.Verdict(P.INCONCLUSIVE, P.UNCONVERGED)


def _seed(v, x=math.nan, tol="a < b", reason=""):
    return {"verdict": v, "reason": reason or ("noise" if v == P.INCONCLUSIVE else ""), "reproduced": x,
            "tolerance": tol}


@given(st.lists(verdicts, min_size=1, max_size=5))
@settings(deadline=None, max_examples=200)
def test_rule4_majority_is_symmetric_and_an_agreeing_seed_never_removes_a_verdict(vs):
    out = P.seeds([_seed(v) for v in vs], level=0.975)
    assert P.seeds([_seed(mirror(v)) for v in vs], level=0.975).verdict == out.verdict.mirrored()
    if out.verdict.verdict in P.DECIDED:
        more = P.seeds([_seed(v) for v in vs] + [_seed(out.verdict.verdict)], level=0.975)
        assert more.verdict == out.verdict


finite = st.floats(-100, 100, allow_nan=False)


@given(st.lists(finite, min_size=2, max_size=5), finite)
@settings(deadline=None, max_examples=200)
def test_rule4_pooled_is_symmetric_and_an_agreeing_seed_never_removes_a_verdict(xs, bound):
    """The mirror of a claim "x <= b" is "x >= b" on the same numbers: every seed's pass becomes a fail and the
    pooled verdict must swap the same way (values on the bound, where both pass, are left out: measure zero)."""
    assume(all(abs(x - bound) > 1e-9 * (1 + abs(bound)) for x in xs))
    assume(abs(sum(xs) / len(xs) - bound) > 1e-9 * (1 + abs(bound)))

    def verdict_of(x, lo, hi):
        return P.PASS if lo <= x <= hi else P.FAIL
    up, down = f"[-inf, {bound!r}]", f"[{bound!r}, inf]"
    out = P.seeds([_seed(verdict_of(x, -math.inf, bound), x, up) for x in xs], level=0.975)
    mirrored = P.seeds([_seed(verdict_of(x, bound, math.inf), x, down) for x in xs], level=0.975)
    assert mirrored.verdict == out.verdict.mirrored()
    if out.verdict.verdict in P.DECIDED:
        mean = sum(xs) / len(xs)
        more = P.seeds([_seed(verdict_of(x, -math.inf, bound), x, up) for x in [*xs, mean]], level=0.975)
        assert more.verdict == out.verdict


@given(verdicts, st.dictionaries(st.text(min_size=1, max_size=3), verdicts, max_size=3))
@settings(deadline=None, max_examples=200)
def test_rule5_is_symmetric_and_undecided_settings_move_nothing(main, settings_):
    out = P.choices(P.Verdict.of(main), {k: P.Verdict.of(v) for k, v in settings_.items()})
    assert P.choices(P.Verdict.of(mirror(main)), {k: P.Verdict.of(mirror(v)) for k, v in settings_.items()}) \
        == out.mirrored()
    if all(v == P.INCONCLUSIVE for v in settings_.values()):
        assert out == P.Verdict.of(main)


def test_rule5_a_gate_admits_only_when_every_sanity_claim_passes_in_the_variant():
    gate = [{"figure": "f", "claim": "a"}, {"figure": "f", "claim": "b"}]
    ok, _ = P.admitted(gate, {("f", "a"): {"verdict": "pass"}, ("f", "b"): {"verdict": "pass"}})
    assert ok
    assert not P.admitted(gate, {("f", "a"): {"verdict": "pass"}, ("f", "b"): {"verdict": "fail"}})[0]
    assert not P.admitted(gate, {("f", "a"): {"verdict": "pass"}})[0], "a missing sanity claim fails the gate"


def test_the_pooled_rule_decides_a_precise_estimate_and_not_a_scattered_one():
    tol = "|reproduced - 1| <= atol=0.1"
    assert P.seeds([_seed("pass", x, tol) for x in (1.0, 1.01, 0.99)]).verdict.verdict == P.PASS
    assert P.seeds([_seed("fail", x, tol) for x in (1.5, 1.51, 1.49)]).verdict.verdict == P.FAIL
    assert P.seeds([_seed(v, x, tol) for v, x in (("pass", 1.0), ("pass", 1.05), ("fail", 1.3))]).verdict \
        == P.Verdict(P.INCONCLUSIVE, P.NOISE)


# --- the registered thresholds ------------------------------------------------------------------------------------

def _used_value(where: str):
    if ":" in where:
        module, name = where.split(":")
        return getattr(importlib.import_module(f"statmech_bayes.{module}"), name)
    if where.startswith("reporting."):
        return None  # used by the protocol itself through threshold()
    node = yaml.safe_load((ROOT / "workflow" / "config" / "full.yaml").read_text())
    for k in where.split("."):
        node = node[k]
    return node


@pytest.mark.parametrize("name,row", sorted(P.thresholds().items()))
def test_every_threshold_the_code_uses_is_the_registered_one(name, row):
    for where in row["used_by"].split(";"):
        used = _used_value(where.strip())
        if used is not None:
            assert float(used) == float(row["value"]), f"{name}: {where.strip()} uses {used}, registered {row['value']}"


def test_the_threshold_ledger_says_when_its_rows_were_written():
    for name, row in P.thresholds().items():
        assert row["commit"] == "baseline: results known" or re.fullmatch(r"[0-9a-f]{7,40}", row["commit"]), name


# --- every committed verdict is the protocol's -------------------------------------------------------------------

def _committed_claims():
    for f in sorted(FIGURES.glob("*/*.claims.json")):
        doc = json.loads(f.read_text())
        for c in doc["claims"]:
            yield doc, c


def _test_exists(proof: str) -> bool:
    file, name = proof.split("::")
    path = ROOT / file
    if not path.exists():
        return False
    tree = ast.parse(path.read_text())
    return any(isinstance(n, ast.FunctionDef) and n.name == name for n in tree.body)


def _split(v: str) -> P.Verdict:
    verdict, _, reason = str(v).partition(" (")
    return P.Verdict.of(verdict, reason.rstrip(")"))


_READING = re.compile(r"\((pass|fail|inconclusive)\)(?:;|$)")


def test_every_claims_file_was_judged_under_this_protocol():
    stale = sorted({doc["figure"] for doc, _ in _committed_claims() if doc.get("protocol") != P.VERSION})
    assert not stale, f"claims judged under other rules (rebuild them): {stale}"


def test_every_revision_decides_only_with_an_existing_proof():
    bad = []
    for doc, c in _committed_claims():
        if not c.get("registered_tolerance"):
            continue
        proof = c.get("revision_proof", "")
        if proof and not _test_exists(proof):
            bad.append(f"{doc['figure']}: {c['claim']!r} names {proof!r}, which does not exist")
            continue
        want = P.revision(_split(c["registered_verdict"]), _split(c["revised_verdict"]), proof)
        if (c["verdict"], c.get("reason", "")) != tuple(want):
            bad.append(f"{doc['figure']}: {c['claim']!r} is {c['verdict']} {c.get('reason', '')}, rule 1 gives {want}")
    assert not bad, "\n".join(bad)


BY_CONSTRUCTION = re.compile(r"true by (construction|algebra)|by construction:")
NAMED_TEST = re.compile(r"tests/test_\w+\.py::test_\w+")


def test_a_claim_its_note_calls_true_by_construction_is_a_setup_fact_naming_its_test():
    """Issue 43: a row whose note says it is true by construction (or by algebra) tests our code against itself: it
    is kind ``setup``, never a result; and where the note names the unit test of its identity, that test exists."""
    bad = []
    for doc, c in _committed_claims():
        note = c.get("note", "")
        if BY_CONSTRUCTION.search(note.lower()) and c.get("kind") not in ("setup", "ours"):
            bad.append(f"{doc['figure']}: {c['claim']!r} is a {c.get('kind')} whose note says it is true by construction")
        if c.get("kind") == "setup":
            bad += [f"{doc['figure']}: {c['claim']!r} names {t!r}, which does not exist"
                    for t in NAMED_TEST.findall(note) if not _test_exists(t)]
    assert not bad, "\n".join(bad)


def test_every_wording_claim_is_rule_2_of_its_readings():
    bad = []
    for doc, c in _committed_claims():
        if c.get("kind") != "wording" or c.get("registered_tolerance"):
            continue
        each = _READING.findall(str(c["reproduced"]))
        if len(each) < 2:
            bad.append(f"{doc['figure']}: {c['claim']!r}: readings not found in {c['reproduced']!r}")
            continue
        got = P.readings(each, [c.get("reason") or P.NOISE if v == P.INCONCLUSIVE else "" for v in each])
        if got.verdict != c["verdict"]:
            bad.append(f"{doc['figure']}: {c['claim']!r} is {c['verdict']}, rule 2 gives {got.verdict}")
    assert not bad, "\n".join(bad)


def test_every_proven_revision_is_a_row_of_the_ledger_with_the_same_proof():
    ledger = Ledger.load(FIGURES)
    proofs = {(r["figure"], r.get("proof", "")) for r in ledger.revisions if r["change"] == "reading"}
    missing = [f"{doc['figure']}: {c['claim']!r} ({c['revision_proof']})" for doc, c in _committed_claims()
               if c.get("revision_proof") and (doc["figure"], c["revision_proof"]) not in proofs]
    assert not missing, "proofs without a revisions.csv row naming them:\n" + "\n".join(missing)


def test_the_scorecard_is_the_protocol_applied_to_the_committed_claims():
    """Recompute figures/scorecard.csv's verdicts from the claims files and the robustness table by rules 4-5."""
    from statmech_bayes.reporting import robustness
    from statmech_bayes.reporting.scorecard import gather

    files = sorted(FIGURES.glob("*/*.claims.json"))
    registry = robustness.load_variants(ROOT / "workflow" / "config" / "variants.yaml")
    table = robustness.apply(gather(files), robustness.load(FIGURES / "robustness.csv"), registry)
    committed = pd.read_csv(FIGURES / "scorecard.csv", dtype=str, keep_default_na=False)
    mine = {(r.figure, r.claim): (r.verdict, r.reason or "") for r in table.itertuples()}
    theirs = {(r.figure, r.claim): (r.verdict, r.reason) for r in committed.itertuples()}
    assert set(mine) == set(theirs), "the scorecard lists other claims than the claims files"
    diff = [f"{k}: scorecard {theirs[k]}, protocol {mine[k]}" for k in mine if mine[k] != theirs[k]]
    assert not diff, "\n".join(diff[:20])
