"""Section 5: the degenerate scenario's exact curve (Fig 9), the eq. (31) limit, and the single-data-set
minimum against the Plaskota bound (Fig 10)."""
import numpy as np

from statmech_bayes.core.atomic_io import load_npz, save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.gp.bounds import ov_bound, plaskota_bound
from statmech_bayes.gp.degenerate import (
    concentrated_inputs,
    deg_learning_curve,
    deg_min_single_dataset,
)
from statmech_bayes.gp.spectra import Spectrum

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    p, f9, f10 = smk.params.sh, smk.params.fig9, smk.params.fig10
    spectra = {name: Spectrum.from_arrays(load_npz(path)[0]) for name, path in zip(smk.params.names, smk.input.spectra)}
    n = np.arange(p["n_max"] + 1)
    out = {"n": n.astype(float), "sigma2_limit": np.float64(f10["sigma2_limit"])}
    spec, s2 = spectra[f9["scenario"]], float(f9["sigma2"])
    out["fig9_deg"] = deg_learning_curve(spec, n, s2)
    out["fig9_ov"] = ov_bound(spec, n, s2)
    split, prob = concentrated_inputs(spec, int(f9["limit_level"]), float(f9["limit_delta"]))
    lam = float(split.lam[int(f9["limit_level"])])
    out["eq31_exact"] = deg_learning_curve(split, n, s2, prob)
    out["eq31_formula"] = spec.T - lam + lam * s2 / (s2 + n * lam)
    out["eq31_delta"], out["eq31_lambda"] = np.float64(f9["limit_delta"]), np.float64(lam)
    for sc in f10["scenarios"]:
        spec = spectra[sc]
        for s2 in f10["sigma2"]:
            out[f"fig10_{sc}_pl_{s2:g}"] = plaskota_bound(spec, n, s2)
            out[f"fig10_{sc}_degmin_{s2:g}"] = deg_min_single_dataset(spec, p["n_max"], s2)
        s0 = float(f10["sigma2_limit"])
        gap = deg_min_single_dataset(spec, p["n_max"], s0)[1:] / plaskota_bound(spec, n, s0)[1:] - 1
        out[f"fig10_{sc}_limit_maxgap"] = np.float64(gap.max())
        log.info("%s: sigma2=%g max Degmin/Pl - 1 = %.3g", sc, s0, gap.max())
    save_npz(smk.output[0], out, provenance({"fig9": f9, "fig10": f10, "n_max": p["n_max"]}))
