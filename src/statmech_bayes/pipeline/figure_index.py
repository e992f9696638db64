"""An index from every figure to its rule, its plot-and-claims module, the rules that compute what it shows, their
scripts and the science modules those scripts call.

Figure rules are generated (``workflow/rules/figures.smk`` turns each ``declare_figure`` into a rule), so
``grep "rule hvz_fig4"`` finds nothing; this index is how a reader goes from ``figures/<paper>/figN.png`` to the code
in one step. It is read from the workflow as Snakemake parses it (the rule graph and each rule's script), so it
cannot drift from the rules, and written to ``docs/figures.md``::

    python -m statmech_bayes.pipeline.figure_index . --markdown docs/figures.md
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import io
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from statmech_bayes.pipeline.registry import papers

PACKAGE = "statmech_bayes"
# Imports that are not science: plumbing (the rule runtime, atomic I/O, provenance, seeding, the registry) and the
# figure layer's support (plot style, claims records, scorecard), which no science script should import anyway.
PLUMBING = (f"{PACKAGE}.core", f"{PACKAGE}.pipeline", f"{PACKAGE}.reporting")
_SRC = Path(__file__).resolve().parents[2]  # the src/ directory this package lives in
_EDGE = re.compile(r"^\s*(\d+)\s*->\s*(\d+)")
_NODE = re.compile(r'^\s*(\d+)\s*\[label = "([^"]+)"')


@dataclass(frozen=True)
class RuleRecord:
    name: str
    script: str | None      # relative to the repository root
    module: str | None      # a figure rule's plot-and-claims module


@dataclass(frozen=True)
class FigureEntry:
    paper: str
    figure: str
    rule: str
    module: str
    upstream: tuple[str, ...]        # every rule the figure depends on, nearest first
    scripts: tuple[str, ...]
    science: tuple[str, ...]         # package modules the upstream scripts import (plumbing left out)
    claims: str | None = None        # the pure claims function the module's make() calls (None: judged in make)


def parse_rulegraph(dot: str) -> dict[str, set[str]]:
    """``{rule: rules it reads from}`` from the output of ``snakemake --rulegraph``."""
    names, deps = {}, {}
    for line in dot.splitlines():
        if m := _NODE.match(line):
            names[m.group(1)] = m.group(2)
        elif m := _EDGE.match(line):
            deps.setdefault(m.group(2), set()).add(m.group(1))
    return {names[k]: {names[v] for v in vs} for k, vs in deps.items() if k in names}


def upstream(rule: str, graph: dict[str, set[str]]) -> list[str]:
    """Every rule ``rule`` depends on, breadth first (nearest first), each once, sorted within a level."""
    seen, order, level = {rule}, [], [rule]
    while level:
        nxt = sorted({d for r in level for d in graph.get(r, ()) if d not in seen})
        seen.update(nxt)
        order += nxt
        level = nxt
    return order


def script_imports(path: Path) -> list[str]:
    """The package modules a script imports (``from statmech_bayes.x.y import z`` gives ``statmech_bayes.x.y``)."""
    tree = ast.parse(Path(path).read_text(), filename=str(path))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(PACKAGE):
            out.append(node.module)
        elif isinstance(node, ast.Import):
            out += [a.name for a in node.names if a.name.startswith(PACKAGE)]
    return sorted(set(out))


def read_rules(root: Path) -> dict[str, RuleRecord]:
    """Every rule of the workflow under ``root``, as Snakemake parses it (default configuration)."""
    from snakemake.api import SnakemakeApi
    from snakemake.settings.types import ConfigSettings, OutputSettings, ResourceSettings

    root = Path(root).resolve()
    out = {}
    with contextlib.redirect_stderr(io.StringIO()), SnakemakeApi(OutputSettings()) as api:
        wf = api.workflow(resource_settings=ResourceSettings(cores=1), config_settings=ConfigSettings(),
                          snakefile=root / "Snakefile", workdir=root)
        for r in wf._workflow.rules:
            script = None
            if r.script:
                script = str((root / "workflow" / "rules" / r.script).resolve().relative_to(root))
            module = r.params.get("module") if hasattr(r.params, "get") else None
            out[r.name] = RuleRecord(r.name, script, module)
    return out


def rulegraph(root: Path) -> str:
    """The rule graph of the default build (``snakemake --rulegraph --forceall``), as dot text."""
    cmd = [sys.executable, "-m", "snakemake", "--rulegraph", "--forceall", "--nolock", "--quiet", "all"]
    return subprocess.run(cmd, cwd=root, check=True, capture_output=True, text=True).stdout


def build_index(root: Path, rules: dict[str, RuleRecord], graph: dict[str, set[str]]) -> list[FigureEntry]:
    """One entry per registered figure (registry order), from the parsed rules and the rule graph."""
    entries = []
    for key, paper in papers().items():
        for fig in paper.figures:
            name = f"{paper.prefix}_{fig}"
            if name not in rules:
                raise KeyError(f"figure {key}/{fig} has no rule {name!r}")
            up = [r for r in upstream(name, graph) if rules.get(r) and rules[r].script]
            scripts = [rules[r].script for r in up]
            science = sorted({m for s in scripts for m in script_imports(Path(root, s))
                              if not m.startswith(PLUMBING)})
            module = rules[name].module or ""
            entries.append(FigureEntry(key, fig, name, module, tuple(up), tuple(scripts), tuple(science),
                                       claims_function(module) if module else None))
    return entries


def claims_function(module: str, _seen: tuple[str, ...] = ()) -> str | None:
    """The claims function a figure module's ``make`` calls, as ``<pkg>.claims.<name>``: imported by name
    (``from <pkg>.claims import figN_claims``), called through the module (``from <pkg> import claims`` and
    ``claims.figN_claims(...)``), or reached through a sibling figure module whose ``make`` this one delegates to
    (``from <pkg> import fig07``). None when the module still judges its claims inside ``make``."""
    tree = ast.parse((_SRC.parent / _path(module)).read_text())
    pkg = module.rsplit(".", 1)[0]
    aliases: dict[str, str] = {}
    delegates: list[str] = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.ImportFrom) and node.module):
            continue
        for alias in node.names:
            if node.module.endswith(".claims") and alias.name.endswith("_claims"):
                return f"{node.module}.{alias.name}"
            if alias.name == "claims":
                aliases[alias.asname or alias.name] = f"{node.module}.claims"
            elif node.module == pkg and re.fullmatch(r"fig\d+\w*", alias.name):
                delegates.append(f"{pkg}.{alias.name}")
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases
                and node.attr.endswith("_claims")):
            return f"{aliases[node.value.id]}.{node.attr}"
    for other in delegates:
        if other not in _seen and (found := claims_function(other, (*_seen, module))):
            return found
    return None


def _path(module: str) -> str:
    """The module's file relative to the repository root (a package is its ``__init__.py``)."""
    base = "src/" + module.replace(".", "/")
    return base + "/__init__.py" if (_SRC / module.replace(".", "/")).is_dir() else base + ".py"


def to_markdown(entries: list[FigureEntry]) -> str:
    lines = ["# Figure index", "", "<!-- Generated: do not edit by hand. -->", "",
             "Generated by `python -m statmech_bayes.pipeline.figure_index . --markdown docs/figures.md` from the",
             "workflow as Snakemake parses it. Per figure: its rule (`snakemake figures/<paper>/<figure>.png` runs it;",
             "the rule itself is generated by `workflow/rules/figures.smk` from the paper's `declare_figure` lines), the",
             "module whose `make` draws it, the pure function that judges its claims (\"in `make`\" where the claims",
             "are not yet separated from the drawing), the rules that compute what it shows (nearest first) and the",
             "science modules their scripts call.", ""]
    by_paper: dict[str, list[FigureEntry]] = {}
    for e in entries:
        by_paper.setdefault(e.paper, []).append(e)
    for key, rows in by_paper.items():
        lines += [f"## {papers()[key].citation}", "",
                  "| figure | rule | plot | claims | computed by | science modules |", "|---|---|---|---|---|---|"]
        for e in rows:
            comp = ", ".join(f"`{r}`" for r in e.upstream) or "-"
            sci = ", ".join(f"[`{m.removeprefix(PACKAGE + '.')}`](../{_path(m)})" for m in e.science) or "-"
            mod = f"[`{e.module.removeprefix(PACKAGE + '.')}`](../{_path(e.module)})" if e.module else "-"
            if e.claims:
                cmod = e.claims.rsplit(".", 1)[0]
                cl = f"[`{e.claims.removeprefix(PACKAGE + '.')}`](../{_path(cmod)})"
            else:
                cl = "in `make`"
            lines.append(f"| [{e.figure}](../figures/{e.paper}/{e.figure}.png) | `{e.rule}` | {mod} | {cl} | {comp} "
                         f"| {sci} |")
        lines.append("")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("root", nargs="?", default=".", type=Path)
    ap.add_argument("--markdown", type=Path, help="write the index here (default: print it)")
    args = ap.parse_args(argv)
    text = to_markdown(build_index(args.root, read_rules(args.root), parse_rulegraph(rulegraph(args.root))))
    if args.markdown:
        args.markdown.write_text(text)
    else:
        print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
