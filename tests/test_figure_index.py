"""The generated figure index: every figure reaches its rule, its plot-and-claims module and the science behind it."""

from __future__ import annotations

from pathlib import Path

import pytest

from statmech_bayes.pipeline import figure_index as fi
from statmech_bayes.pipeline.registry import papers

ROOT = Path(__file__).resolve().parents[1]

DOT = """digraph snakemake_dag {
    0[label = "all", color = "0.1 0.6 0.85", style="rounded"];
    1[label = "uk_fig5", color = "0.2 0.6 0.85", style="rounded"];
    2[label = "uk_colon_summary", color = "0.3 0.6 0.85", style="rounded"];
    3[label = "uk_colon_chunk", color = "0.4 0.6 0.85", style="rounded"];
    4[label = "uk_colon_data", color = "0.5 0.6 0.85", style="rounded"];
    1 -> 0
    2 -> 1
    3 -> 2
    4 -> 3
    4 -> 2
}"""


def test_rulegraph_parse_and_upstream_order():
    g = fi.parse_rulegraph(DOT)
    assert g["uk_fig5"] == {"uk_colon_summary"} and g["uk_colon_summary"] == {"uk_colon_chunk", "uk_colon_data"}
    # nearest first, each rule once although uk_colon_data is reached twice
    assert fi.upstream("uk_fig5", g) == ["uk_colon_summary", "uk_colon_chunk", "uk_colon_data"]
    assert fi.upstream("uk_colon_data", g) == []


def test_script_imports_are_the_package_modules(tmp_path):
    s = tmp_path / "s.py"
    s.write_text("import numpy as np\nfrom statmech_bayes.core.atomic_io import save_npz\n"
                 "from statmech_bayes.sparse_classifier.colon import run_splits\nimport statmech_bayes.gp.bounds\n")
    assert fi.script_imports(s) == ["statmech_bayes.core.atomic_io", "statmech_bayes.gp.bounds",
                                    "statmech_bayes.sparse_classifier.colon"]


def test_every_entry_points_at_files_that_exist():
    text = (ROOT / "docs" / "figures.md").read_text()
    for key, paper in papers().items():
        for fig in paper.figures:
            assert f"`{paper.prefix}_{fig}`" in text, f"{key}/{fig} missing from docs/figures.md"
    for target in __import__("re").findall(r"\]\(\.\./(src/[^)]+)\)", text):
        assert (ROOT / target).is_file(), target


@pytest.mark.workflow
def test_committed_index_is_the_generated_one():
    rules = fi.read_rules(ROOT)
    entries = fi.build_index(ROOT, rules, fi.parse_rulegraph(fi.rulegraph(ROOT)))
    assert (ROOT / "docs" / "figures.md").read_text() == fi.to_markdown(entries), \
        "regenerate: python -m statmech_bayes.pipeline.figure_index . --markdown docs/figures.md"


def test_claims_function_is_found_where_make_calls_one():
    """A figure whose make() calls a pure claims function names it, however it is reached (imported by name,
    called through the claims module, or through the sibling figure module make() delegates to); a module that
    judges nothing names none; every figure module of every paper names an existing function."""
    name = fi.claims_function("statmech_bayes.figures.uda_kabashima.fig05")
    assert name == "statmech_bayes.figures.uda_kabashima.claims.fig5_claims"
    assert fi.claims_function("statmech_bayes.figures.sollich_halees.fig03") == \
        "statmech_bayes.figures.sollich_halees.claims.fig3_claims"
    assert fi.claims_function("statmech_bayes.figures.urry_sollich.fig08") == \
        fi.claims_function("statmech_bayes.figures.urry_sollich.fig07")
    assert fi.claims_function("statmech_bayes.figures.kjit.common") is None
    for path in sorted((ROOT / "src" / "statmech_bayes" / "figures").glob("*/fig*.py")):
        module = "statmech_bayes.figures." + path.parent.name + "." + path.stem
        name = fi.claims_function(module)
        assert name is not None, module
        owner, func = name.rsplit(".", 1)
        assert callable(getattr(__import__(owner, fromlist=[func]), func)), name
