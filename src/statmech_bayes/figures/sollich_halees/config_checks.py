"""Cross-key rules of the ``sollich_halees`` section that a schema cannot express."""

from __future__ import annotations

from statmech_bayes.core.config import ConfigError


def check(config) -> None:
    sh = config["sollich_halees"]
    if sh["datasets_per_job"] % sh["batch"]:
        # a range that splits a kernel batch would build that batch's matrices in another grouping
        raise ConfigError("bad value: sollich_halees.datasets_per_job must be a multiple of sollich_halees.batch "
                          f"(got {sh['datasets_per_job']} and {sh['batch']})")
