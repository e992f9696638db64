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


# ---------------------------------------------------------------------------------------------------
# Layers: workflow -> pipeline -> figures -> topic packages -> graphs, data -> core

BASE = {"core", "graphs", "data"}
TOP = {"figures", "pipeline"}


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


def test_core_imports_nothing_above_it():
    assert not [(a, b) for a, b in package_edges() if a == "core"]


def test_graphs_and_data_import_only_core():
    bad = [(a, b) for a, b in package_edges() if a in {"graphs", "data"} and b != "core"]
    assert not bad, bad


def test_topic_packages_do_not_import_figures_or_pipeline():
    bad = [(a, b) for a, b in package_edges() if a not in TOP and b in TOP]
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


def test_science_rules_never_reach_figures_or_plotting():
    for r in rules().values():
        if r.script is None or r.module is not None or r.name == "scorecard":
            continue
        bad = [f for f in r.code if "/figures/" in f or f.endswith(("core/plotstyle.py", "core/claims.py"))]
        assert not bad, f"science rule {r.name} imports figure/plotting code: {bad}"


def test_science_modules_do_not_import_matplotlib():
    import ast

    for path in PKG.rglob("*.py"):
        rel = path.relative_to(PKG)
        if rel.parts[0] in TOP or rel == Path("core/plotstyle.py"):
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
