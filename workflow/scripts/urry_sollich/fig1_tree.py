"""Fig. 1 tree data: recursion (4) for the left panel, the right-panel tree curves, the p -> inf limit."""
from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.randomwalk.kernel_profiles import tree_data

smk = snakemake  # noqa: F821
with rule_context(smk):
    save_npz(smk.output[0], tree_data(smk.params.fig1), provenance(smk.params.fig1))
