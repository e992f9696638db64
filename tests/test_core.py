"""Seeding, atomic byte-stable I/O, claims records and the scorecard."""
import json

import numpy as np
import pandas as pd
import pytest
from numpy.testing import assert_array_equal

from statmech_bayes.core.atomic_io import atomic_path, load_npz, save_csv, save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.seeding import rng_for, spawn_rngs
from statmech_bayes.reporting.claims import Claim, ClaimsRecord, Reading, combine, revised_verdict
from statmech_bayes.reporting.scorecard import check_findings, counts, gather, to_markdown


def test_streams_are_reproducible_and_distinct():
    a = rng_for(7, "graph", "er3", 500, 0).random(5)
    assert_array_equal(a, rng_for(7, "graph", "er3", 500, 0).random(5))
    assert not np.allclose(a, rng_for(7, "graph", "er3", 500, 1).random(5))
    assert not np.allclose(a, rng_for(8, "graph", "er3", 500, 0).random(5))
    x, y = spawn_rngs(7, 2, "k")
    assert not np.allclose(x.random(3), y.random(3))
    with pytest.raises(ValueError, match="master_seed"):
        rng_for(-1)


def test_npz_round_trip_is_byte_stable(tmp_path):
    arrays = {"x": np.arange(5.0), "M": np.eye(3), "n": np.int64(4)}
    meta = provenance({"V": 500}, seed=[1, "a"])
    save_npz(tmp_path / "a.npz", arrays, meta)
    save_npz(tmp_path / "b.npz", arrays, meta)
    assert (tmp_path / "a.npz").read_bytes() == (tmp_path / "b.npz").read_bytes()
    back, m = load_npz(tmp_path / "a.npz")
    assert_array_equal(back["M"], np.eye(3))
    assert m["params"] == {"V": 500} and m["seed"] == [1, "a"] and "git_commit" in m
    with np.load(tmp_path / "a.npz") as plain:  # readable by numpy itself
        assert_array_equal(plain["x"], np.arange(5.0))


def test_failed_write_leaves_nothing_behind(tmp_path):
    target = tmp_path / "out.csv"
    with pytest.raises(RuntimeError), atomic_path(target) as tmp:
        tmp.write_text("half")
        raise RuntimeError("interrupted")
    assert not target.exists()
    assert list(tmp_path.iterdir()) == []
    save_csv(target, pd.DataFrame({"a": [1.0]}))
    assert target.read_text() == "a\n1\n"


def test_claims_can_fail_and_need_a_tolerance(tmp_path):
    rec = ClaimsRecord("demo/fig1", "Demo 2024")
    assert rec.close("close", "x = 1", 1.0 + 5e-7, 1.0, atol=1e-6).passed
    assert not rec.close("far", "x = 1", 1.1, 1.0, rtol=0.05).passed
    assert not rec.within("range", "x < 2", float("nan"), upper=2).passed
    assert rec.within("range", "x < 2", 1.5, upper=2).passed
    with pytest.raises(ValueError):
        rec.close("no tol", "x", 1.0, 1.0)
    with pytest.raises(ValueError):
        rec.within("no bound", "x", 1.0)
    wrong = rec.close("paper wrong", "x = 15", 6.8, 15.0, rtol=0.25)
    rec.explain(wrong, "impossible: x <= 13.7 by construction", test="test_demo_bound")
    noisy = rec.within("noisy", "x < 2", 1.0, upper=2, decidable=False)
    assert noisy.verdict == "inconclusive" and noisy.reason == "noise"
    right = rec.close("expected wrong but right", "x = 1", 1.0, 1.0, atol=0.1)
    with pytest.raises(ValueError, match="only a failure"):
        rec.explain(right, "would be a finding", test="test_demo_bound")  # judged, never assumed
    assert rec.holds("order", "a < b", "1 < 2", True, "strict").kind == "relation"
    rec.within("ours", "not in the paper", 3.0, upper=2, kind="ours")
    rec.note("fit", {"a": 1.0})
    assert rec.counts() == {"reproduced": 4, "known": 0, "findings": 1, "inconclusive_noise": 1,
                            "inconclusive_wording": 0, "inconclusive_unconverged": 0, "inconclusive_unstated": 0,
                            "unexplained": 2, "setup": 0, "ours": 1}
    with pytest.raises(ValueError):
        Claim("c", "p", 1.0, "t", "pass", finding="a pass cannot be a finding", finding_test="test_x")
    with pytest.raises(ValueError, match="proving test"):
        Claim("c", "p", 1.0, "t", "fail", finding="a finding without its test")
    # a failing wording claim can be a finding (docs/protocol.md, findings); our own checks and set-up facts cannot
    assert Claim("c", "p", 1.0, "t", "fail", kind="wording", finding="every reading false", finding_test="test_x").finding
    for kind in ("ours", "setup"):
        with pytest.raises(ValueError, match="paper's results"):
            Claim("c", "p", 1.0, "t", "fail", kind=kind, finding="not the paper's claim", finding_test="test_x")
    with pytest.raises(ValueError, match="reason"):
        Claim("c", "p", 1.0, "t", "inconclusive")
    rec.write(tmp_path / "fig1.claims.json", provenance({}))
    doc = json.loads((tmp_path / "fig1.claims.json").read_text())
    assert doc["n_claims"] == 9 and doc["counts"]["unexplained"] == 2 and doc["notes"] == {"fit": {"a": 1.0}}
    table = gather([tmp_path / "fig1.claims.json"])
    assert list(table.verdict) == ["pass", "fail", "fail", "pass", "fail", "inconclusive", "pass", "pass", "fail"]
    c = counts(table).iloc[0]
    assert (c.paper, c.claims, c.passed, c.findings, c.inconclusive_noise, c.unexplained, c.ours_fail) == (
        "demo", 8, 4, 1, 1, 2, 1)
    md = to_markdown(table, {"demo": "Demo 2024"})
    # no controls ran: every pass unchecked, none reproduced
    assert "| Demo 2024 | 8 | 0 / 0 / 4 | 0 | 1 | 1 / 0 / 0 / 0 | 0 | 2 | 0 | 0 / 0 | 0 / 1 / 0 |" in md
    assert md.index("## Our own checks") < md.index("| demo/fig1 | ours |")
    # a paper whose figures make no claim (a schematic) still has its row, of zeros
    two = to_markdown(table, {"demo": "Demo 2024", "sketch": "Sketch 2025"})
    assert "| Sketch 2025 | 0 | 0 / 0 / 0 | 0 | 0 | 0 / 0 / 0 / 0 | 0 | 0 | 0 | 0 / 0 | 0 / 0 / 0 |" in two
    assert list(counts(table, ["demo", "sketch"]).paper) == ["demo", "sketch"]


def test_a_wording_claim_is_decided_only_when_its_readings_agree():
    rec = ClaimsRecord("demo/fig1", "Demo 2024")
    with pytest.raises(ValueError, match="two readings"):
        rec.wording("loose", "far from tight", [Reading("factor >= 2", 3.0, lower=2)])
    agree = rec.wording("loose", "far from tight", [Reading("factor >= 2", 3.0, lower=2),
                                                      Reading("gap >= 0.15 decades", 0.48, lower=0.15)])
    assert agree.verdict == "pass" and agree.kind == "wording" and "factor >= 2: 3" in agree.reproduced
    both_fail = rec.wording("loose", "far from tight", [Reading("a", 1.0, lower=2), Reading("b", 0.0, lower=0.15)])
    assert both_fail.verdict == "fail"
    split = rec.wording("loose", "far from tight", [Reading("a", 1.65, lower=2), Reading("b", 0.22, lower=0.15)])
    assert (split.verdict, split.reason) == ("inconclusive", "wording")
    # protocol rule 2: an undecided reading makes the claim undecided, for its reason; it is never ignored
    masked = rec.wording("loose", "far", [Reading("a", 3.0, lower=2), Reading("b", 0.2, lower=0.15, decidable=False)])
    assert (masked.verdict, masked.reason) == ("inconclusive", "noise")
    failing = rec.wording("loose", "far", [Reading("a", 1.0, lower=2), Reading("b", 0.2, lower=0.15, decidable=False,
                                                                            undecided="unconverged")])
    assert (failing.verdict, failing.reason) == ("inconclusive", "unconverged")
    none = rec.wording("loose", "far", [Reading("a", 3.0, lower=2, decidable=False),
                                        Reading("b", 0.2, lower=0.15, decidable=False, undecided="unconverged")],
                       remedy="4x the chains (about 10 CPU-minutes)")
    assert (none.verdict, none.reason, none.remedy) == ("inconclusive", "unconverged", "")
    noisy = rec.wording("loose", "far", [Reading("a", 3.0, lower=2, decidable=False),
                                         Reading("b", 0.2, lower=0.15, decidable=False)], remedy="4x the data sets")
    assert (noisy.verdict, noisy.reason, noisy.remedy) == ("inconclusive", "noise", "4x the data sets")
    assert rec.explain(both_fail, "false under both readings", test="test_x").finding_test == "test_x"
    with pytest.raises(ValueError, match="only a failure"):
        rec.explain(split, "readings that disagree decide nothing", test="test_x")
    # a method the paper does not specify: every well-defined variant failing is a failure, not a wording question
    unstated = rec.wording("FDA", "39.6", [Reading("pinv", 22.5, 38, 41), Reading("ridge", 23.6, 38, 41)])
    assert unstated.verdict == "fail"
    with pytest.raises(TypeError):
        rec.wording("FDA", "39.6", [Reading("pinv", 22.5, 38, 41), Reading("ridge", 23.6, 38, 41)], unstated=True)
    assert rec.counts()["inconclusive_wording"] == 1


def test_the_combining_rule_has_one_form():
    """Protocol rule 2 on every case: agreement decides, disagreement is wording, an undecided reading undecides."""
    assert combine(["pass", "pass"]) == ("pass", "")
    assert combine(["fail", "fail"]) == ("fail", "")
    assert combine(["pass", "fail"]) == ("inconclusive", "wording")
    assert combine(["fail", "inconclusive"], ["noise", "noise"]) == ("inconclusive", "noise")
    assert combine(["pass", "inconclusive", "inconclusive"]) == ("inconclusive", "noise")
    assert combine(["pass", "fail", "inconclusive"]) == ("inconclusive", "wording")
    assert combine(["inconclusive", "inconclusive"], ["noise", "unconverged"]) == ("inconclusive", "unconverged")
    assert combine(["inconclusive", "inconclusive"], ["unstated setup", "noise"]) == ("inconclusive", "unstated setup")
    assert combine(["inconclusive"]) == ("inconclusive", "noise")


@pytest.mark.parametrize("registered, revised", [
    (r, v) for r in (("pass", ""), ("fail", ""), ("inconclusive", "noise"))
    for v in (("pass", ""), ("fail", ""), ("inconclusive", "noise"), ("inconclusive", "wording"))])
def test_a_revision_decides_only_with_its_proof(registered, revised):
    """Protocol rule 1: without a proof the registered verdict stands; with one the revised verdict decides, in
    either direction."""
    assert revised_verdict(registered[0], revised[0], registered[1], revised[1]) == registered
    assert revised_verdict(registered[0], revised[0], registered[1], revised[1],
                           proof="tests/test_core.py::test_x") == revised


def test_a_revised_claim_keeps_both_readings_and_setup_and_known_are_apart(tmp_path):
    rec = ClaimsRecord("demo/fig1", "Demo 2024")
    old = rec.within("level", "roughly -8.8", -9.02, -9.0, -8.6)
    new = rec.within("level", "roughly -8.8", -8.83, -9.0, -8.6)
    c = rec.revise(old, new, "abc1234", "the shown trace")
    assert old.verdict == "fail" and new.verdict == "pass"
    assert (c.verdict, c.reason, c.registered_verdict, c.revised_verdict, c.revised) == ("fail", "", "fail", "pass",
                                                                                         True)
    assert c.registered_tolerance == old.tolerance and c.revision_commit == "abc1234" and len(rec.claims) == 1
    with pytest.raises(ValueError, match="same claim"):
        rec.revise(rec.within("a", "x", 1.0, 0, 2), rec.within("b", "x", 1.0, 0, 2), "abc", "why")
    rec.claims.clear()
    rec.setup("nodes", "848 nodes", 848, True, "== 848 (the seed was chosen for it)")
    rec.within("below", "OV bound below Sim", 0.9, upper=1.0, known="Opper & Vivarelli (1999) prove it")
    rec.within("new", "x < 2", 1.0, upper=2)
    with pytest.raises(ValueError, match="known"):
        Claim("c", "p", 1.0, "t", "pass", kind="setup", known="a proof")
    counted = rec.counts()
    assert (counted["reproduced"], counted["known"], counted["setup"]) == (1, 1, 1)
    rec.write(tmp_path / "fig1.claims.json", provenance({}))
    c = counts(gather([tmp_path / "fig1.claims.json"])).iloc[0]
    assert (c.claims, c.passed, c.known, c.setup_pass) == (2, 1, 1, 1)


def test_the_scorecard_stops_on_a_finding_without_its_test(tmp_path):
    rec = ClaimsRecord("demo/fig1", "Demo 2024")
    rec.explain(rec.close("wrong", "x = 15", 6.8, 15.0, rtol=0.25), "impossible", test="test_demo_bound")
    rec.write(tmp_path / "fig1.claims.json", provenance({}))
    table = gather([tmp_path / "fig1.claims.json"])
    tests = tmp_path / "test_findings.py"
    tests.write_text("def test_other():\n    pass\n")
    with pytest.raises(ValueError, match="test_demo_bound"):
        check_findings(table, tests)
    tests.write_text("def test_demo_bound():\n    assert 13.7 < 15\n")
    check_findings(table, tests)


def test_importing_the_package_leaves_matplotlib_alone():
    """No module changes matplotlib's backend or rcParams on import (figure rules choose Agg themselves)."""
    import subprocess
    import sys

    code = (
        "import importlib, pkgutil, matplotlib\n"
        "before = (matplotlib.get_backend(), dict(matplotlib.rcParams))\n"
        "import statmech_bayes\n"
        "for m in pkgutil.walk_packages(statmech_bayes.__path__, 'statmech_bayes.'):\n"
        "    importlib.import_module(m.name)\n"
        "after = (matplotlib.get_backend(), dict(matplotlib.rcParams))\n"
        "assert before == after, [k for k in before[1] if before[1][k] != after[1].get(k)]\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env={"MPLBACKEND": "svg",
                          "PATH": "/usr/bin:/bin", "PYTHONPATH": str(__import__("conftest").ROOT / "src")})
    assert proc.returncode == 0, proc.stderr[-2000:]


def test_provenance_says_why_the_commit_is_unknown(tmp_path):
    """Outside a git checkout the commit is 'unknown: <reason>', never a bare 'unknown'."""
    import shutil
    import subprocess
    import sys

    from conftest import ROOT

    shutil.copytree(ROOT / "src", tmp_path / "src", ignore=shutil.ignore_patterns("__pycache__"))
    proc = subprocess.run([sys.executable, "-c", "from statmech_bayes.core.provenance import git_commit; "
                           "print(git_commit())"], capture_output=True, text=True, cwd=tmp_path,
                          env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(tmp_path / "src"),
                               "GIT_CEILING_DIRECTORIES": str(tmp_path)})
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.strip()
    assert out.startswith("unknown: ") and len(out) > len("unknown: ") + 10, out


def test_rule_context_logs_size_heartbeat_and_finish(tmp_path, monkeypatch):
    """A job's log: a start line with its size, a heartbeat at the configured interval while it runs, a finish line
    with its times (issue: progress a user can watch)."""
    import time
    from types import SimpleNamespace

    from snakemake.iocontainers import Params

    from statmech_bayes.core import rule_runtime

    monkeypatch.setenv("STATMECH_HEARTBEAT_S", "0.05")
    params = Params(fromdict={"colon": {"n_splits": 200, "C_grid": [1, 2, 3, 4, 5, 6]}, "rows": [0, 25]})
    smk = SimpleNamespace(log=[str(tmp_path / "job.log")], threads=1, rule="uk_colon_chunk",
                          wildcards={"uk_chunk": "0"}, params=params)
    with rule_runtime.rule_context(smk):
        time.sleep(0.4)
    text = (tmp_path / "job.log").read_text()
    assert "rule uk_colon_chunk started" in text and "colon.n_splits=200" in text and "rows=[0, 25]" in text
    assert "colon.C_grid=[6 items]" in text
    assert text.count("running:") >= 3
    assert "done in" in text.splitlines()[-1]
    n = text.count("running:")
    time.sleep(0.2)
    assert (tmp_path / "job.log").read_text().count("running:") == n  # the heartbeat stops with the job
