import numpy as np

from statmech_bayes.kjit.operator import KJITLearner


def _learner(seed, **kw):
    args = dict(n_init=40, threshold=-7.0, D_in=60, D_out=120, sigma_y2=1e-4, median_factor=0.5)
    args.update(kw)
    return KJITLearner(1, np.random.default_rng(seed), **args)


def _data(n, rng, lo=-1.0, hi=1.0):
    M = rng.uniform(lo, hi, (n, 1))
    return M, np.full_like(M, 0.05)


def test_consults_for_initial_batch_then_learns_and_flags_out_of_distribution():
    rng = np.random.default_rng(0)
    M, V = _data(400, rng)
    lrn = _learner(1)
    calls = []
    oracle = lambda j: (calls.append(j), np.array([np.sin(3 * M[j, 0])]))[1]
    out, consulted, u = lrn.process(M, V, oracle)
    assert consulted[:41].all() and np.isnan(u[:41]).all()
    assert consulted[200:].mean() < 0.2                      # confident in-distribution
    np.testing.assert_allclose(out[~consulted, 0], np.sin(3 * M[~consulted, 0]), atol=0.05)
    far_M = np.array([[6.0]])
    _, c_far, u_far = lrn.process(far_M, np.full_like(far_M, 0.05), lambda j: np.array([0.0]))
    assert c_far[0] and u_far[0] > np.nanmax(u[300:])


def test_block_processing_equals_one_by_one():
    rng = np.random.default_rng(2)
    M, V = _data(300, rng)
    M[250:] += 3.0    # a shift late in the block forces consultations mid-block
    f = lambda j: np.array([np.cos(2 * M[j, 0])])
    a = _learner(5)
    out_a, c_a, u_a = a.process(M, V, f)
    b = _learner(5)
    res = [b.process(M[j:j + 1], V[j:j + 1], lambda _j, j=j: f(j)) for j in range(300)]
    out_b = np.vstack([r[0] for r in res])
    c_b = np.concatenate([r[1] for r in res])
    u_b = np.concatenate([r[2] for r in res])
    assert c_a.sum() > 45 and np.array_equal(c_a, c_b)
    np.testing.assert_allclose(out_a, out_b, rtol=1e-8, atol=1e-10)
    np.testing.assert_allclose(u_a, u_b, rtol=1e-9, equal_nan=True)


def test_a_confident_prediction_that_is_no_message_is_sent_to_the_oracle_when_asked():
    """``usable``: a confident prediction it rejects is treated as uncertain (consulted, answered by the oracle and
    learnt from); without it the prediction is returned as it is. Here the learnt function is negative on x > 0.5,
    and ``usable`` rejects negative predictions."""
    rng = np.random.default_rng(3)
    M, V = _data(400, rng)
    f = lambda j: np.array([0.5 - M[j, 0]])  # noqa: E731
    plain, with_check = _learner(7), _learner(7)
    out_p, c_p, u_p = plain.process(M, V, f)
    out_c, c_c, u_c = with_check.process(M, V, f, usable=lambda t: bool(t[0] > 0))
    confident_neg = ~c_p & (out_p[:, 0] <= 0)
    assert confident_neg.sum() > 50                       # the plain learner answers these itself ...
    assert c_c[~c_p & (M[:, 0] > 0.52)].all()             # ... the checked one asks the oracle for every one of them
    assert np.all(out_c[~c_c, 0] > 0)                     # and returns no rejected prediction
    np.testing.assert_allclose(out_c[c_c, 0], 0.5 - M[c_c, 0])  # a consulted row carries the oracle's answer
    assert np.array_equal(c_p[:41], c_c[:41])             # the initial batch is the same
