"""Build the variants of ``workflow/config/variants.yaml`` and the robustness table (issue 37).

Each variant is built by Snakemake under ``<root>/variants/<name>/`` (``<root>`` the output root of the base
configuration: ``.`` for the papers' parameters, ``quick`` with ``--base quick``) from the base configuration with
the variant's overlay merged over it, so the main build is never touched. A choice variant marked ``reuse`` starts
from hard links of the main build's cached results and Snakemake's records of them (its parameters, inputs and
checksums, with their paths moved under the variant's root): Snakemake then reruns exactly the rules whose
parameters the overlay changes, and what depends on them. A seed variant starts from nothing.

    python -m statmech_bayes.pipeline.variants build [NAME ...] [--base quick] [--cores N]
    python -m statmech_bayes.pipeline.variants table [--base quick] [--force]

The table goes to ``<root>/figures/robustness.{csv,md}``; the scorecard rule reads it when it exists. It is never
replaced by a table built from less (issue 46): with no main build's claims, with no variant built, or with a
variant (or a variant's figure) that the existing table has and this tree has not built, the command stops, names
what is missing and the command that builds it, and leaves the table as it is (``--force`` writes it anyway).
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import subprocess
import sys
from pathlib import Path

import yaml

from statmech_bayes.pipeline.registry import papers as registered_papers
from statmech_bayes.reporting.robustness import Variant, build_table, left_out, load, load_variants, save

REPO = Path(__file__).resolve().parents[3]
REGISTRY = REPO / "workflow" / "config" / "variants.yaml"
BASES = {"full": (".", []), "quick": ("quick", ["workflow/config/quick.yaml"])}
METADATA = Path(".snakemake") / "metadata"


def variant_root(base: str, name: str) -> str:
    return os.path.normpath(os.path.join(BASES[base][0], "variants", name))


def overlay_config(variant: Variant, base: str) -> dict:
    """The variant's overlay with its output root and, for a variant of some papers, the figure selection."""
    cfg = json.loads(json.dumps(variant.overlay))  # a deep copy
    cfg["output_root"] = variant_root(base, variant.name)
    if variant.papers != ("all",):
        known = registered_papers()
        unknown = [p for p in variant.papers if p not in known]
        if unknown:
            raise ValueError(f"variant {variant.name!r}: unknown paper(s) {unknown}")
        cfg["figures"] = {p: variant.figures_of(p, known[p].figures) for p in variant.papers}
    return cfg


def targets(variant: Variant, base: str) -> list[str]:
    """The claims files the variant builds (each figure's rule writes its PNG, PDF and data beside it)."""
    root = variant_root(base, variant.name)
    known = registered_papers()
    chosen = known if variant.papers == ("all",) else {p: known[p] for p in variant.papers}
    return [os.path.join(root, "figures", p, f"{f}.claims.json") for p, paper in chosen.items()
            for f in variant.figures_of(p, paper.figures)]


def _encode(path: str) -> str:
    return base64.urlsafe_b64encode(path.encode()).decode()


def _moved(path: str, old: str, new: str) -> str:
    prefix = old.rstrip("/") + "/" if old not in (".", "") else ""
    if prefix and not path.startswith(prefix):
        return path
    if not path.startswith(("results/", "figures/")) and not prefix:
        return path
    return os.path.normpath(os.path.join(new, path[len(prefix):]))


def seed_from_main(base_root: str, root: str, workdir: Path = REPO) -> int:
    """Hard-link the main build's cached results under ``root`` and copy Snakemake's record of each, with its
    paths moved, so that Snakemake's parameter, input and code checks apply to them as to the main build's own.
    Figures are not linked (they are rebuilt: cheap, and they are what the table reads). Returns the files
    linked; an existing variant root is left as it is."""
    src = workdir / base_root / "results"
    dst = workdir / root / "results"
    if dst.exists() or not src.is_dir():
        return 0
    n = 0
    for f in src.rglob("*"):
        rel = f.relative_to(src)
        if f.is_dir() or rel.parts[0] in ("logs", "benchmarks"):
            continue
        old = os.path.normpath(os.path.join(base_root, "results", str(rel)))
        meta = workdir / METADATA / _encode(old)
        if not meta.exists():
            continue  # no record (a data file fetched outside the rules): let Snakemake decide
        target = dst / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        os.link(f, target)
        new = os.path.normpath(os.path.join(root, "results", str(rel)))
        rec = json.loads(meta.read_text())
        for key in ("input", "log"):
            # Snakemake compares the record's list with the job's sorted paths: a moved path can sort elsewhere
            rec[key] = sorted(_moved(p, base_root, root) for p in rec.get(key) or [])
        rec["input_checksums"] = {_moved(k, base_root, root): v for k, v in (rec.get("input_checksums") or {}).items()}
        (workdir / METADATA / _encode(new)).write_text(json.dumps(rec))
        n += 1  # a hard link shares the file's times: Snakemake sees it exactly as old as the main build's
    return n


def build(names, base: str = "full", cores: str = "all", extra=(), workdir: Path = REPO) -> int:
    """Build each variant of ``names`` (all when empty) with Snakemake; returns the first non-zero exit status."""
    registry = load_variants(REGISTRY)
    unknown = [n for n in names if n not in registry]
    if unknown:
        raise SystemExit(f"unknown variant(s) {unknown}; the registry ({REGISTRY.relative_to(REPO)}) has "
                         f"{sorted(registry)}")
    status = 0
    for name in names or list(registry):
        v = registry[name]
        root = variant_root(base, name)
        (workdir / root).mkdir(parents=True, exist_ok=True)
        overlay = workdir / root / "overlay.yaml"
        overlay.write_text(f"# variant {name} ({v.kind}): {v.choice}: {v.setting}\n"
                           + yaml.safe_dump(overlay_config(v, base), sort_keys=False))
        if v.reuse and v.kind == "choice":
            linked = seed_from_main(BASES[base][0], root, workdir)
            print(f"[{name}] {linked} cached results linked from the main build", file=sys.stderr)
        cmd = ["snakemake", *targets(v, base), "--cores", str(cores), "--keep-going", *extra,
               "--configfile", *BASES[base][1], os.path.relpath(overlay, workdir)]
        print(f"[{name}] {' '.join(cmd)}", file=sys.stderr)
        rc = subprocess.run(cmd, cwd=workdir).returncode
        status = status or rc
    return status


class TableRefused(Exception):
    """The robustness table would hold less than the one it replaces (or nothing): not written."""


def _figures_with_verdicts(t, column: str) -> set[str]:
    """The figures for which ``column`` (a variant's name) of a robustness table holds a verdict."""
    if column not in t.columns or t.empty:
        return set()
    return set(t.figure[t[column].astype(str).ne("absent") & t[column].astype(str).ne("")])


def _build_command(names, base: str) -> str:
    cmd = ("python -m statmech_bayes.pipeline.variants build " + "".join(f"{n} " for n in names)
           + ("--base quick " if base == "quick" else "") + "--cores 2")
    return cmd + (" (paper scale: a seed variant takes hours, docs/performance-seed7.md)" if base == "full" else "")


def shortfall(new, old, registry: dict[str, Variant], base: str, root_label: str) -> list[str]:
    """Why ``new`` (a robustness table just built) must not replace ``old`` (the existing one, or None): one line
    per problem, each naming what is missing and the command that builds it; empty when ``new`` holds at least
    what ``old`` held (a variant no longer in the registry is not asked for)."""
    problems = []
    if new.empty:
        build = "snakemake --cores all" if base == "full" else "snakemake --cores 2 --configfile workflow/config/quick.yaml"
        return [f"no claims files under {root_label}figures/: the main build is not there; build it first: {build}"]
    built = [n for n in registry if n in new.columns]
    if not built:
        problems.append(f"no variant is built under {root_label}variants/ (the registry, "
                        f"workflow/config/variants.yaml, lists {', '.join(registry)}); build them: "
                        f"{_build_command([], base)} (all of them), or name some")
    if old is None:
        return problems
    gone = sorted(set(old.figure) - set(new.figure))
    if gone:
        problems.append(f"the main build lacks {len(gone)} figure(s) the table has ({', '.join(gone[:8])}"
                        f"{', ...' if len(gone) > 8 else ''})")
    missing = [n for n in registry if n in old.columns and n not in new.columns and _figures_with_verdicts(old, n)]
    if missing and built:
        problems.append(f"variant(s) in {root_label}figures/robustness.csv but not built here: {', '.join(missing)}; "
                        f"build them: {_build_command(missing, base)}")
    partial = {}
    for n in built:
        lost = sorted(_figures_with_verdicts(old, n) - _figures_with_verdicts(new, n))
        if lost:
            partial[n] = lost
    if partial:
        problems.append("variant(s) built for fewer figures than the table has: "
                        + "; ".join(f"{n} lacks {', '.join(f[:6])}{', ...' if len(f) > 6 else ''}"
                                    for n, f in partial.items())
                        + f"; finish them: {_build_command(list(partial), base)}")
    return problems


def write_table(base: str = "full", workdir: Path = REPO, force: bool = False) -> Path:
    """Write ``<root>/figures/robustness.{csv,md}`` from the main build and the variants built; raise
    :class:`TableRefused` (writing nothing) when the table would hold less than the existing one, unless
    ``force``."""
    root = workdir / BASES[base][0]
    registry = load_variants(REGISTRY)
    t = build_table(root / "figures", root / "variants", REGISTRY)
    out = root / "figures" / "robustness.csv"
    label = "" if BASES[base][0] == "." else BASES[base][0] + "/"
    problems = shortfall(t, load(out), registry, base, label)
    if problems and not force:
        where = f"{label}figures/robustness.{{csv,md}}"
        raise TableRefused(f"not written: {where} would hold less than "
                           + ("the table there now" if out.exists() else "a robustness table needs") + ":\n"
                           + "".join(f"  - {p}\n" for p in problems)
                           + f"{where} is left as it is (the scorecard reads it). To write it anyway: "
                           f"python -m statmech_bayes.pipeline.variants table"
                           + (" --base quick" if base == "quick" else "") + " --force")
    save(t, registry, out, out.with_suffix(".md"), left_out(REGISTRY))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m statmech_bayes.pipeline.variants",
                                 description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build", help="build variants (all when none is named), then the table")
    b.add_argument("names", nargs="*")
    b.add_argument("--base", choices=sorted(BASES), default="full")
    b.add_argument("--cores", default="all")
    b.add_argument("--nolock", action="store_true", help="beside another Snakemake run in this directory")
    b.add_argument("-n", "--dry-run", action="store_true", help="show what each variant would run; no table")
    t = sub.add_parser("table", help="the robustness table from the variants built")
    t.add_argument("--base", choices=sorted(BASES), default="full")
    t.add_argument("--force", action="store_true",
                   help="write the table even if it holds fewer variants or figures than the existing one")
    a = ap.parse_args(argv)
    rc = 0
    if a.cmd == "build":
        rc = build(a.names, a.base, a.cores, ["--nolock"] * a.nolock + ["-n", "--quiet", "rules"] * a.dry_run)
        if a.dry_run:
            return rc
        if rc:
            # an interrupted or failed build: a table now would hold what happened to be finished
            print(f"the table is not written: the build did not finish (status {rc}); run the same command again to "
                  "resume, or `python -m statmech_bayes.pipeline.variants table` for what is built", file=sys.stderr)
            return rc
    try:
        print(f"wrote {write_table(a.base, force=getattr(a, 'force', False))}")
    except TableRefused as e:
        print(e, file=sys.stderr)
        return rc or 2
    return rc


if __name__ == "__main__":
    sys.exit(main())
