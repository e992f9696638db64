"""The configuration schema: the full config is valid; bad keys stop the run with their name."""
import copy
import re
import subprocess
import sys

import pytest
import yaml

from conftest import ROOT, copy_workflow, run_snakemake
from statmech_bayes.core.config import ConfigError
from statmech_bayes.pipeline.config import load_config_file, validate_config

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
    (lambda c: c["sollich_halees"].__setitem__("n_datasets_factor", {"rbf9": 2}), "rbf9"),
    (lambda c: c["sollich_halees"].__setitem__("datasets_per_job", 15), "sollich_halees.datasets_per_job"),
    (lambda c: c["kjit"]["exp5"].pop("seeds_per_job"), "'seeds_per_job' is a required property"),
    (lambda c: c["urry_sollich"]["fig9"].pop("graphs_factor"), "graphs_factor"),
    (lambda c: c["urry_sollich"]["fig9"]["larger_graph_sims"].__setitem__("nu", [0.01, 0.07]),
     "urry_sollich.fig9.larger_graph_sims.nu"),
    (lambda c: c["urry_sollich"]["fig9"]["larger_graph_sims"].__setitem__("ensembles", ["rr3"]),
     "urry_sollich.fig9.larger_graph_sims.ensembles"),
    (lambda c: c["urry_sollich"]["fig9"]["larger_graph_sims"].__setitem__("V", 400),
     "urry_sollich.fig9.larger_graph_sims.V"),
    (lambda c: c["uda_kabashima"]["fig4"].pop("conv_tol"), "'conv_tol' is a required property"),
    (lambda c: c["uda_kabashima"]["fig3"].__setitem__("conv_tol", 1e-6), "uda_kabashima.fig3.conv_tol"),
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


@pytest.mark.parametrize("text,needle", [
    ("seed: 3\nurry_sollich:\n  fig1: [1, 2\n  V: 1\n", "line 4, column 4: expected ',' or ']'"),
    ("seed: 3\nurry_sollich:\n\tfig1: 3\n", "line 3, column 1: found character '\\t'"),
    ("seed: 3\nkjit:\n  exp1: {n: 1}\n  exp1: {n: 2}\n", "line 4, column 3: key 'exp1' repeated (first at line 3)"),
    ("- seed\n- 3\n", "the top level must be a mapping"),
])
def test_a_malformed_configuration_file_names_file_and_line(tmp_path, text, needle):
    path = tmp_path / "my config.yaml"
    path.write_text(text)
    with pytest.raises(ConfigError) as err:
        load_config_file(path)
    assert str(err.value).startswith(f"{path}"), err.value
    assert needle in str(err.value) and "\n" not in str(err.value)


def test_a_missing_configuration_file_is_one_line_naming_it(tmp_path):
    with pytest.raises(ConfigError) as err:
        load_config_file(tmp_path / "quik.yaml")
    assert str(err.value) == f"configuration file not found: {tmp_path / 'quik.yaml'}"


def test_an_image_given_as_configuration_says_where_targets_go():
    with pytest.raises(ConfigError) as err:
        load_config_file(ROOT / "figures" / "urry_sollich" / "fig1.png")
    assert "Targets go before --configfile" in str(err.value)


@pytest.fixture(scope="module")
def wf_copy(tmp_path_factory):
    return copy_workflow(tmp_path_factory.mktemp("cfg") / "wf")


def test_snakemake_names_file_and_line_of_a_malformed_default_configuration(wf_copy):
    full = wf_copy / "workflow" / "config" / "full.yaml"
    text = full.read_text()
    lines = text.splitlines(keepends=True)
    n = next(i for i, line in enumerate(lines) if line.startswith("seed:"))
    try:
        full.write_text("".join(lines[:n] + ["seed: 20131122: 3\n"] + lines[n + 1:]))
        proc = run_snakemake(wf_copy, "-n", check=False)
    finally:
        full.write_text(text)
    assert proc.returncode != 0
    assert re.search(rf"workflow/config/full.yaml, line {n + 1}, column 15: mapping values are not allowed here", proc.stderr + proc.stdout)


def test_snakemake_names_file_and_line_of_a_repeated_key_in_a_configfile(wf_copy, tmp_path):
    mine = tmp_path / "mine.yaml"
    mine.write_text("output_root: mine\nseed: 1\nseed: 2\n")
    proc = run_snakemake(wf_copy, "-n", "--configfile", str(mine), check=False)
    assert proc.returncode != 0
    assert f"{mine}, line 3, column 1: key 'seed' repeated (first at line 2)" in proc.stderr + proc.stdout


def test_configfiles_snakemake_cannot_read_are_named_by_the_checker(wf_copy, tmp_path):
    """Snakemake's command line reads --configfile before the workflow starts: a file it cannot read stops
    the run with Snakemake's own message (for a missing file a traceback ending in its path; for a malformed
    one no file or line). The README's check command names both."""
    bad, missing = tmp_path / "bad.yaml", tmp_path / "quik.yaml"
    bad.write_text("output_root: mine\nurry_sollich:\n  fig1: {V: 100\n")
    seen = {}
    for path in (bad, missing):
        proc = run_snakemake(wf_copy, "-n", "--configfile", str(path), check=False)
        assert proc.returncode != 0
        seen[path] = proc.stdout + proc.stderr
    assert str(missing) in proc.stdout + proc.stderr
    # The README's troubleshooting table quotes Snakemake's messages as a user sees them.
    readme = (ROOT / "README.md").read_text()
    quoted = "Config file is not valid JSON or YAML. In case of YAML, make sure to not mix whitespace and tab indentation."
    assert quoted in seen[bad].replace("\n", " ") and f"`{quoted}`" in readme
    assert f"FileNotFoundError: [Errno 2] No such file or directory: '{missing}'" in seen[missing]
    assert "ending `FileNotFoundError: [Errno 2] No such file or directory: " in readme
    for path, needle in ((bad, f"{bad}, line 4, column 1: expected ',' or '}}', but got '<stream end>' (while parsing a "
                                "flow mapping at line 3)"),
                         (missing, f"configuration file not found: {missing}")):
        proc = subprocess.run([sys.executable, "-m", "statmech_bayes.pipeline.config", str(path)], cwd=wf_copy,
                              capture_output=True, text=True)
        assert proc.returncode == 1 and proc.stderr.strip() == needle, proc.stderr


def test_the_checker_accepts_the_shipped_configurations_and_rejects_bad_keys(wf_copy, tmp_path):
    def check(*paths):
        return subprocess.run([sys.executable, "-m", "statmech_bayes.pipeline.config", *map(str, paths)],
                              cwd=wf_copy, capture_output=True, text=True)
    ok = check("workflow/config/quick.yaml", "workflow/config/smoke.yaml")
    assert ok.returncode == 0, ok.stderr
    typo = tmp_path / "typo.yaml"
    typo.write_text("urry_sollich:\n  fig1:\n    n_graphz: 4\n")
    proc = check(typo)
    assert proc.returncode == 1 and "n_graphz" in proc.stderr


@pytest.mark.parametrize("args,needles", [
    # a paper-scale target under the smoke configuration: the prefixed target to type instead
    (("figures/sollich_halees/fig2.png", "--configfile", "workflow/config/smoke.yaml"),
     ["writes under smoke/", "snakemake --cores all smoke/figures/sollich_halees/fig2.png --configfile "
                             "workflow/config/smoke.yaml"]),
    # a quick target at paper scale: the configuration it belongs to
    (("quick/figures/uda_kabashima/fig3.png",),
     ["output of the quick configuration", "quick/figures/uda_kabashima/fig3.png --configfile workflow/config/quick.yaml"]),
    # a figure that does not exist: the figures that do
    (("figures/sollich_halees/fig99.png",), ["has no figure 'fig99'", "figures/sollich_halees/fig2.png"]),
    # issue 46: a target typed after --forcerun (taken as a file to force: the whole default target was planned)
    (("--forcerun", "sh_fig2_posterior", "figures/sollich_halees/fig2.png"),
     ["--forcerun figures/sollich_halees/fig2.png: it is no rule",
      "Targets come first: snakemake -n figures/sollich_halees/fig2.png --forcerun sh_fig2_posterior"]),
    # ... with no rule left after --forcerun: the target itself redone
    (("--cores", "1", "--forcerun", "figures/sollich_halees/fig2.png"),
     ["snakemake -n --cores 1 figures/sollich_halees/fig2.png --force"]),
    # a near miss of a rule name
    (("figures/sollich_halees/fig2.png", "--forcerun", "sh_fig2_posteriro"),
     ["no rule 'sh_fig2_posteriro'; did you mean sh_fig2_posterior"]),  # the closest first
])
def test_a_bad_target_stops_at_start_saying_what_to_type(wf_copy, args, needles):
    proc = run_snakemake(wf_copy, "-n", *args, check=False)
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0
    for needle in needles:
        assert needle in out, out[-2000:]
    assert "MissingRuleException" not in out


def test_forcerun_after_the_target_passes_the_check(wf_copy):
    proc = run_snakemake(wf_copy, "-n", "figures/sollich_halees/fig2.png", "--forcerun", "sh_fig2_posterior")
    assert "sh_fig2_posterior" in proc.stdout and "no rule" not in proc.stdout + proc.stderr
