# Helpers shared by the rule files: validated config, output paths, and the src files each rule imports.
import hashlib
import os
import sys
from pathlib import Path

# The workflow runs from a plain checkout too (cluster nodes, --sdm conda environments): rule scripts
# find the package through PYTHONPATH rather than relying on `pip install -e .`.
_SRC_ROOT = str(Path(workflow.basedir) / "src")
sys.path.insert(0, _SRC_ROOT)
os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (_SRC_ROOT, os.environ.get("PYTHONPATH")) if p)

from statmech_bayes.core.config import validate_config

CONDA_ENV = "../../envs/environment.yaml"

validate_config(config, workflow.source_path("../schemas/config.schema.yaml"))

ROOT = config["output_root"]
# Relative to the working directory: Snakemake ignores the modification times of absolute input paths.
SRC = Path(os.path.relpath(Path(workflow.basedir) / "src" / "statmech_bayes"))
ALL_FIGURES = []


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


# The core modules every rule's script uses. The claims, plot-style and scorecard modules are listed by
# the rules that use them, so that editing how figures are drawn or judged never reruns the science.
CORE = ("core/__init__.py", "core/atomic_io.py", "core/provenance.py", "core/rule_runtime.py", "core/seeding.py")
PLOTTING = ("core/claims.py", "core/plotstyle.py")


def src(*modules):
    """The source files a rule imports, so that editing them reruns it (Snakemake does not see imports).

    Always includes the package root and the core I/O modules; each argument is a module or subpackage
    path under src/statmech_bayes.
    """
    files = [str(SRC / "__init__.py")] + [str(SRC / m) for m in CORE]
    for m in modules:
        p = SRC / m
        files += sorted(str(q) for q in p.rglob("*.py")) if p.is_dir() else [str(p)]
    return sorted(set(files))


def code_hash(*modules):
    """A digest of the source files behind :func:`src`, passed as a param: the params rerun trigger
    reruns a rule whenever the content of a module it imports changes (the mtime trigger alone did
    not fire for these inputs in Snakemake 9)."""
    h = hashlib.sha256()
    for f in src(*modules):
        h.update(f.encode() + b"\0" + Path(f).read_bytes())
    return h.hexdigest()[:16]


def figure_outputs(paper, name):
    """The four files every figure rule writes: PNG, PDF, plotted data, claims."""
    base = fig(paper, name)
    return {
        "png": report(f"{base}.png", caption=f"../report/{paper}/{name}.rst",
                      category=paper.replace("_", " ").title(), subcategory=name, labels={"figure": name}),
        "pdf": f"{base}.pdf",
        "data": f"{base}.csv",
        "claims": report(f"{base}.claims.json", caption=f"../report/{paper}/{name}.rst",
                         category=paper.replace("_", " ").title(), subcategory=name,
                         labels={"figure": name, "kind": "claims"}),
    }


def figure_rule(paper, prefix, k, inputs, modules, cfg):
    """Declare the plot rule of Figure k of one paper: cached inputs in, the four figure files out.

    The rule recomputes no science: it calls ``statmech_bayes.figures.<paper>.figNN.make(inputs, cfg)``.
    """
    name = f"fig{k}"

    rule:
        name:
            f"{prefix}_{name}"
        input:
            **inputs,
            code=src(*modules, *PLOTTING),
        output:
            **figure_outputs(paper, name),
        params:
            code=code_hash(*modules, *PLOTTING),
            cfg=cfg,
            paper=paper,
            number=k,
            seed=config["seed"],
        log:
            logs(f"{prefix}_{name}"),
        benchmark:
            bench(f"{prefix}_{name}")
        threads: 1
        conda:
            CONDA_ENV
        script:
            "../scripts/common/plot_figure.py"
