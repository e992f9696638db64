"""Run one figure's negative controls (statmech_bayes.reporting.controls): its claims on its own data, checked
against the figure's claims file, and on each declared wrong answer's; write the comparison table. A timing figure
kept at paper scale is checked against this run's claims, under results/timing_figures/, where its table goes too."""
import importlib
import json
import os

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
    claims, out = smk.input.claims, smk.output[0]
    # A kept timing figure (workflow/rules/controls.smk controls_timing_params): its committed claims come from the
    # documented build's timings, the loader reads this run's, so both sides are this run's measurement and the
    # committed table stays with the committed claims.
    timing = getattr(smk.params, "timing", None) or {}
    if timing.get("keep") and os.path.exists(out) and os.path.exists(timing["measured"]["claims"]):
        claims, out = timing["measured"]["claims"], timing["measured"]["controls"]
        log.info("timing figure: the committed %s is kept; this run's controls are %s", smk.output[0], out)
    with open(claims) as f:
        controls.check_real(real, json.load(f))
    save_csv(out, table)
    log.info("controls of %s:\n%s", fc.figure, table.groupby("control").outcome.value_counts().to_string())
