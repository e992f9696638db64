"""Plot one figure of one paper from its cached inputs: PNG, PDF, plotted data and claims."""
import importlib

from statmech_bayes.core.atomic_io import save_csv
from statmech_bayes.core.plotstyle import save_figure
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    package = importlib.import_module(f"statmech_bayes.figures.{smk.params.paper}")
    module = importlib.import_module(f"{package.__name__}.fig{int(smk.params.number):02d}")
    inputs = {k: v for k, v in smk.input.items() if k != "code"}
    fig, table, claims = module.make(inputs, smk.params.cfg)
    save_figure(fig, smk.output.png, smk.output.pdf, title=f"{package.PAPER}, Figure {smk.params.number}")
    save_csv(smk.output.data, table)
    claims.write(smk.output.claims, provenance(smk.params.cfg, seed=smk.params.seed))
    log.info("%d/%d claims passed", sum(c.passed for c in claims.claims), len(claims.claims))
