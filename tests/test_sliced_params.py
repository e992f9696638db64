"""Hartog & van Zanten and Uda & Kabashima: each science rule receives exactly the parameters it uses (issue 22), so a
setting reruns only the jobs that use it. The workflow is parsed twice, with the quick configuration and with four
settings changed over it, and each job's params are compared: those of a job that does not use a changed setting
are identical, those of a job that does use it differ. (Snakemake reruns a job whose params changed.)"""
from __future__ import annotations

import contextlib
import io
from types import SimpleNamespace

import pytest
import yaml
from snakemake.api import SnakemakeApi
from snakemake.settings.types import ConfigSettings, OutputSettings, ResourceSettings

from conftest import ROOT

QUICK = ROOT / "workflow" / "config" / "quick.yaml"
CHANGED = {
    "uda_kabashima": {"colon": {"tie_rule": "first"}},  # the example: the selection, never a chunk of splits
    "hartog_vanzanten": {"tracking": {"level_max_k": 1234},  # the level weight: flipped-label chains only
                         "mnist": {"K_max": 77},  # the truncated eigensolver: truncated timings only
                         "path": {"gammas": [0, 0.5, 1]}},  # the Fig. 2 columns: no chain of another gamma
}
# (rule, wildcards): the jobs whose params must not change, and those whose params must
UNCHANGED = [("uk_colon_chunk", {"uk_chunk": "0"}), ("uk_colon_precision_chunk", {"uk_chunk": "0"}),
             ("hvz_tracking_chain", {"reading": "exact", "chain": "0"}), ("hvz_tracking_arm", {"arm": "a1b0_flip5"}),
             ("hvz_mnist_run", {"method": "untruncated", "size": "1000"}), ("hvz_mnist_graph", {"size": "1000"}),
             ("hvz_mnist_features", {}), ("hvz_graph_mcmc", {"graph": "path", "gamma": "0.1"}),
             ("hvz_graph_mcmc", {"graph": "path", "gamma": "rule"}), ("hvz_path_data", {}), ("hvz_video", {})]
CHANGES = [("uk_colon_summary", {}), ("uk_colon_precision", {}), ("uk_table1_md", {}),
           ("hvz_tracking_chain", {"reading": "flip5", "chain": "0"}),
           ("hvz_mnist_run", {"method": "truncated", "size": "1000"})]


def job_params(configfiles, jobs) -> dict:
    """The params of each (rule, wildcards) job, callables evaluated on its wildcards (those that need the job's
    input, a path, are left out)."""
    out = {}
    cfg = ConfigSettings(configfiles=configfiles)
    with contextlib.redirect_stderr(io.StringIO()), SnakemakeApi(OutputSettings()) as api:
        wf = api.workflow(resource_settings=ResourceSettings(cores=1), config_settings=cfg,
                          snakefile=ROOT / "Snakefile", workdir=ROOT)
        rules = {r.name: r for r in wf._workflow.rules}
        for name, wc in jobs:
            got = {}
            for key, value in rules[name].params.items():
                if callable(value):
                    if value.__code__.co_argcount > 1:
                        continue
                    value = value(SimpleNamespace(**wc))
                got[key] = value
            out[name, tuple(sorted(wc.items()))] = got
    return out


@pytest.fixture(scope="module")
def both(tmp_path_factory):
    changed = tmp_path_factory.mktemp("cfg") / "changed.yaml"
    changed.write_text(yaml.safe_dump(CHANGED))
    jobs = UNCHANGED + CHANGES
    return job_params([QUICK], jobs), job_params([QUICK, changed], jobs)


@pytest.mark.parametrize("rule, wc", UNCHANGED, ids=lambda x: x if isinstance(x, str) else ",".join(x.values()))
def test_a_setting_a_job_does_not_use_leaves_its_params_alone(both, rule, wc):
    before, after = both
    key = (rule, tuple(sorted(wc.items())))
    assert before[key] == after[key]


@pytest.mark.parametrize("rule, wc", CHANGES, ids=lambda x: x if isinstance(x, str) else ",".join(x.values()))
def test_a_setting_a_job_uses_reaches_its_params(both, rule, wc):
    before, after = both
    key = (rule, tuple(sorted(wc.items())))
    assert before[key] != after[key]
