"""Every approximation and bound of one scenario (LC, eps_1, UC, OV, MW, Plaskota, TWO, WV) for n = 0..n_max."""
from statmech_bayes.core.atomic_io import load_npz, save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.gp.bounds import scenario_curves
from statmech_bayes.gp.spectra import Spectrum

smk = snakemake  # noqa: F821
with rule_context(smk):
    scn, p = dict(smk.params.scn), smk.params.sh
    spec = Spectrum.from_arrays(load_npz(smk.input.spectrum)[0])
    arrays = scenario_curves(spec, scn, scn["sigma2"], p["n_max"], p["wv"])
    save_npz(smk.output[0], arrays, provenance({"scenario": scn, "n_max": p["n_max"], "wv": p["wv"]}))
