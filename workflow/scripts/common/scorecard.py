"""Gather every figure's claims into figures/scorecard.csv and figures/scorecard.md."""
from pathlib import Path

import pandas as pd

from statmech_bayes.core.atomic_io import atomic_path, save_csv
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.reporting import controls, mechanisms, robustness
from statmech_bayes.reporting.scorecard import caveat_table, check_findings, check_proofs, counts, gather, to_markdown

smk = snakemake
with rule_context(smk) as log:
    table = gather(smk.input.claims)
    caveats = caveat_table(smk.input.claims)
    check_findings(table, smk.input.findings_tests)
    check_proofs(table, Path(smk.input.findings_tests).parent.parent)
    # Rules 4 and 5 of docs/protocol.md: the seeds and admitted variants built under the same protocol decide
    # beside the main build (the figure's own claims file keeps the main build's verdict).
    robust = robustness.load(smk.input.robustness[0]) if smk.input.robustness else None
    table = robustness.apply(table, robust, robustness.load_variants(smk.input.variants))
    # docs/protocol.md, settled causes: the failures without a finding whose cause a test singles out (no verdict
    # moves); after rules 4 and 5, which may have moved the verdict an entry explains
    causes = mechanisms.load(smk.input.mechanisms)
    mechanisms.check_tests(causes, Path(smk.input.findings_tests).parent.parent)
    skipped = []
    table = mechanisms.attach(table, causes, skipped)
    for m in skipped:  # a smaller configuration may not make the claim (tests/test_mechanisms.py: paper scale)
        log.info("settled cause not attached, no such claim in this build: %s: %s", m.figure, m.claim)
    # Issue 43: a pass is control-checked only when every wrong answer that bears on it fails.
    tables = list(getattr(smk.input, "controls", []))
    ctrl = pd.concat([pd.read_csv(p, keep_default_na=False) for p in tables]) if tables else None
    table = controls.control_status(table, ctrl if ctrl is not None else pd.DataFrame(columns=controls.COLUMNS))
    save_csv(smk.output.csv, table)
    save_csv(smk.output.caveats, caveats)
    moved = table[table.build_verdict != table.verdict]
    save_csv(smk.output.robust, moved[["paper", "figure", "claim", "kind", "build_verdict", "verdict", "reason", "note"]])
    papers = list(dict(smk.params.titles))
    c = counts(table, papers).merge(controls.counts(table, papers), on="paper", how="left")
    if robust is not None and table.seed_stable.notna().any():  # a seed variant was built: its column
        c = c.merge(robustness.seed_stability(table), on="paper", how="left").fillna(
            {"seed_stable": 0, "seed_decided": 0})
    save_csv(smk.output.counts, c.assign(paper=lambda d: d.paper.map(dict(smk.params.titles))))
    with atomic_path(smk.output.md) as tmp:
        tmp.write_text(to_markdown(table, dict(smk.params.titles), c, caveats))
    log.info("\n%s", c.to_string(index=False))
