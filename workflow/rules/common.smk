# Shared by every .smk file: the validated configuration, output paths, each job's code inputs and the
# figure declarations. Nothing here knows about a particular paper.
import contextlib
import difflib
import logging
import os
import shlex
import signal
import sys
from pathlib import Path

from snakemake.exceptions import WorkflowError
from snakemake.io import is_flagged

# The workflow runs from a plain checkout too (cluster nodes, --sdm conda environments): rule scripts
# find the package through PYTHONPATH rather than relying on `pip install -e .`.
_SRC_ROOT = str(Path(workflow.basedir) / "src")
sys.path.insert(0, _SRC_ROOT)
# (Set, never required: hence update() rather than an asserted envvars entry.)
os.environ.update(PYTHONPATH=os.pathsep.join(p for p in (_SRC_ROOT, os.environ.get("PYTHONPATH")) if p))

from statmech_bayes.data.manifest import problems as data_problems, required_files
from statmech_bayes.data.manifest import stored_files as stored_data_files
from statmech_bayes.core.config_keys import declared as declared_config_keys, prune as prune_config
from statmech_bayes.pipeline.code_deps import import_closure, use_disk_cache
from statmech_bayes.pipeline.config import load_config_file, validate_config
from statmech_bayes.pipeline.ctrl_c import interrupted as ctrl_c, on_ctrl_c, quiet_console_after_interrupt
from statmech_bayes.pipeline.registry import papers
from statmech_bayes.pipeline.temp_files import remove_stale_temp_files

CONDA_ENV = "../../envs/environment.yaml"
PAPERS = papers()

# The paper-scale parameters, the default configuration. Read strictly first, so that a syntax error or a repeated
# key names the file and line (Snakemake's own message names neither). Snakemake's command line has read the
# --configfile files before the workflow starts (their syntax errors are its own); repeated keys are caught here.
for _file in ["workflow/config/full.yaml", *workflow.overwrite_configfiles]:
    load_config_file(_file)


configfile: "workflow/config/full.yaml"


validate_config(config, Path(workflow.basedir) / "workflow" / "schemas")

ROOT = config["output_root"]


# The outputs of the jobs this run executes, as they were when it started: path -> (inode, mtime) or None (absent).
_AT_START = {}


def _stamp(path):
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    return st.st_ino, st.st_mtime_ns


def _left_by_stopped_jobs():
    """(written, removed): outputs of this run's unfinished jobs written since it started (by a job the interrupt
    stopped, or one that ended without being recorded as finished), and outputs there at its start that are gone
    (Snakemake removes a job's old outputs when the job starts)."""
    written, removed = [], []
    for job in workflow.dag.needrun_jobs():  # the jobs of this run not finished
        for f in job.output:
            if is_flagged(f, "update"):
                continue  # a kept timing figure's committed file: the job never writes it, Snakemake restores it
            path = str(f)
            before, now = _AT_START.get(path), _stamp(path)
            if now is not None and now != before:
                written.append(path)
            elif now is None and before is not None:
                removed.append(path)
    return sorted(written), sorted(removed)


def _listed(paths, limit=8):
    return ", ".join(paths[:limit]) + (f" and {len(paths) - limit} more" if len(paths) > limit else "")


onstart:
    from snakemake.logging import logger as snakemake_logger

    signal.signal(signal.SIGINT, on_ctrl_c)
    quiet_console_after_interrupt(snakemake_logger)
    # Every data file that a planned job reads has been checked (sha256) while the plan was made: stop before any job
    # starts if one is missing or changed.
    stop_on_data_problems()
    # A job killed while writing leaves its temporary file beside the output; remove those of the outputs this
    # run rebuilds, before any job starts. Snakemake has locked exactly these outputs for this run, so no
    # other run is writing them (statmech_bayes.pipeline.temp_files).
    _outputs = [str(f) for _job in workflow.dag.needrun_jobs() for f in _job.output]
    for _tmp in remove_stale_temp_files(_outputs):
        print(f"removed a temporary file left by an interrupted run: {_tmp}", file=sys.stderr)
    _AT_START.update((f, _stamp(f)) for f in _outputs)


onerror:
    if ctrl_c.is_set():
        # What the stopped jobs left is removed (each output is written under a temporary name and renamed when
        # complete, a figure's four files together, but a job stopped after a rename is not recorded as finished),
        # so the tree holds finished outputs only; then the message says what is there.
        written, removed = _left_by_stopped_jobs()
        for _path in written:
            with contextlib.suppress(FileNotFoundError):
                os.remove(_path)
        remove_stale_temp_files(written + removed)
        gone = sorted(set(written) | set(removed))
        again = shlex.join(sys.argv[1:])
        print("\nInterrupted (Ctrl-C): the running jobs were stopped; the finished jobs are kept. "
              + (f"Not there until the next run makes them: {_listed(gone)} (what a stopped job writes is removed "
                 "with the job; a job removes its old outputs when it starts). " if gone else
                 "The stopped jobs had written no output. ")
              + f"To resume, run the same command again:\n    snakemake {again}", file=sys.stderr)


def _paper_of_target(target):
    """(root, paper or None, figure name or None) of a file target, from its path; None when it is not an output path."""
    parts = Path(os.path.normpath(target)).parts
    roots = {"quick", "smoke"}
    root = parts[0] if parts and parts[0] in roots else "."
    rest = parts[1:] if root != "." else parts
    if not rest or rest[0] not in ("figures", "results"):
        return None
    paper = rest[1] if len(rest) > 1 else None
    name = Path(rest[2]).name.split(".")[0] if rest[0] == "figures" and len(rest) > 2 else None
    return root, paper, name


def _command_line():
    """The ``snakemake`` command line this process runs, parsed by Snakemake's own parser (Snakemake hands the targets
    and the dry-run flag to the workflow only after the Snakefile is read); None when the workflow is run otherwise
    (the API)."""
    if "snakemake" not in sys.argv[0]:
        return None
    try:
        from snakemake.cli import get_argument_parser

        args, _ = get_argument_parser().parse_known_args(sys.argv[1:])
    except (Exception, SystemExit):
        return None
    return args


def _command_line_targets():
    args = _command_line()
    return sorted(getattr(args, "targets", None) or [])


def _root_name(root):
    return "the repository root" if root == "." else f"{root}/"


def stop_on_bad_targets():
    """A file target under another output root than this configuration's (``quick/...`` at paper scale, a target
    without ``smoke/`` under the smoke configuration), or a figure that no paper has, stops the run at start with the
    targets to type instead."""
    rule_names = {r.name for r in workflow.rules}
    problems = []
    here = os.path.normpath(ROOT)
    config_option = {"quick": " --configfile workflow/config/quick.yaml", "smoke": " --configfile workflow/config/smoke.yaml",
                  ".": ""}
    for target in _command_line_targets():
        if target in rule_names:
            continue
        where = _paper_of_target(target)
        if where is None:
            continue
        root, paper, name = where
        if root != here:
            fixed = os.path.normpath(os.path.join(here, os.path.relpath(target, root)))
            problems.append(f"{target!r} is an output of the {'paper-scale' if root == '.' else root} configuration, "
                            f"but this run's configuration writes under {_root_name(here)}:"
                            f" type `snakemake --cores all {fixed}{config_option.get(here, ' --configfile ...')}` (targets "
                            f"before --configfile), or `snakemake --cores all {target}{config_option[root]}`")
            continue
        if paper is not None and Path(target).parts[-2:-1] == (paper,) and name is not None:
            if paper not in PAPERS:
                problems.append(f"{target!r}: no paper {paper!r}; the papers are {', '.join(PAPERS)}")
            elif name not in PAPERS[paper].figures and not os.path.exists(target):
                problems.append(f"{target!r}: {PAPERS[paper].title} has no figure {name!r}; its figures are "
                                + ", ".join(fig(paper, f"{f}.png") for f in PAPERS[paper].figures))
    problems += _forcerun_problems(rule_names)
    if problems:
        raise WorkflowError("cannot build the target(s) named:\n" + "\n".join(problems))


_FORCERUN = ("--forcerun", "-R")


def _forcerun_problems(rule_names):
    """A ``--forcerun`` word that is no rule of the workflow. ``--forcerun`` takes every word after it, so a target
    typed after it becomes a file to force and the run builds the default target: every figure at paper scale. Each
    such word is named with the command that puts it first (or, for a near miss of a rule name, the rules meant)."""
    args = _command_line()
    words = (getattr(args, "forcerun", None) or set()) if args is not None else set()
    problems, moved = [], []
    for word in sorted(w for w in words if w not in rule_names):
        close = difflib.get_close_matches(word, rule_names, n=3) if "/" not in word else []
        if close:
            problems.append(f"--forcerun {word}: no rule {word!r}; did you mean {' or '.join(close)}? "
                            "(all rules: snakemake --list-rules)")
        else:
            moved.append(word)
    if moved:
        argv = sys.argv[1:]
        rest = [a for a in argv if a not in moved]
        at = next((i for i, a in enumerate(rest) if a in _FORCERUN), len(rest))
        fixed = rest[:at] + [a for a in argv if a in moved] + rest[at:]
        # A --forcerun left with nothing after it means to redo the target itself (--force).
        after = at + len([a for a in argv if a in moved]) + 1
        if at < len(rest) and (after >= len(fixed) or fixed[after].startswith("-")):
            fixed[after - 1] = "--force"
        problems.append(f"--forcerun {' '.join(moved)}: {'it is' if len(moved) == 1 else 'they are'} no rule; "
                        "--forcerun takes rule names, and every word after it, so a target typed after it is taken "
                        "as a file to redo and the run builds the default target instead (every figure of the "
                        f"configuration). Targets come first: snakemake {shlex.join(fixed)}")
    return problems


def quiet_job_lines():
    """One console line per job, ``Job N: <rule> <wildcards> (log: <file>)``, instead of Snakemake's block with every
    input (up to 40 source files each), and without its Reason line (every updated source file, or a changed
    parameter's whole section before and after: thousands of characters). Both stay where a reader looks for them:
    the Reason lines in Snakemake's run log (``.snakemake/log/``), the full blocks with ``--verbose``, and in dry runs
    (the plan and its reasons)."""
    args = _command_line()
    if args is None or getattr(args, "dryrun", False) or getattr(args, "verbose", False) \
            or getattr(args, "report", None) or getattr(args, "lint", None) is not None:
        return
    for r in workflow.rules:
        if not r.message:
            r.message = "{rule} {wildcards} (log: {log})" if r.log else "{rule} {wildcards}"
    from snakemake.logging import logger as snakemake_logger
    from snakemake.settings.enums import Quietness

    # Snakemake has no setting for the console alone (`--quiet reason` drops the reasons from its log file too):
    # the console handler's formatter gets its own copy of the quiet set, with the reason added.
    for handler in snakemake_logger.handlers:
        formatter = handler.formatter
        if isinstance(handler, logging.StreamHandler) and not isinstance(handler, logging.FileHandler) \
                and hasattr(formatter, "quiet"):
            formatter.quiet = set(formatter.quiet) | {Quietness.REASON}


def selected_figures(paper):
    """The figures of ``paper`` to build: all of them, or the configuration's ``figures`` selection (a mapping
    paper -> figures, or "smoke": each paper's SMOKE_FIGURES, one cheap figure per paper)."""
    chosen = config.get("figures", "all")
    if chosen == "all":
        return list(PAPERS[paper].figures)
    if chosen == "smoke":
        return list(PAPERS[paper].smoke_figures)
    unknown = sorted(set(chosen) - set(PAPERS)) + [f for f in chosen.get(paper, []) if f not in PAPERS[paper].figures]
    if unknown:
        raise ValueError(f"bad value for 'figures': {unknown} not a registered paper or figure")
    return list(chosen.get(paper, []))


_DATA_CHECKED = {}  # kind -> (directory, [problem, ...]): each data set that a planned job reads, checked once
_DATA_READERS = {}  # kind -> the papers whose rules read it


def data_files(kind, paper):
    """The files of data set ``kind`` that the loaders read, in the configured directory (``data.<kind>``), as
    input functions, one per file, to declare as the inputs of the rules that read them. Snakemake calls them only
    for the jobs of the requested targets, so only the data sets those targets need are checked (sha256,
    statmech_bayes.data.manifest): a bad colon file never stops a Sollich & Halees figure. A missing file is left
    out of the job's inputs (so the plan is made); :func:`stop_on_data_problems` then stops the run before any job
    starts, naming every problem and how to go on."""
    directory = config["data"][kind]
    _DATA_READERS.setdefault(kind, set()).add(paper)

    return _DataFiles(kind, directory)


class _DataFiles:
    """An input function for the files of one data set (called per job: checks the set once, returns the files that
    exist); ``[i]`` is the input function of its i-th file alone."""

    def __init__(self, kind, directory, index=None):
        self.kind, self.directory, self.index = kind, directory, index

    def __getitem__(self, i):
        return _DataFiles(self.kind, self.directory, i)

    def __call__(self, wildcards):
        if self.kind not in _DATA_CHECKED:
            found = data_problems(self.kind, self.directory)
            _DATA_CHECKED[self.kind] = (self.directory, found)
            if found and workflow.dryrun:
                print(data_problems_message(), file=sys.stderr)
        stored = [f for f in stored_data_files(self.kind, self.directory) if os.path.isfile(f)]
        if self.index is not None:  # one file: a path, as a named input of one file is (an empty list when missing)
            one = stored_data_files(self.kind, self.directory)[self.index]
            return one if os.path.isfile(one) else []
        return stored


def data_problems_message():
    """What is wrong with the data the requested targets read, and how to go on."""
    found = [(k, d, p) for k, (d, problems) in sorted(_DATA_CHECKED.items()) for p in problems]
    if not found:
        return ""
    kinds = sorted({k for k, _, _ in found})
    readers = sorted(set().union(*(_DATA_READERS[k] for k in kinds)))
    others = [p for p in PAPERS if p not in readers and selected_figures(p)]
    example = fig(others[0], f"{selected_figures(others[0])[0]}.png") if others else None
    config_opt = " --configfile ..." if workflow.overwrite_configfiles else ""
    how = ["How to go on: restore a shipped file as the clone has it, e.g. `git checkout -- "
           f"{config['data'][kinds[0]]}` (or point the configuration key at a directory holding the right files, "
           "e.g. --config data='{...}'); or build only what does not read "
           + " or ".join(f"data.{k}" for k in kinds) + f" (read by figures of {', '.join(readers)}) by naming its targets"
           + (f", e.g. `snakemake --cores all {example}{config_opt}`" if example else "") + "."]
    lines = [f"{len(found)} data file(s) missing or corrupt; nothing was run."]
    lines += [f"[configuration key data.{k} = {d!r}] {p}" for k, d, p in found]
    return "\n".join(lines + how)


def stop_on_data_problems():
    """Before any job starts (from ``onstart``): a missing or changed data file that a planned job reads stops the
    run, naming each file, its expected checksum, how to get it, the configuration key that says where it is read
    from, and how to build the rest."""
    message = data_problems_message()
    if message:
        raise WorkflowError(message)


# Paths relative to the working directory, as Snakemake records them.
_SRC = Path(os.path.relpath(_SRC_ROOT))
_SCRIPTS = Path(os.path.relpath(Path(workflow.basedir) / "workflow" / "scripts"))
# the parses behind code(), kept between Snakemake starts (keyed by each file's text: an edit is parsed again)
use_disk_cache(Path(".snakemake") / "code_deps.json")


# The protocol's registered thresholds (docs/protocol.md, rule 6), which the claims read at run time
# (reporting/protocol.threshold): an input of every rule that judges claims, so that changing one re-judges them.
PROTOCOL_THRESHOLDS = os.path.relpath(Path(workflow.basedir) / "figures" / "protocol.csv")


def fig(*parts):
    """A final output under <output_root>/figures (committed for the full configuration)."""
    return os.path.normpath(os.path.join(ROOT, "figures", *parts))


def res(*parts):
    """A cached intermediate under <output_root>/results (never committed)."""
    return os.path.normpath(os.path.join(ROOT, "results", *parts))


def logs(name):
    return os.path.normpath(os.path.join(ROOT, "results", "logs", f"{name}.log"))


def bench(name):
    return os.path.normpath(os.path.join(ROOT, "results", "benchmarks", f"{name}.tsv"))


def code(script, *modules):
    """The package files that ``workflow/scripts/<script>`` runs (its static import closure), plus those of
    ``modules`` it loads by name: declared as inputs, so editing one reruns exactly the rules that reach it.
    Computed, never listed by hand (see statmech_bayes.pipeline.code_deps)."""
    return [str(p) for p in import_closure([_SCRIPTS / script], _SRC, modules)]


def figure_outputs(paper, name, keep=False):
    """The four files written for every figure: PNG, PDF, plotted data, claims. ``keep``: a timing figure whose
    committed files are kept (flagged ``update``: Snakemake neither removes them before the job nor loses them if
    it fails; the job leaves them as they are)."""
    base = fig(paper, name)
    category = PAPERS[paper].title
    out = {
        "png": report(f"{base}.png", caption=f"../report/{paper}/{name}.rst",
                      category=category, subcategory=name, labels={"figure": name}),
        "pdf": f"{base}.pdf",
        "data": f"{base}.csv",
        "claims": report(f"{base}.claims.json", caption=f"../report/{paper}/{name}.rst",
                         category=category, subcategory=name, labels={"figure": name, "kind": "claims"}),
    }
    return {k: update(v) for k, v in out.items()} if keep else out


def timing_params(paper, name):
    """The ``timing`` parameter of a timing figure's rule, none for the others. It says whether the rule keeps the
    committed files, and where it then writes this run's measurement. A parameter, so that asking for the other mode
    (``--config timing_figures=rebuild``) reruns the figure."""
    if (paper, name) not in TIMING_FIGURES:
        return {}
    keep = kept_timing_figure(paper, name)
    return {"timing": {"keep": keep, "measured": measured_outputs(paper, name) if keep else {}}}


def flatten_paths(layout):
    """Every path in a nested structure of dicts and lists of paths."""
    if isinstance(layout, str):
        return [layout]
    values = layout.values() if isinstance(layout, dict) else layout
    return [p for v in values for p in flatten_paths(v)]


FIGURES = []  # (paper, figure, module, layout, cfg, keys), declared by each paper's *_paths.smk; rules in figures.smk
TIMING_FIGURES = set()  # (paper, figure): figures whose files hold wall-clock times (declare_figure(timing=True))


def declare_figure(paper, name, module, layout, cfg, timing=False):
    """Declare Figure ``name`` of ``paper``: it is drawn by ``statmech_bayes.figures.<paper>.<module>.make``
    from the cached inputs in ``layout`` (a nested dict keyed by what they are, e.g.
    ``{"sims": {"er3": path}}``) and the paper's configuration ``cfg``. The rule (figures.smk) depends on
    every path in the layout and hands the structure itself to ``make``, so no figure recovers a parameter
    from a file name. ``timing``: the figure's files hold wall-clock times (they differ between any two runs), so
    at paper scale it keeps the committed files unless asked (:func:`keeps_timing_figures`).

    Of ``cfg`` the rules receive only the keys the module declares (``CONFIG_KEYS``, read from its source:
    statmech_bayes.core.config_keys), so that an edit reruns only the figures that read the edited key."""
    source = _SRC / "statmech_bayes" / "figures" / paper / f"{module}.py"
    try:
        keys = declared_config_keys(source)
    except (LookupError, ValueError) as err:
        raise WorkflowError(f"figure {paper}/{name}: {err}") from None
    FIGURES.append((paper, name, module, layout, prune_config(cfg, keys), keys))
    if timing:
        TIMING_FIGURES.add((paper, name))


def keeps_timing_figures():
    """Whether this run keeps the committed timing figures (``timing_figures: keep``, the default, at paper scale,
    where figures/ is the committed tree): a timing figure's rule then writes this run's measurement under
    ``results/timing_figures/`` and leaves its committed files as they are (only where all four exist)."""
    return os.path.normpath(ROOT) == "." and config.get("timing_figures", "keep") == "keep"


def kept_timing_figure(paper, name):
    """Whether this run keeps ``paper``'s Figure ``name``'s committed files: a timing figure, in a run that keeps them
    (:func:`keeps_timing_figures`). Its figure rule and its controls rule then write under results/timing_figures/."""
    return (paper, name) in TIMING_FIGURES and keeps_timing_figures()


def measured_file(paper, name, suffix):
    """Where a kept timing figure's rules write this run's ``name<suffix>`` (never committed)."""
    return res("timing_figures", paper, f"{name}{suffix}")


def measured_outputs(paper, name):
    """Where a kept timing figure's rule writes this run's measurement (never committed)."""
    return {k: measured_file(paper, name, ext)
            for k, ext in (("png", ".png"), ("pdf", ".pdf"), ("data", ".csv"), ("claims", ".claims.json"))}


def mechanism_tests():
    """The test files ``workflow/config/mechanisms.yaml`` names (the scorecard checks that each named test exists)."""
    import yaml

    entries = yaml.safe_load(Path("workflow/config/mechanisms.yaml").read_text()) or []
    return sorted({str(e["test"]).split("::")[0] for e in entries})

