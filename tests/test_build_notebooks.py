"""Issue 46: ``python notebooks/build_notebooks.py --execute`` writes the committed notebooks only from the
paper-scale build: without its cached results it stops, says what is missing and how to build it, and leaves every
notebook's bytes as they are."""
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]


def clone_without_results(tmp_path: Path, paper: str) -> Path:
    """What a fresh clone holds for one paper's notebook: notebooks/ and the paper's committed figures."""
    d = tmp_path / "w"
    shutil.copytree(ROOT / "notebooks", d / "notebooks",
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    shutil.copytree(ROOT / "figures" / paper, d / "figures" / paper)
    return d


def run(d: Path, *args: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "notebooks/build_notebooks.py", *args], cwd=d, capture_output=True,
                          text=True, env={**os.environ, "PYTHONPATH": str(ROOT / "src"), **env})


def test_execute_in_a_clone_keeps_the_committed_notebook(tmp_path):
    d = clone_without_results(tmp_path, "uda_kabashima")
    before = (d / "notebooks" / "uda_kabashima.ipynb").read_bytes()
    proc = run(d, "--execute", "uda_kabashima")
    assert proc.returncode != 0, "the committed notebook was executed without the paper-scale build"
    assert (d / "notebooks" / "uda_kabashima.ipynb").read_bytes() == before
    assert "results/uda_kabashima/ is absent" in proc.stderr
    assert "snakemake --cores all figures/uda_kabashima/{fig1," in proc.stderr and "wrote" not in proc.stdout


def test_execute_on_another_build_keeps_the_committed_notebooks(tmp_path):
    d = clone_without_results(tmp_path, "uda_kabashima")
    (d / "quick" / "results" / "uda_kabashima").mkdir(parents=True)
    (d / "results" / "uda_kabashima").mkdir(parents=True)
    before = (d / "notebooks" / "uda_kabashima.ipynb").read_bytes()
    proc = run(d, "--execute", "uda_kabashima", STATMECH_OUTPUT_ROOT="quick")
    assert proc.returncode != 0 and (d / "notebooks" / "uda_kabashima.ipynb").read_bytes() == before
    assert "STATMECH_OUTPUT_ROOT=quick" in proc.stderr and "--out DIR" in proc.stderr


def _module():
    spec = importlib.util.spec_from_file_location("build_notebooks", ROOT / "notebooks" / "build_notebooks.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_a_run_that_fell_back_to_the_plotted_data_is_detected():
    """The check after a run on an incomplete build (results/<paper>/ there, some of its files not): the
    notebook's own "not built yet" lines; every committed notebook read all the cached results it shows."""
    mod = _module()
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("x", outputs=[nbformat.v4.new_output(
        "stream", name="stdout", text="figures: figures/kjit\ncached results: results/kjit\n")]),
        nbformat.v4.new_code_cell("y", outputs=[nbformat.v4.new_output(
            "stream", name="stdout", text="not built yet: results/kjit/exp1.npz (showing the plotted data)\n")])]
    assert mod.fallbacks(nb) == ["not built yet: results/kjit/exp1.npz (showing the plotted data)"]
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        assert mod.fallbacks(nbformat.read(path, as_version=4)) == [], path.name
