"""Issue 46: ``python -m statmech_bayes.pipeline.variants table`` never replaces the robustness table with one built
from less (no variant, fewer variants, a variant with fewer figures): it stops, names what is missing and the
command that builds it, and leaves the table's bytes as they are."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def clone(tmp_path):
    """What the table reads in a clone: the package, the variants' registry, every committed claims file and a
    robustness table built from every variant (the archived one of the builds before the decision protocol stands
    for it: no table is committed until the variants are rebuilt under the protocol); no variants/ (a copy, so that
    no test can touch the repository's)."""
    d = tmp_path / "w"
    shutil.copytree(ROOT / "src", d / "src", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "workflow" / "config", d / "workflow" / "config")
    for f in (ROOT / "figures").glob("*/*.claims.json"):
        (d / "figures" / f.parent.name).mkdir(parents=True, exist_ok=True)
        shutil.copy(f, d / "figures" / f.parent.name / f.name)
    for suffix in (".csv", ".md"):
        shutil.copy(ROOT / "docs" / "archive" / f"robustness-before-protocol{suffix}", d / "figures" / f"robustness{suffix}")
    return d


def table(d: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "statmech_bayes.pipeline.variants", "table", *args], cwd=d,
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(d / "src")})


def tables(d: Path) -> tuple[bytes, bytes]:
    return tuple((d / "figures" / n).read_bytes() for n in ("robustness.csv", "robustness.md"))


def build_variant(d: Path, name: str, paper: str) -> None:
    """A variant "built" for one paper: the main build's claims files copied under its root."""
    dst = d / "variants" / name / "figures" / paper
    dst.mkdir(parents=True)
    for f in (d / "figures" / paper).glob("*.claims.json"):
        shutil.copy(f, dst / f.name)


def test_a_clone_without_variants_keeps_the_committed_table(clone):
    before = tables(clone)
    proc = table(clone)
    assert proc.returncode != 0, "a table from no variant was written"
    assert tables(clone) == before
    assert "seed7" in proc.stderr and "python -m statmech_bayes.pipeline.variants build" in proc.stderr
    assert "--force" in proc.stderr and "wrote" not in proc.stdout


def test_fewer_variants_than_the_committed_table_is_refused(clone):
    build_variant(clone, "uk_tie_first", "uda_kabashima")
    before = tables(clone)
    proc = table(clone)
    assert proc.returncode != 0 and tables(clone) == before
    missing_line = next(line for line in proc.stderr.splitlines() if "not built here" in line)
    assert "seed7" in missing_line and "seed11" in missing_line and "uk_tie_first," not in missing_line
    assert "variants build seed7 seed11 " in missing_line


def test_a_variant_with_fewer_figures_is_refused_and_force_writes(clone):
    build_variant(clone, "uk_tie_first", "uda_kabashima")
    assert table(clone, "--force").returncode == 0  # a table of this one variant, written on purpose
    assert "uk_tie_first" in (clone / "figures" / "robustness.csv").read_text().splitlines()[0]
    assert table(clone).returncode == 0, "the same variants again: nothing is lost, the table is written"
    (clone / "variants" / "uk_tie_first" / "figures" / "uda_kabashima" / "fig5.claims.json").unlink()
    before = tables(clone)
    proc = table(clone)
    assert proc.returncode != 0 and tables(clone) == before
    assert "uk_tie_first lacks uda_kabashima/fig5" in proc.stderr


def test_the_quick_base_without_a_quick_build_is_refused(clone):
    proc = table(clone, "--base", "quick")
    assert proc.returncode != 0 and not (clone / "quick" / "figures" / "robustness.csv").exists()
    assert "quick/figures/" in proc.stderr and "--configfile workflow/config/quick.yaml" in proc.stderr
