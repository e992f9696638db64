"""Outputs do not depend on --cores: every science rule runs a fixed number of BLAS threads (its `threads`,
capped inside by statmech_bayes.core.rule_runtime), and the smoke build gives the same bytes at --cores 1 and 2.

The exceptions are the timing rules, whose outputs are wall-clock times: they take every core on purpose so
that nothing runs beside what they time (`threads: workflow.cores`)."""
import shutil

import pytest

from conftest import ROOT, run_snakemake
from workflow_api import parse_rules

# Rules whose outputs are run times (README, "Determinism"); each pins its BLAS threads inside its script.
TIMING_RULES = {
    "hvz_mnist_run",                                                          # Hartog & van Zanten Fig. 5
    "kj_exp3_quadrature", "kj_exp3_kjit", "kj_exp4",                          # KJIT Exps. 3-5
    "kj_exp5_quadrature", "kj_exp5_sampling", "kj_exp5_kjit", "kj_exp3_timing",
}  # not kj_exp3_sampling: no claim reads its times (Fig. 6's come from kj_exp3_timing), so it runs on one core


def test_threads_do_not_follow_cores_except_in_timing_rules():
    one, three = parse_rules(ROOT, cores=1), parse_rules(ROOT, cores=3)
    follow = {name for name in one if one[name].threads != three[name].threads}
    assert follow == TIMING_RULES, (
        f"threads that follow --cores outside the timing rules: {sorted(follow - TIMING_RULES)}; "
        f"timing rules that no longer take every core: {sorted(TIMING_RULES - follow)}")
    others = {name: info.threads for name, info in one.items() if name not in TIMING_RULES}
    assert set(others.values()) == {1}, {n: t for n, t in others.items() if t != 1}


@pytest.mark.workflow
def test_smoke_outputs_are_identical_at_one_and_two_cores(smoke_run):
    """The smoke build (--cores 2, shared fixture) rebuilt in the same directory with --cores 1: every data
    file, image and claims file is byte-identical (benchmarks and logs record run times and are excluded)."""
    d = smoke_run
    root = d / "smoke"
    saved = d.parent / f"{d.name}-cores2"
    shutil.copytree(root, saved)
    run_snakemake(d, "--cores", "1", "--forceall", "--configfile", "workflow/config/smoke.yaml")

    def outputs(base):
        return {str(p.relative_to(base)) for p in base.rglob("*")
                if p.is_file() and p.relative_to(base).parts[:2] not in {("results", "benchmarks"), ("results", "logs")}}

    files = outputs(root)
    assert files == outputs(saved)
    assert sum(f.endswith(".npz") for f in files) >= 10 and any("spectra" in f for f in files), sorted(files)
    differ = sorted(f for f in files if (root / f).read_bytes() != (saved / f).read_bytes())
    assert not differ, f"outputs differ between --cores 2 and --cores 1: {differ}"
