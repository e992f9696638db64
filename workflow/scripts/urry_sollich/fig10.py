"""Figure 10: plot, plotted data and claims from the cached scaling data."""
from statmech_bayes.core.atomic_io import load_npz, save_csv
from statmech_bayes.core.plotstyle import save_figure
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.figures.urry_sollich import fig10

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    data, _ = load_npz(smk.input.scaling)
    data["p_values"] = data["p_values"].tolist()
    fig, table, claims, fits = fig10.make(data, smk.params.fig10)
    save_figure(fig, smk.output.png, smk.output.pdf, title="Urry & Sollich 2013, Figure 10")
    save_csv(smk.output.data, table)
    claims.write(smk.output.claims, provenance(smk.params.fig10, fits=fits.to_dict(orient="list")))
    log.info("%d/%d claims passed", sum(c.passed for c in claims.claims), len(claims.claims))
