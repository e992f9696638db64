"""Issue 37: the flip rules on hand-made verdict tables, the variants registry and the overlays' output roots."""
from pathlib import Path

import pandas as pd
import pytest
import yaml

from statmech_bayes.pipeline import variants as V
from statmech_bayes.reporting.robustness import Variant, apply, load_variants, robust, seed_stability, table

ROOT = Path(__file__).resolve().parents[1]
REG = {
    "seed7": Variant("seed7", "seed", "master seed", "1", "7"),
    "tie_first": Variant("tie_first", "choice", "tie rule", "last", "first"),
    "T21": Variant("T21", "choice", "T", "T = 20", "T = 21", text_fixes=("fig3",)),
}


def claim(verdict, value=1.0, figure="p/fig1", text="x below 2", kind="value", reason=""):
    return {"figure": figure, "claim": text, "kind": kind, "verdict": verdict, "reproduced": value,
            "reason": reason or ("noise" if verdict == "inconclusive" else "")}


def test_a_verdict_that_moves_with_the_seed_is_noise():
    r = robust(claim("pass", 1.9), {"seed7": claim("fail", 2.1)}, REG)
    assert (r["robust_verdict"], r["robust_reason"], r["seed_stable"]) == ("inconclusive", "noise", False)
    assert "1.9" in r["robust_note"] and "2.1" in r["robust_note"]
    held = robust(claim("fail", 2.5), {"seed7": claim("fail", 2.4)}, REG)
    assert (held["robust_verdict"], held["seed_stable"]) == ("fail", True)


def test_an_undecided_variant_never_moves_a_decided_verdict():
    r = robust(claim("pass"), {"seed7": claim("inconclusive"), "tie_first": None}, REG)
    assert (r["robust_verdict"], r["seed_stable"]) == ("pass", None)


def test_a_verdict_that_moves_with_an_unstated_choice_names_it():
    r = robust(claim("fail", 0.2), {"seed7": claim("fail", 0.3), "tie_first": claim("pass", 0.237)}, REG)
    assert (r["robust_verdict"], r["robust_reason"]) == ("inconclusive", "unstated setup")
    assert "tie rule" in r["robust_note"] and "first: 0.237 (pass)" in r["robust_note"]


def test_a_choice_the_text_fixes_does_not_move_the_verdict():
    r = robust(claim("pass", figure="p/fig3"), {"T21": claim("fail", figure="p/fig3")}, REG)
    assert r["robust_verdict"] == "pass"
    r = robust(claim("pass", figure="p/fig4"), {"T21": claim("fail", figure="p/fig4")}, REG)
    assert r["robust_reason"] == "unstated setup"


def test_setup_facts_and_undecided_main_verdicts_stay():
    assert robust(claim("pass", kind="setup"), {"seed7": claim("fail", kind="setup")}, REG)["robust_verdict"] == "pass"
    r = robust(claim("inconclusive"), {"seed7": claim("pass")}, REG)
    assert (r["robust_verdict"], r["robust_reason"]) == ("inconclusive", "noise")


def test_claims_are_matched_by_text_with_numbers_masked():
    """A location computed from the data moves with the seed; the claim is the same."""
    main = [claim("pass", text="minimum in the dent at x = 0.497"), claim("pass", text="other")]
    seed = [claim("fail", text="minimum in the dent at x = 0.512"), claim("pass", text="other")]
    t = table(main, {"seed7": seed}, REG)
    assert list(t.seed7) == ["fail", "pass"] and list(t.robust_verdict) == ["inconclusive", "pass"]


def test_the_scorecard_applies_the_rules_to_its_current_verdicts():
    score = pd.DataFrame([
        {"paper": "p", "figure": "p/fig1", "claim": "a", "kind": "value", "verdict": "fail", "reason": "",
         "reproduced": 3.0, "finding": "the paper's error", "finding_test": "test_x", "note": ""},
        {"paper": "p", "figure": "p/fig1", "claim": "b", "kind": "value", "verdict": "pass", "reason": "",
         "reproduced": 1.0, "finding": "", "finding_test": "", "note": ""},
        {"paper": "p", "figure": "p/fig1", "claim": "c", "kind": "setup", "verdict": "pass", "reason": "",
         "reproduced": 1.0, "finding": "", "finding_test": "", "note": ""}])
    rob = pd.DataFrame([{"figure": "p/fig1", "claim": "a", "seed7": "pass", "seed7_value": "1.5"},
                        {"figure": "p/fig1", "claim": "b", "seed7": "pass", "seed7_value": "1.1"},
                        {"figure": "p/fig1", "claim": "c", "seed7": "fail", "seed7_value": "0"}])
    out = apply(score, rob, REG)
    assert list(out.verdict) == ["inconclusive", "pass", "pass"]
    assert list(out.build_verdict) == ["fail", "pass", "pass"]
    assert out.finding[0] == "" and "the paper's error" in out.note[0], "a finding explains a decided failure only"
    s = seed_stability(out).iloc[0]
    assert (s.seed_stable, s.seed_decided) == (1, 2)
    assert list(apply(score, None, REG).verdict) == ["fail", "pass", "pass"]


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
    every path moved under its root (else Snakemake would rerun everything, or nothing)."""
    import json
    (tmp_path / "results" / "p").mkdir(parents=True)
    (tmp_path / "results" / "p" / "a.npz").write_bytes(b"x")
    (tmp_path / "results" / "p" / "b.npz").write_bytes(b"y")   # no record: not linked
    meta = tmp_path / V.METADATA
    meta.mkdir(parents=True)
    (meta / V._encode("results/p/a.npz")).write_text(json.dumps(
        {"rule": "r", "input": ["src/x.py", "results/p/in.npz", "data/d.csv"], "log": ["results/logs/r.log"],
         "params": ["{'T': 20}"], "input_checksums": {"results/p/in.npz": "sha256:0"}}))
    assert V.seed_from_main(".", "variants/v", tmp_path) == 1
    linked = tmp_path / "variants" / "v" / "results" / "p" / "a.npz"
    assert linked.read_bytes() == b"x" and linked.stat().st_ino == (tmp_path / "results/p/a.npz").stat().st_ino
    rec = json.loads((meta / V._encode("variants/v/results/p/a.npz")).read_text())
    assert rec["input"] == ["src/x.py", "variants/v/results/p/in.npz", "data/d.csv"]
    assert rec["log"] == ["variants/v/results/logs/r.log"] and rec["params"] == ["{'T': 20}"]
    assert list(rec["input_checksums"]) == ["variants/v/results/p/in.npz"]
    assert V.seed_from_main(".", "variants/v", tmp_path) == 0, "an existing variant root is left as it is"
    assert V._moved("quick/results/x", "quick", "quick/variants/v") == "quick/variants/v/results/x"


@pytest.mark.parametrize("name", ["nonexistent"])
def test_an_unknown_variant_is_named(name):
    with pytest.raises(SystemExit, match="nonexistent"):
        V.build([name])
