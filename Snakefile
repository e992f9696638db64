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
include: "workflow/rules/controls.smk"
include: "workflow/rules/scorecard.smk"


# The console: one line per job (rule, wildcards, log file) and the progress; `--verbose` (or a dry run) shows
# Snakemake's full job blocks with every input.
quiet_job_lines()


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
        fig("scorecard_robustness.csv"),


# The targets named on the command line, checked before the plan is made (after the last rule, so every rule name is
# known): a target of another configuration's output root, a figure that does not exist, or a --forcerun word that
# is no rule (a target typed after it) stops with what to type instead.
stop_on_bad_targets()
