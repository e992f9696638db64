"""Run one figure's negative controls (statmech_bayes.reporting.controls): its claims on its own data, checked
against the figure's claims file, and on each declared wrong answer's; write the comparison table."""
import importlib
import json

from statmech_bayes.core.atomic_io import save_csv
from statmech_bayes.core.config_keys import DeclaredConfig
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.reporting import controls

smk = snakemake
with rule_context(smk) as log:
    fc = importlib.import_module(smk.params.module).CONTROLS[smk.params.figure]
    # the controls read what the figure declares, and no more (statmech_bayes.core.config_keys)
    cfg = DeclaredConfig(smk.params.cfg, smk.params.config_keys, owner=f"{smk.params.module} ({fc.figure})")
    real, table = controls.run(fc, smk.params.layout, cfg)
    with open(smk.input.claims) as f:
        controls.check_real(real, json.load(f))
    save_csv(smk.output[0], table)
    log.info("controls of %s:\n%s", fc.figure, table.groupby("control").outcome.value_counts().to_string())
