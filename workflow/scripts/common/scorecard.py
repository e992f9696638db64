"""Gather every figure's claims into figures/scorecard.csv and figures/scorecard.md."""
from statmech_bayes.core.atomic_io import atomic_path, save_csv
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.scorecard import gather, to_markdown

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    table = gather(smk.input.claims)
    save_csv(smk.output.csv, table)
    with atomic_path(smk.output.md) as tmp:
        tmp.write_text(to_markdown(table))
    log.info("%d/%d claims passed", int(table.passed.sum()), len(table))
