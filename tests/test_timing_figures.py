"""Issue 46: a figure whose files hold wall-clock times (KJIT Fig. 7 and the other timing figures) rebuilt at paper
scale leaves the committed files as they are, and writes this run's measurement under results/timing_figures/;
`--config timing_figures=rebuild` writes it into figures/. Its negative controls follow it: checked against this
run's claims, written beside them, the committed table kept (a clean clone's build had stopped at the first timing
figure with controls: their loader, reading this run's timings, disagreed with the committed claims, and the failed
job deleted the committed table)."""
import os
import shutil

import pytest

from conftest import ROOT, copy_workflow, run_snakemake

pytestmark = pytest.mark.workflow

FILES = ("fig7.png", "fig7.pdf", "fig7.csv", "fig7.claims.json")
CONTROLS = "fig7.controls.csv"
# KJIT Fig. 7 at paper scale (the output root of full.yaml, as in a clone) with the quick sizes, so that its timing
# rule (kj_exp4) takes seconds.
ARGS = ("--cores", "2", "figures/kjit/fig7.png", f"figures/kjit/{CONTROLS}", "--configfile",
        "workflow/config/quick.yaml", "--config", "output_root=.")


def test_a_timing_figure_rebuilt_in_a_clone_keeps_the_committed_files(tmp_path):
    d = tmp_path / "clone"
    (d / "figures" / "kjit").mkdir(parents=True)
    for name in (*FILES, CONTROLS):
        shutil.copy(ROOT / "figures" / "kjit" / name, d / "figures" / "kjit" / name)
    copy_workflow(d)
    for f in (d / "src").rglob("*.py"):  # a checkout writes figures/ before src/: the figure is older than its code
        os.utime(f)
    committed = {n: (d / "figures" / "kjit" / n).read_bytes() for n in (*FILES, CONTROLS)}
    proc = run_snakemake(d, *ARGS)
    assert "kj_fig7" in proc.stdout + proc.stderr and "kj_fig7_controls" in proc.stdout + proc.stderr, \
        "the figure's rule and its controls ran"
    assert {n: (d / "figures" / "kjit" / n).read_bytes() for n in (*FILES, CONTROLS)} == committed, \
        "a rebuild of a timing figure rewrote its committed files"
    measured = d / "results" / "timing_figures" / "kjit"
    assert sorted(os.listdir(measured)) == sorted((*FILES, CONTROLS))
    assert (measured / "fig7.claims.json").read_bytes() != committed["fig7.claims.json"]
    assert "hold wall-clock times" in proc.stdout + proc.stderr and "timing_figures=rebuild" in proc.stdout + proc.stderr
    assert "Nothing to be done" in run_snakemake(d, "-n", *ARGS).stdout, "kept files count as up to date"
    # Asked: the measurement goes into figures/ (the parameter changed: the figure reruns, not the timing).
    asked = run_snakemake(d, *ARGS, "timing_figures=rebuild")
    assert "kj_exp4" not in asked.stdout + asked.stderr
    assert {n: (d / "figures" / "kjit" / n).read_bytes() for n in (*FILES, CONTROLS)} == {
        n: (measured / n).read_bytes() for n in (*FILES, CONTROLS)}
