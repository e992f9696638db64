"""Which source files a rule's script runs: the import closure inside the package, found statically.

Snakemake does not see Python imports, so a rule lists the files of its script's import closure as
inputs; editing one of them then reruns exactly the rules that reach it. The closure is found from the
syntax tree (every ``import`` and ``from ... import`` statement anywhere in a module, including the lazy
ones inside functions), never by importing, so computing it is cheap and free of side effects. Importing
``a.b.c`` runs ``a/__init__.py`` and ``a/b/__init__.py`` too, so those are part of the closure.

A module that cannot change any output (the rule runtime: logging, progress bars, thread caps) says so
with a top-level ``OUTPUT_NEUTRAL = True``; it is left out of the inputs, so editing the log format does
not rerun the build. The marker is in the module itself, where a reviewer sees it.
"""

from __future__ import annotations

import ast
import atexit
import hashlib
import json
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from statmech_bayes.core.atomic_io import atomic_path

PACKAGE = "statmech_bayes"


@lru_cache(maxsize=None)
def module_path(src_root: Path, module: str) -> Path | None:
    """The file that defines ``module`` under ``src_root`` (a package's ``__init__.py``), or None."""
    base = Path(src_root, *module.split("."))
    if (base / "__init__.py").is_file():
        return base / "__init__.py"
    if base.with_suffix(".py").is_file():
        return base.with_suffix(".py")
    return None


def _module_name(src_root: Path, path: Path) -> str | None:
    try:
        rel = path.resolve().relative_to(Path(src_root).resolve())
    except ValueError:
        return None  # a script outside the package
    parts = list(rel.with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _resolve_relative(current: str | None, is_package: bool, level: int, module: str | None) -> str | None:
    if level == 0:
        return module
    if current is None:
        return None
    base = current.split(".") if is_package else current.split(".")[:-1]
    base = base[: len(base) - (level - 1)] if level > 1 else base
    return ".".join(base + ([module] if module else []))


# Parsing every module's syntax tree is most of the cost of reading the Snakefile (about 1.2 s of 2 on every
# Snakemake start: each dry run, each build, each job a cluster runs). What a parse finds depends only on the file's
# text and its module name, so it is kept on disk under a hash of the two (:func:`use_disk_cache`): an edited file
# has another key and is parsed again; a stale entry can never be read.
_DISK: dict[str, list] | None = None
_DISK_PATH: Path | None = None
_DISK_NEW: dict[str, list] = {}


def use_disk_cache(path: str | Path) -> None:
    """Keep the parses of :func:`_direct_imports` and :func:`is_output_neutral` in the JSON file ``path`` (read now,
    written with what was added when the process ends; an unreadable file is ignored, a write is atomic)."""
    global _DISK, _DISK_PATH
    _DISK_PATH = Path(path)
    try:
        _DISK = json.loads(_DISK_PATH.read_text())
        if not isinstance(_DISK, dict):
            _DISK = {}
    except (OSError, ValueError):
        _DISK = {}
    atexit.register(_save_disk_cache)


def _save_disk_cache() -> None:
    if not _DISK_NEW or _DISK_PATH is None:
        return
    try:
        try:  # another process may have added entries since this one read the file
            merged = json.loads(_DISK_PATH.read_text())
            merged = merged if isinstance(merged, dict) else {}
        except (OSError, ValueError):
            merged = {}
        merged.update(_DISK_NEW)
        with atomic_path(_DISK_PATH) as tmp:
            tmp.write_text(json.dumps(merged))
    except OSError:
        pass  # a cache: a read-only checkout parses again next time


def _cached(kind: str, path: Path, module: str | None, compute):
    text = path.read_text()
    key = hashlib.sha256(f"{kind}\0{module}\0{text}".encode()).hexdigest()
    if _DISK is not None and key in _DISK:
        return _DISK[key]
    value = compute(text)
    if _DISK is not None:
        _DISK[key] = _DISK_NEW[key] = value
    return value


@lru_cache(maxsize=None)
def _direct_imports(path: Path, src_root: Path) -> frozenset[str]:
    """Modules of the package that ``path`` names in an import statement (names may be submodules)."""
    current = _module_name(src_root, path)
    return frozenset(_cached("imports", path, current, lambda text: sorted(_scan_imports(text, path, current))))


def _scan_imports(text: str, path: Path, current: str | None) -> set[str]:
    tree = ast.parse(text, filename=str(path))
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _resolve_relative(current, is_package, node.level, node.module)
            if base is None:
                continue
            found.add(base)
            # `from pkg import name`: name may be a submodule
            found.update(f"{base}.{alias.name}" for alias in node.names if alias.name != "*")
    return {m for m in found if m == PACKAGE or m.startswith(PACKAGE + ".")}


@lru_cache(maxsize=None)
def is_output_neutral(path: Path) -> bool:
    """Whether the module declares ``OUTPUT_NEUTRAL = True`` at top level."""
    return bool(_cached("neutral", path, None, lambda text: _declares_neutral(text, path)))


def _declares_neutral(text: str, path: Path) -> bool:
    for node in ast.parse(text, filename=str(path)).body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                and node.targets[0].id == "OUTPUT_NEUTRAL" and isinstance(node.value, ast.Constant)):
            return node.value.value is True
    return False


def _with_parents(module: str) -> list[str]:
    parts = module.split(".")
    return [".".join(parts[: i + 1]) for i in range(len(parts))]


def import_closure(scripts: Iterable[str | Path], src_root: str | Path, modules: Iterable[str] = ()) -> list[Path]:
    """Every package file that running ``scripts`` (and importing ``modules``, e.g. a module a script
    loads by name at run time) executes, sorted. Paths are as found under ``src_root``."""
    src_root = Path(src_root)
    seen: set[Path] = set()
    todo: list[Path] = [Path(s) for s in scripts]
    for m in modules:
        for name in _with_parents(m):
            p = module_path(src_root, name)
            if p is None:
                raise ValueError(f"module {name!r} not found under {src_root}")
            todo.append(p)
    scripts_set = {Path(s) for s in scripts}
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        for name in _direct_imports(path, src_root):
            for parent in _with_parents(name):
                p = module_path(src_root, parent)
                if p is not None and p not in seen:
                    todo.append(p)
    return sorted(p for p in seen - scripts_set if not is_output_neutral(p))


def package_import_graph(src_root: str | Path) -> dict[str, set[str]]:
    """``{module: modules it imports}`` for every module of the package (for the layer rules)."""
    src_root = Path(src_root)
    graph: dict[str, set[str]] = {}
    for path in sorted((src_root / PACKAGE).rglob("*.py")):
        name = _module_name(src_root, path)
        graph[name] = {m for m in _direct_imports(path, src_root) if module_path(src_root, m) is not None}
    return graph
