import shutil
from pathlib import Path

import numpy as np
import pytest

from statmech_bayes.data import DataError
from statmech_bayes.data.uci import NAMES, RAW_FILES, load_raw, load_split, standardize

UCI = Path(__file__).resolve().parents[1] / "data" / "uci"  # shipped with the repository

EXPECTED = {"banknote": (1372, 4, 610, 201), "blood_transfusion": (748, 4, 178, 201),
            "fertility": (100, 9, 12, 50), "ionosphere": (351, 33, 126, 201)}


@pytest.mark.parametrize("name", NAMES)
def test_loaders_on_real_files_reproduce_the_authors_split(name):
    n, d, pos, n_tr = EXPECTED[name]
    X, y = load_raw(name, UCI)
    assert X.shape == (n, d) and int(y.sum()) == pos
    s = load_split(name, UCI)
    assert s["X_train"].shape == (n_tr, d) and s["X_test"].shape == (n - n_tr, d)
    # the authors standardised the full set before splitting: every split row is a row of ours
    Z = standardize(X)
    dist = ((s["X_train"][:, None, :] - Z[None]) ** 2).sum(-1).min(axis=1)
    assert dist.max() < 1e-20
    assert set(np.unique(s["y_train"])) == {0, 1}


def test_corrupt_copy_is_rejected_with_file_name(tmp_path):
    fname = RAW_FILES["fertility"][0]
    shutil.copy(UCI / fname, tmp_path / fname)
    with open(tmp_path / fname, "a") as f:
        f.write("0,0,0,0,0,0,0,0,0,N\n")
    with pytest.raises(DataError, match=fname):
        load_raw("fertility", tmp_path)


def test_missing_file_says_how_to_get_it(tmp_path):
    with pytest.raises(DataError, match="kernel-ep"):
        load_split("banknote", tmp_path)
    with pytest.raises(ValueError, match="name must be"):
        load_raw("iris", tmp_path)
