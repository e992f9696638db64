"""Interrupted builds resume with the plain command (README, "After Ctrl-C or a killed run"): the default
profile reruns jobs left incomplete, `snakemake --unlock` clears the lock a killed run leaves, and the next run
removes the temporary files a killed write left beside its outputs, and only those of outputs it rebuilds."""
import contextlib
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import SNAKEMAKE, copy_workflow, run_snakemake
from statmech_bayes.core.atomic_io import atomic_path
from statmech_bayes.pipeline.temp_files import remove_stale_temp_files, temp_files_of

SMOKE = ("--configfile", "workflow/config/smoke.yaml")
TARGET = "smoke/figures/uda_kabashima/fig1.png"       # two jobs: uk_rs_fig1 (a few seconds), then the figure
CACHED = Path("smoke/results/uda_kabashima/rs_fig1.npz")  # the output of uk_rs_fig1


def test_a_killed_write_leaves_a_temp_file_that_the_cleanup_finds(tmp_path):
    out = tmp_path / "sub dir" / "data[1].npz"   # glob metacharacters in the name are matched literally
    other = tmp_path / "sub dir" / "other.npz"
    code = ("import os, sys\nfrom statmech_bayes.core.atomic_io import atomic_path\n"
            "with atomic_path(sys.argv[1]) as tmp:\n    tmp.write_bytes(b'half')\n    os._exit(9)\n")
    for path in (out, other):
        assert subprocess.run([sys.executable, "-c", code, str(path)]).returncode == 9
    assert not out.exists(), "a killed write must never leave the final name"
    left = temp_files_of(out)
    assert len(left) == 1 and left[0].read_bytes() == b"half"
    assert temp_files_of(other) != left
    out.write_bytes(b"an older complete output")
    assert remove_stale_temp_files([out]) == left
    assert not left[0].exists() and temp_files_of(other), "only the temp files of the given outputs go"
    assert out.read_bytes() == b"an older complete output"
    with atomic_path(out) as tmp:  # a write in progress is exactly what the cleanup would match ...
        assert temp_files_of(out) == [tmp]
    assert temp_files_of(out) == []  # ... and a finished one leaves nothing


FIGURE_SCRIPT = Path(__file__).resolve().parents[1] / "workflow" / "scripts" / "common" / "plot_figure.py"
# A figure rule's script run outside Snakemake: a stand-in figure module, and a `snakemake` object with its outputs
# under argv[1]; argv[2] says where the interrupt comes: "claims" (Ctrl-C while the last file is written) or
# "rename" (Ctrl-C after the first file is renamed into place).
FIGURE_JOB = """
import os, runpy, signal, sys, types
from pathlib import Path
out, when = Path(sys.argv[1]), sys.argv[2]

class Claims:
    def write(self, path, provenance):
        Path(path).write_text("{}")
        if when == "claims":
            raise KeyboardInterrupt
    def counts(self):
        return {}

def make(layout, cfg):
    import matplotlib.pyplot as plt
    import pandas as pd
    fig, ax = plt.subplots()
    ax.plot([0, 1], [0, 1])
    return fig, pd.DataFrame({"x": [0, 1]}), Claims()

paper, figure = types.ModuleType("stand_in_paper"), types.ModuleType("stand_in_paper.fig01")
paper.PAPER, figure.make = "A paper", make
sys.modules.update({"stand_in_paper": paper, "stand_in_paper.fig01": figure})
if when == "rename":
    replace, done = os.replace, []
    def replace_then_ctrl_c(a, b):
        replace(a, b)
        if Path(b).suffix == ".png" and not done:
            done.append(b)
            os.kill(os.getpid(), signal.SIGINT)
    os.replace = replace_then_ctrl_c
class ns(types.SimpleNamespace):  # Snakemake's named lists answer both smk.output.png and smk.output["png"]
    def __getitem__(self, key):
        return getattr(self, key)
smk = ns(params=ns(module="stand_in_paper.fig01", layout={}, cfg={}, config_keys=[], figure="fig1", seed=1),
         output=ns(png=str(out / "fig1.png"), pdf=str(out / "fig1.pdf"), data=str(out / "fig1.csv"),
                   claims=str(out / "fig1.claims.json")),
         log=[str(out / "fig1.log")], rule="stand_in_fig1", threads=1, wildcards={})
runpy.run_path(sys.argv[3], init_globals={"snakemake": smk})
"""
FIGURE_FILES = ("fig1.png", "fig1.pdf", "fig1.csv", "fig1.claims.json")


def _figure_job(tmp_path: Path, when: str) -> subprocess.CompletedProcess:
    out = tmp_path / "figures"
    out.mkdir()
    return subprocess.run([sys.executable, "-c", FIGURE_JOB, str(out), when, str(FIGURE_SCRIPT)],
                          capture_output=True, text=True, env={**os.environ, "MPLBACKEND": "Agg"})


def test_a_figure_interrupted_while_writing_leaves_none_of_its_files(tmp_path):
    """Issue 46: Ctrl-C while a figure's last file is written left its PNG (and PDF, CSV) without its claims."""
    proc = _figure_job(tmp_path, "claims")
    out = tmp_path / "figures"
    assert proc.returncode == -signal.SIGINT, proc.stderr[-3000:]
    assert sorted(p.name for p in out.iterdir()) == ["fig1.log"], "a figure's files are written all or none"
    assert "Traceback" not in proc.stderr, proc.stderr[-3000:]
    assert "interrupted (Ctrl-C)" in (out / "fig1.log").read_text()


def test_a_figure_interrupted_while_its_files_are_renamed_gets_all_of_them(tmp_path):
    proc = _figure_job(tmp_path, "rename")
    out = tmp_path / "figures"
    assert proc.returncode == -signal.SIGINT, proc.stderr[-3000:]
    assert sorted(p.name for p in out.iterdir()) == sorted(("fig1.log", *FIGURE_FILES)), \
        "the interrupt is held back until the last rename"
    assert (out / "fig1.claims.json").read_text() == "{}"


def _job_processes(workdir: Path) -> list[int]:
    """The pids of every process of a running job of the Snakemake run in ``workdir`` (Linux /proc): its shell and
    its script."""
    scripts = str(workdir / ".snakemake" / "scripts") + "/"
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                if scripts in (entry / "cmdline").read_bytes().decode(errors="replace"):
                    pids.append(int(entry.name))
    return pids


def _job_process(workdir: Path) -> int | None:
    """The pid of a running job process of the Snakemake run in ``workdir``."""
    return next(iter(_job_processes(workdir)), None)


def _start_and_wait_for_job(d: Path, *args: str) -> tuple[subprocess.Popen, int]:
    # A terminal's foreground job takes Ctrl-C with SIGINT's default action. Started in the background of a shell
    # without job control (`cmd &`, as CI runners and nohup'd runs do), this test would inherit SIGINT *ignored*
    # and pass that on to Snakemake and its job: the signal did nothing and the build went on (the failures of
    # 2026-11-25). So the run gets the terminal's disposition back.
    proc = subprocess.Popen([*SNAKEMAKE, *args], cwd=d, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 120
    while (job := _job_process(d)) is None:
        assert proc.poll() is None, f"the run ended before its job started:\n{proc.stdout.read()[-3000:]}"
        assert time.monotonic() < deadline, "the job never started"
        time.sleep(0.05)
    return proc, job


def _wait_gone(pid: int, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while Path(f"/proc/{pid}").exists() and time.monotonic() < deadline:
        time.sleep(0.1)


def _wait_for_line(path: Path, text: str, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while not (path.exists() and text in path.read_text(errors="replace")):
        assert time.monotonic() < deadline, f"{path.name} never showed {text!r}"
        time.sleep(0.05)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    d = copy_workflow(tmp_path_factory.mktemp("interrupts"))
    run_snakemake(d, "--cores", "1", TARGET, *SMOKE)
    return d


@pytest.mark.workflow
@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="finds the job process through /proc")
def test_after_a_kill_unlock_and_the_plain_command_resume(built):
    d = built
    stale = d / CACHED.parent / f".{CACHED.name}.killed.tmp"
    not_ours = d / "smoke" / "figures" / "uda_kabashima" / ".fig2.png.another-run.tmp"
    # Kill Snakemake alone (kill -9 of its pid) while it rebuilds the cached file: its job runs on, writes the
    # output and leaves it marked incomplete; the lock stays.
    proc, job = _start_and_wait_for_job(d, "--cores", "1", TARGET, *SMOKE, "--forcerun", "uk_rs_fig1")
    proc.kill()
    proc.wait()
    _wait_gone(job)
    assert (d / CACHED).exists()
    stale.write_bytes(b"what a kill during the write leaves")
    not_ours.write_bytes(b"a file of an output this run does not rebuild")

    again = run_snakemake(d, "--cores", "1", TARGET, *SMOKE, check=False)
    assert again.returncode != 0 and "LockException" in again.stdout + again.stderr
    assert "--unlock" in again.stdout + again.stderr
    run_snakemake(d, "--unlock")  # the README's command, as printed
    # Without the default profile (rerun-incomplete) the run would stop here:
    bare = run_snakemake(d, "--cores", "1", TARGET, *SMOKE, "--workflow-profile", "none", check=False)
    assert bare.returncode != 0 and "IncompleteFilesException" in bare.stdout + bare.stderr
    before = (d / CACHED).stat().st_mtime_ns
    resumed = run_snakemake(d, "--cores", "1", TARGET, *SMOKE)
    log = resumed.stdout + resumed.stderr
    # the default console shows one line per job; why it runs is in Snakemake's log of this run (the newest)
    run_log = max((d / ".snakemake" / "log").glob("*.snakemake.log"), key=lambda p: p.stat().st_mtime_ns).read_text()
    reason = re.search(r"Job \d+: uk_rs_fig1\b.*\nReason: (.*)", run_log)
    # (rerun-incomplete hands Snakemake the incomplete files as forced targets, hence its reason)
    assert reason and re.search("Forced execution|Incomplete output files", reason.group(1)), run_log[-3000:]
    assert (d / CACHED).stat().st_mtime_ns > before, "the incomplete output must be rebuilt, not trusted"
    assert not stale.exists() and f"interrupted run: {stale.relative_to(d)}" in log
    assert not_ours.exists(), "a temp file of an output this run does not rebuild is not this run's to remove"


def _ctrl_c_during_the_job(d: Path, snakemake_late_by: float | None) -> tuple[subprocess.Popen, str, Path]:
    """Start the build of TARGET with its cached input removed and press Ctrl-C while uk_rs_fig1 computes: the
    signal reaches Snakemake and the job together, or (``snakemake_late_by`` seconds) the job first and Snakemake's
    main thread that much later, as happens when the job's death is seen before the main thread has run its
    handler (the CI failure of 2026-11-30). The finished run, its console output and the job's log."""
    for f in [d / CACHED, *(d / TARGET).parent.glob("fig1.*")]:
        f.unlink(missing_ok=True)
    job_log = d / "smoke" / "results" / "logs" / "uk_rs_fig1.log"
    job_log.unlink(missing_ok=True)
    proc, job = _start_and_wait_for_job(d, "--cores", "1", TARGET, *SMOKE)
    # A user presses Ctrl-C while the job computes, not in the instant Snakemake forks it: wait for the job's own
    # start line.
    _wait_for_line(job_log, "started")
    if snakemake_late_by is None:
        # Ctrl-C in a terminal sends SIGINT to the whole foreground process group: Snakemake and its job.
        os.killpg(proc.pid, signal.SIGINT)
    else:
        for pid in _job_processes(d):
            os.kill(pid, signal.SIGINT)
        _wait_gone(job)
        time.sleep(snakemake_late_by)
        os.kill(proc.pid, signal.SIGINT)
    proc.wait(timeout=120)
    _wait_gone(job)
    return proc, proc.stdout.read(), job_log


def _assert_one_account_of_the_stop(d: Path, proc: subprocess.Popen, out: str, job_log: Path) -> None:
    assert proc.returncode != 0, f"Snakemake ignored the interrupt:\n{out[-3000:]}"
    assert not (d / TARGET).exists(), f"the figure job ran after the interrupt:\n{out[-3000:]}"
    assert "Interrupted (Ctrl-C)" in out and f"run the same command again:\n    snakemake --cores 1 {TARGET}" in out, \
        out[-3000:]
    # Issue 46: the workflow's message is the only account of the stop (no traceback of the stopped job, no
    # Snakemake error block for it), and it says only what is true: the stopped job left nothing.
    assert "Traceback" not in out and "Error in rule" not in out and "did not complete successfully" not in out, \
        out[-3000:]
    assert "The stopped jobs had written no output" in out and "deleted" not in out
    assert not (d / CACHED).exists()
    assert "interrupted (Ctrl-C)" in job_log.read_text(), "the job's log says it was interrupted"


@pytest.mark.workflow
@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="finds the job process through /proc")
def test_a_job_stopped_before_snakemake_runs_its_handler_gets_no_error_block(built):
    """The order of events of the CI failure of 2026-11-30: Snakemake's worker thread saw the job's death by SIGINT
    and logged its error block before the main thread ran its SIGINT handler. Without the wait for the handler
    (statmech_bayes.pipeline.ctrl_c) the run ends on the job's error before Snakemake's Ctrl-C arrives."""
    proc, out, job_log = _ctrl_c_during_the_job(built, snakemake_late_by=0.5)
    _assert_one_account_of_the_stop(built, proc, out, job_log)


@pytest.mark.workflow
@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="finds the job process through /proc")
def test_after_ctrl_c_the_plain_command_resumes(built):
    d = built
    proc, out, job_log = _ctrl_c_during_the_job(d, snakemake_late_by=None)
    _assert_one_account_of_the_stop(d, proc, out, job_log)
    planned = run_snakemake(d, "-n", "--cores", "1", TARGET, *SMOKE).stdout
    assert re.search(r"^total +2$", planned, re.M), "the interrupted job and the figure after it remain to do"
    run_snakemake(d, "--cores", "1", TARGET, *SMOKE)
    assert (d / CACHED).exists() and (d / TARGET).exists()
