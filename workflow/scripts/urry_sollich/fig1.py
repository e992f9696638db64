"""Figure 1: plot, plotted data (CSV) and claims from the cached tree and graph data."""
from statmech_bayes.core.atomic_io import load_npz, save_csv
from statmech_bayes.core.plotstyle import save_figure
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.figures.urry_sollich import fig01

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    tree, _ = load_npz(smk.input.tree)
    graphs, gmeta = load_npz(smk.input.graphs)
    fig, table, claims = fig01.make(tree, graphs, smk.params.fig1)
    save_figure(fig, smk.output.png, smk.output.pdf, title="Urry & Sollich 2013, Figure 1")
    save_csv(smk.output.data, table)
    claims.write(smk.output.claims, provenance(smk.params.fig1, seed=gmeta.get("seed")))
    log.info("%d/%d claims passed", sum(c.passed for c in claims.claims), len(claims.claims))
