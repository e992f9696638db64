"""Code dependencies are computed, complete and exact; the package's layers hold.

The closure the rules declare comes from statmech_bayes.pipeline.code_deps (the syntax tree); it is checked
here against an independent method, the standard library's modulefinder (byte code), for every rule.
"""
from __future__ import annotations

import modulefinder
from functools import lru_cache
from pathlib import Path

import pytest

from conftest import ROOT
from statmech_bayes.pipeline.code_deps import is_output_neutral, package_import_graph
from workflow_api import parse_rules

SRC = ROOT / "src"
PKG = SRC / "statmech_bayes"


@lru_cache(maxsize=None)
def rules():
    return parse_rules(ROOT)


def _module_file(name: str) -> Path:
    base = SRC.joinpath(*name.split("."))
    return base / "__init__.py" if (base / "__init__.py").exists() else base.with_suffix(".py")


def finder_closure(script: Path, module: str | None) -> set[str]:
    """Package files reached from ``script`` (and ``module``), found by modulefinder from byte code."""
    finder = modulefinder.ModuleFinder(path=[str(SRC)])
    finder.run_script(str(ROOT / script))
    names = set(finder.modules)
    if module:
        parts = module.split(".")
        for i in range(len(parts)):
            names.add(".".join(parts[: i + 1]))
        finder.run_script(str(_module_file(module)))
        names |= set(finder.modules)
    files = {_module_file(n) for n in names if n == "statmech_bayes" or n.startswith("statmech_bayes.")}
    return {str(f.relative_to(ROOT)) for f in files if f.exists() and not is_output_neutral(f)}


def test_every_rule_declares_exactly_its_import_closure():
    checked = 0
    for r in rules().values():
        if r.script is None:
            continue
        expected = finder_closure(r.script, r.module)
        assert set(r.code) == expected, (f"rule {r.name}: declared code inputs differ from the import closure of "
                                         f"{r.script}: missing {sorted(expected - set(r.code))}, "
                                         f"extra {sorted(set(r.code) - expected)}")
        checked += 1
    assert checked >= 30


def test_every_rule_that_can_judge_claims_declares_the_registered_thresholds():
    """The claims read the protocol's thresholds from figures/protocol.csv at run time (reporting/protocol.threshold),
    so every rule whose code reaches reporting/protocol.py lists that file as an input: changing a threshold
    re-judges exactly the claims it can move."""
    protocol = "src/statmech_bayes/reporting/protocol.py"
    judging = [r for r in rules().values() if protocol in r.code]
    assert len(judging) >= 50  # every figure, its controls and the scorecard
    missing = sorted(r.name for r in judging if "figures/protocol.csv" not in r.inputs)
    assert not missing, f"rules that read the thresholds without declaring figures/protocol.csv: {missing}"


def test_lazy_imports_are_found(tmp_path):
    """An import inside a function body is part of the closure (it runs when the function is called)."""
    from statmech_bayes.pipeline.code_deps import import_closure

    script = tmp_path / "s.py"
    script.write_text("def f():\n    from statmech_bayes.gp.spectra import Spectrum\n    return Spectrum\n")
    files = {str(p.relative_to(SRC)) for p in import_closure([script], SRC)}
    assert {"statmech_bayes/__init__.py", "statmech_bayes/gp/__init__.py", "statmech_bayes/gp/spectra.py"} <= files


def test_rule_runtime_is_output_neutral_and_nothing_else_is():
    neutral = sorted(str(p.relative_to(PKG)) for p in PKG.rglob("*.py") if is_output_neutral(p))
    assert neutral == ["core/rule_runtime.py"]


def test_the_blas_thread_cap_is_a_code_input_of_every_rule_that_runs_under_it():
    """The thread cap can change an eigenvector in the last bits, so it is not output-neutral: every rule whose
    script enters the rule runtime lists core/threads.py, although core/rule_runtime.py itself is left out."""
    threads, runtime = "src/statmech_bayes/core/threads.py", "src/statmech_bayes/core/rule_runtime.py"
    assert not is_output_neutral(ROOT / threads)
    entering = [r for r in rules().values() if r.script is not None and "rule_context" in (ROOT / r.script).read_text()]
    assert len(entering) >= 30
    for r in entering:
        assert threads in r.code and runtime not in r.code, r.name


# ---------------------------------------------------------------------------------------------------
# Layers: workflow -> pipeline -> figures -> reporting (the figure layer's support: style, claims, scorecard)
#                                        -> topic packages -> graphs, data -> core
# The figure layer is `figures` and `reporting`; everything below it but `core` is science.

BASE = {"core", "graphs", "data"}
FIGURE_LAYER = {"figures", "reporting"}
ABOVE_SCIENCE = FIGURE_LAYER | {"pipeline"}


def _package(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


@lru_cache(maxsize=None)
def graph():
    return package_import_graph(SRC)


def package_edges():
    edges = set()
    for mod, deps in graph().items():
        for d in deps:
            a, b = _package(mod), _package(d)
            if a and b and a != b:
                edges.add((a, b))
    return edges


def test_every_package_has_a_layer():
    packages = {p.name for p in PKG.iterdir() if (p / "__init__.py").exists()}
    assert {"core", "reporting", "figures", "pipeline"} <= packages
    assert not (BASE & ABOVE_SCIENCE)


def test_core_imports_nothing_above_it():
    assert not [(a, b) for a, b in package_edges() if a == "core"]


def test_graphs_and_data_import_only_core():
    bad = [(a, b) for a, b in package_edges() if a in {"graphs", "data"} and b != "core"]
    assert not bad, bad


def test_reporting_imports_only_core():
    bad = [(a, b) for a, b in package_edges() if a == "reporting" and b != "core"]
    assert not bad, bad


def test_science_packages_do_not_import_the_figure_layer_or_pipeline():
    bad = [(a, b) for a, b in package_edges() if a not in ABOVE_SCIENCE and b in ABOVE_SCIENCE]
    assert not bad, bad


def test_figures_do_not_import_the_pipeline():
    assert ("figures", "pipeline") not in package_edges()


def test_no_import_cycle_between_packages():
    edges = package_edges()
    nodes = {n for e in edges for n in e}
    order, state = [], {}

    def visit(n, path):
        if state.get(n) == 1:
            pytest.fail(f"import cycle between packages: {' -> '.join(path + [n])}")
        if state.get(n) == 2:
            return
        state[n] = 1
        for a, b in sorted(edges):
            if a == n:
                visit(b, path + [n])
        state[n] = 2
        order.append(n)

    for n in sorted(nodes):
        visit(n, [])


def _writes_figures(r) -> bool:
    """A figure-layer rule: its outputs are in the figures tree (figures, their data and claims, the scorecard)."""
    return bool(r.outputs) and all("figures" in Path(o).parts for o in r.outputs)


def test_only_figure_layer_rules_reach_the_figure_layer():
    """Science rules (writing cached results) never run figure or reporting code; so editing the plot style, the
    claims logic or the scorecard reruns only figure-layer rules."""
    science = [r for r in rules().values() if r.script is not None and not _writes_figures(r)]
    assert len(science) >= 30
    for r in science:
        assert all(Path(o).parts[0] != "figures" for o in r.outputs)
        bad = [f for f in r.code if Path(f).relative_to("src/statmech_bayes").parts[0] in FIGURE_LAYER]
        assert not bad, f"science rule {r.name} imports figure-layer code: {bad}"


def test_science_modules_do_not_import_matplotlib():
    import ast

    for path in PKG.rglob("*.py"):
        rel = path.relative_to(PKG)
        if rel.parts[0] in ABOVE_SCIENCE:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            assert not any(n.split(".")[0] == "matplotlib" for n in names), f"{rel} imports matplotlib"


def test_rule_names_carry_their_paper_prefix():
    from statmech_bayes.pipeline.registry import papers

    prefixes = {p.prefix for p in papers().values()}
    shared = {"all", "scorecard", "graphs_samples", "graphs_spectra"}
    bad = [n for n in rules() if n not in shared and n.split("_")[0] not in prefixes]
    assert not bad, f"rules without a paper prefix: {bad}"


_CLOSURE_IN_A_PROCESS = """
import json, sys
from pathlib import Path
from statmech_bayes.pipeline import code_deps
if sys.argv[3] != "-":
    code_deps.use_disk_cache(sys.argv[3])
root = Path(sys.argv[1])
scripts = sorted(str(p.relative_to(root)) for p in (root / "workflow" / "scripts").rglob("*.py"))
print(json.dumps({s: [str(p) for p in code_deps.import_closure([root / s], Path(sys.argv[2]))] for s in scripts}))
"""


def _closures(root: Path, src: Path, cache: Path | None) -> dict:
    import json
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", _CLOSURE_IN_A_PROCESS, str(root), str(src), str(cache or "-")],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def test_the_disk_cache_of_parses_gives_the_parsed_closures_and_misses_an_edit(tmp_path):
    """Issue 45: the parses behind code() are kept between Snakemake starts. Read back from the cache, every
    script's closure is the one parsed afresh; and an edited module (here: a new import, the same name and path) is
    parsed again, so a cached closure never hides an edit."""
    import shutil

    work = tmp_path / "w"
    for d in ("src", "workflow"):
        shutil.copytree(ROOT / d, work / d, ignore=shutil.ignore_patterns("__pycache__"))
    cache = tmp_path / "cache.json"
    fresh = _closures(work, work / "src", None)
    assert _closures(work, work / "src", cache) == fresh and cache.exists()
    assert _closures(work, work / "src", cache) == fresh  # now read from the cache
    edited = work / "src" / "statmech_bayes" / "core" / "atomic_io.py"
    edited.write_text(edited.read_text() + "\nfrom statmech_bayes.graphs import spectral  # noqa\n")
    after = _closures(work, work / "src", cache)
    gained = [s for s in after if any(p.endswith("graphs/spectral.py") for p in after[s])
              and not any(p.endswith("graphs/spectral.py") for p in fresh[s])]
    assert gained, "the edit was not seen through the cache"
    assert after == _closures(work, work / "src", None)
