"""Fig. 5 table: one row per (method, size) run, timings split into eigensolve and sweeps."""
import pandas as pd

from statmech_bayes.core.atomic_io import load_npz, save_csv
from statmech_bayes.core.rule_runtime import rule_context

COLUMNS = ("method", "n_nodes", "n_test", "t_eig", "t_mcmc", "t_total", "t_graph", "test_error", "k_mean", "k_min",
           "k_max", "k0", "K_max", "n_reject_kmax", "acceptance_rate", "gamma", "n_iter", "burn_in", "q", "lambda2",
           "c_mean", "blas_threads", "n_iter_run", "burn_in_run", "t_mcmc_run", "n_repeats")

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    rows = []
    for path in smk.input.runs:
        r, _ = load_npz(path)
        rows.append({k: r[k].item() for k in COLUMNS})
    table = pd.DataFrame(rows).sort_values(["method", "n_nodes"], kind="stable")
    log.info("\n%s", table.to_string(index=False))
    save_csv(smk.output[0], table)
