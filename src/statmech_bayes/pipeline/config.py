"""The workflow configuration: global keys and one section per registered paper, each with its schema.

``workflow/schemas/config.schema.yaml`` types the global keys; ``workflow/schemas/<paper>.schema.yaml``
types the section of that paper, and ``statmech_bayes.figures.<paper>.config_checks.check`` (when the
paper has one) adds the rules a schema cannot express. A top-level key that is neither global nor a
registered paper is rejected with its name.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any, Mapping

import yaml

from statmech_bayes.core.config import ConfigError, raise_if, schema_errors
from statmech_bayes.pipeline.registry import papers

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
