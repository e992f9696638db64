import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SNAKEMAKE = [sys.executable, "-m", "snakemake"]


def copy_workflow(dest: Path) -> Path:
    """A fresh copy of the workflow (Snakefile, workflow/, src/, notebooks/, envs/) without outputs."""
    dest.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "Snakefile", dest / "Snakefile")
    for d in ("workflow", "src", "notebooks", "envs"):
        shutil.copytree(ROOT / d, dest / d, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".ipynb_checkpoints"))
    return dest


def run_snakemake(cwd: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    proc = subprocess.run([*SNAKEMAKE, *args], cwd=cwd, capture_output=True, text=True)
    if check and proc.returncode != 0:
        raise AssertionError(f"snakemake {' '.join(args)} failed:\n{proc.stdout[-4000:]}\n{proc.stderr[-4000:]}")
    return proc


@pytest.fixture(scope="session")
def quick_runs(tmp_path_factory):
    """Two independent quick runs of the whole workflow in temporary directories."""
    runs = []
    for name in ("run_a", "run_b"):
        d = copy_workflow(tmp_path_factory.mktemp(name))
        run_snakemake(d, "--cores", "2", "--configfile", "workflow/config/quick.yaml")
        runs.append(d)
    return runs
