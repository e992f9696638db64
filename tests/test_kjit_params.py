"""KJIT's science rules receive exactly the keyword arguments of the one library call their script makes (issue 22):
every parameter the call requires, nothing it does not take, and nothing else but the seed and the data directory.
So a setting reruns only the rules whose call reads it, and a parameter added to a library function without its
rule (or left in a rule after the function dropped it) fails here rather than at run time or silently."""
from __future__ import annotations

import ast
import contextlib
import importlib
import inspect
import io
from functools import lru_cache
from types import SimpleNamespace

import numpy as np
import pytest
import yaml
from snakemake.api import SnakemakeApi
from snakemake.settings.types import ConfigSettings, OutputSettings, ResourceSettings

from conftest import ROOT

# the package of KJIT's experiment modules (one per experiment: exp1, exp3, ...); a script imports from one of them
LIBRARY = "statmech_bayes.kjit.experiments"
# one value per wildcard of the KJIT science rules (any allowed value will do: the keys do not depend on it)
WILDCARDS = {"part": "1", "name": "fertility", "arm": "mean_logvar", "draw": "1", "first": "0", "last": "1"}
# a function taking **kw hands them on to another, which gets the rest from the caller itself
FORWARDS = {"exp5_seeds": ("exp5_kjit", {"names", "target_z", "data"}),
            "exp5_seed_range": ("exp5_kjit", {"names", "target_z", "data"})}


@lru_cache(maxsize=None)
def kjit_rules() -> dict:
    return parse_kjit_rules()


def parse_kjit_rules() -> dict:
    """The KJIT science rules as Snakemake parses them with the quick configuration. Their wildcard-dependent params
    read the configuration when called, from globals that the last workflow parsed in this process has set (another
    test module may parse another configuration): call them before anything else parses the workflow."""
    cfg = ConfigSettings(configfiles=[ROOT / "workflow" / "config" / "quick.yaml"])
    out = {}
    with contextlib.redirect_stderr(io.StringIO()), SnakemakeApi(OutputSettings()) as api:
        wf = api.workflow(resource_settings=ResourceSettings(cores=1), config_settings=cfg,
                          snakefile=ROOT / "Snakefile", workdir=ROOT)
        for r in wf._workflow.rules:
            if r.name.startswith("kj_") and r.script and "/scripts/kjit/" in r.script:
                params = {k: r.params.get(k) for k in r.params.keys()}
                out[r.name] = (ROOT / "workflow" / "rules" / r.script, params)
    return out


def library_calls(script) -> set[str]:
    """The library functions the script imports from the KJIT experiment modules (the calls it may make), each as
    ``module.name`` (the module under :data:`LIBRARY` that defines it)."""
    tree = ast.parse(script.read_text())
    return {f"{node.module}.{a.name}" for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(LIBRARY + ".") for a in node.names}


def library_function(qualname: str):
    """The function ``module.name`` (as :func:`library_calls` gives it), looked up in its own module."""
    module, name = qualname.rsplit(".", 1)
    return getattr(importlib.import_module(module), name)


def accepted(fn_name: str) -> tuple[set[str], set[str]]:
    """(required, allowed) keyword-only parameters of a library function (``module.name``), through a **kw
    forward (to a function of the same module)."""
    sig = inspect.signature(library_function(fn_name)).parameters.values()
    kwonly = [p for p in sig if p.kind is p.KEYWORD_ONLY]
    required = {p.name for p in kwonly if p.default is p.empty}
    allowed = {p.name for p in kwonly}
    if any(p.kind is p.VAR_KEYWORD for p in sig):
        target, set_by_caller = FORWARDS[fn_name.rsplit(".", 1)[1]]
        t_req, t_all = accepted(f"{fn_name.rsplit('.', 1)[0]}.{target}")
        required |= t_req - set_by_caller
        allowed |= t_all - set_by_caller
    return required, allowed


def kw_of(params: dict, wildcards: dict) -> dict:
    kw = params["kw"]
    return kw(SimpleNamespace(**wildcards)) if callable(kw) else kw


def cases():
    """(rule, function, wildcards) for every KJIT science rule; kj_supp once per experiment it runs."""
    out = []
    for name, (script, _) in sorted(kjit_rules().items()):
        calls = sorted(library_calls(script))
        if name == "kj_supp":
            assert calls == [f"{LIBRARY}.supp.supp_s1", f"{LIBRARY}.supp.supp_s2"], calls
            out += [(name, f"{LIBRARY}.supp.supp_{w}", {"which": w}) for w in ("s1", "s2")]
        else:
            assert len(calls) == 1, f"{script.name} imports {calls}: one library call per rule's script"
            out.append((name, calls[0], WILDCARDS))
    return out


def test_every_kjit_science_rule_is_checked():
    names = {c[0] for c in cases()}
    assert len(names) == 18 and {"kj_exp3_quadrature", "kj_exp3_sampling", "kj_exp3_kjit", "kj_exp3_kjit_ablation",
                                 "kj_exp3_timing", "kj_exp5_seeds", "kj_exp5_seed_range", "kj_supp", "kj_exp1_draw_collect", "kj_exp1_draw_is",
                                 "kj_exp1_draw_fit"} <= names, sorted(names)


@pytest.mark.parametrize("rule,fn,wildcards", cases(), ids=lambda v: v.removeprefix(LIBRARY + ".") if isinstance(v, str) else "")
def test_rule_params_are_exactly_the_call_keywords(rule, fn, wildcards):
    _, params = kjit_rules()[rule]
    # ranges: the split a join checks its parts against (core.job_ranges.check_joined), not a call keyword
    assert set(params) <= {"kw", "seed", "data_dir", "ranges"}, f"{rule}: params besides the call's: {sorted(params)}"
    kw = kw_of(params, wildcards)
    required, allowed = accepted(fn)
    assert required <= set(kw), f"{rule}: {fn} needs {sorted(required - set(kw))}"
    assert set(kw) <= allowed, f"{rule}: {fn} takes no {sorted(set(kw) - allowed)}"


def test_wildcard_values_reach_the_call():
    """The wildcard-dependent arguments: the sampling slices cover every problem once, in order, in numpy's split
    (the first n_problems % slices one longer); the timing repeat, data set and seed arm are the wildcard's."""
    rules = parse_kjit_rules()  # parsed afresh: see its docstring
    sampling = rules["kj_exp3_sampling"][1]
    exp3 = yaml.safe_load((ROOT / "workflow" / "config" / "quick.yaml").read_text())["kjit"]["exp3"]
    n, slices = exp3["n_problems"], exp3["slices"]     # 3 problems in 2 slices: an uneven split
    got = [kw_of(sampling, {"part": str(p)})["problems"] for p in range(slices)]
    assert got == [a.tolist() for a in np.array_split(np.arange(n), slices)] == [[0, 1], [2]]
    assert kw_of(rules["kj_exp3_timing"][1], {"part": "1"})["repeats"] == [1]
    assert kw_of(rules["kj_exp5_sampling"][1], {"name": "ionosphere"})["names"] == ["ionosphere"]
    ranged = kw_of(rules["kj_exp5_seed_range"][1], {"arm": "site_natural", "first": "1", "last": "2"})
    assert (ranged["targets"], ranged["first"], ranged["last"]) == (["site_natural"], 1, 2)
    ablation, paper = (kw_of(rules[r][1], {}) for r in ("kj_exp3_kjit_ablation", "kj_exp3_kjit"))
    assert {k: v for k, v in ablation.items() if k != "target_z"} == {k: v for k, v in paper.items() if k != "target_z"}
    assert (paper["target_z"], ablation["target_z"]) == ("suff_stats", "mean_logvar")
    # ours, the extra draws of Exp. 1: the main draw's call (the fit without the ablation's second target), under a
    # seed of their own per draw, none the master seed
    for step in ("collect", "is", "fit"):
        main, draw = rules[f"kj_exp1_{step}"][1], rules[f"kj_exp1_draw_{step}"][1]
        assert kw_of(draw, {"draw": "1"}) == kw_of(main, {}) | ({"arm_target_z": None} if step == "fit" else {})
        seeds = [draw["seed"](SimpleNamespace(draw=str(k))) for k in (1, 2, 3)]
        assert len({main["seed"], *seeds}) == 4 and all(isinstance(x, int) for x in seeds)
