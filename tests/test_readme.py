"""Every command in a code block of README.md and docs/*.md is run in the form printed there, so that no example
can do something other than what its text says (prose is free). Each `snakemake` command runs in a fresh clone
(what `git clone` gives: the committed figures, older than the code; no results/) as a dry run whose number of
planned jobs is checked against the table below, or runs for real where that is cheap (one figure, the reports,
--unlock, the notebooks). The environment and test commands are the ones `.ci/run` runs. A command added to a
code block, or changed, fails here until the table says what it must plan."""
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, fresh_clone, run_snakemake
from statmech_bayes.pipeline.registry import papers

pytestmark = pytest.mark.workflow

WHOLE = "the whole DAG"          # as many jobs as the configuration's DAG has (`--forceall`)
CI = "run by .ci/run"            # the environment, lint and test commands

# command as printed -> what it must do
SETUP = 'python3 -m venv .venv && . .venv/bin/activate && pip install -r envs/requirements.txt -e ".[test]"'
EXPECTED = {
    # set-up: .ci/run runs the install and the tests; the main job's snakemake part plans the whole DAG
    f"{SETUP} && snakemake --cores all": ("fresh", WHOLE),
    f"{SETUP} && python -m pytest -ra": CI,
    'python -m pytest -m "not workflow and not slurm" -ra': "fast tier (a subset of what .ci/run runs)",
    "python -m pytest -ra": CI,
    # dry runs in a fresh clone: planned jobs
    "snakemake --cores 2 figures/sollich_halees/fig2.png": ("fresh", 2),
    "snakemake -n figures/sollich_halees/fig2.png": ("fresh", 2),
    "snakemake --cores 2 --configfile workflow/config/quick.yaml": ("fresh", WHOLE),
    "snakemake --cores 2 quick/figures/uda_kabashima/fig3.png --configfile workflow/config/quick.yaml": ("fresh", 5),
    "snakemake --cores 2 --configfile workflow/config/smoke.yaml": ("fresh", WHOLE),
    "snakemake --workflow-profile profiles/slurm": ("fresh", WHOLE),
    # run for real on a one-node cluster by tests/test_slurm.py
    "snakemake --workflow-profile profiles/slurm --configfile workflow/config/smoke.yaml": ("fresh", WHOLE),
    # dry runs after the one-figure command has run (for real)
    "snakemake --cores 2 figures/sollich_halees/fig2.png --forcerun sh_fig2_posterior": ("built", 2),
    # run for real
    "snakemake --report report.html": "report",
    "snakemake --report quick/report.html --configfile workflow/config/quick.yaml": "report",
    "snakemake --unlock": "run",
    "python -m statmech_bayes.pipeline.config workflow/config/quick.yaml": "run",
    "python notebooks/build_notebooks.py --execute": "refuses without the paper-scale build (test_notebook_commands)",
    "STATMECH_OUTPUT_ROOT=quick jupyter lab notebooks/": "notebooks",
    # the variants (issue 37): one of them built for real on the quick base by tests/test_variants_build.py
    "python -m statmech_bayes.pipeline.variants build --cores 2": "variants (paper scale; the quick base is tested)",
    "python -m statmech_bayes.pipeline.variants build uk_tie_first --base quick --cores 2": "variants: run",
    "python -m statmech_bayes.pipeline.variants table": "refuses without the variants: tests/test_variants_table.py",
}
ONE_FIGURE = "snakemake --cores 2 figures/sollich_halees/fig2.png"
PAGES = ["README.md", *sorted(f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md"))]


def readme_commands() -> list[str]:
    """Every command in a ```bash block of the README and docs/: one per line."""
    found = []
    for page in PAGES:
        text = (ROOT / page).read_text()
        found += [line.strip() for block in re.findall(r"```bash\n(.*?)```", text, re.S)
                  for line in block.splitlines() if line.strip()]
    return list(dict.fromkeys(found))


def test_the_setup_is_two_commands_and_ci_runs_the_second():
    """The README's set-up: one command installs and runs the main job, one installs and runs the tests; .ci/run
    runs the same install and the same test command."""
    text = (ROOT / "README.md").read_text()
    setup = text[text.index("## Set-up"):text.index("## Using the workflow")]
    blocks = [b.strip() for b in re.findall(r"```bash\n(.*?)```", setup, re.S)]
    assert blocks == [f"{SETUP} && snakemake --cores all", f"{SETUP} && python -m pytest -ra"]
    ci = (ROOT / ".ci" / "run").read_text()
    assert "python -m pytest -ra" in ci and 'pip install --quiet -r envs/requirements.txt -e ".[test]"' in ci


def test_the_readme_summary_is_the_scorecard():
    """The README's short summary is the committed scorecard's, row for row, each paper linking to its page
    (python -m statmech_bayes.reporting.paper_pages --readme README.md)."""
    from statmech_bayes.reporting.paper_pages import declared_controls, load, readme_titles, summary_rows

    text = (ROOT / "README.md").read_text()
    table = text[text.index("<!-- scorecard-summary -->"):text.index("<!-- /scorecard-summary -->")]
    rows = [r for r in table.splitlines() if r.startswith("|")]
    scorecard = load(ROOT / "figures" / "scorecard.csv")
    ledger = ROOT / "figures" / "controls.csv"
    assert rows == summary_rows(scorecard, readme_titles(scorecard), declared=declared_controls(ledger),
                                ledger="figures/controls.csv")
    for paper in readme_titles(scorecard):
        assert (ROOT / "docs" / "papers" / f"{paper}.md").exists(), paper


def snakemake_args(command: str) -> list[str]:
    """The arguments of the `snakemake` part of a printed command."""
    part = [p.strip() for p in command.split("&&") if p.strip().startswith("snakemake")][-1]
    return shlex.split(part)[1:]


def planned(d: Path, args: list[str]) -> int:
    """Jobs a dry run of ``snakemake args`` plans in ``d`` (0 for "Nothing to be done")."""
    out = run_snakemake(d, *args, *([] if "-n" in args else ["-n"])).stdout
    if "Nothing to be done" in out:
        return 0
    total = re.search(r"^total +(\d+)$", out, re.M)
    assert total, out[-2000:]
    return int(total.group(1))


def whole_dag(d: Path, configfile: str | None) -> int:
    return planned(d, ["--forceall", "--cores", "1", *(["--configfile", configfile] if configfile else [])])


def test_every_readme_command_has_an_expectation():
    commands = readme_commands()
    assert not set(commands) - set(EXPECTED), f"commands with no expectation here: {set(commands) - set(EXPECTED)}"
    assert not set(EXPECTED) - set(commands), f"no longer in a code block: {set(EXPECTED) - set(commands)}"


@pytest.fixture(scope="module")
def clone(tmp_path_factory):
    return fresh_clone(tmp_path_factory.mktemp("readme") / "repo")


@pytest.fixture(scope="module")
def fresh_plans(clone):
    """The dry runs of the fresh-clone commands, before anything is built, and each configuration's DAG size."""
    plans = {}
    for command, expect in EXPECTED.items():
        if isinstance(expect, tuple) and expect[0] == "fresh":
            if "--sdm conda" in command and shutil.which("conda") is None:
                continue
            plans[command] = planned(clone, snakemake_args(command))
    sizes = {cfg: whole_dag(clone, cfg) for cfg in (None, "workflow/config/quick.yaml", "workflow/config/smoke.yaml")}
    return plans, sizes


def test_fresh_clone_dry_runs_plan_what_the_readme_says(fresh_plans):
    plans, sizes = fresh_plans
    wrong = {}
    for command, count in plans.items():
        expect = EXPECTED[command][1]
        if expect == WHOLE:
            config = re.search(r"--configfile (\S+)", command)
            expect = sizes[config.group(1) if config else None]
        if count != expect:
            wrong[command] = f"plans {count}, expected {expect}"
    assert not wrong, wrong
    assert sizes[None] > sizes["workflow/config/quick.yaml"] > sizes["workflow/config/smoke.yaml"] > 10


@pytest.fixture(scope="module")
def built(clone, fresh_plans):
    """The clone after the README's one-figure command, run as printed."""
    run_snakemake(clone, *snakemake_args(ONE_FIGURE))
    return clone


def test_one_figure_builds_and_forcerun_redoes_one_step(built, fresh_plans):
    d = built
    for ext in (".png", ".pdf", ".csv", ".claims.json"):
        assert (d / "figures" / "sollich_halees" / f"fig2{ext}").stat().st_size > 0
    assert planned(d, snakemake_args(ONE_FIGURE)) == 0, "after the build the figure is up to date"
    for command, expect in EXPECTED.items():
        if isinstance(expect, tuple) and expect[0] == "built":
            assert planned(d, snakemake_args(command)) == expect[1], command
    # The README's word-order warning: a target after --forcerun is taken by it; the run stops with the order to type
    # (it planned the whole paper-scale build before issue 46).
    swallowed = ["-n", "--cores", "2", "--forcerun", "sh_fig2_posterior", "figures/sollich_halees/fig2.png"]
    proc = run_snakemake(d, *swallowed, check=False)
    assert proc.returncode != 0 and "snakemake -n --cores 2 figures/sollich_halees/fig2.png --forcerun " \
        "sh_fig2_posterior" in proc.stdout + proc.stderr


def _report_lists_every_figure(path: Path) -> None:
    html = path.read_text(errors="replace")
    for paper in papers().values():
        for name in paper.figures:
            assert f"{paper.key}/{name}.png" in html, f"{paper.key}/{name} missing from {path.name}"


def test_paper_scale_report_from_a_clone(built):
    """`snakemake --report report.html` in a clone reports the committed figures."""
    run_snakemake(built, *snakemake_args("snakemake --report report.html"))
    _report_lists_every_figure(built / "report.html")


def test_quick_report(quick_run):
    run_snakemake(quick_run, *snakemake_args(
        "snakemake --report quick/report.html --configfile workflow/config/quick.yaml"))
    _report_lists_every_figure(quick_run / "quick" / "report.html")


def test_smoke_report(smoke_run):
    """docs/usage.md's smoke report (prose, not a code block)."""
    run_snakemake(smoke_run, "--report", "smoke/report.html", "--configfile", "workflow/config/smoke.yaml")
    html = (smoke_run / "smoke" / "report.html").read_text(errors="replace")
    for paper in papers().values():
        for name in paper.smoke_figures:
            assert f"{paper.key}/{name}.png" in html


def test_unlock_and_the_configuration_check(built):
    assert "Unlocked" in (lambda p: p.stdout + p.stderr)(run_snakemake(built, *snakemake_args("snakemake --unlock")))
    for command in ("python -m statmech_bayes.pipeline.config workflow/config/quick.yaml",):
        proc = subprocess.run([sys.executable, *shlex.split(command)[1:]], cwd=built, capture_output=True, text=True)
        assert proc.returncode == 0 and proc.stdout.startswith("valid: workflow/config/full.yaml"), proc.stderr


def test_notebook_commands(built, tmp_path):
    """The build command in a clone that has one figure's results: it refuses to write the committed notebooks
    (they hold the paper-scale build's outputs) and names the build; with --out elsewhere, the notebook of that
    paper reads what exists and falls back to the plotted data for the rest."""
    for command in ("python notebooks/build_notebooks.py --execute",):
        before = {p.name: p.read_bytes() for p in (built / "notebooks").glob("*.ipynb")}
        proc = subprocess.run([sys.executable, *shlex.split(command)[1:]], cwd=built, capture_output=True, text=True)
        assert proc.returncode != 0 and "wrote" not in proc.stdout, proc.stdout
        assert "results/kjit/ is absent" in proc.stderr and "results/sollich_halees/" not in proc.stderr
        assert {p.name: p.read_bytes() for p in (built / "notebooks").glob("*.ipynb")} == before
    proc = subprocess.run([sys.executable, "notebooks/build_notebooks.py", "--execute", "sollich_halees", "--out",
                           str(tmp_path)], cwd=built, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-3000:]
    text = (tmp_path / "sollich_halees.ipynb").read_text()
    assert "cached results: results/sollich_halees" in text and "not built yet" in text
    # The README's command to open them on a quick build sets the variable they read (run on a quick build by
    # test_workflow.py::test_notebook_executes_on_quick_outputs).
    variable = "STATMECH_OUTPUT_ROOT=quick jupyter lab notebooks/".split("=")[0]
    assert f"os.environ.get('{variable}'" in (ROOT / "notebooks" / "source" / "common.py").read_text()
    assert shutil.which("jupyter-lab") or shutil.which("jupyter"), "JupyterLab is part of the environment"


def test_the_ci_script_runs_the_environment_and_test_commands():
    script = (ROOT / ".ci" / "run").read_text().replace(" --quiet", "")
    for command, expect in EXPECTED.items():
        if expect == CI:
            for part in command.split(" && "):
                assert part in script, f"{part!r} (README) is not what .ci/run runs"
