"""Experiment 3's timing job (Fig. 6's claims): one job per interleaved repeat, merged, and the sampling run's
whole-run time built from the per-sweep times of its first sweeps."""
import numpy as np
import pytest

from statmech_bayes.kjit.experiments.exp3 import EXP3_TIMED, exp3_timing
from statmech_bayes.kjit.experiments.summaries import merge_timing

TINY = dict(d=3, n=20, n_problems=3, n_sweeps=4, n_samples=2000, n_test=100, n_init=10, threshold=-8.5, D_in=20,
            D_out=30, sigma_y2=1e-4, median_factor=0.5, timing_sampling_every=1, timing_sampling_sweeps=2,
            target_z="suff_stats", skip_improper=True, consult_unusable=False)


def _run(repeats):
    return exp3_timing(np.random.default_rng(5), **TINY, repeats=repeats)


def test_sampling_whole_run_time_from_its_sweeps():
    out = _run([0])
    s = EXP3_TIMED.index("sampling")
    sw = out["sampling_sweep_ms"][0]
    timed = out["sampled"]
    assert timed.tolist() == [1, 2]
    expected = (TINY["n_sweeps"] - 1) * sw[timed, :-1].mean(axis=1) + sw[timed, -1]
    np.testing.assert_allclose(out["time_ms"][0, timed, s], expected)
    assert np.all(np.isnan(out["time_ms"][0, 0, s]))                 # problem 1 not timed for sampling


def test_per_repeat_jobs_merge_into_one_replay():
    """Two one-repeat jobs give the same KJIT errors and oracle calls as each other (a replay of one sequence),
    and merge along the repeat axis."""
    a, b = _run([0]), _run([1])
    m = merge_timing([a, b])
    assert m["time_ms"].shape == (2, TINY["n_problems"], len(EXP3_TIMED))
    assert m["repeats"].tolist() == [0, 1]
    np.testing.assert_array_equal(m["kjit_error"][0], m["kjit_error"][1])
    np.testing.assert_array_equal(m["kjit_oracle_calls"][0], m["kjit_oracle_calls"][1])
    with pytest.raises(ValueError):
        merge_timing([a, {**b, "sampled": np.array([0])}])


# Infer.NET's LogisticOp (the authors' copy is LogisticOp2 in kernel-ep's Op/LogisticOp.cs): each f->z call updates
# its falseMsg buffer by one BernoulliFromLogOdds EP message, i.e. three Gaussian integrals of the logistic (sigma,
# sigma', sigma''), each by Gauss-Hermite quadrature of 50 nodes (Infer.NET's MMath; for variance above 2 an adaptive
# Clenshaw-Curtis rule from 32 nodes), and then sends a closed form. So about 150 integrand evaluations per call.
INFERNET_NODES_PER_CALL = 3 * 50


def test_exp3_quadrature_standin_does_no_more_work_per_call_than_infernet(monkeypatch):
    """The stand-in timed by Fig. 6's claims, configured as at paper scale (workflow/config/full.yaml, only the sizes
    shrunk), evaluates at most Infer.NET's number of quadrature nodes per f->z call. Counts nodes, times nothing.
    Issue 44, our deviation (KJIT Fig. 6b 'quadrature < KJIT < sampling'): the stand-in evaluated a 2001-point grid
    per call, about 13x LogisticOp's nodes (fixed by kjit.exp3.quad_nodes). The quadrature arm's classification
    errors are kept (test below)."""
    import inspect
    from pathlib import Path

    import yaml

    from statmech_bayes.ep import engine

    full = yaml.safe_load((Path(__file__).resolve().parents[1] / "workflow" / "config" / "full.yaml").read_text())
    kw = {k: v for k, v in full["kjit"]["exp3"].items() if k in inspect.signature(exp3_timing).parameters}
    kw.update({k: TINY[k] for k in ("d", "n", "n_problems", "n_sweeps", "n_samples", "n_test", "n_init", "D_in",
                                    "D_out", "timing_sampling_every", "timing_sampling_sweeps")})
    nodes = []
    real = engine.logistic_quad_moments

    def counting(mu, var, alpha, beta, n_grid=2001, *args, **kwargs):
        nodes.append(int(n_grid))
        return real(mu, var, alpha, beta, n_grid, *args, **kwargs)

    monkeypatch.setattr(engine, "logistic_quad_moments", counting)
    exp3_timing(np.random.default_rng(5), **kw, repeats=[0])
    assert nodes, "the quadrature stand-in was not called"
    assert max(nodes) <= INFERNET_NODES_PER_CALL, f"{max(nodes)} nodes per call"


def test_the_standins_fewer_nodes_give_the_same_posteriors():
    """The Infer.NET stand-in at the configured grid (149 points over mu +- 10 sd) against the 2001-point grid of
    the ground-truth oracle, two independent resolutions of one integral: the tilted moments agree to 1e-7 relative
    over the cavities Exp. 3 meets (variance up to 50: under the prior z = w^T x has variance |x|^2, about 20 and at
    most about 42 on Exp. 3's inputs; much wider ones, which Infer.NET's LogisticOp integrates by an adaptive rule,
    the fixed grid under-resolves: 1e-6 at 100), and whole Exp. 3 runs
    give the same posterior means and errors."""
    from pathlib import Path

    import yaml

    from statmech_bayes.ep.oracles import logistic_quad_moments
    from statmech_bayes.kjit.experiments.exp3 import exp3_quadrature

    nodes = yaml.safe_load((Path(__file__).resolve().parents[1] / "workflow" / "config" / "full.yaml")
                           .read_text())["kjit"]["exp3"]["quad_nodes"]
    rng = np.random.default_rng(3)
    mu, var = rng.normal(0, 5, 2000), np.exp(rng.uniform(np.log(1e-3), np.log(50), 2000))
    alpha = np.where(rng.random(2000) < 0.5, 2.0, 1.0)
    coarse = logistic_quad_moments(mu, var, alpha, 3.0 - alpha, nodes)
    fine = logistic_quad_moments(mu, var, alpha, 3.0 - alpha, 2001)
    np.testing.assert_allclose(coarse.mean_z, fine.mean_z, rtol=1e-7, atol=1e-9)
    np.testing.assert_allclose(coarse.var_z, fine.var_z, rtol=1e-7)
    kw = {k: TINY[k] for k in ("d", "n", "n_problems", "n_sweeps", "n_test")}
    a = exp3_quadrature(np.random.default_rng(5), **kw, quad_nodes=nodes)
    b = exp3_quadrature(np.random.default_rng(5), **kw, quad_nodes=2001)
    np.testing.assert_allclose(a["post_mean"], b["post_mean"], rtol=1e-9, atol=1e-12)
    np.testing.assert_array_equal(a["error"], b["error"])
