"""The configuration keys a figure reads, declared in its module, and the guard that holds it to them (issue 42).

A figure module declares ``CONFIG_KEYS``, a literal tuple of dotted paths into the configuration section its rule
receives. A path names a leaf or a whole subtree (``"claims.fig1"``: every key below it). Two forms stand for
several keys:

- ``*`` is every key at that level (``"scenarios.*.sigma2"``), and the figure may iterate that level;
- ``<x.y>`` is the key, or the keys, named by the value at ``x.y``, a string or a list (``"scenarios.<fig9.scenario>.d"``);
  ``x.y`` is declared too.

:func:`declared` reads the tuple from the module's source without importing it, :func:`prune` keeps only the
declared part of a configuration (what the figure's rule passes and its claims file records), and
:class:`DeclaredConfig` wraps that part so that reading anything else raises :class:`UndeclaredConfigKey`.
"""
from __future__ import annotations

import ast
import copy
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Iterator

__all__ = ["CONFIG_KEYS_NAME", "UndeclaredConfigKey", "declared", "expand", "prune", "resolves", "DeclaredConfig"]

CONFIG_KEYS_NAME = "CONFIG_KEYS"
STAR = "*"


class UndeclaredConfigKey(Exception):
    """A figure read a configuration key that its module's ``CONFIG_KEYS`` does not declare."""
    # Not a KeyError: code that catches KeyError to fall back on a default would hide the undeclared read, and the
    # figure would then silently compute with the default instead of the configured value.


def declared(module_file: str | Path) -> tuple[str, ...]:
    """The ``CONFIG_KEYS`` tuple of the figure module at ``module_file``, read from its source.

    Raises ``LookupError`` when the module assigns no ``CONFIG_KEYS`` at its top level, ``ValueError`` when the value
    is not a literal tuple of strings."""
    # Read, not imported: the workflow parses every figure's declaration, and figure modules import matplotlib.
    path = Path(module_file)
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in tree.body:
        target = node.target if isinstance(node, ast.AnnAssign) else None
        targets = node.targets if isinstance(node, ast.Assign) else [target] if target is not None else []
        if any(isinstance(t, ast.Name) and t.id == CONFIG_KEYS_NAME for t in targets):
            try:
                value = ast.literal_eval(node.value)
            except ValueError:
                raise ValueError(f"{path}: {CONFIG_KEYS_NAME} must be a literal tuple of dotted paths") from None
            if not isinstance(value, tuple) or not all(isinstance(k, str) and k for k in value):
                raise ValueError(f"{path}: {CONFIG_KEYS_NAME} must be a tuple of non-empty strings, got {value!r}")
            return value
    raise LookupError(f"{path} declares no {CONFIG_KEYS_NAME} (the configuration keys its figure reads)")


def _split(path: str) -> list[str]:
    """``"a.<b.c>.d"`` -> ``["a", "<b.c>", "d"]``: dots inside ``<...>`` do not split."""
    parts, depth, cur = [], 0, ""
    for ch in path:
        if ch == "." and depth == 0:
            parts.append(cur)
            cur = ""
            continue
        depth += ch == "<"
        depth -= ch == ">"
        cur += ch
    parts.append(cur)
    if depth != 0 or any(not p for p in parts):
        raise ValueError(f"malformed configuration path {path!r}")
    return parts


def _child(node: Any, key: str) -> tuple[bool, Any]:
    """``(found, value)`` of ``key`` in a mapping node, matching keys by their text (YAML may make ``1000:`` an int)."""
    if isinstance(node, Mapping):
        for k in node:
            if str(k) == key:
                return True, node[k]
    return False, None


def _lookup(cfg: Mapping, parts: list[str]) -> tuple[bool, Any]:
    node = cfg
    for part in parts:
        found, node = _child(node, part)
        if not found:
            return False, None
    return True, node


def expand(cfg: Mapping, keys: tuple[str, ...] | list[str]) -> list[tuple[str, ...]]:
    """The declared paths as tuples of segments, each ``<x.y>`` replaced by the name(s) the value at ``x.y`` holds in
    ``cfg``; ``*`` is kept. A ``<x.y>`` whose value is absent expands to nothing."""
    out: list[tuple[str, ...]] = []
    for key in keys:
        partial: list[tuple[str, ...]] = [()]
        for part in _split(key):
            if part.startswith("<") and part.endswith(">"):
                found, value = _lookup(cfg, _split(part[1:-1]))
                names = ([] if not found else [value] if isinstance(value, (str, int)) else list(value))
                partial = [p + (str(n),) for p in partial for n in names]
            else:
                partial = [p + (part,) for p in partial]
        out += partial
    return out


def _copy_path(src: Any, dst: dict, parts: tuple[str, ...]) -> bool:
    """Copy what ``parts`` names in ``src`` into ``dst`` (same nesting); whether anything was found."""
    head, rest = parts[0], parts[1:]
    if not isinstance(src, Mapping):
        return False
    if head == STAR:
        items = list(src.items())
    else:
        items = [(k, v) for k, v in src.items() if str(k) == head]
    hit = False
    for k, v in items:
        if not rest:
            dst[k] = copy.deepcopy(v)
            hit = True
            continue
        sub = dst.get(k)
        if not isinstance(sub, dict):
            sub = {}
        if _copy_path(v, sub, rest):
            dst[k] = sub
            hit = True
        elif head == STAR and isinstance(v, Mapping) and k not in dst:
            # Keep every key a `*` iterates, even where the rest of the path is absent: a figure that iterates the
            # level must see the same keys as in the full configuration.
            dst[k] = {}
    return hit


def prune(cfg: Mapping, keys: tuple[str, ...] | list[str]) -> dict:
    """A deep copy of the declared part of ``cfg``: each declared path (``*`` and ``<...>`` expanded), with the
    nesting above it. A declared path absent from ``cfg`` is left out (a figure may read an optional key with
    ``.get``)."""
    out: dict = {}
    for parts in expand(cfg, keys):
        _copy_path(cfg, out, parts)
    return out


def resolves(cfg: Mapping, key: str) -> bool:
    """Whether the declared path ``key`` names at least one value in ``cfg`` (for checking declarations)."""
    for parts in expand(cfg, [key]):
        probe: dict = {}
        if _copy_path(cfg, probe, parts):
            return True
    return False


def _matches(pattern: tuple[str, ...], path: tuple[str, ...]) -> bool:
    return all(p == STAR or p == q for p, q in zip(pattern, path))


class DeclaredConfig(Mapping):
    """A read-only view of a configuration (pruned or not) that lets a figure read only its declared paths.

    Reading a declared path, or a node on the way to one, returns its value (a node on the way comes back as a
    ``DeclaredConfig`` of its own; a node declared whole comes back as it is). Reading anything else raises
    :class:`UndeclaredConfigKey` naming the full dotted path and ``owner``. ``get`` and ``in`` check the key the
    same way, and a declared key that is absent gives the default or ``False``. A node may be iterated (``len``,
    ``keys``, ``items``, ``dict(node)``, ``format_map``) only when declared whole or by ``*``."""

    def __init__(self, data: Mapping, keys: tuple[str, ...] | list[str], owner: str = "the figure",
                 _patterns: list[tuple[str, ...]] | None = None, _path: tuple[str, ...] = ()):
        self._data = data
        self._keys = tuple(keys)
        self._owner = owner
        self._patterns = expand(data, self._keys) if _patterns is None else _patterns
        self._path = _path

    def _where(self, key: Any) -> str:
        return ".".join((*self._path, str(key)))

    def _check(self, key: Any) -> tuple[str, ...]:
        """The path of ``key`` below this node if it is declared or on the way to a declared path; raises otherwise."""
        path = (*self._path, str(key))
        if not any(_matches(p, path) for p in self._patterns):
            raise UndeclaredConfigKey(f"{self._owner} reads {self._where(key)!r}, which is not in its "
                                      f"{CONFIG_KEYS_NAME} {self._keys!r}")
        return path

    def _whole(self, path: tuple[str, ...]) -> bool:
        return any(len(p) <= len(path) and _matches(p, path) for p in self._patterns)

    def __getitem__(self, key: Any) -> Any:
        path = self._check(key)
        value = self._data[key]  # a declared key that is absent raises KeyError, as a dict would
        if self._whole(path) or not isinstance(value, Mapping):
            return value
        return DeclaredConfig(value, self._keys, self._owner, self._patterns, path)

    def get(self, key: Any, default: Any = None) -> Any:
        self._check(key)
        return self[key] if key in self._data else default

    def __contains__(self, key: object) -> bool:
        self._check(key)
        return key in self._data

    def _iterable(self) -> None:
        n = len(self._path)
        if not (self._whole(self._path) or any(len(p) > n and p[n] == STAR and _matches(p, self._path)
                                               for p in self._patterns)):
            where = ".".join(self._path) or "the configuration section"
            raise UndeclaredConfigKey(f"{self._owner} iterates {where!r}, which is only partly declared in its "
                                      f"{CONFIG_KEYS_NAME} {self._keys!r} (declare it whole, or its keys with '*')")

    def __iter__(self) -> Iterator:
        self._iterable()
        return iter(self._data)

    def __len__(self) -> int:
        self._iterable()
        return len(self._data)

    def __bool__(self) -> bool:
        # A node reached through declared paths exists in the configuration; it is true whatever is declared of it
        # (a dict's truth would otherwise ask __len__, which refuses on a partly declared node).
        return True

    def __repr__(self) -> str:
        return f"DeclaredConfig({'.'.join(self._path) or '<section>'} of {self._owner})"

    def __copy__(self) -> "DeclaredConfig":
        return self

    def __deepcopy__(self, memo: dict) -> "DeclaredConfig":
        # The controls deep-copy their arguments, the configuration among them, once per control: copy the data
        # (a control may change what it is given) without reading it through the guard.
        return DeclaredConfig(copy.deepcopy(self._data, memo), self._keys, self._owner, self._patterns, self._path)
