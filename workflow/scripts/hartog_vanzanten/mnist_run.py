"""Fig. 5, one timed point: the truncated method (eigsh, reversible jump) or the untruncated one of [4]
(full eigh, k = n) on one MNIST graph. BLAS is pinned to the same thread count for both methods."""
from threadpoolctl import threadpool_limits

from statmech_bayes.core.atomic_io import load_npz, save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.truncated_laplacian.experiments import mnist_run

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    p, m, method, size = smk.params.mnist, smk.params.model, smk.wildcards.method, int(smk.wildcards.size)
    sub, _ = load_npz(smk.input.graph)
    blas = max(1, min(int(p["blas_threads"]), int(smk.threads)))
    seed = [smk.params.seed, "hvz_mnist_run", method, size]
    # the untruncated sweeps at the largest sizes: fewer of them, timed per sweep (their cost is state-free)
    short = p["untruncated_run"]
    cut = method == "untruncated" and size >= int(short["from_size"])
    with threadpool_limits(limits=blas):
        r = mnist_run(sub, method, rng_for(*seed), n_iter=int(p["n_iter"]), burn_in=int(p["burn_in"]),
                      K_max=int(p["K_max"]), k0_cap=int(p["k0_cap"]), gamma_rule=float(p["gamma_rule"]),
                      q=float(m["q"]), a=float(m["a"]), b=float(m["b"]), eig_tol=float(p["eig_tol"]),
                      run_iter=int(short["n_iter"]) if cut else None, run_burn_in=int(short["burn_in"]) if cut else None,
                      repeats=int(p["repeats"]), repeat_below_s=float(p["repeat_below_s"]))
    log.info("%s n=%d: %d repeat(s), eig %s s; %d sweeps run in %s s", method, r["n_nodes"], r["n_repeats"],
             ", ".join(f"{v:.3f}" for v in r["t_eig_repeats"]), r["n_iter_run"],
             ", ".join(f"{v:.3f}" for v in r["t_mcmc_repeats"]))
    log.info("%s n=%d: eig %.2f s, %d sweeps %.2f s, total %.2f s (graph %.2f s, excluded); test error %.4f; "
             "k mean %.1f [%d, %d], k0 %d, K_max %d, proposals above K_max rejected %d; BLAS threads %d",
             method, r["n_nodes"], r["t_eig"], r["n_iter"], r["t_mcmc"], r["t_total"], r["t_graph"],
             r["test_error"], r["k_mean"], r["k_min"], r["k_max"], r["k0"], r["K_max"], r["n_reject_kmax"],
             r["blas_threads"])
    save_npz(smk.output[0], r, provenance({**p, **m, "method": method, "size": size, "blas_threads_pinned": blas},
                                          seed=seed))
