# Replication pipeline: every figure of five papers on the statistical mechanics of Bayesian learning.
# Thin on purpose: configuration, validation, rule files, and the default target.
from snakemake.utils import min_version

min_version("9.27")


configfile: "workflow/config/full.yaml"


include: "workflow/rules/common.smk"
include: "workflow/rules/graphs.smk"
include: "workflow/rules/urry_sollich.smk"
include: "workflow/rules/sollich_halees.smk"
include: "workflow/rules/scorecard.smk"


rule all:
    default_target: True
    input:
        ALL_FIGURES,
        fig("scorecard.csv"),
        fig("scorecard.md"),
