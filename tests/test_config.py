"""The configuration schema: the full config is valid; bad keys stop the run with their name."""
import copy

import pytest
import yaml

from conftest import ROOT, copy_workflow, run_snakemake
from statmech_bayes.core.config import ConfigError
from statmech_bayes.pipeline.config import validate_config

SCHEMA = ROOT / "workflow" / "schemas"


def full():
    return yaml.safe_load((ROOT / "workflow" / "config" / "full.yaml").read_text())


def merged(name):
    cfg = full()
    over = yaml.safe_load((ROOT / "workflow" / "config" / f"{name}.yaml").read_text())

    def merge(a, b):
        for k, v in b.items():
            a[k] = merge(a[k], v) if isinstance(v, dict) and isinstance(a.get(k), dict) else v
        return a
    return merge(cfg, over)


@pytest.mark.parametrize("name", ["quick", "smoke"])
def test_shipped_configs_are_valid(name):
    validate_config(full(), SCHEMA)
    validate_config(merged(name), SCHEMA)


@pytest.mark.parametrize("mutate,needle", [
    (lambda c: c["urry_sollich"]["fig1"].__setitem__("n_graph", 3), "'n_graph'"),
    (lambda c: c.__setitem__("sede", 1), "'sede'"),
    (lambda c: c["urry_sollich"]["fig1"].__setitem__("V", "500"), "urry_sollich.fig1.V"),
    (lambda c: c["urry_sollich"]["fig1"].__setitem__("V", 3), "urry_sollich.fig1.V"),
    (lambda c: c["urry_sollich"]["fig10"].__setitem__("a", 1.0), "urry_sollich.fig10.a"),
    (lambda c: c.__setitem__("seed", -4), "seed"),
    (lambda c: c["graph_ensembles"]["er3"].__setitem__("kind", "lattice"), "graph_ensembles.er3.kind"),
    (lambda c: c["urry_sollich"]["fig1"].__setitem__("ensemble", "er3"), "urry_sollich.fig1.ensemble"),
    (lambda c: c["urry_sollich"]["fig1"].__setitem__("V", 501), "urry_sollich.fig1.V"),
    (lambda c: c["urry_sollich"].pop("fig10"), "fig10"),
    (lambda c: c["urry_sollich"]["fig6"].__setitem__("ensemble", "er4"), "urry_sollich.fig6.ensemble"),
    (lambda c: c.pop("sollich_halees"), "'sollich_halees'"),
    (lambda c: c["sollich_halees"].__setitem__("n_max", 1), "sollich_halees.n_max"),
])
def test_bad_configuration_names_the_key(mutate, needle):
    cfg = copy.deepcopy(full())
    mutate(cfg)
    with pytest.raises(ConfigError) as err:
        validate_config(cfg, SCHEMA)
    assert needle in str(err.value)


def test_snakemake_stops_on_a_bad_configfile(tmp_path):
    d = copy_workflow(tmp_path / "wf")
    bad = tmp_path / "bad.yaml"
    bad.write_text("urry_sollich:\n  fig1:\n    n_graphz: 4\n")
    proc = run_snakemake(d, "-n", "--configfile", str(bad), check=False)
    assert proc.returncode != 0
    assert "n_graphz" in proc.stdout + proc.stderr
