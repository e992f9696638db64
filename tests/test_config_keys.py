"""Each figure reads only the configuration keys it declares (issue 42).

A figure module's ``CONFIG_KEYS`` names what its make, claims and controls read; its rules pass only those values
(statmech_bayes.core.config_keys.prune), its claims file records only them, and the guard (DeclaredConfig) fails on
any other read. Here: the declarations are literal and resolve in the shipped configurations, the guard refuses what
is undeclared, and a configuration edit changes the params of exactly the figure and controls rules that declare the
edited key. That a figure's make reads nothing beyond its declaration is checked by the quick build
(tests/test_workflow.py, tests/test_controls.py), which runs every figure and controls rule under the guard."""
from __future__ import annotations

import contextlib
import copy
import importlib
import io
import re

import pytest
import yaml
from snakemake.api import SnakemakeApi
from snakemake.settings.types import ConfigSettings, OutputSettings, ResourceSettings

from conftest import ROOT
from statmech_bayes.core.config_keys import DeclaredConfig, UndeclaredConfigKey, declared, expand, prune, resolves
from statmech_bayes.pipeline.config import _merge, load_config_file
from statmech_bayes.pipeline.registry import papers

FIGURES_DIR = ROOT / "src" / "statmech_bayes" / "figures"
CONFIG_DIR = ROOT / "workflow" / "config"


def figure_modules() -> list[tuple[str, str]]:
    """(paper, module) of every figure module: figNN.py, fig08_convergence.py, table1.py."""
    out = []
    for paper in sorted(papers()):
        for f in sorted((FIGURES_DIR / paper).glob("*.py")):
            if f.stem.startswith(("fig", "table")):
                out.append((paper, f.stem))
    return out


MODULES = figure_modules()


def section(config: dict, paper: str) -> dict:
    """What the workflow hands a paper's figures (urry_sollich_paths.smk: the section plus the graph ensembles)."""
    if paper == "urry_sollich":
        return dict(config[paper], graph_ensembles=config["graph_ensembles"])
    return config[paper]


@pytest.fixture(scope="module")
def configs() -> dict[str, dict]:
    full = load_config_file(CONFIG_DIR / "full.yaml")
    return {"full": full, "quick": _merge(copy.deepcopy(full), load_config_file(CONFIG_DIR / "quick.yaml"))}


def test_every_registered_figure_has_a_module_that_declares_its_keys():
    assert len(MODULES) == 53
    registered = sum(len(p.figures) for p in papers().values())
    assert registered == len(MODULES)


@pytest.mark.parametrize("paper, module", MODULES, ids=lambda x: x)
def test_the_declaration_is_a_literal_read_without_importing(paper, module):
    keys = declared(FIGURES_DIR / paper / f"{module}.py")
    imported = importlib.import_module(f"statmech_bayes.figures.{paper}.{module}").CONFIG_KEYS
    assert keys == imported
    assert len(set(keys)) == len(keys), "a key declared twice"


@pytest.mark.parametrize("paper, module", MODULES, ids=lambda x: x)
def test_every_declared_path_resolves_in_the_full_and_quick_configurations(configs, paper, module):
    keys = declared(FIGURES_DIR / paper / f"{module}.py")
    for name, config in configs.items():
        cfg = section(config, paper)
        missing = [k for k in keys if not resolves(cfg, k)]
        assert not missing, f"{paper}/{module}: {missing} not in the {name} configuration"
        # a key named by a value (<x.y>) is only as declared as the value that names it
        refs = {ref for k in keys for ref in re.findall(r"<([^>]+)>", k)}
        assert refs <= set(keys), f"{paper}/{module}: {sorted(refs - set(keys))} used in <...> but not declared"


def test_a_missing_declaration_is_an_error_naming_the_file(tmp_path):
    f = tmp_path / "fig99.py"
    f.write_text("def make(inputs, cfg):\n    return cfg['x']\n")
    with pytest.raises(LookupError, match="fig99.py declares no CONFIG_KEYS"):
        declared(f)
    f.write_text("KEYS = ('a',)\nCONFIG_KEYS = tuple(KEYS)\n")
    with pytest.raises(ValueError, match="literal"):
        declared(f)


CFG = {"claims": {"fig1": {"a": 1, "b": 2}, "fig2": {"c": 3}}, "sims": {"V": 10, "n_samples": 5},
       "colon": {"T_literal": 20, "damping": 0.8, "T_max": 400, "tol": 1e-9, "n_splits": 4},
       "scenarios": {"s1": {"sigma2": [0.1], "d": 1}, "s2": {"sigma2": [0.2], "d": 2}},
       "fig9": {"scenario": "s2", "other": 0}, "fig10": {"scenarios": ["s1", "s2"]}}


def guard(*keys: str, cfg: dict = CFG) -> DeclaredConfig:
    return DeclaredConfig(prune(cfg, keys), keys, owner="paper/fig1")


def test_prune_keeps_exactly_the_declared_paths():
    assert prune(CFG, ("claims.fig1", "sims.V")) == {"claims": {"fig1": {"a": 1, "b": 2}}, "sims": {"V": 10}}
    assert prune(CFG, ("scenarios.*.sigma2",)) == {"scenarios": {"s1": {"sigma2": [0.1]}, "s2": {"sigma2": [0.2]}}}
    assert prune(CFG, ("fig9.scenario", "scenarios.<fig9.scenario>.d")) == {"fig9": {"scenario": "s2"},
                                                                           "scenarios": {"s2": {"d": 2}}}
    assert prune(CFG, ("scenarios.<fig10.scenarios>.d",)) == {"scenarios": {"s1": {"d": 1}, "s2": {"d": 2}}}
    assert prune(CFG, ("sims.absent",)) == {}  # declared but absent: left out, read with .get
    assert prune(CFG, ()) == {}
    pruned = prune(CFG, ("claims.fig1",))
    pruned["claims"]["fig1"]["a"] = 99
    assert CFG["claims"]["fig1"]["a"] == 1, "a copy, not a view"
    assert expand(CFG, ("scenarios.<fig10.scenarios>.d",)) == [("scenarios", "s1", "d"), ("scenarios", "s2", "d")]
    assert not resolves(CFG, "sims.typo") and resolves(CFG, "sims.V")


def test_the_guard_returns_what_is_declared():
    g = guard("claims.fig1", "sims.V", "colon.T_literal", "colon.damping", "colon.T_max", "colon.tol")
    assert g["sims"]["V"] == 10
    assert g["claims"]["fig1"] == {"a": 1, "b": 2} and dict(g["claims"]["fig1"]) == {"a": 1, "b": 2}
    assert g["claims"]["fig1"]["b"] == 2 and "a" in g["claims"]["fig1"]
    assert g["sims"].get("V", 0) == 10
    # the UK notes: format_map asks only for the fields the text names
    note = "{T_literal} updates; eta = {damping:g}, at most {T_max}, tol {tol:g}"
    assert note.format_map(g["colon"]) == "20 updates; eta = 0.8, at most 400, tol 1e-09"
    assert bool(g["sims"]) and bool(g)


@pytest.mark.parametrize("read, path", [
    (lambda g: g["sims"]["n_samples"], "sims.n_samples"),
    (lambda g: g["claims"]["fig2"], "claims.fig2"),
    (lambda g: g["fig9"], "fig9"),
    (lambda g: g["sims"].get("n_samples", 5), "sims.n_samples"),  # a dict would silently give the default
    (lambda g: "n_samples" in g["sims"], "sims.n_samples"),  # ... or False
    (lambda g: "{n_splits}".format_map(g["colon"]), "colon.n_splits"),
], ids=["subscript", "subtree", "section-key", "get", "in", "format_map"])
def test_an_undeclared_read_raises_naming_the_path_and_the_module(read, path):
    g = guard("claims.fig1", "sims.V", "colon.T_literal")
    with pytest.raises(UndeclaredConfigKey, match=rf"paper/fig1 reads '{path}', which is not in its CONFIG_KEYS"):
        read(g)


def test_an_undeclared_read_is_not_a_key_error():
    """Code that falls back on a default when a key is missing must not hide an undeclared read."""
    g = guard("sims.V")
    with pytest.raises(UndeclaredConfigKey):
        try:
            g["sims"]["n_samples"]
        except KeyError:
            pytest.fail("an undeclared read was caught as a missing key")


def test_a_declared_key_that_is_absent_behaves_as_in_a_dict():
    g = guard("sims.V", "sims.absent")
    assert g["sims"].get("absent", 7) == 7 and "absent" not in g["sims"]
    with pytest.raises(KeyError):
        g["sims"]["absent"]


def test_only_a_node_declared_whole_or_by_star_may_be_iterated():
    g = guard("claims.fig1", "scenarios.*.sigma2", "sims.V")
    for partial in (lambda: list(g["sims"]), lambda: len(g["sims"]), lambda: dict(g["sims"]),
                    lambda: list(g), lambda: list(g["scenarios"]["s1"].items())):
        with pytest.raises(UndeclaredConfigKey, match="only partly declared"):
            partial()
    assert {k: g["scenarios"][k]["sigma2"] for k in g["scenarios"]} == {"s1": [0.1], "s2": [0.2]}
    with pytest.raises(UndeclaredConfigKey, match="'scenarios.s1.d'"):
        g["scenarios"]["s1"]["d"]
    assert sorted(g["claims"]["fig1"].items()) == [("a", 1), ("b", 2)]


def test_a_key_named_by_a_value_is_declared_through_that_value():
    g = guard("fig9.scenario", "scenarios.<fig9.scenario>.d")
    assert g["scenarios"][g["fig9"]["scenario"]]["d"] == 2
    with pytest.raises(UndeclaredConfigKey, match="'scenarios.s1'"):
        g["scenarios"]["s1"]


def test_a_deep_copy_is_a_guard_over_a_copy():
    """The controls deep-copy their arguments (the configuration among them) once per control."""
    g = guard("claims.fig1", "sims.V")
    c = copy.deepcopy(g)
    assert isinstance(c, DeclaredConfig) and c["claims"]["fig1"] == {"a": 1, "b": 2}
    c["claims"]["fig1"]["a"] = 5
    assert g["claims"]["fig1"]["a"] == 1, "a control's change does not reach the next control"
    with pytest.raises(UndeclaredConfigKey):
        c["sims"]["n_samples"]
    assert copy.copy(g) is g


def test_the_module_has_no_third_party_imports():
    """Parsed by the workflow for every figure and imported by the figure and controls scripts: standard library only,
    so it adds nothing to what a rule needs installed."""
    import ast
    import sys

    src = (ROOT / "src" / "statmech_bayes" / "core" / "config_keys.py").read_text()
    names = {a.name.split(".")[0] for n in ast.walk(ast.parse(src)) if isinstance(n, ast.Import) for a in n.names}
    names |= {n.module.split(".")[0] for n in ast.walk(ast.parse(src)) if isinstance(n, ast.ImportFrom) and n.module}
    assert names - {"__future__"} <= set(sys.stdlib_module_names), names


# Workflow params: the quick configuration, then one key edited over it. (edit, the figures whose rules must change)
QUICK = CONFIG_DIR / "quick.yaml"
EDITS = {
    "sollich_halees.claims.rough_ratio": ({"sollich_halees": {"claims": {"rough_ratio": 3.5}}}, {"sh_fig1"}),
    "urry_sollich.cavity.P": ({"urry_sollich": {"cavity": {"P": 500}}}, {"us_fig3", "us_fig5", "us_fig9"}),
    # a scenario's noise levels: its own figure, and Fig. 7, which reads every scenario's (scenarios.*.sigma2)
    "sollich_halees.scenarios.gauss1.sigma2": ({"sollich_halees": {"scenarios": {"gauss1": {"sigma2": [0.04]}}}},
                                               {"sh_fig6", "sh_fig7"}),
    "uda_kabashima.colon.boot_seed": ({"uda_kabashima": {"colon": {"boot_seed": 7}}},
                                      {"uk_table1", "uk_fig5", "uk_fig6"}),
    "kjit.exp5.n_sweeps": ({"kjit": {"exp5": {"n_sweeps": 4}}}, {"kj_fig1", "kj_fig8"}),
    # the example: it once rewrote all 13 KJIT figures; no figure reads it (it reaches them through their data)
    "kjit.exp5.n_seeds": ({"kjit": {"exp5": {"n_seeds": 3}}}, set()),
}


def figure_rule_params(configfiles) -> dict[str, dict]:
    """The params of every figure and controls rule (those whose module is a figure module or a paper's controls)."""
    out = {}
    with contextlib.redirect_stderr(io.StringIO()), SnakemakeApi(OutputSettings()) as api:
        wf = api.workflow(resource_settings=ResourceSettings(cores=1), config_settings=ConfigSettings(
            configfiles=configfiles), snakefile=ROOT / "Snakefile", workdir=ROOT)
        for r in wf._workflow.rules:
            params = dict(r.params.items())
            if str(params.get("module", "")).startswith("statmech_bayes.figures."):
                out[r.name] = params
    return out


def covers(keys: list[str], cfg: dict, edited: str) -> bool:
    """Whether a figure declaring ``keys`` reads the edited path (declared at, above or below it)."""
    path = tuple(edited.split("."))
    return any(all(p == "*" or p == q for p, q in zip(k, path)) for k in expand(cfg, keys))


@pytest.fixture(scope="module")
def edited_params(tmp_path_factory):
    before = figure_rule_params([QUICK])
    after = {}
    for name, (edit, _) in EDITS.items():
        f = tmp_path_factory.mktemp("cfg") / "edit.yaml"
        f.write_text(yaml.safe_dump(edit))
        after[name] = figure_rule_params([QUICK, f])
    return before, after


def test_every_figure_and_controls_rule_passes_only_its_declared_keys(edited_params):
    before, _ = edited_params
    assert len([r for r in before if not r.endswith("_controls")]) == 53
    for rule, params in before.items():
        keys = params["config_keys"]
        assert params["cfg"] == prune(params["cfg"], keys), rule  # nothing beyond the declaration


@pytest.mark.parametrize("edit", EDITS)
def test_an_edit_changes_the_params_of_exactly_the_figures_that_declare_it(edited_params, configs, edit):
    before, after = edited_params
    _, expected = EDITS[edit]
    changed = {r for r in before if before[r] != after[edit][r]}
    paper, rest = edit.split(".", 1)
    declaring = {r for r, p in before.items()
                 if p["module"].split(".")[2] == paper and covers(p["config_keys"], section(configs["quick"], paper), rest)}
    assert changed == declaring, "params change where, and only where, the edited key is declared"
    assert changed == expected | {f"{r}_controls" for r in expected if f"{r}_controls" in before}
    for r in changed:
        assert before[r]["layout"] == after[edit][r]["layout"] and before[r]["config_keys"] == after[edit][r]["config_keys"]
