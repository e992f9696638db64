"""Validation of a configuration (section) against a JSON schema, with messages that name the key."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

# jsonschema imports its optional IRI-format checker (rfc3987_syntax) when it is installed, and that module
# compiles about 40 grammars at import: 1-3 s on every Snakemake start, many times over in the tests. Our schemas
# use no "format" keyword and the validator is built without a format checker, so the module is marked absent
# (a None entry in sys.modules makes its import raise ImportError, which jsonschema treats as "not installed").
if "jsonschema" not in sys.modules:
    sys.modules.setdefault("rfc3987_syntax", None)

import jsonschema  # noqa: E402
import yaml  # noqa: E402


class ConfigError(ValueError):
    """The workflow configuration is invalid; the message names the key."""


def _path(prefix: str, error: jsonschema.ValidationError) -> str:
    parts = [prefix] * bool(prefix) + [str(p) for p in error.absolute_path]
    return ".".join(parts) or "<top level>"


def _describe(prefix: str, error: jsonschema.ValidationError) -> str:
    if error.validator == "additionalProperties":
        extra = sorted(set(error.instance) - set(error.schema.get("properties", {})))
        return f"unknown key(s) {', '.join(repr(e) for e in extra)} under '{_path(prefix, error)}'"
    if error.validator == "required":
        return f"missing key under '{_path(prefix, error)}': {error.message}"
    return f"bad value for '{_path(prefix, error)}': {error.message}"


def schema_errors(section: Any, schema_path: str | Path, prefix: str = "") -> list[str]:
    """Messages for every violation of the schema in ``schema_path`` by ``section`` (keys under ``prefix``)."""
    schema = yaml.safe_load(Path(schema_path).read_text())
    validator = jsonschema.Draft202012Validator(schema)
    errors = sorted(validator.iter_errors(section), key=lambda e: list(map(str, e.absolute_path)))
    return [_describe(prefix, e) for e in errors]


def raise_if(problems: list[str]) -> None:
    if problems:
        lines = "\n  ".join(problems)
        raise ConfigError(f"invalid configuration ({len(problems)} problem(s)):\n  {lines}")
