"""The workflow configuration: global keys and one section per registered paper, each with its schema.

``workflow/schemas/config.schema.yaml`` types the global keys; ``workflow/schemas/<paper>.schema.yaml``
types the section of that paper, and ``statmech_bayes.figures.<paper>.config_checks.check`` (when the
paper has one) adds the rules a schema cannot express. A top-level key that is neither global nor a
registered paper is rejected with its name.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any, Mapping

import yaml

from statmech_bayes.core.config import ConfigError, raise_if, schema_errors
from statmech_bayes.pipeline.registry import papers


class _StrictLoader(yaml.SafeLoader):
    """YAML's safe loader, except that a key repeated in one mapping is an error (YAML keeps the last silently)."""

    def construct_mapping(self, node, deep=False):
        seen: dict = {}
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=True)
            line = key_node.start_mark.line + 1
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"key {key!r} repeated (first at line {seen[key]})", key_node.start_mark)
            seen[key] = line
        return super().construct_mapping(node, deep=deep)


def load_config_file(path: str | Path) -> dict:
    """Read one configuration file strictly. A missing file, a YAML syntax error, a repeated key or a top level
    that is not a mapping raise :class:`ConfigError` with one line naming the file (and the line)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(f"configuration file not found: {path}") from None
    except (OSError, UnicodeDecodeError) as err:
        raise ConfigError(f"configuration file {path} cannot be read as text ({err}); is it a target written after "
                          "--configfile? Targets go before --configfile, which takes every word after it") from None
    try:
        data = yaml.load(text, Loader=_StrictLoader)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark
        where = f", line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""
        context = f" ({err.context} at line {err.context_mark.line + 1})" if err.context and err.context_mark else ""
        raise ConfigError(f"{path}{where}: {err.problem}{context}") from None
    except yaml.YAMLError as err:
        raise ConfigError(f"{path}: not valid YAML ({err})") from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: the top level must be a mapping of keys, not a {type(data).__name__}")
    return data


_ENSEMBLE_KEYS = {"regular": ["d"], "erdos_renyi": ["mean_degree"], "powerlaw_grg": ["alpha", "lam_min"]}


def validate_config(config: Mapping[str, Any], schema_dir: str | Path) -> None:
    """Raise :class:`ConfigError` naming every bad key of ``config``."""
    schema_dir = Path(schema_dir)
    top = schema_dir / "config.schema.yaml"
    global_keys = set(yaml.safe_load(top.read_text())["properties"])
    registered = papers()
    problems = schema_errors({k: v for k, v in config.items() if k in global_keys}, top)
    unknown = sorted(set(config) - global_keys - set(registered))
    if unknown:
        problems.append(f"unknown key(s) {', '.join(map(repr, unknown))} at the top level "
                        f"(global keys: {sorted(global_keys)}; papers: {sorted(registered)})")
    for key in registered:
        if key not in config:
            problems.append(f"missing key at the top level: the section of paper {key!r}")
            continue
        problems += schema_errors(config[key], schema_dir / f"{key}.schema.yaml", prefix=key)
    raise_if(problems)
    _check_ensembles(config.get("graph_ensembles", {}))
    for key in registered:
        try:
            checks = importlib.import_module(f"statmech_bayes.figures.{key}.config_checks")
        except ModuleNotFoundError:
            continue
        checks.check(config)


def _check_ensembles(ensembles: Mapping[str, Any]) -> None:
    for name, spec in ensembles.items():
        needs = _ENSEMBLE_KEYS[spec["kind"]]
        missing = [k for k in needs if k not in spec]
        extra = sorted(set(spec) - {"kind", *needs})
        if missing or extra:
            raise ConfigError(f"bad value for 'graph_ensembles.{name}': kind {spec['kind']!r} takes "
                              f"{needs} (missing {missing}, unexpected {extra})")


def _merge(base: dict, over: Mapping[str, Any]) -> dict:
    """``over`` merged into ``base`` key by key, as Snakemake merges --configfile over the default."""
    for key, value in over.items():
        base[key] = _merge(base[key], value) if isinstance(value, Mapping) and isinstance(base.get(key), dict) \
            else value
    return base


def check_files(paths: list[str], root: str | Path = ".") -> list[str]:
    """The problems of configuration files given to ``--configfile``: each read strictly and merged over the
    default (``workflow/config/full.yaml`` under ``root``), then validated. Empty when all is well."""
    root = Path(root)
    try:
        config = load_config_file(root / "workflow" / "config" / "full.yaml")
        for path in paths:
            _merge(config, load_config_file(path))
        validate_config(config, root / "workflow" / "schemas")
    except ConfigError as err:
        return [str(err)]
    return []


def main(argv: list[str] | None = None) -> int:
    """``python -m statmech_bayes.pipeline.config FILE...`` from the repository: check configuration files
    before giving them to ``snakemake --configfile`` (Snakemake's own message for a malformed file names
    neither the file nor the line)."""
    paths = sys.argv[1:] if argv is None else argv
    problems = check_files(paths)
    for problem in problems:
        print(problem, file=sys.stderr)
    if not problems:
        print(f"valid: {' + '.join(['workflow/config/full.yaml', *paths])}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
