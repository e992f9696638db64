"""The cluster path for real: the smoke configuration built through the repository's SLURM profile, with only the
partition and the account changed (as the README tells a user), on a real SLURM cluster; every science job
submitted through SLURM, figures, scorecard and `all` run locally, outputs byte-identical to a local build; failing
jobs on the cluster reported as failed and leaving no output a later run would trust. Also: the resources every
science rule asks a cluster for, and that they fit the paper-scale benchmarks where those exist.

The cluster is whatever `sinfo` answers for. `.ci/run` brings up the one-node cluster of `cluster/local_slurm.sh`
before pytest, tears it down after, and sets STATMECH_REQUIRE_SLURM=1 so that a missing cluster fails there
instead of skipping. Elsewhere the cluster tests skip when no cluster answers. STATMECH_SLURM_PARTITION (default:
the cluster's default partition) and STATMECH_SLURM_ACCOUNT (default: `none`) say where to submit.

Every Snakemake run on the cluster is under `timeout --signal=INT`: the SLURM executor plugin ends (cancelling its
jobs) on SIGINT, but can hang on SIGTERM."""
import contextlib
import io
import math
import os
import re
import shutil
import subprocess
from collections import defaultdict
from pathlib import Path

import pytest
import yaml

from conftest import ROOT, SNAKEMAKE, copy_workflow, run_snakemake
from statmech_bayes.pipeline.controls_registry import paper_controls
from statmech_bayes.pipeline.registry import papers

SMOKE = "workflow/config/smoke.yaml"
BUILD_TIMEOUT = 900  # s; a hang guard: the smoke build takes about 2 min on an idle 2-core machine, 4 under load
FAIL_TIMEOUT = 600   # s; the failing workflow (run beside it): 45 s alone on an idle machine
NOT_COMPARED = ("results/logs/", "results/benchmarks/")  # timings and log text differ between any two builds


# ---------------------------------------------------------------------------------------------------------------
# The cluster, the profile as a user edits it, runs under a SIGINT timeout, the run's log


def find_cluster() -> tuple[tuple[str, str] | None, str]:
    """``((partition, account), "")`` for a cluster that takes jobs now, else ``(None, why not)``."""
    if not (shutil.which("sbatch") and shutil.which("sinfo") and shutil.which("squeue")):
        return None, "no SLURM client commands (sbatch, sinfo, squeue) on this machine"
    try:
        out = subprocess.run(["sinfo", "-h", "-o", "%P %a %t"], capture_output=True, text=True, timeout=20)
    except subprocess.TimeoutExpired:
        return None, "sinfo did not answer within 20 s"
    if out.returncode != 0:
        return None, f"sinfo failed: {out.stderr.strip() or out.stdout.strip()}"
    wanted = os.environ.get("STATMECH_SLURM_PARTITION")
    for line in out.stdout.splitlines():
        name, avail, state = line.split()
        is_default, name = name.endswith("*"), name.rstrip("*")
        if (name == wanted if wanted else is_default) and avail == "up" and state in ("idle", "mix", "alloc"):
            return (name, os.environ.get("STATMECH_SLURM_ACCOUNT", "none")), ""
    which = f"partition '{wanted}'" if wanted else "the default partition"
    return None, f"{which} has no node that takes jobs (sinfo: {out.stdout.strip() or 'nothing'})"


@pytest.fixture(scope="module")
def cluster():
    found, why = find_cluster()
    if found is None:
        msg = f"no SLURM cluster to submit to: {why}. `sudo cluster/local_slurm.sh up` brings one up on this machine"
        if os.environ.get("STATMECH_REQUIRE_SLURM") == "1":
            pytest.fail(msg)
        pytest.skip(msg)
    return found


def edit_profile(profile_dir: Path, partition: str, account: str) -> Path:
    """Set the partition and the account in ``profile_dir/config.yaml`` (a copy of profiles/slurm), exactly as a
    user does; check that nothing else differs from the repository's profile."""
    path = profile_dir / "config.yaml"
    text = path.read_text()
    for key, value in (("slurm_partition", partition), ("slurm_account", account)):
        text, n = re.subn(rf'(?m)^(\s+{key}:\s*)"[^"]*"', lambda m, v=value: f'{m.group(1)}"{v}"', text)
        assert n == 1, f"profiles/slurm/config.yaml must set {key} once, on its own line"
    path.write_text(text)
    ours = yaml.safe_load((ROOT / "profiles" / "slurm" / "config.yaml").read_text())
    edited = yaml.safe_load(text)
    assert edited["default-resources"].pop("slurm_partition") == partition
    assert edited["default-resources"].pop("slurm_account") == account
    for key in ("slurm_partition", "slurm_account"):
        del ours["default-resources"][key]
    assert edited == ours, "the test must use the repository's profile with only the partition and account changed"
    return profile_dir


class SigintTimeoutRun:
    """Snakemake started in the background under ``timeout --signal=INT`` (SIGKILL a minute later), its combined
    output in ``log``; ``finish()`` waits and fails the test if the timeout struck."""

    def __init__(self, cwd: Path, args: list[str], seconds: int, log: Path):
        self.args, self.seconds, self.log = args, seconds, log
        cmd = ["timeout", "--signal=INT", "--kill-after=60", str(seconds), *SNAKEMAKE, *args]
        with open(log, "w") as out:
            self.proc = subprocess.Popen(cmd, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)

    def finish(self) -> tuple[int, str]:
        code = self.proc.wait()
        text = self.log.read_text()
        if code in (124, 137):  # timeout's codes: timed out (SIGINT sent), killed after the grace period
            pytest.fail(f"snakemake {' '.join(self.args)} did not finish within {self.seconds} s (SIGINT sent):\n"
                        f"{text[-4000:]}")
        return code, text


def jobs_in_log(text: str) -> tuple[dict[int, str], dict[int, list[str]]]:
    """``{jobid: rule}`` for every job the run started, and ``{jobid: [SLURM job ids]}`` for every job submitted to
    SLURM (more than one id when it was retried). A job is announced by Snakemake's block (``rule X:`` or ``localrule
    X:`` ... ``jobid: N``) or, in the workflow's quiet console (common.smk, ``quiet_job_lines``), by one line ``Job N:
    X <wildcards> (log: ...)``, which does not say where the job runs: that it was submitted to SLURM does."""
    started = {}
    for m in re.finditer(r"^(?:local)?rule (\w+):\n(?:    .*\n)*?    jobid: (\d+)$", text, flags=re.M):
        started[int(m.group(2))] = m.group(1)
    for m in re.finditer(r"^Job (\d+): (\w+)\b", text, flags=re.M):
        started[int(m.group(1))] = m.group(2)
    slurm = defaultdict(list)
    for m in re.finditer(r"^Job (\d+) has been submitted with SLURM jobid (\d+)", text, flags=re.M):
        slurm[int(m.group(1))].append(m.group(2))
    return started, dict(slurm)


def squeue_states(ids: list[str]) -> dict[str, str]:
    """The state SLURM reports for each of ``ids`` it still lists (finished jobs: for MinJobAge, 300 s by default)."""
    out = subprocess.run(["squeue", "-h", "-t", "all", "-j", ",".join(ids), "-o", "%i %T"],
                         capture_output=True, text=True, timeout=30)
    return dict(line.split() for line in out.stdout.splitlines() if line.strip())


def tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and not str(p.relative_to(root)).startswith(NOT_COMPARED)}


# ---------------------------------------------------------------------------------------------------------------
# The smoke configuration on the cluster


@pytest.fixture(scope="module")
def on_cluster(cluster, tmp_path_factory):
    """Two runs on the cluster at once, each through the edited profile: the smoke build, and the failing workflow
    of tests/slurm_failing/. Then, in the smoke build's directory (outputs record where they were built), a local
    build of the same configuration for comparison. ``{"smoke": (dir, log), "failing": (dir, exit code, log)}``."""
    failing = tmp_path_factory.mktemp("slurm_failing")
    shutil.copy(ROOT / "tests" / "slurm_failing" / "Snakefile", failing / "Snakefile")
    edit_profile(shutil.copytree(ROOT / "profiles" / "slurm", failing / "profile"), *cluster)
    d = copy_workflow(tmp_path_factory.mktemp("slurm") / "wf")
    edit_profile(d / "profiles" / "slurm", *cluster)
    fail_run = SigintTimeoutRun(failing, FAILING_ARGS, FAIL_TIMEOUT, failing / "run.log")
    build = SigintTimeoutRun(d, ["--workflow-profile", "profiles/slurm", "--configfile", SMOKE], BUILD_TIMEOUT,
                             d / "slurm_run.log")
    fail_code, fail_log = fail_run.finish()
    code, log = build.finish()
    assert code == 0, f"the smoke build on the cluster failed:\n{log[-6000:]}"
    (d / "smoke").rename(d / "smoke_slurm")
    run_snakemake(d, "--cores", "2", "--configfile", SMOKE)
    return {"smoke": (d, log), "failing": (failing, fail_code, fail_log)}


@pytest.fixture(scope="module")
def slurm_smoke(on_cluster):
    return on_cluster["smoke"]


@pytest.mark.workflow
@pytest.mark.slurm
def test_every_science_job_was_submitted_through_slurm(slurm_smoke):
    _, log = slurm_smoke
    started, slurm = jobs_in_log(log)
    assert re.search(r"^(\d+) of \1 steps \(100%\) done", log, flags=re.M), "the run did not do every job"
    assert len(started) == int(re.findall(r"^(\d+) of \1 steps", log, flags=re.M)[-1]), "a job missing from the log"
    declared = rule_declarations()
    remote = {j: rule for j, rule in started.items() if not declared[rule][0]}
    assert remote, "no science job in the smoke build"
    unsubmitted = sorted(rule for j, rule in remote.items() if j not in slurm)
    assert not unsubmitted, f"science jobs not submitted through SLURM: {unsubmitted}"
    ids = [i for j in remote for i in slurm[j]]
    assert len(set(ids)) == len(ids), "two jobs with one SLURM job id"
    states = squeue_states(ids)  # those still listed must have completed on the cluster
    assert all(s == "COMPLETED" for s in states.values()), states


@pytest.mark.workflow
@pytest.mark.slurm
def test_figures_scorecard_and_all_ran_locally(slurm_smoke):
    _, log = slurm_smoke
    started, slurm = jobs_in_log(log)
    ran_here = {rule for j, rule in started.items() if j not in slurm}
    figures = {f"{p.prefix}_{name}" for p in papers().values() for name in p.smoke_figures}
    # a figure's negative controls (controls.smk) only re-judge its claims, like the figure rule: local too
    controls = {f"{p.prefix}_{name}_controls" for k, p in papers().items() for name in p.smoke_figures
                if name in paper_controls(k)}
    assert ran_here == figures | controls | {"scorecard", "all"}
    assert not [rule for j, rule in started.items() if j in slurm and rule in ran_here], "a rule ran both ways"


@pytest.mark.workflow
@pytest.mark.slurm
def test_outputs_are_byte_identical_to_a_local_build(slurm_smoke):
    d, _ = slurm_smoke
    on_cluster, here = tree(d / "smoke_slurm"), tree(d / "smoke")
    assert sorted(on_cluster) == sorted(here)
    assert any(f.endswith(".npz") for f in here) and any(f.endswith(".png") for f in here)
    differ = [f for f in here if on_cluster[f] != here[f]]
    assert not differ, f"outputs differ between the cluster and the local build: {differ}"


# ---------------------------------------------------------------------------------------------------------------
# Failing jobs on the cluster (tests/slurm_failing/Snakefile, the same profile)


FAILING_ARGS = ["--workflow-profile", "profile"]


@pytest.mark.workflow
@pytest.mark.slurm
def test_failing_jobs_are_reported_and_leave_no_trusted_output(on_cluster):
    d, code, log = on_cluster["failing"]
    assert code != 0, "a run with failing jobs must fail"
    started, slurm = jobs_in_log(log)
    submitted = {rule for j, rule in started.items() if j in slurm}
    assert submitted == {"ok", "exits", "killed"}, log[-4000:]
    for rule in ("exits", "killed"):
        assert re.search(rf"Error in rule {rule}:\n    message: SLURM-job '\d+' failed", log), f"{rule}: {log[-4000:]}"
        assert not (d / f"{rule}.txt").exists(), f"the failed job {rule} left its partial output"
    # Killed outright, nothing on the node cleaned up: the submitting Snakemake removed the partial output.
    assert re.search(r"Removing output files of failed job killed", log)
    assert (d / "ok.txt").read_text() == "done\n"
    # The next run trusts what succeeded and redoes what failed.
    planned = run_snakemake(d, *FAILING_ARGS, "-n").stdout
    rules = set(re.findall(r"^(?:local)?rule (\w+):", planned, flags=re.M))
    assert rules == {"exits", "killed", "all"}, planned


# ---------------------------------------------------------------------------------------------------------------
# What every science rule asks a cluster for


def rule_declarations():
    """``{rule: (local, declared resource names)}`` for every rule of the workflow (the paper configuration)."""
    from snakemake.api import SnakemakeApi
    from snakemake.settings.types import OutputSettings, ResourceSettings

    out = {}
    with contextlib.redirect_stderr(io.StringIO()), SnakemakeApi(OutputSettings()) as api:
        wf = api.workflow(resource_settings=ResourceSettings(cores=2), snakefile=ROOT / "Snakefile", workdir=ROOT)
        for r in wf._workflow.rules:  # the parsed workflow (not public API, but the thing itself)
            out[r.name] = (r.name in wf._workflow._localrules, set(r.resources.keys()))
    return out


def test_every_science_rule_declares_threads_memory_and_runtime():
    rules = rule_declarations()
    science = {name for name, (local, _) in rules.items() if not local}
    assert science and "all" not in science and "scorecard" not in science
    missing = {name: sorted({"mem_mb", "runtime"} - declared) for name, (local, declared) in rules.items()
               if not local and not {"mem_mb", "runtime"} <= declared}
    assert not missing, f"science rules without mem_mb/runtime (a cluster would give them the defaults): {missing}"
    text = "\n".join(p.read_text() for p in (ROOT / "workflow" / "rules").glob("*.smk"))
    blocks = dict(re.findall(r"^rule (\w+):\n(.*?)(?=^\S|\Z)", text, flags=re.M | re.S))
    no_threads = sorted(name for name in science if name in blocks and "\n    threads:" not in blocks[name])
    assert not no_threads, f"science rules without a threads declaration: {no_threads}"


def planned_resources(out: str) -> list[tuple[str, str, int, int]]:
    """``(rule, benchmark file, mem_mb, runtime)`` of each science job in a dry run's listing."""
    jobs = []
    for block in re.split(r"\n(?=(?:local)?rule \w+:)", out):
        m = re.match(r"rule (\w+):", block)  # not `localrule`
        bench = re.search(r"^    benchmark: (\S+)$", block, flags=re.M)
        res = re.search(r"^    resources: (.*)$", block, flags=re.M)
        if m and bench and res:
            values = dict(kv.split("=", 1) for kv in res.group(1).split(", "))
            jobs.append((m.group(1), bench.group(1), int(values["mem_mb"]), int(values["runtime"])))
    return jobs


def test_declared_resources_fit_the_paper_scale_benchmarks():
    """Where this checkout has paper-scale benchmarks (results/benchmarks/, written by the full build; not in a
    fresh clone), each science job asks for at least twice the measured time (rounded up to minutes) and 25 % more
    memory than the measured peak RSS."""
    if not any((ROOT / "results" / "benchmarks").glob("*.tsv")):
        pytest.skip("no paper-scale benchmarks in results/benchmarks/ (written by the full build)")
    jobs = planned_resources(run_snakemake(ROOT, "-n", "--forceall", "--cores", "2").stdout)
    assert jobs
    short, small, measured = [], [], 0
    for rule, bench, mem_mb, runtime in jobs:
        path = ROOT / bench
        if not path.exists():
            continue
        rows = [line.split("\t") for line in path.read_text().splitlines()]
        header, *values = rows
        s = max(float(v[header.index("s")]) for v in values)
        rss = max(float(v[header.index("max_rss")]) for v in values if v[header.index("max_rss")] not in ("-", "NA"))
        measured += 1
        if runtime < math.ceil(2 * s / 60):
            short.append(f"{rule} ({path.stem}): runtime {runtime} min, measured {s:.0f} s")
        if mem_mb < 1.25 * rss:
            small.append(f"{rule} ({path.stem}): mem_mb {mem_mb}, measured max_rss {rss:.0f} MB")
    assert measured, "no benchmark matches a planned job"
    assert not short, f"runtime below twice the measured time: {short}"
    assert not small, f"mem_mb below 1.25 x the measured peak: {small}"
