"""Table 1 helpers: the no-learning reference and the Markdown table."""
import numpy as np

from statmech_bayes.sparse_classifier.colon import majority_errors
from statmech_bayes.sparse_classifier.table1 import TABLE1_PAPER, table1_frame, table1_markdown


def test_majority_errors_predict_the_training_majority():
    y = np.array([1, 1, 1, -1, -1, 1])
    perms = np.array([[0, 1, 3, 2, 4, 5],    # train +,+,- -> predict +; test +,-,+ -> 1/3 wrong
                      [3, 4, 0, 1, 2, 5]])   # train -,-,+ -> predict -; test +,+,+ -> all wrong
    assert np.allclose(majority_errors(y, perms, n_train=3), [1 / 3, 1.0])


def test_markdown_lists_every_row_with_the_papers_numbers():
    s = {f"{k}_{m}": 10.0 for m in TABLE1_PAPER for k in ("mean", "sd")}
    s.update(n_splits=5, sign_less=3, sign_equal=1, sign_greater=1, sign_z=0.7, sign_p_exact=0.3,
             welch_fda_sbc_t=1.0, welch_fda_sbc_p=0.3, welch_fda_sbl_t=1.0, welch_fda_sbl_p=0.3,
             welch_sbc_sbl_t=0.0, welch_sbc_sbl_p=1.0, paired_sbc_sbl_t=0.0, paired_sbc_sbl_p=1.0)
    frame = table1_frame(s)
    assert list(frame.key) == list(TABLE1_PAPER)
    md = table1_markdown(s, {"n_train": 42, "damping": 0.8, "T_max": 400, "tol": 1e-9, "tie_rule": "last",
                             "T_literal": 20})
    assert "| SBC (C, kappa by LOOE) | 10.00 | 10.00 | 23.5 | 10.2 |" in md
    assert "99 / 36 / 65" in md and "3 / 1 / 1" in md
    assert "undamped BP (Eqs. 38-41), 20 updates" in md and "damped BP (ours)" in md
    # the damped arm and the FDA variants are extra rows beside the paper's
    s.update(mean_sbc_damped=9.0, sd_sbc_damped=4.0, fda_variant_names=np.array(["pinv", "ridge_100", "meandiff"]),
             mean_fda_variants=np.array([22.0, 18.0, 30.0]), sd_fda_variants=np.array([7.0, 6.0, 9.0]))
    frame = table1_frame(s)
    assert "SBC, damped BP (ours)" in set(frame.method) and "FDA variant: ridge S_W + 100 I" in set(frame.method)
    assert np.isnan(frame.set_index("key").loc["sbc_damped", "paper_mean_pct"])
