"""The data the repository ships (data/): its manifest, the loaders' checksums, and the workflow's stop on a
missing or changed file before any job runs."""

import csv
import gzip
import shutil
import sys

import pytest

from conftest import ROOT, copy_workflow, run_snakemake
from statmech_bayes.data import sha256_of
from statmech_bayes.data.manifest import problems, required_files
from statmech_bayes.data.mnist import MNIST_FILES, content_sha256

DATA = ROOT / "data"


def manifest() -> dict[str, dict]:
    with open(DATA / "MANIFEST.csv", newline="") as f:
        return {row["file"]: row for row in csv.DictReader(f)}


def test_the_manifest_lists_every_shipped_file_with_its_checksum_source_and_licence():
    rows = manifest()
    shipped = {str(p.relative_to(DATA)) for p in DATA.rglob("*") if p.is_file()} - {"MANIFEST.csv", "README.md"}
    assert set(rows) == shipped
    for name, row in rows.items():
        assert row["sha256"] == sha256_of(DATA / name), name
        assert int(row["bytes"]) == (DATA / name).stat().st_size
        assert row["source"] and row["citation"] and row["licence"], name
        if name.endswith(".gz"):
            assert row["uncompressed_sha256"] == content_sha256(DATA / name), name
    # MNIST, gzipped, is 11 MB of it (the original .gz files are about as large); the rest under 1 MB
    assert sum((DATA / n).stat().st_size for n in rows) < 12_500_000
    assert sum((DATA / n).stat().st_size for n in rows if not n.startswith("mnist/")) < 1_000_000


@pytest.mark.parametrize("kind", ["colon", "uci", "mnist"])
def test_the_loaders_checksums_are_the_manifests(kind):
    rows = manifest()
    column = "uncompressed_sha256" if kind == "mnist" else "sha256"
    for f in required_files(kind):
        assert rows[f"{kind}/{f.name}"][column] == f.sha256
    assert problems(kind, DATA / kind) == []


def test_mnist_is_read_gzipped_as_shipped_or_plain_as_npm_gives_it(tmp_path):
    """The checks are on the uncompressed bytes: the npm route's plain files pass, a changed byte does not."""
    plain = tmp_path / "plain"
    plain.mkdir()
    for name in MNIST_FILES:
        (plain / name).write_bytes(gzip.decompress((DATA / "mnist" / f"{name}.gz").read_bytes()))
    assert problems("mnist", plain) == []
    raw = bytearray((plain / "t10k-labels-idx1-ubyte").read_bytes())
    raw[20] ^= 1
    (plain / "t10k-labels-idx1-ubyte").write_bytes(bytes(raw))
    (msg,) = problems("mnist", plain)
    assert "t10k-labels-idx1-ubyte is corrupt" in msg and "git checkout -- data/mnist" in msg


def test_no_rule_fetches_data_and_the_quick_build_reads_the_shipped_mnist():
    """A clone needs no network after pip install: MNIST is read from data/mnist, no rule downloads it."""
    from workflow_api import parse_rules

    rules = parse_rules(ROOT, "workflow/config/quick.yaml")
    assert not [r for r in rules if "fetch" in r]
    listing = run_snakemake(ROOT, "-n", "--forceall", "quick/results/hartog_vanzanten/mnist/features.npz",
                            "--configfile", "workflow/config/quick.yaml").stdout
    for name in MNIST_FILES:
        assert f"data/mnist/{name}.gz" in listing


def _assert_built_with_the_network_cut(d):
    """Issue 35: after `pip install` nothing is downloaded. The session's smoke and quick builds ran under
    ``unshare --net`` (conftest.NO_NETWORK): had any rule reached for the network, they would have failed. Where the
    machine cannot cut it (no root), the test skips and says so."""
    import subprocess

    from conftest import NO_NETWORK

    if not NO_NETWORK:
        pytest.skip("this machine cannot make a network namespace (unshare --net needs root and CAP_SYS_ADMIN): "
                    "the session builds ran with the network on")
    assert (d / "network.txt").read_text() == " ".join(NO_NETWORK)
    # and the cut is real: under it, no connection leaves the machine
    probe = subprocess.run([*NO_NETWORK, sys.executable, "-c", "import socket; "
                            "socket.create_connection(('1.1.1.1', 443), timeout=3)"], capture_output=True, text=True)
    assert probe.returncode != 0 and "unreachable" in probe.stderr.lower(), probe.stderr[-500:]


# One test per build, each taking its build as a parameter, so that conftest sends it to the worker that holds that
# build (a build fetched with request.getfixturevalue is invisible to the grouping and was made a second time).
@pytest.mark.workflow
def test_the_smoke_build_ran_with_the_network_cut(smoke_run):
    _assert_built_with_the_network_cut(smoke_run)


@pytest.mark.workflow
def test_the_quick_build_ran_with_the_network_cut(quick_run):
    _assert_built_with_the_network_cut(quick_run)


def test_problems_name_the_file_the_checksum_and_how_to_get_it(tmp_path):
    shutil.copytree(DATA / "colon", tmp_path / "colon")
    (msg,) = problems("colon", tmp_path / "nowhere")
    assert "Colon.rda not found" in msg and required_files("colon")[0].sha256 in msg and "plsgenomics" in msg
    with open(tmp_path / "colon" / "Colon.rda", "r+b") as f:
        f.seek(1000)
        byte = f.read(1)
        f.seek(1000)
        f.write(bytes([byte[0] ^ 1]))
    (msg,) = problems("colon", tmp_path / "colon")
    assert "corrupt" in msg and required_files("colon")[0].sha256 in msg


@pytest.mark.workflow
@pytest.mark.parametrize("damage", ["removed", "one byte changed"])
def test_a_damaged_data_file_stops_the_run_before_anything_is_written(tmp_path, damage):
    d = copy_workflow(tmp_path / "clone")
    target = d / "data" / "uci" / "fertility_norm_te.mat"
    if damage == "removed":
        target.unlink()
    else:
        raw = bytearray(target.read_bytes())
        raw[100] ^= 1
        target.write_bytes(bytes(raw))
    # KJIT Fig. 9 reads the UCI splits (the smoke build's KJIT figure reads none: it is not stopped, see below)
    proc = run_snakemake(d, "--cores", "1", "smoke/figures/kjit/fig9.png", "--configfile", "workflow/config/smoke.yaml",
                         check=False)
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0
    assert "fertility_norm_te.mat" in out and required_files("uci")[5].sha256 in out and "data.uci" in out
    assert ("not found" if damage == "removed" else "corrupt") in out
    assert "How to go on" in out and "git checkout -- data/uci" in out
    assert not (d / "smoke").exists(), "nothing may be written"


@pytest.mark.workflow
def test_a_damaged_data_file_stops_only_the_targets_that_read_it(tmp_path):
    """Only the data the requested targets read is checked: a damaged colon file stops a colon figure, saying how to
    go on, and never a figure of another paper."""
    d = copy_workflow(tmp_path / "clone")
    rda = d / "data" / "colon" / "Colon.rda"
    raw = bytearray(rda.read_bytes())
    raw[1000] ^= 1
    rda.write_bytes(bytes(raw))
    smoke = ("--configfile", "workflow/config/smoke.yaml")
    proc = run_snakemake(d, "--cores", "1", "smoke/figures/uda_kabashima/fig5.png", *smoke, check=False)
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0 and "Colon.rda is corrupt" in out
    assert "git checkout -- data/colon" in out and "by naming its targets" in out
    assert not (d / "smoke").exists(), "nothing may be written"
    run_snakemake(d, "--cores", "1", "smoke/figures/hartog_vanzanten/fig7.png", *smoke)
    assert (d / "smoke" / "figures" / "hartog_vanzanten" / "fig7.png").exists()
