"""Rules 4 and 5 of the decision protocol (docs/protocol.md) on hand-made verdict tables; the variants registry and
the overlays' output roots."""
from pathlib import Path

import pandas as pd
import pytest
import yaml

from statmech_bayes.pipeline import variants as V
from statmech_bayes.reporting import protocol
from statmech_bayes.reporting.robustness import Variant, apply, load_variants, robust, seed_stability, status, table

ROOT = Path(__file__).resolve().parents[1]
GATE = ({"figure": "p/fig9", "claim": "sanity"},)
REG = {
    "seed7": Variant("seed7", "seed", "master seed", "1", "7"),
    "seed11": Variant("seed11", "seed", "master seed", "1", "11"),
    "tie_first": Variant("tie_first", "choice", "tie rule", "last", "first", gate=GATE),
    "T21": Variant("T21", "choice", "T", "T = 20", "T = 21", text_fixes=("fig3",), gate=GATE),
}
ALL = {n: True for n in REG}


def claim(verdict, value=1.0, figure="p/fig1", text="x below 2", kind="value", reason="", tolerance="[-inf, 2]"):
    return {"figure": figure, "claim": text, "kind": kind, "verdict": verdict, "reproduced": value,
            "tolerance": tolerance, "reason": reason or ("noise" if verdict == "inconclusive" else ""),
            "protocol": protocol.VERSION}


def test_seeds_decide_a_number_on_its_pooled_mean_with_the_between_seed_error():
    r = robust(claim("pass", 1.9), {"seed7": claim("fail", 2.1), "seed11": claim("pass", 1.95)}, REG, ALL)
    assert (r["robust_verdict"], r["robust_reason"], r["seed_stable"]) == ("inconclusive", "noise", False)
    assert "pooled" in r["robust_note"]
    held = robust(claim("fail", 2.5), {"seed7": claim("fail", 2.4), "seed11": claim("fail", 2.45)}, REG, ALL)
    assert (held["robust_verdict"], held["seed_stable"]) == ("fail", True)
    # the pooled mean, not the majority: two passes just inside and one far outside do not make a pass
    far = robust(claim("pass", 1.99), {"seed7": claim("pass", 1.98), "seed11": claim("fail", 9.0)}, REG, ALL)
    assert far["robust_verdict"] == "inconclusive"


def test_seeds_decide_a_relation_by_majority():
    rel = dict(kind="relation", tolerance="a < b")
    r = robust(claim("pass", **rel), {"seed7": claim("fail", **rel), "seed11": claim("pass", **rel)}, REG, ALL)
    assert (r["robust_verdict"], r["seed_stable"]) == ("pass", False) and "2 of 3" in r["robust_note"]
    r = robust(claim("pass", **rel), {"seed7": claim("fail", **rel), "seed11": claim("inconclusive", **rel)},
               REG, ALL)
    assert r["robust_verdict"] == "inconclusive"


def test_a_build_that_does_not_decide_moves_nothing():
    r = robust(claim("pass", 1.0), {"seed7": claim("fail", 9.0), "T21": claim("fail")}, REG,
               {"seed7": False, "T21": False})
    assert (r["robust_verdict"], r["seed_stable"]) == ("pass", None)


def test_an_undecided_variant_never_moves_a_decided_verdict():
    r = robust(claim("pass"), {"tie_first": claim("inconclusive")}, REG, ALL)
    assert r["robust_verdict"] == "pass"


def test_a_verdict_that_moves_with_an_admitted_unstated_choice_names_it():
    r = robust(claim("fail", 3.0), {"tie_first": claim("pass", 0.237)}, REG, ALL)
    assert (r["robust_verdict"], r["robust_reason"]) == ("inconclusive", "unstated setup")
    assert "tie rule" in r["robust_note"] and "first: 0.237 (pass)" in r["robust_note"]


def test_a_choice_the_text_fixes_does_not_move_the_verdict():
    r = robust(claim("pass", figure="p/fig3"), {"T21": claim("fail", figure="p/fig3")}, REG, ALL)
    assert r["robust_verdict"] == "pass"
    r = robust(claim("pass", figure="p/fig4"), {"T21": claim("fail", figure="p/fig4")}, REG, ALL)
    assert r["robust_reason"] == "unstated setup"


def test_setup_facts_and_undecided_main_verdicts_stay():
    assert robust(claim("pass", kind="setup"), {"seed7": claim("fail", kind="setup")}, REG, ALL)["robust_verdict"] \
        == "pass"
    r = robust(claim("inconclusive"), {"T21": claim("pass")}, REG, ALL)
    assert (r["robust_verdict"], r["robust_reason"]) == ("inconclusive", "noise")


def test_a_variant_decides_only_through_its_gate_a_complete_seed_and_the_same_protocol():
    main = [claim("pass", text="a"), claim("pass", figure="p/fig9", text="sanity")]
    good = [claim("fail", text="a"), claim("pass", figure="p/fig9", text="sanity")]
    bad = [claim("fail", text="a"), claim("fail", figure="p/fig9", text="sanity")]
    assert status("T21", REG["T21"], good, main).decides
    b = status("T21", REG["T21"], bad, main)
    assert not b.decides and "sanity" in b.gate[0]
    assert not status("seed7", REG["seed7"], good[:1], main).decides, "a seed built for some figures only"
    old = [{**c, "protocol": None} for c in good]
    assert not status("seed7", REG["seed7"], old, main).decides, "judged under other rules"
    t = table(main, {"T21": bad}, REG)
    assert list(t.robust_verdict) == ["pass", "pass"] and not t["T21_decides"].any()


def test_the_table_carries_the_deciding_readings_number_beside_its_tolerance():
    """A revision without a proof does not decide: the seeds pool the registered reading's number against the
    registered range, never the revised number against it."""
    revised = {**claim("pass", 5.0, tolerance="[-inf, 10]"), "registered_tolerance": "[-inf, 2]",
               "registered_reproduced": 1.5, "revision_proof": ""}
    proven = {**revised, "revision_proof": "tests/test_x.py::test_y"}
    t = table([revised], {"seed7": [revised]}, REG)
    assert (t.main_value[0], t.main_tolerance[0], t.seed7_value[0], t.seed7_tolerance[0]) == \
        ("1.5", "[-inf, 2]", "1.5", "[-inf, 2]")
    t = table([proven], {"seed7": [proven]}, REG)
    assert (t.main_value[0], t.main_tolerance[0]) == ("5", "[-inf, 10]")


def test_claims_are_matched_by_text_with_numbers_masked():
    """A location computed from the data moves with the seed; the claim is the same."""
    rel = dict(kind="relation", tolerance="a < b")
    main = [claim("pass", text="minimum in the dent at x = 0.497", **rel), claim("pass", text="other", **rel)]
    s7 = [claim("fail", text="minimum in the dent at x = 0.512", **rel), claim("pass", text="other", **rel)]
    s11 = [claim("fail", text="minimum in the dent at x = 0.52", **rel), claim("pass", text="other", **rel)]
    t = table(main, {"seed7": s7, "seed11": s11}, REG)
    assert list(t.seed7) == ["fail", "pass"] and list(t.robust_verdict) == ["fail", "pass"]


def test_the_scorecard_applies_the_rules_to_its_current_verdicts():
    base = {"paper": "p", "figure": "p/fig1", "reason": "", "finding": "", "finding_test": "", "note": "",
            "tolerance": "a < b", "registered_tolerance": "", "registered_reproduced": "", "revision_proof": ""}
    score = pd.DataFrame([
        {**base, "claim": "a", "kind": "relation", "verdict": "fail", "reproduced": 3.0,
         "finding": "the paper's error", "finding_test": "test_x"},
        {**base, "claim": "b", "kind": "relation", "verdict": "pass", "reproduced": 1.0},
        {**base, "claim": "c", "kind": "setup", "verdict": "pass", "reproduced": 1.0}])
    rob = pd.DataFrame([{"figure": "p/fig1", "claim": x, "seed7": v7, "seed7_value": "1", "seed7_tolerance": "a < b",
                         "seed7_decides": "True", "seed11": v11, "seed11_value": "1", "seed11_tolerance": "a < b",
                         "seed11_decides": "True"}
                        for x, v7, v11 in (("a", "pass", "pass"), ("b", "pass", "fail"), ("c", "fail", "fail"))])
    out = apply(score, rob, REG)
    assert list(out.verdict) == ["pass", "pass", "pass"]
    assert list(out.build_verdict) == ["fail", "pass", "pass"]
    assert out.finding[0] == "" and "the paper's error" in out.note[0], "a finding explains a decided failure only"
    assert set(out.decided_on) == {"main seed and 7, 11"}
    s = seed_stability(out).iloc[0]
    assert (s.seed_stable, s.seed_decided) == (0, 2)
    old = rob.drop(columns=["seed7_decides", "seed11_decides"])
    kept = apply(score, old, REG)
    assert list(kept.verdict) == ["fail", "pass", "pass"] and "alone" in kept.decided_on[0]
    assert list(apply(score, None, REG).verdict) == ["fail", "pass", "pass"]
    alone = apply(score, rob.assign(seed11_decides="False"), REG)   # rule 4: the seeds enter together
    assert list(alone.verdict) == ["fail", "pass", "pass"] and "seed 11 not yet built" in alone.decided_on[0]


def test_one_seed_built_of_two_decides_nothing_in_the_table():
    """Rule 4: with seed 7 complete and seed 11 not built, the table lets no seed decide (two seeds pooled with
    one degree of freedom are a seed set nobody fixed); once both are complete, both decide."""
    main = [claim("fail", 1.0, tolerance="[2, 3]")]
    one = table(main, {"seed7": [claim("pass", 2.5, tolerance="[2, 3]")]}, REG)
    assert not one.seed7_decides[0] and one.robust_verdict[0] == "fail"
    assert one.seed7_waiting[0], "seed 7 is built for every figure: it waits, it is not incomplete"
    score = pd.DataFrame([{"paper": "p", "figure": "p/fig1", "claim": "a claim", "kind": "value", "verdict": "fail",
                           "reason": "", "finding": "", "finding_test": "", "note": "", "reproduced": 1.0,
                           "tolerance": "[2, 3]", "registered_tolerance": "", "registered_reproduced": "",
                           "revision_proof": ""}])
    said = apply(score, one, REG).decided_on[0]
    assert "seed 11 not yet built" in said and "7" not in said.split("rule 4")[1], said
    both = table(main, {"seed7": [claim("pass", 2.5, tolerance="[2, 3]")],
                        "seed11": [claim("pass", 2.5, tolerance="[2, 3]")]}, REG)
    assert both.seed7_decides[0] and both.seed11_decides[0] and both.robust_verdict[0] != "fail"


def test_the_registry_is_valid_and_each_overlay_writes_under_its_own_root():
    reg = load_variants(V.REGISTRY)
    assert any(v.kind == "seed" for v in reg.values()) and any(v.kind == "choice" for v in reg.values())
    full = yaml.safe_load((ROOT / "workflow" / "config" / "full.yaml").read_text())
    for name, v in reg.items():
        for base in ("full", "quick"):
            cfg = V.overlay_config(v, base)
            root = V.variant_root(base, name)
            assert cfg["output_root"] == root and root.endswith(f"variants/{name}")
            assert all(t.startswith(root + "/figures/") for t in V.targets(v, base))
        for key in v.overlay:                    # every overlaid key exists in the configuration it changes
            assert key in full, (name, key)
        assert v.kind == "seed" or not v.reuse or v.papers != ("all",), "a reused choice names its papers"


def test_linking_the_main_build_moves_the_records_paths(tmp_path):
    """A reused variant starts from hard links of the main build's results and Snakemake's records of them, with
    every path moved under its root (else Snakemake would rerun everything, or nothing). Snakemake writes a record's
    paths sorted and compares them with the job's sorted paths, so the moved lists are sorted again: a path moved
    from results/ to variants/ sorts after src/ (unsorted, every reused job read "set of input files has changed"
    and reran: seen on the paper-scale choice variants)."""
    import json
    (tmp_path / "results" / "p").mkdir(parents=True)
    (tmp_path / "results" / "p" / "a.npz").write_bytes(b"x")
    (tmp_path / "results" / "p" / "b.npz").write_bytes(b"y")   # no record: not linked
    meta = tmp_path / V.METADATA
    meta.mkdir(parents=True)
    (meta / V._encode("results/p/a.npz")).write_text(json.dumps(
        {"rule": "r", "input": ["data/d.csv", "results/p/in.npz", "src/x.py"], "log": ["results/logs/r.log"],
         "params": ["{'T': 20}"], "input_checksums": {"results/p/in.npz": "sha256:0"}}))
    assert V.seed_from_main(".", "variants/v", tmp_path) == 1
    linked = tmp_path / "variants" / "v" / "results" / "p" / "a.npz"
    assert linked.read_bytes() == b"x" and linked.stat().st_ino == (tmp_path / "results/p/a.npz").stat().st_ino
    rec = json.loads((meta / V._encode("variants/v/results/p/a.npz")).read_text())
    assert rec["input"] == ["data/d.csv", "src/x.py", "variants/v/results/p/in.npz"]
    assert rec["log"] == ["variants/v/results/logs/r.log"] and rec["params"] == ["{'T': 20}"]
    assert list(rec["input_checksums"]) == ["variants/v/results/p/in.npz"]
    assert V.seed_from_main(".", "variants/v", tmp_path) == 0, "an existing variant root is left as it is"
    assert V._moved("quick/results/x", "quick", "quick/variants/v") == "quick/variants/v/results/x"


@pytest.mark.parametrize("name", ["nonexistent"])
def test_an_unknown_variant_is_named(name):
    with pytest.raises(SystemExit, match="nonexistent"):
        V.build([name])


def test_an_unfinished_variant_build_writes_no_table(monkeypatch, capsys):
    """An interrupted or failed build (non-zero status) leaves the robustness table as it was: a table then would
    hold whatever happened to be finished."""
    monkeypatch.setattr(V, "build", lambda *a, **k: 130)
    monkeypatch.setattr(V, "write_table", lambda *a, **k: pytest.fail("a table was written after an unfinished build"))
    assert V.main(["build", "seed7"]) == 130
    assert "not written" in capsys.readouterr().err
    wrote = []
    monkeypatch.setattr(V, "build", lambda *a, **k: 0)
    monkeypatch.setattr(V, "write_table", lambda *a, **k: wrote.append(1) or "figures/robustness.csv")
    assert V.main(["build", "seed7"]) == 0 and wrote == [1]


def test_the_scorecard_pools_the_seeds_numbers_as_the_claims_files_hold_them():
    """Rule 4 pools the seeds' numbers. The table wrote them at six significant digits while the scorecard took the
    main seed's from its claims file: three seeds equal to the claims files' ten digits scattered by the rounding,
    and a range tighter than that (Sollich & Halees' simulated eps(1) against its exact value, atol 3.7e-12) went
    undecided on the scorecard while the table's own verdict passed. The two routes must agree."""
    tol = "|reproduced - 0.9904761905| <= atol=3.6921e-12"
    same = claim("pass", 0.9904761905, tolerance=tol)
    t = table([same], {"seed7": [same], "seed11": [same]}, REG)
    assert t.seed7_value[0] == "0.9904761905" and t.robust_verdict[0] == "pass"
    score = pd.DataFrame([{"paper": "p", "figure": "p/fig1", "claim": "x below 2", "kind": "value",
                           "verdict": "pass", "reason": "", "finding": "", "finding_test": "", "note": "",
                           "reproduced": 0.9904761905, "tolerance": tol, "registered_tolerance": "",
                           "registered_reproduced": "", "revision_proof": ""}])
    assert apply(score, t, REG).verdict[0] == "pass"
    # a number the table can carry only in full: the scorecard still reads it back exactly
    exact = 0.1 + 0.2
    assert float(table([claim("pass", exact)], {}, REG).main_value[0]) == exact


def test_the_committed_scorecard_and_robustness_table_give_every_claim_the_same_verdict():
    """The same rules 4 and 5 computed by two routes: the table from the claims files of every build, the scorecard
    from its current verdicts and the table's numbers. Any difference is a number lost between them."""
    rob = pd.read_csv(ROOT / "figures" / "robustness.csv", dtype=str, keep_default_na=False)
    score = pd.read_csv(ROOT / "figures" / "scorecard.csv", dtype=str, keep_default_na=False)
    table_says = {(r.figure, r.claim): (r.robust_verdict, r.robust_reason) for r in rob.itertuples()}
    judged = {(r.figure, r.claim) for r in score.itertuples() if r.kind != "setup"}
    assert judged <= set(table_says), f"claims the table does not carry: {sorted(judged - set(table_says))[:5]}"
    diff = [f"{r.figure}: {r.claim[:60]}: table {table_says[(r.figure, r.claim)]}, scorecard {(r.verdict, r.reason)}"
            for r in score.itertuples() if (r.figure, r.claim) in table_says
            and table_says[(r.figure, r.claim)] != (r.verdict, r.reason)]
    assert not diff, "\n".join(diff)
