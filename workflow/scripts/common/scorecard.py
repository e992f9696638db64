"""Gather every figure's claims into figures/scorecard.csv and figures/scorecard.md."""
from statmech_bayes.core.atomic_io import atomic_path, save_csv
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.reporting.scorecard import check_findings, counts, gather, to_markdown

smk = snakemake
with rule_context(smk) as log:
    table = gather(smk.input.claims)
    check_findings(table, smk.input.findings_tests)
    save_csv(smk.output.csv, table)
    papers = list(dict(smk.params.titles))
    save_csv(smk.output.counts, counts(table, papers).assign(paper=lambda c: c.paper.map(dict(smk.params.titles))))
    with atomic_path(smk.output.md) as tmp:
        tmp.write_text(to_markdown(table, dict(smk.params.titles)))
    log.info("\n%s", counts(table, papers).to_string(index=False))
