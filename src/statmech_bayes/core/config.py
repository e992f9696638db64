"""Configuration validation with messages that name the offending key."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import jsonschema
import yaml


class ConfigError(ValueError):
    """The workflow configuration is invalid; the message names the key."""


def _path(error: jsonschema.ValidationError) -> str:
    return ".".join(str(p) for p in error.absolute_path) or "<top level>"


def _describe(error: jsonschema.ValidationError) -> str:
    if error.validator == "additionalProperties":
        extra = sorted(set(error.instance) - set(error.schema.get("properties", {})))
        return f"unknown key(s) {', '.join(repr(e) for e in extra)} under '{_path(error)}'"
    if error.validator == "required":
        return f"missing key under '{_path(error)}': {error.message}"
    return f"bad value for '{_path(error)}': {error.message}"


def validate_config(config: Mapping[str, Any], schema_path: str | Path) -> None:
    """Validate ``config`` against the JSON schema and the cross-key rules; raise :class:`ConfigError`."""
    schema = yaml.safe_load(Path(schema_path).read_text())
    validator = jsonschema.Draft202012Validator(schema)
    errors = sorted(validator.iter_errors(config), key=lambda e: list(map(str, e.absolute_path)))
    if errors:
        lines = "\n  ".join(_describe(e) for e in errors)
        raise ConfigError(f"invalid configuration ({len(errors)} problem(s)):\n  {lines}")
    _cross_checks(config)


def _cross_checks(config: Mapping[str, Any]) -> None:
    ens = config["graph_ensembles"]
    needs = {"regular": ["d"], "erdos_renyi": ["mean_degree"], "powerlaw_grg": ["alpha", "lam_min"]}
    for name, spec in ens.items():
        missing = [k for k in needs[spec["kind"]] if k not in spec]
        extra = sorted(set(spec) - {"kind", *needs[spec["kind"]]})
        if missing or extra:
            raise ConfigError(f"bad value for 'graph_ensembles.{name}': kind {spec['kind']!r} takes "
                              f"{needs[spec['kind']]} (missing {missing}, unexpected {extra})")
    fig1 = config["urry_sollich"]["fig1"]
    e = ens.get(fig1["ensemble"])
    if e is None or e["kind"] != "regular" or e.get("d") != fig1["d"]:
        raise ConfigError("bad value for 'urry_sollich.fig1.ensemble': must name a 'regular' ensemble "
                          f"in graph_ensembles with d == urry_sollich.fig1.d ({fig1['d']})")
    if (fig1["V"] * fig1["d"]) % 2:
        raise ConfigError("bad value for 'urry_sollich.fig1.V': V * d must be even for a regular graph")
    us = config["urry_sollich"]
    named = [("urry_sollich.sims.ensembles", us["sims"]["ensembles"]),
             ("urry_sollich.sims.mismatch_ensembles", us["sims"]["mismatch_ensembles"]),
             ("urry_sollich.fig2.ensembles", us["fig2"]["ensembles"]),
             ("urry_sollich.fig4.ensemble", [us["fig4"]["ensemble"]])]
    for key, names in named:
        unknown = [n for n in names if n not in ens]
        if unknown:
            raise ConfigError(f"bad value for '{key}': {unknown} not defined in graph_ensembles "
                              f"(defined: {sorted(ens)})")
    for key in ("nu_range",):
        lo_, hi_ = us["sims"][key]
        if not lo_ < hi_:
            raise ConfigError(f"bad value for 'urry_sollich.sims.{key}': need min < max")
    lo, hi = config["urry_sollich"]["fig1"]["limit_log2_p"]
    if hi - lo < 2:
        raise ConfigError("bad value for 'urry_sollich.fig1.limit_log2_p': need at least three "
                          "doublings [min, max] with max - min >= 2 for the extrapolation")
