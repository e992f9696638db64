"""Read the rules of the workflow as Snakemake parses them (name, script, declared inputs, params)."""
from __future__ import annotations

import contextlib
import io
from dataclasses import dataclass
from pathlib import Path

from snakemake.api import SnakemakeApi
from snakemake.settings.types import ConfigSettings, OutputSettings, ResourceSettings


@dataclass(frozen=True)
class RuleInfo:
    name: str
    script: Path | None       # relative to the repository root
    code: tuple[str, ...]     # the declared `code` inputs
    module: str | None        # a module the script loads by name (figure rules)
    threads: object = None    # the declared threads as parsed with `cores` (an int unless a callable)
    outputs: tuple[str, ...] = ()  # the declared output paths (with their wildcards)
    inputs: tuple[str, ...] = ()   # every declared input path (a function's inputs are not resolved)
    params: tuple[str, ...] = ()   # the names of the declared params


def parse_rules(root: Path, configfile: str | None = None, cores: int = 1) -> dict[str, RuleInfo]:
    """Every rule of the workflow under ``root``. Uses Snakemake's API (``_workflow`` is not public, but it
    is the parsed workflow itself, which is what the test must see)."""
    cfg = ConfigSettings(configfiles=[root / configfile] if configfile else [])
    out = {}
    with contextlib.redirect_stderr(io.StringIO()), SnakemakeApi(OutputSettings()) as api:
        wf = api.workflow(resource_settings=ResourceSettings(cores=cores), config_settings=cfg,
                          snakefile=root / "Snakefile", workdir=root)
        for r in wf._workflow.rules:
            script = (root / "workflow" / "rules" / r.script).resolve().relative_to(root.resolve()) if r.script else None
            code = tuple(r.input.get("code") or ()) if hasattr(r.input, "get") else ()
            module = r.params.get("module") if hasattr(r.params, "get") else None
            threads = r.resources["_cores"]
            out[r.name] = RuleInfo(r.name, script, code, module, getattr(threads, "value", threads),
                                   tuple(str(o) for o in r.output), tuple(str(i) for i in r.input),
                                   tuple(r.params.keys()))
    return out
