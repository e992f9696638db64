import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SNAKEMAKE = [sys.executable, "-m", "snakemake"]
sys.path.insert(0, str(Path(__file__).resolve().parent))  # tests/workflow_api.py


def copy_workflow(dest: Path) -> Path:
    """A fresh copy of the workflow (Snakefile, workflow/, profiles/, src/, notebooks/, envs/, data/, tests/) without
    outputs (tests/ holds test_findings.py, which the scorecard reads)."""
    dest.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "Snakefile", dest / "Snakefile")
    for d in ("workflow", "profiles", "src", "notebooks", "envs", "data", "tests"):
        shutil.copytree(ROOT / d, dest / d, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".ipynb_checkpoints"))
    return dest


def fresh_clone(dest: Path) -> Path:
    """What `git clone` of this repository gives: its tracked files (as they are in the working tree), written
    in git's checkout order (sorted paths) with fresh modification times, so that the committed figures are
    older than the code; no results/, no .snakemake/."""
    dest.mkdir(parents=True, exist_ok=True)
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True)
    if listed.returncode != 0:
        pytest.skip(f"needs a git checkout ({listed.stderr.strip()})")
    for rel in sorted(p for p in listed.stdout.split("\0") if p):
        src = ROOT / rel
        if src.is_file():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, dest / rel)
            shutil.copymode(src, dest / rel)
    return dest


def run_snakemake(cwd: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    proc = subprocess.run([*SNAKEMAKE, *args], cwd=cwd, capture_output=True, text=True)
    if check and proc.returncode != 0:
        raise AssertionError(f"snakemake {' '.join(args)} failed:\n{proc.stdout[-4000:]}\n{proc.stderr[-4000:]}")
    return proc


@pytest.fixture(scope="session")
def smoke_run(tmp_path_factory):
    """One small figure per paper, end to end (the everyday development tier, about half a minute)."""
    d = copy_workflow(tmp_path_factory.mktemp("smoke"))
    run_snakemake(d, "--cores", "2", "--configfile", "workflow/config/smoke.yaml")
    return d


@pytest.fixture(scope="session")
def quick_run(tmp_path_factory):
    """The whole DAG at small sizes, once."""
    d = copy_workflow(tmp_path_factory.mktemp("quick"))
    run_snakemake(d, "--cores", "2", "--configfile", "workflow/config/quick.yaml")
    return d



# Parallel runs (pytest-xdist: `-n auto` in pyproject.toml). Tests go to workers in groups: one per module (so a
# module-scoped fixture, such as a fresh clone or a cluster build, is made once), except that the modules whose tests
# use one of the session's end-to-end builds above form one group, so that each build is made once, not once per
# worker. (xdist's own `--dist loadgroup` marks do not group under pytest 9.2: it renames items through an attribute
# that pytest no longer reads.)
SESSION_BUILDS = ("smoke_run", "quick_run")
SESSION_BUILD_MODULES = ("test_determinism.py", "test_readme.py", "test_workflow.py")


def _worker_group(nodeid: str) -> str:
    module = nodeid.split("::", 1)[0]
    return "session-builds" if Path(module).name in SESSION_BUILD_MODULES else module


def pytest_collection_modifyitems(config, items):
    strays = sorted({item.nodeid.split("::", 1)[0] for item in items
                     if any(f in item.fixturenames for f in SESSION_BUILDS)
                     and _worker_group(item.nodeid) != "session-builds"})
    if strays:
        raise pytest.UsageError(f"{strays} use a session build ({', '.join(SESSION_BUILDS)}): add them to "
                                "SESSION_BUILD_MODULES in tests/conftest.py, or each worker builds it again")


def pytest_xdist_make_scheduler(config, log):
    from xdist.scheduler import LoadScopeScheduling

    class ByModuleAndSessionBuilds(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return _worker_group(nodeid)

    return ByModuleAndSessionBuilds(config, log)
