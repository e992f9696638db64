import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SNAKEMAKE = [sys.executable, "-m", "snakemake"]
sys.path.insert(0, str(Path(__file__).resolve().parent))  # tests/workflow_api.py


# What a copy of the workflow holds: these folders, and these single files (the protocol's registered thresholds,
# which the claims read at run time: reporting/protocol.threshold; the ledger of registered controls, which says
# which figures have a controls rule).
COPIED_DIRS = ("workflow", "profiles", "src", "notebooks", "envs", "data", "tests")
COPIED_FILES = ("Snakefile", "figures/protocol.csv", "figures/controls.csv")


def copy_workflow(dest: Path) -> Path:
    """A fresh copy of the workflow (:data:`COPIED_DIRS`, :data:`COPIED_FILES`) without outputs (tests/ holds
    test_findings.py, which the scorecard reads)."""
    dest.mkdir(parents=True, exist_ok=True)
    for d in COPIED_DIRS:
        shutil.copytree(ROOT / d, dest / d, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".ipynb_checkpoints"))
    for f in COPIED_FILES:
        (dest / f).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / f, dest / f)
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


def _network_cut_prefix() -> list[str]:
    """``unshare --net`` where this machine lets us make a network namespace (root, as in CI): a command run under
    it has a loopback device that is down and no route anywhere. Empty where it cannot (then nothing is cut)."""
    if shutil.which("unshare") is None:
        return []
    probe = subprocess.run(["unshare", "--net", "true"], capture_output=True)
    return ["unshare", "--net"] if probe.returncode == 0 else []


NO_NETWORK = _network_cut_prefix()


def run_snakemake(cwd: Path, *args: str, check: bool = True, offline: bool = False) -> subprocess.CompletedProcess:
    """Snakemake in ``cwd``; ``offline``: with the network cut (:data:`NO_NETWORK`) where the machine allows it,
    so that a build that reaches for the network fails."""
    prefix = NO_NETWORK if offline else []
    proc = subprocess.run([*prefix, *SNAKEMAKE, *args], cwd=cwd, capture_output=True, text=True)
    if check and proc.returncode != 0:
        raise AssertionError(f"snakemake {' '.join(args)} failed:\n{proc.stdout[-4000:]}\n{proc.stderr[-4000:]}")
    return proc


@pytest.fixture(scope="session")
def smoke_run(tmp_path_factory):
    """One small figure per paper, end to end (the everyday development tier, about half a minute)."""
    d = copy_workflow(tmp_path_factory.mktemp("smoke"))
    proc = run_snakemake(d, "--cores", "2", "--configfile", "workflow/config/smoke.yaml", offline=True)
    (d / "network.txt").write_text(" ".join(NO_NETWORK) or "not cut")  # tests/test_data.py reads it
    (d / "smoke_exit_time.txt").write_text(f"{time.time():.3f}\n")  # tests/test_workflow.py reads it
    (d / "smoke_console.txt").write_text(proc.stdout + proc.stderr)  # and the console, as a user sees it
    return d


@pytest.fixture(scope="session")
def quick_run(tmp_path_factory):
    """The whole DAG at small sizes, once."""
    d = copy_workflow(tmp_path_factory.mktemp("quick"))
    run_snakemake(d, "--cores", "2", "--configfile", "workflow/config/quick.yaml", offline=True)
    (d / "network.txt").write_text(" ".join(NO_NETWORK) or "not cut")
    return d


@pytest.fixture(scope="session", autouse=True)
def _remove_the_session_copies(tmp_path_factory, request):
    """The copies of the workflow and their builds (a few hundred MB per session) go when the session passes; a
    failed session keeps them to look at (pytest keeps the last three sessions' folders)."""
    yield
    if request.session.testsfailed == 0 and not request.session.shouldfail:
        shutil.rmtree(tmp_path_factory.getbasetemp(), ignore_errors=True)


# Parallel runs (pytest-xdist: `-n auto` in pyproject.toml). Tests go to workers in groups: the tests that use the
# quick build, those that use the smoke build (so each build is made once, not once per worker), and otherwise one
# group per module (so a module-scoped fixture, such as a fresh clone or a cluster build, is made once; no such
# fixture is used by a test of the build groups). The quick build's tests are collected first, so that a worker
# starts the longest chain at once. xdist's controller sees node ids only (the workers collect), so a test's build
# group is read from its function's parameters in the source; the workers check it against the fixtures pytest
# resolved. (xdist's own `--dist loadgroup` marks do not group under pytest 9.2: it renames items through an
# attribute that pytest no longer reads.)
SESSION_BUILDS = ("quick_run", "smoke_run")  # longest first


def _build_users() -> dict[tuple[str, str], str]:
    """``(module file name, test function) -> build`` for every test function that takes a session build."""
    import ast

    users = {}
    for path in sorted(Path(__file__).parent.glob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "getfixturevalue"):
                # a build fetched this way is invisible to the grouping: the worker that runs the test makes it again
                raise pytest.UsageError(f"{path.name}:{node.lineno}: request.getfixturevalue hides a test's build "
                                        "from the parallel grouping; take the fixture as a parameter")
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
                args = {a.arg for a in node.args.args}
                build = next((b for b in SESSION_BUILDS if b in args), None)
                if build:
                    users[(path.name, node.name)] = build
    return users


def _worker_group(nodeid: str, users: dict) -> str:
    module, _, rest = nodeid.partition("::")
    function = rest.split("::")[-1].split("[")[0]
    return users.get((Path(module).name, function)) or module


def pytest_collection_modifyitems(config, items):
    users = _build_users()
    wrong = [item.nodeid for item in items
             if next((b for b in SESSION_BUILDS if b in item.fixturenames), None)
             != users.get((item.path.name, item.originalname))]
    if wrong:
        raise pytest.UsageError(f"{wrong}: a session build ({', '.join(SESSION_BUILDS)}) must be a parameter of the "
                                "test function itself (tests/conftest.py groups the tests for parallel runs by it)")
    rank = {b: i for i, b in enumerate(SESSION_BUILDS)}
    items.sort(key=lambda item: rank.get(_worker_group(item.nodeid, users), len(rank)))  # stable


def pytest_xdist_make_scheduler(config, log):
    from xdist.scheduler import LoadScopeScheduling

    users = _build_users()

    class ByBuildAndModule(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return _worker_group(nodeid, users)

    return ByBuildAndModule(config, log)
