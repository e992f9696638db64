"""Plot one Sollich & Halees figure from its cached inputs: PNG, PDF, plotted data and claims."""
import importlib

from statmech_bayes.core.atomic_io import save_csv
from statmech_bayes.core.plotstyle import save_figure
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    name = smk.params.name
    module = importlib.import_module(f"statmech_bayes.figures.sollich_halees.fig{int(name[3:]):02d}")
    inputs = {k: v for k, v in smk.input.items() if k != "code"}
    fig, table, claims = module.make(inputs, smk.params.sh)
    save_figure(fig, smk.output.png, smk.output.pdf, title=f"Sollich & Halees 2002, Figure {name[3:]}")
    save_csv(smk.output.data, table)
    claims.write(smk.output.claims, provenance(smk.params.sh, seed=smk.params.seed))
    log.info("%d/%d claims passed", sum(c.passed for c in claims.claims), len(claims.claims))
