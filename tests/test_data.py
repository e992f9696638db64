"""The data the repository ships (data/): its manifest, the loaders' checksums, and the workflow's stop on a
missing or changed file before any job runs."""

import csv
import shutil

import pytest

from conftest import ROOT, copy_workflow, run_snakemake
from statmech_bayes.data import sha256_of
from statmech_bayes.data.manifest import problems, required_files

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
    assert sum((DATA / n).stat().st_size for n in rows) < 1_000_000


@pytest.mark.parametrize("kind", ["colon", "uci"])
def test_the_loaders_checksums_are_the_manifests(kind):
    rows = manifest()
    for f in required_files(kind):
        assert rows[f"{kind}/{f.name}"]["sha256"] == f.sha256
    assert problems(kind, DATA / kind) == []


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
    proc = run_snakemake(d, "--cores", "1", "--configfile", "workflow/config/smoke.yaml", check=False)
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0
    assert "fertility_norm_te.mat" in out and required_files("uci")[5].sha256 in out and "data.uci" in out
    assert ("not found" if damage == "removed" else "corrupt") in out
    assert not (d / "smoke").exists(), "nothing may be written"
