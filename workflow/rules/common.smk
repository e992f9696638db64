# Shared by every rule file: the validated configuration, output paths, each rule's code inputs, and the
# generic figure rule. Nothing here knows about a particular paper.
import os
import sys
from pathlib import Path

# The workflow runs from a plain checkout too (cluster nodes, --sdm conda environments): rule scripts
# find the package through PYTHONPATH rather than relying on `pip install -e .`.
_SRC_ROOT = str(Path(workflow.basedir) / "src")
sys.path.insert(0, _SRC_ROOT)
os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (_SRC_ROOT, os.environ.get("PYTHONPATH")) if p)

from statmech_bayes.pipeline.code_deps import import_closure
from statmech_bayes.pipeline.config import validate_config
from statmech_bayes.pipeline.registry import papers

CONDA_ENV = "../../envs/environment.yaml"
PAPERS = papers()

validate_config(config, Path(workflow.basedir) / "workflow" / "schemas")

ROOT = config["output_root"]


def selected_figures(paper):
    """The figures of ``paper`` to build: the configuration's ``figures`` selection, else all of them."""
    chosen = config.get("figures")
    if chosen is None:
        return list(PAPERS[paper].figures)
    unknown = sorted(set(chosen) - set(PAPERS)) + [f for f in chosen.get(paper, []) if f not in PAPERS[paper].figures]
    if unknown:
        raise ValueError(f"bad value for 'figures': {unknown} not a registered paper or figure")
    return list(chosen.get(paper, []))
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
    """The four files every figure rule writes: PNG, PDF, plotted data, claims."""
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


def _flatten(layout):
    """Every path in a nested structure of dicts and lists of paths."""
    if isinstance(layout, str):
        return [layout]
    values = layout.values() if isinstance(layout, dict) else layout
    return [p for v in values for p in _flatten(v)]


FIGURE_RULES = []


def figure_rule(paper, name, module, layout, cfg):
    """Declare the plot rule ``<prefix>_<name>`` of one paper's figure.

    ``layout`` is a nested dict of the cached inputs, keyed by what they are (e.g. ``{"sims": {"er3": path}}``):
    the rule depends on every path in it and hands the structure itself to
    ``statmech_bayes.figures.<paper>.<module>.make(layout, cfg)``, so no figure recovers a parameter from a
    file name. The rule only plots and judges claims; it recomputes no science.
    """
    rule_name = f"{PAPERS[paper].prefix}_{name}"
    FIGURE_RULES.append(rule_name)

    rule:
        name:
            rule_name
        input:
            data=_flatten(layout),
            code=code("common/plot_figure.py", f"statmech_bayes.figures.{paper}.{module}"),
        output:
            **figure_outputs(paper, name),
        params:
            layout=layout,
            cfg=cfg,
            module=f"statmech_bayes.figures.{paper}.{module}",
            paper=paper,
            figure=name,
            seed=config["seed"],
        log:
            logs(rule_name),
        benchmark:
            bench(rule_name)
        threads: 1
        localrule: True
        conda:
            CONDA_ENV
        script:
            "../scripts/common/plot_figure.py"
