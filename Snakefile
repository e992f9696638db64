# Replication pipeline: every figure of five papers on the statistical mechanics of Bayesian learning.
# Thin on purpose: shared rules (with the configuration, workflow/config/full.yaml, in common.smk), one rule file
# per registered paper, the default target.
from snakemake.utils import min_version

min_version("9.27")


include: "workflow/rules/common.smk"
include: "workflow/rules/graphs_paths.smk"
include: "workflow/rules/graphs.smk"


# Two rule files per paper of the registry (statmech_bayes.figures.<key>): its path helpers and its rules.
for _paper in PAPERS:

    include: f"workflow/rules/{_paper}_paths.smk"
    include: f"workflow/rules/{_paper}.smk"


include: "workflow/rules/figures.smk"
include: "workflow/rules/scorecard.smk"


# Every data file a selected paper reads is checked (sha256) before any job starts.
stop_on_data_problems()


rule all:
    default_target: True
    # Figure rules and the scorecard are `localrule: True` too: they only plot and tabulate.
    localrule: True
    input:
        [fig(key, f"{name}{ext}") for key in PAPERS for name in selected_figures(key)
         for ext in (".png", ".pdf", ".csv", ".claims.json")],
        fig("scorecard.csv"),
        fig("scorecard_counts.csv"),
        fig("scorecard.md"),
