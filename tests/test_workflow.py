"""The workflow end to end, in tiers: a dry run at paper scale; the smoke build (one figure per paper) with the
rerun rules checked on it; the quick build of the whole DAG once, with determinism checked by rebuilding a
sample of its outputs; the notebooks on the quick outputs, on a clone without results/, and as committed (the reports:
test_readme.py)."""
import base64
import json
import os
import re
import shutil
import sys

import nbformat
import pytest
from nbclient import NotebookClient

from conftest import COPIED_DIRS, COPIED_FILES, ROOT, run_snakemake
from statmech_bayes.pipeline.registry import papers
from statmech_bayes.reporting.claims import VERDICTS
from workflow_api import parse_rules

pytestmark = pytest.mark.workflow

PAPERS = papers()
FIGURES = [f"{p.key}/{name}" for p in PAPERS.values() for name in p.figures]
EXTS = (".png", ".pdf", ".csv", ".claims.json")


def planned_jobs(out: str) -> dict[str, list[str]]:
    """``{rule: [reason, ...]}`` from a dry run's job listing."""
    jobs: dict[str, list[str]] = {}
    for block in re.split(r"\n(?=(?:local)?rule \w+:)", out):
        m = re.match(r"(?:local)?rule (\w+):", block)
        if m:
            reason = re.search(r"reason: (.*)", block)
            jobs.setdefault(m.group(1), []).append(reason.group(1) if reason else "")
    return jobs


def test_full_dry_run_lists_every_figure():
    listing = run_snakemake(ROOT, "-n", "--forceall", "--cores", "8").stdout
    for f in FIGURES:
        for ext in EXTS:
            assert f"figures/{f}{ext}" in listing, f"{f}{ext} missing from the full dry run"
    assert "quick/" not in listing and "smoke/" not in listing  # the default configuration is the papers'


def check_claims(path):
    doc = json.loads(path.read_text())
    assert doc["n_claims"] >= 1 or doc["notes"], "a figure without claims (a schematic) keeps its statements as notes"
    assert all(c["verdict"] in VERDICTS for c in doc["claims"])
    assert all(not c["finding"] or c["verdict"] == "fail" for c in doc["claims"])
    assert all(bool(c["finding"]) == bool(c["finding_test"]) for c in doc["claims"]), "a finding names its test"
    assert all((c["verdict"] == "inconclusive") == bool(c["reason"]) for c in doc["claims"])
    assert all(c["kind"] in ("value", "relation", "wording", "ours", "setup") for c in doc["claims"])
    assert sum(doc["counts"].values()) == doc["n_claims"]
    # the configuration values the figure declares (CONFIG_KEYS), and the declaration; a schematic may declare none
    assert "params" in doc["provenance"] and "config_keys" in doc["provenance"], "claims record what they read"
    assert set(doc["provenance"]["params"]) <= {k.split(".")[0] for k in doc["provenance"]["config_keys"]}
    assert "git_commit" not in doc["provenance"], "a committed claims file carries no volatile commit hash"


def test_smoke_builds_one_figure_per_paper(smoke_run):
    root = smoke_run / "smoke" / "figures"
    built = sorted(str(p.relative_to(root)).removesuffix(".png") for p in root.glob("*/*.png"))
    assert [f.split("/")[0] for f in built] == sorted(PAPERS), built
    for f in built:
        for ext in EXTS:
            assert (root / f"{f}{ext}").stat().st_size > 0
        check_claims(root / f"{f}.claims.json")
    md = (root / "scorecard.md").read_text()
    for p in PAPERS.values():
        # results | reproduced / weak / unchecked | proven before | findings | inconclusive (4) | settled | unexplained |
        # revised | set-up facts (2) | our own checks (3)
        assert re.search(rf"\| {re.escape(p.title)} \| \d+ \| \d+ / \d+ / \d+ \| \d+ \| \d+ \| \d+ / \d+ / \d+ / \d+ \| "
                         r"\d+ \| \d+ \| \d+ \| \d+ / \d+ \| \d+ / \d+ / \d+ \|", md), p.title


def test_a_run_ends_within_seconds_of_its_last_job(smoke_run):
    """Snakemake's scheduler re-evaluates one rate-limit timespan after each pass on a non-daemon timer, and its
    process waits for the last timer before it exits: the profile's `max-jobs-per-timespan` is a wait at the end of
    every run (a 60 s timespan once made each run, even of one small figure, end a minute after its last job)."""
    log = sorted((smoke_run / ".snakemake" / "log").glob("*.snakemake.log"))[0]  # the build's: the first run there
    waited = float((smoke_run / "smoke_exit_time.txt").read_text()) - log.stat().st_mtime
    assert waited < 15, f"Snakemake exited {waited:.0f} s after it wrote the run's last log line"


def written_outside(d, root):
    """Files a build in the copy ``d`` wrote outside its output root ``root``: anything that is not a file the copy
    started with (Python's bytecode caches and Snakemake's own .snakemake/ apart)."""
    out = []
    for p in d.rglob("*"):
        rel = p.relative_to(d)
        if not p.is_file() or rel.parts[0] in (root, ".snakemake", "saved") or "__pycache__" in rel.parts:
            continue
        if rel.name in ("smoke_exit_time.txt", "smoke_console.txt", "network.txt"):  # the fixture's own notes
            continue
        copied = rel.parts[0] in COPIED_DIRS or str(rel) in COPIED_FILES
        if not copied or not (ROOT / rel).is_file():
            out.append(str(rel))
    return out


def test_the_smoke_build_writes_under_smoke_only(smoke_run):
    assert written_outside(smoke_run, "smoke") == []


def test_the_quick_build_writes_under_quick_only(quick_run):
    """The quick build (MNIST included: read from the shipped data/mnist) writes nothing outside quick/."""
    assert written_outside(quick_run, "quick") == []


def test_the_console_shows_one_line_per_job_and_the_progress(smoke_run):
    """Snakemake's job blocks list every input (the code: up to 40 files, lines over 1,000 characters); the default
    profile's console has one line per job (rule, wildcards, log) and the progress; the reasons are in the run log."""
    console = (smoke_run / "smoke_console.txt").read_text()
    lines = console.splitlines()
    jobs = [line for line in lines if re.match(r"Job \d+: \w+", line)]
    progress = [line for line in lines if re.fullmatch(r"\d+ of \d+ steps \(\d+%\) done", line)]
    # every job has its line, but the default target `all`, which runs nothing (Snakemake shows it as `localrule all`)
    assert jobs and len(jobs) == len(progress) - 1 and "all" not in {j.split()[2] for j in jobs}, console[-3000:]
    # no job's block with its inputs (the default target's `localrule all:` block lists the figures it collects)
    start = next((i for i, line in enumerate(lines) if line.startswith("localrule all:")), len(lines))
    end = next((i for i in range(start, len(lines)) if not lines[i].strip()), len(lines))
    shown = lines[:start] + lines[end:]
    assert not [line for line in shown if line.startswith("    input:")], "full job blocks on the default console"
    # no Reason lines (on a rebuild they list every updated source file, or a changed section of the configuration
    # twice): they are in Snakemake's run log
    assert not [line for line in shown if line.startswith("Reason:")], "Reason lines on the default console"
    assert len(lines) < 260 and max(map(len, shown)) < 300, (len(lines), max(map(len, shown)))
    run_logs = sorted((smoke_run / ".snakemake" / "log").glob("*.snakemake.log"))
    assert any("Reason: Missing output files" in log.read_text() for log in run_logs), "no Reason in the run log"


_SMOKE_DAG: dict = {}


def smoke_dag(d):
    """The smoke configuration's rules (as parsed) and the rules of its DAG, computed once per session."""
    if d not in _SMOKE_DAG:
        rules = parse_rules(d, "workflow/config/smoke.yaml")
        dag = set(planned_jobs(run_snakemake(d, "-n", "--forceall", "--configfile", "workflow/config/smoke.yaml").stdout))
        _SMOKE_DAG[d] = (rules, dag)
    return _SMOKE_DAG[d]


@pytest.mark.parametrize("module", [
    "src/statmech_bayes/gp/bounds.py",          # Sollich & Halees theory only, not the simulations
    "src/statmech_bayes/gp/spectra.py",
    "src/statmech_bayes/randomwalk/tree.py",    # Urry & Sollich tree data (and its figure), nothing else
    "src/statmech_bayes/graphs/spectral.py",
    "src/statmech_bayes/reporting/claims.py",   # figure rules only
    "src/statmech_bayes/core/threads.py",       # the BLAS thread cap: every rule that runs under it
    "src/statmech_bayes/core/rule_runtime.py",  # output-neutral: nothing
])
def test_editing_a_module_reruns_exactly_the_rules_that_reach_it(smoke_run, module):
    """Every rule whose declared code contains the module reruns; any other planned job reruns only because
    an upstream job does; nothing else is planned."""
    d = smoke_run
    rules, dag = smoke_dag(d)
    expected = {r for r in dag if module in rules[r].code}
    path = d / module
    text, stat = path.read_text(), path.stat()
    try:
        path.write_text(text + "\n# an edit after the last build\n")
        out = run_snakemake(d, "-n", "--configfile", "workflow/config/smoke.yaml").stdout
    finally:
        path.write_text(text)
        os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    planned = planned_jobs(out)
    named = {r for r, reasons in planned.items() if any(module in why for why in reasons)}
    assert named <= expected, f"rerun for {module} although their scripts do not reach it: {named - expected}"
    assert expected <= set(planned), f"not rerun although their scripts reach {module}: {expected - set(planned)}"
    downstream_only = {r for r, reasons in planned.items()
                       if all(why.startswith("Input files updated by another job") for why in reasons)}
    assert set(planned) - expected <= downstream_only, "a job was planned for another reason than the edit"
    if module.endswith("rule_runtime.py"):
        assert not planned, "an output-neutral module must rerun nothing"
    else:
        assert expected, f"the smoke DAG should reach {module}"


def test_quick_run_writes_every_output_and_claims(quick_run):
    root = quick_run / "quick"
    for f in FIGURES:
        for ext in EXTS:
            assert (root / "figures" / f"{f}{ext}").stat().st_size > 0
        check_claims(root / "figures" / f"{f}.claims.json")
    assert (root / "figures" / "scorecard.md").read_text().startswith("# Scorecard")
    assert any((root / "results" / "benchmarks").glob("us_fig1*.tsv"))
    paper_tree = sorted(str(p.relative_to(quick_run)) for p in (quick_run / "figures").rglob("*") if p.is_file())
    assert paper_tree == sorted(f for f in COPIED_FILES if f.startswith("figures/")), \
        "a quick run must not write the paper-scale tree"


def test_rebuilding_a_sample_gives_identical_bytes(quick_run):
    root = quick_run / "quick"
    sample = [*sorted((root / "results").glob("*/sims/*.npz"))[:3], *sorted((root / "results" / "spectra").glob("*.npz"))[:1],
              *sorted((root / "results" / "urry_sollich" / "cavity").glob("*_global_*.npz"))[:1],
              root / "figures" / "urry_sollich" / "fig3.png", root / "figures" / "urry_sollich" / "fig3.pdf",
              root / "figures" / "urry_sollich" / "fig3.csv", root / "figures" / "sollich_halees" / "fig5.claims.json"]
    assert len(sample) >= 8
    before = {p: p.read_bytes() for p in sample}
    saved = quick_run / "saved"
    shutil.copytree(root, saved)
    targets = sorted({str(p.relative_to(quick_run)) for p in sample})
    run_snakemake(quick_run, "--cores", "2", "--configfile", "workflow/config/quick.yaml", "--force", *targets)
    differ = [str(p.relative_to(root)) for p in sample if p.read_bytes() != before[p]]
    assert not differ, f"outputs differ after a rebuild: {differ}"


def _execute(nb, cwd, output_root=None):
    """Run ``nb`` in a fresh kernel started in ``cwd`` (as Jupyter does for a notebook there), with
    ``STATMECH_OUTPUT_ROOT`` set to ``output_root`` or unset; return its error outputs and its text outputs."""
    saved = os.environ.pop("STATMECH_OUTPUT_ROOT", None)
    if output_root is not None:
        os.environ["STATMECH_OUTPUT_ROOT"] = str(output_root)
    try:
        NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(cwd)}}).execute()
    finally:
        os.environ.pop("STATMECH_OUTPUT_ROOT", None)
        if saved is not None:
            os.environ["STATMECH_OUTPUT_ROOT"] = saved
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    text = "".join(o.get("text", "") for o in outputs)
    return [o for o in outputs if o.output_type == "error"], text


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_notebook_executes_on_quick_outputs(quick_run, paper):
    """The README's `STATMECH_OUTPUT_ROOT=quick`: the notebook reads the quick build, cached results included."""
    nb = nbformat.read(ROOT / "notebooks" / f"{paper}.ipynb", as_version=4)
    errors, text = _execute(nb, ROOT / "notebooks", quick_run / "quick")
    assert not errors, [f"{e.ename}: {e.evalue}" for e in errors]
    assert f"quick/results/{paper}" in text and "not built yet" not in text, "every cached result must be read"


@pytest.fixture(scope="module")
def figures_only_clone(tmp_path_factory):
    """What a fresh clone holds for the notebooks: notebooks/ and the committed figures/, no results/."""
    d = tmp_path_factory.mktemp("clone")
    shutil.copytree(ROOT / "notebooks", d / "notebooks", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    shutil.copytree(ROOT / "figures", d / "figures")
    return d


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_notebook_runs_from_a_clone_without_results(figures_only_clone, paper):
    d = figures_only_clone
    nb = nbformat.read(d / "notebooks" / f"{paper}.ipynb", as_version=4)
    errors, text = _execute(nb, d / "notebooks")
    assert not errors, [f"{e.ename}: {e.evalue}" for e in errors]
    assert f"figures: figures/{paper}" in text and "cached results: absent" in text


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_committed_notebook_is_its_source_executed_on_the_committed_figures(paper):
    """Browsable from a clone: the committed notebook has its source's cells, run on the paper-scale build
    (figures/ and results/), with no errors and no volatile metadata, and shows the committed figures."""
    sys.path.insert(0, str(ROOT / "notebooks"))
    try:
        from build_notebooks import build
        source = build(paper)
    finally:
        sys.path.remove(str(ROOT / "notebooks"))
    nb = nbformat.read(ROOT / "notebooks" / f"{paper}.ipynb", as_version=4)
    fix = f"rebuild it: python notebooks/build_notebooks.py --execute {paper}"
    assert [c.source for c in nb.cells] == [c.source for c in source.cells], f"notebook differs from its source; {fix}"
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert [c.execution_count for c in code] == list(range(1, len(code) + 1)), f"not executed in order; {fix}"
    assert not [o for c in code for o in c.outputs if o.output_type == "error"]
    assert not any("execution" in c.metadata for c in nb.cells) and set(nb.metadata.language_info) == {"name"}
    header = "".join(o.get("text", "") for o in code[0].outputs)
    assert header == f"figures: figures/{paper}\ncached results: results/{paper}\n", "not run on the paper-scale build"
    shown = {base64.b64decode(o.data["image/png"]) for c in code for o in c.outputs if "image/png" in o.get("data", {})}
    committed = {(ROOT / "figures" / paper / f"{name}.png").read_bytes() for name in PAPERS[paper].figures}
    assert shown == committed, f"the notebook does not show the committed figures; {fix}"
