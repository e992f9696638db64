# Shared by every .smk file: the validated configuration, output paths, each job's code inputs and the
# figure declarations. Nothing here knows about a particular paper.
import os
import sys
from pathlib import Path

from snakemake.exceptions import WorkflowError

# The workflow runs from a plain checkout too (cluster nodes, --sdm conda environments): rule scripts
# find the package through PYTHONPATH rather than relying on `pip install -e .`.
_SRC_ROOT = str(Path(workflow.basedir) / "src")
sys.path.insert(0, _SRC_ROOT)
# (Set, never required: hence update() rather than an asserted envvars entry.)
os.environ.update(PYTHONPATH=os.pathsep.join(p for p in (_SRC_ROOT, os.environ.get("PYTHONPATH")) if p))

from statmech_bayes.data.manifest import problems as data_problems, required_files
from statmech_bayes.pipeline.code_deps import import_closure
from statmech_bayes.pipeline.config import load_config_file, validate_config
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


onstart:
    # A job killed while writing leaves its temporary file beside the output; remove those of the outputs this
    # run rebuilds, before any job starts. Snakemake has locked exactly these outputs for this run, so no
    # other run is writing them (statmech_bayes.pipeline.temp_files).
    for _tmp in remove_stale_temp_files(f for _job in workflow.dag.needrun_jobs() for f in _job.output):
        print(f"removed a temporary file left by an interrupted run: {_tmp}", file=sys.stderr)


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


_DATA_PROBLEMS = []


def data_files(kind, paper):
    """The files of data set ``kind`` that the loaders read, in the configured directory (``data.<kind>``):
    declared as inputs of the rules that read them. When ``paper`` has a figure to build, every file is checked
    against its sha256 (statmech_bayes.data.manifest); :func:`stop_on_data_problems` reports them all."""
    directory = config["data"][kind]
    if selected_figures(paper):
        _DATA_PROBLEMS.extend((kind, directory, p) for p in data_problems(kind, directory))
    return [os.path.join(directory, f.name) for f in required_files(kind)]


def stop_on_data_problems():
    """Before any job starts: a missing or changed data file stops the run, naming each file, its expected
    checksum, how to get it and the configuration key that says where it is read from."""
    if _DATA_PROBLEMS:
        raise WorkflowError(f"{len(_DATA_PROBLEMS)} data file(s) missing or corrupt; nothing was run.\n"
                            + "\n".join(f"[configuration key data.{k} = {d!r}] {p}" for k, d, p in _DATA_PROBLEMS))


# Paths relative to the working directory, as Snakemake records them.
_SRC = Path(os.path.relpath(_SRC_ROOT))
_SCRIPTS = Path(os.path.relpath(Path(workflow.basedir) / "workflow" / "scripts"))


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


def figure_outputs(paper, name):
    """The four files written for every figure: PNG, PDF, plotted data, claims."""
    base = fig(paper, name)
    category = PAPERS[paper].title
    return {
        "png": report(f"{base}.png", caption=f"../report/{paper}/{name}.rst",
                      category=category, subcategory=name, labels={"figure": name}),
        "pdf": f"{base}.pdf",
        "data": f"{base}.csv",
        "claims": report(f"{base}.claims.json", caption=f"../report/{paper}/{name}.rst",
                         category=category, subcategory=name, labels={"figure": name, "kind": "claims"}),
    }


def flatten_paths(layout):
    """Every path in a nested structure of dicts and lists of paths."""
    if isinstance(layout, str):
        return [layout]
    values = layout.values() if isinstance(layout, dict) else layout
    return [p for v in values for p in flatten_paths(v)]


FIGURES = []  # (paper, figure, module, layout, cfg), declared by each paper's *_paths.smk; rules in figures.smk


def declare_figure(paper, name, module, layout, cfg):
    """Declare Figure ``name`` of ``paper``: it is drawn by ``statmech_bayes.figures.<paper>.<module>.make``
    from the cached inputs in ``layout`` (a nested dict keyed by what they are, e.g.
    ``{"sims": {"er3": path}}``) and the paper's configuration ``cfg``. The rule (figures.smk) depends on
    every path in the layout and hands the structure itself to ``make``, so no figure recovers a parameter
    from a file name."""
    FIGURES.append((paper, name, module, layout, cfg))
