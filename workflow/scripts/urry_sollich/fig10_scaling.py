"""Fig. 10 data: p rho_{l,p} against l/sqrt(p) from recursion (4)."""
from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.randomwalk.kernel_profiles import shell_density_scaling

smk = snakemake  # noqa: F821
with rule_context(smk):
    save_npz(smk.output[0], shell_density_scaling(smk.params.fig10), provenance(smk.params.fig10))
