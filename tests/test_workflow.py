"""The workflow end to end: dry run at paper scale, quick runs, determinism, reruns, the notebook."""
import json
import os

import nbformat
import pytest
from conftest import ROOT, run_snakemake
from nbclient import NotebookClient

pytestmark = pytest.mark.workflow

FIGURES = [f"urry_sollich/fig{k}" for k in range(1, 13)] + [f"sollich_halees/fig{k}" for k in range(1, 11)]


def test_full_dry_run_lists_every_figure():
    proc = run_snakemake(ROOT, "-n", "--cores", "8", "--forceall", "--quiet", "rules")
    out = proc.stdout + proc.stderr
    for rule in ("us_fig1", "us_fig10", "us_fig1_graphs", "graph_spectra", "scorecard", "us_cavity_curve",
                 "us_sims_matched", "us_sims_mismatch", "us_fig6_sims", "sh_spectrum", "sh_sims", "sh_theory",
                 "sh_degenerate", "sh_fig1", "sh_fig10"):
        assert rule in out
    listing = run_snakemake(ROOT, "-n", "--forceall", "--cores", "8").stdout
    for f in FIGURES:
        for ext in (".png", ".pdf", ".csv", ".claims.json"):
            assert f"figures/{f}{ext}" in listing, f"{f}{ext} missing from the full dry run"
    assert "quick/" not in listing  # the default configuration is the paper's, written to figures/


def test_quick_run_writes_every_output_and_claims(quick_runs):
    root = quick_runs[0] / "quick"
    for f in FIGURES:
        for ext in (".png", ".pdf", ".csv", ".claims.json"):
            assert (root / "figures" / f"{f}{ext}").stat().st_size > 0
        doc = json.loads((root / "figures" / f"{f}.claims.json").read_text())
        assert doc["n_claims"] >= 3
        assert all(isinstance(c["passed"], bool) for c in doc["claims"])
        assert doc["provenance"]["params"], "claims must record the configuration they came from"
    assert (root / "figures" / "scorecard.md").read_text().startswith("# Scorecard")
    assert any((root / "results" / "benchmarks").glob("us_fig1*.tsv"))
    assert not (quick_runs[0] / "figures").exists(), "a quick run must not write the paper-scale tree"


def test_two_quick_runs_are_identical(quick_runs):
    a, b = (r / "quick" for r in quick_runs)
    files = sorted(p.relative_to(a) for p in a.rglob("*")
                   if p.is_file() and p.suffix in {".npz", ".csv", ".json", ".png", ".pdf", ".md"})
    assert len(files) > 10
    differ = [str(f) for f in files if (a / f).read_bytes() != (b / f).read_bytes()]
    assert not differ, f"outputs differ between identical runs: {differ}"


def test_editing_a_module_reruns_its_rules(quick_runs):
    d = quick_runs[1]
    tree = d / "src" / "statmech_bayes" / "randomwalk" / "tree.py"
    tree.write_text(tree.read_text() + "\n# an edit after the last build\n")
    out = run_snakemake(d, "-n", "--cores", "2", "--configfile", "workflow/config/quick.yaml").stdout
    assert "us_fig1_tree" in out and "us_fig10_scaling" in out
    assert "graph_samples" not in out and "us_cavity_kappa" not in out  # they do not import the tree module


def test_editing_a_spectrum_module_reruns_only_what_imports_it(quick_runs):
    d = quick_runs[1]
    spectra = d / "src" / "statmech_bayes" / "gp" / "spectra.py"
    spectra.write_text(spectra.read_text() + "\n# an edit after the last build\n")
    out = run_snakemake(d, "-n", "--cores", "2", "--configfile", "workflow/config/quick.yaml").stdout
    assert "sh_spectrum" in out and "sh_theory" in out and "sh_degenerate" in out
    assert "sh_sims" not in out and "sh_fig1_samples" not in out  # the simulations do not import it


def _execute_notebook(name, quick_root):
    nb = nbformat.read(ROOT / "notebooks" / f"{name}.ipynb", as_version=4)
    os.environ["STATMECH_OUTPUT_ROOT"] = str(quick_root)
    try:
        NotebookClient(nb, timeout=300, kernel_name="python3",
                       resources={"metadata": {"path": str(ROOT / "notebooks")}}).execute()
    finally:
        del os.environ["STATMECH_OUTPUT_ROOT"]
    return [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]


def test_sollich_halees_notebook_executes_on_quick_outputs(quick_runs):
    assert not _execute_notebook("sollich_halees", quick_runs[0] / "quick")


def test_notebook_executes_on_quick_outputs(quick_runs):
    nb = nbformat.read(ROOT / "notebooks" / "urry_sollich.ipynb", as_version=4)
    os.environ["STATMECH_OUTPUT_ROOT"] = str(quick_runs[0] / "quick")
    try:
        NotebookClient(nb, timeout=300, kernel_name="python3",
                       resources={"metadata": {"path": str(ROOT / "notebooks")}}).execute()
    finally:
        del os.environ["STATMECH_OUTPUT_ROOT"]
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert not errors


def test_html_report_lists_every_figure(quick_runs):
    d = quick_runs[0]
    run_snakemake(d, "--report", "report.html", "--configfile", "workflow/config/quick.yaml")
    html = (d / "report.html").read_text(errors="replace")
    for f in FIGURES:
        assert f"{f}.png" in html, f"{f} missing from the HTML report"
