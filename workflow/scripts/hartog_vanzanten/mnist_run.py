"""Fig. 5, one timed point: the truncated method (eigsh, reversible jump) or the untruncated one of [4]
(full eigh, k = n) on one MNIST graph. BLAS is pinned to the same thread count for both methods."""
from threadpoolctl import threadpool_limits

from statmech_bayes.core.atomic_io import load_npz, save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.truncated_laplacian.experiments.mnist import mnist_run

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    kw, method, size = smk.params.kw, smk.wildcards.method, int(smk.wildcards.size)
    sub, _ = load_npz(smk.input.graph)
    # the configured count, never more than the cores the scheduler gave this job
    blas = max(1, min(int(smk.params.blas_threads), int(smk.threads)))
    seed = [smk.params.seed, "hvz_mnist_run", method, size]
    with threadpool_limits(limits=blas):
        r = mnist_run(sub, method, rng_for(*seed), **kw)
    log.info("%s n=%d: %d repeat(s), eig %s s; %d sweeps run in %s s", method, r["n_nodes"], r["n_repeats"],
             ", ".join(f"{v:.3f}" for v in r["t_eig_repeats"]), r["n_iter_run"],
             ", ".join(f"{v:.3f}" for v in r["t_mcmc_repeats"]))
    log.info("%s n=%d: eig %.2f s, %d sweeps %.2f s, total %.2f s (graph %.2f s, excluded); test error %.4f; "
             "k mean %.1f [%d, %d], k0 %d, K_max %d, proposals above K_max rejected %d; BLAS threads %d",
             method, r["n_nodes"], r["t_eig"], r["n_iter"], r["t_mcmc"], r["t_total"], r["t_graph"],
             r["test_error"], r["k_mean"], r["k_min"], r["k_max"], r["k0"], r["K_max"], r["n_reject_kmax"],
             r["blas_threads"])
    save_npz(smk.output[0], r, provenance({**kw, "method": method, "size": size, "blas_threads_pinned": blas},
                                          seed=seed))
