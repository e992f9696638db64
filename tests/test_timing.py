"""The build-time summary (statmech_bayes.pipeline.timing): benchmark files to rules and papers with exact totals,
the rule files read as Snakemake reads them, the critical path and list schedule on known graphs, Snakemake's DOT
job graph matched to benchmark files, and the command line."""
from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys

import pytest
from snakemake.api import SnakemakeApi
from snakemake.settings.types import ConfigSettings, OutputSettings, ResourceSettings

from conftest import ROOT, copy_workflow
from statmech_bayes.pipeline import timing as t
from statmech_bayes.pipeline.registry import papers
from workflow_api import parse_rules

HEADER = "s\th:m:s\tmax_rss\tmax_vms\tmax_uss\tmax_pss\tio_in\tio_out\tmean_load\tcpu_time\n"
PREFIXES = {p.prefix: k for k, p in papers().items()}


def bench(directory, name, wall, cpu, rows=1):
    """A benchmark file as Snakemake writes it."""
    directory.mkdir(parents=True, exist_ok=True)
    row = f"{wall}\t0:00:00\t746.04\t1027.52\t683.33\t708.99\t0.40\t0.04\t83.04\t{cpu}\n"
    (directory / f"{name}.tsv").write_text(HEADER + row * rows)


# --- benchmark files -----------------------------------------------------------------------------------------


def test_read_benchmark(tmp_path):
    bench(tmp_path, "one", 156.88, 130.79)
    assert t.read_benchmark(tmp_path / "one.tsv") == (156.88, 130.79)
    bench(tmp_path, "repeated", 1.5, 0.5, rows=3)  # benchmark: repeat(..., 3): the job ran three times
    assert t.read_benchmark(tmp_path / "repeated.tsv") == pytest.approx((4.5, 1.5))
    (tmp_path / "na.tsv").write_text(HEADER + "2.0\t0:00:02\tNA\tNA\tNA\tNA\tNA\tNA\tNA\tNA\n")
    assert t.read_benchmark(tmp_path / "na.tsv") == (2.0, 0.0)
    (tmp_path / "empty.tsv").write_text(HEADER)
    with pytest.raises(ValueError):
        t.read_benchmark(tmp_path / "empty.tsv")


def test_rule_of_takes_the_longest_rule_name_before_the_wildcards():
    rules = ["us_cavity", "us_cavity_curve", "us_cavity_kappa", "us_fig1", "us_fig10", "us_fig10_scaling",
             "us_fig9", "us_fig9_sims", "us_fig9_tail_sims", "uk_fig3", "uk_fig3_bp", "scorecard"]
    assert t.rule_of("us_cavity_curve_er3_global_0.1", rules) == "us_cavity_curve"
    assert t.rule_of("us_cavity_curve_er3_global_s0.1", rules) == "us_cavity_curve"
    assert t.rule_of("us_cavity_er3", rules) == "us_cavity"
    assert t.rule_of("us_cavity", rules) == "us_cavity"
    assert t.rule_of("us_fig10", rules) == "us_fig10"  # not us_fig1: a rule name ends at "_" or the end
    assert t.rule_of("us_fig10_scaling", rules) == "us_fig10_scaling"
    assert t.rule_of("us_fig9_sims_er3", rules) == "us_fig9_sims"
    assert t.rule_of("us_fig9_tail_sims_pl", rules) == "us_fig9_tail_sims"
    assert t.rule_of("uk_fig3_bp_0", rules) == "uk_fig3_bp"
    assert t.rule_of("uk_fig3", rules) == "uk_fig3"
    assert t.rule_of("us_cavitycurve", rules) is None
    assert t.rule_of("zz_unknown", rules) is None


def test_rule_of_prefers_rules_whose_bench_template_matches():
    # `a` has a wildcard whose value starts like the rest of rule `a_b`'s name; `a_b` has no wildcards.
    rules = {"a": t.Rule("a", "a_{x}_s{y}"), "a_b": t.Rule("a_b", "a_b")}
    assert t.rule_of("a_b_s1", rules) == "a"
    assert t.rule_of("a_b", rules) == "a_b"
    assert t.rule_of("a_b_s1", list(rules)) == "a_b"  # names alone: the longest prefix
    assert t.template_regex("g_{e}_V{V}_n{n}").match("g_er3_V500_n100").groupdict() == {"e": "er3", "V": "500",
                                                                                         "n": "100"}


def test_paper_of():
    assert t.paper_of("us_cavity_curve", PREFIXES) == "urry_sollich"
    assert t.paper_of("hvz_fig2", PREFIXES) == "hartog_vanzanten"
    assert t.paper_of("kj_exp4", PREFIXES) == "kjit"
    assert t.paper_of("graphs_spectra", PREFIXES) == t.SHARED_GRAPHS
    assert t.paper_of("scorecard", PREFIXES) == t.SHARED_SCORECARD
    assert t.paper_of("zz_thing", PREFIXES) == t.OTHER


def test_a_jobs_cpu_comes_from_its_log_where_the_benchmark_sampled_too_early(tmp_path):
    """Snakemake's cpu_time is sampled (every 30 s after the first 30, not at the end): a job's log reads its CPU at
    the finish; the whole process's figure where logged, the script's otherwise, never less than the benchmark's."""
    d, logs = tmp_path / "results" / "benchmarks", tmp_path / "results" / "logs"
    logs.mkdir(parents=True)
    for name in ("us_sims_er3_matched", "us_sims_pl_matched", "us_sims_reg3_matched", "scorecard"):
        bench(d, name, 63.1, 43.5)
    (logs / "us_sims_er3_matched.log").write_text(
        "2026-11-26 14:05:06,001 INFO running: 30 s elapsed, 28 s CPU\n"
        "2026-11-26 14:06:08,072 INFO done in 61.6 s (57.2 s CPU; whole process 60.9 s CPU)\n")
    (logs / "us_sims_pl_matched.log").write_text("2026-11-26 14:06:08,072 INFO done in 61.6 s (57.2 s CPU)\n")
    (logs / "us_sims_reg3_matched.log").write_text("2026-11-26 14:06:08,072 INFO done in 1.0 s (0.9 s CPU)\n")
    jobs = {j.name: j for j in t.load_jobs(tmp_path, t.workflow_rules(ROOT), PREFIXES)}
    assert jobs["us_sims_er3_matched"].cpu == 60.9      # the whole process
    assert jobs["us_sims_pl_matched"].cpu == 57.2       # the script (an older log line)
    assert jobs["us_sims_reg3_matched"].cpu == 43.5     # a log below the benchmark: the benchmark
    assert jobs["scorecard"].cpu == 43.5 and all(j.wall == 63.1 for j in jobs.values())   # no log


def test_the_finish_line_reports_the_whole_process(tmp_path):
    from types import SimpleNamespace

    from statmech_bayes.core import rule_runtime

    smk = SimpleNamespace(log=[str(tmp_path / "job.log")], threads=1, rule="scorecard", wildcards={}, params={})
    with rule_runtime.rule_context(smk):
        sum(i * i for i in range(200_000))
    assert t.read_log_cpu(tmp_path / "job.log") >= rule_runtime.process_cpu_seconds() - 0.5 > 0


def test_load_jobs_exact_totals(tmp_path):
    d = tmp_path / "results" / "benchmarks"
    for name, wall, cpu in [("us_sims_er3_matched", 10, 8), ("us_sims_pl_matched", 30, 20), ("us_fig9_sims_er3", 5, 4),
                            ("us_fig9", 1, 0.5), ("graphs_samples_er3_V500_n100", 2, 1), ("scorecard", 0.5, 0.25),
                            ("hvz_graph_mcmc_path_g0.1", 7, 6), ("zz_odd", 3, 3)]:
        bench(d, name, wall, cpu)
    (d / "us_sims_reg3_matched.tsv").write_text(HEADER)  # a job still running: skipped, reported
    warnings = []
    rules = t.workflow_rules(ROOT)
    jobs = t.load_jobs(tmp_path, rules, PREFIXES, warn=warnings.append)
    assert len(jobs) == 8 and len(warnings) == 1 and "us_sims_reg3_matched" in warnings[0]
    per_rule = t.by_rule(jobs)
    s = per_rule["us_sims"]
    assert (s.jobs, s.wall, s.cpu, s.longest_wall, s.longest_cpu, s.longest_job) == (2, 40, 28, 30, 20,
                                                                                      "us_sims_pl_matched")
    assert per_rule["us_fig9_sims"].jobs == per_rule["us_fig9"].jobs == 1
    assert per_rule["hvz_graph_mcmc"].wall == 7
    assert "zz_odd" in per_rule and not next(j for j in jobs if j.name == "zz_odd").matched
    per_paper = t.by_paper(jobs)
    us = per_paper["urry_sollich"]
    assert (us.jobs, us.wall, us.cpu, us.longest_job) == (4, 46, 32.5, "us_sims_pl_matched")
    assert (per_paper[t.SHARED_GRAPHS].jobs, per_paper[t.SHARED_GRAPHS].cpu) == (1, 1)
    assert per_paper[t.SHARED_SCORECARD].wall == 0.5
    assert per_paper["hartog_vanzanten"].jobs == 1 and per_paper[t.OTHER].jobs == 1
    assert sum(p.wall for p in per_paper.values()) == pytest.approx(58.5)


# --- the rule files ------------------------------------------------------------------------------------------

SMK = '''
# rule commented_out:
wildcard_constraints:
    ens="[a-z0-9]+",


rule make:
    """A docstring that mentions threads: 7 and rule fake: in its text."""
    output:
        "x_{ens}.txt",
    benchmark:
        bench("make_{ens}")
    threads: 1  # one BLAS thread


rule timed:
    benchmark:
        bench("timed_{part,[0-9]+}")
    threads: workflow.cores


for _x in range(2):

    rule:
        name:
            f"anon_{_x}"
        benchmark:
            bench(f"anon_{_x}")


rule plain:
    threads: 4
    shell:
        "true"
'''


def test_parse_rule_text():
    rules = t.parse_rule_text(SMK)
    assert set(rules) == {"make", "timed", "plain"}
    assert rules["make"] == t.Rule("make", "make_{ens}", 1)
    assert rules["timed"].threads == t.ALL_CORES and rules["timed"].wildcards == ("part",)
    assert rules["plain"] == t.Rule("plain", None, 4)


def test_workflow_rules_of_the_repository():
    rules = t.workflow_rules(ROOT)
    assert rules["us_cavity_curve"].template == "us_cavity_curve_{ens}_{norm}_s{s2}"
    assert rules["hvz_mnist_run"].threads == t.ALL_CORES
    for p in papers().values():  # one figure rule per declared figure
        assert all(rules[f"{p.prefix}_{f}"].template == f"{p.prefix}_{f}" for f in p.figures)
    assert [r for r in rules.values() if r.template is None] == [t.Rule("all")]
    assert all(r.template.startswith(r.name) for r in rules.values() if r.template)


def test_rules_agree_with_snakemake(tmp_path):
    """The text reading finds exactly the rules, threads and benchmark templates that Snakemake parses (on a
    copy of the workflow, so nothing touches the checkout's .snakemake/)."""
    wf = copy_workflow(tmp_path / "wf")
    ours = t.workflow_rules(wf)
    theirs = parse_rules(wf, cores=5)
    assert set(ours) == set(theirs)
    assert {n: (5 if r.threads == t.ALL_CORES else r.threads) for n, r in ours.items()} == \
        {n: r.threads for n, r in theirs.items()}

    # The templates: Snakemake's parsed `benchmark:` of every rule.
    with contextlib.redirect_stderr(io.StringIO()), SnakemakeApi(OutputSettings()) as api:
        parsed = api.workflow(resource_settings=ResourceSettings(cores=1), config_settings=ConfigSettings(),
                              snakefile=wf / "Snakefile", workdir=wf)._workflow.rules
        benches = {r.name: str(r.benchmark) if r.benchmark else None for r in parsed}
    for name, path in benches.items():
        expected = None if path is None else t._WILDCARD.sub(r"{\1}", path)
        assert (None if ours[name].template is None else f"results/benchmarks/{ours[name].template}.tsv") == expected


# --- critical path and schedule ------------------------------------------------------------------------------


def test_chain():
    durations, deps = {"a": 1, "b": 2, "c": 3}, {"b": ["a"], "c": ["b"]}
    assert t.critical_path(durations, deps) == (6, ["a", "b", "c"])
    for n in (1, 2, 4):
        assert t.list_schedule(durations, deps, n).makespan == 6
        assert t.lower_bound(durations, deps, n) == 6


def test_diamond():
    durations, deps = {"s": 1, "l": 5, "r": 2, "t": 1}, {"l": ["s"], "r": ["s"], "t": ["l", "r"]}
    assert t.critical_path(durations, deps) == (7, ["s", "l", "t"])
    assert t.remaining_paths(durations, deps) == {"s": 7, "l": 6, "r": 3, "t": 1}
    assert t.list_schedule(durations, deps, 1).makespan == 9
    sched = t.list_schedule(durations, deps, 2)
    assert sched.makespan == 7 and sched.start == {"s": 0, "l": 1, "r": 1, "t": 6}
    assert t.lower_bound(durations, deps, 1) == 9 and t.lower_bound(durations, deps, 2) == 7


def test_greedy_is_bracketed_by_the_lower_bound():
    # Five independent jobs on two cores: the greedy (longest first) schedule takes 3+2+2 = 7 s, the best 6 s.
    durations = {"a": 3, "b": 3, "c": 2, "d": 2, "e": 2}
    assert t.critical_path(durations, {})[0] == 3
    assert t.lower_bound(durations, {}, 2) == 6
    assert t.list_schedule(durations, {}, 2).makespan == 7


def test_jobs_taking_every_core():
    durations, threads = {"big": 4, "b": 1, "c": 1}, {"big": t.ALL_CORES}
    sched = t.list_schedule(durations, {}, 2, threads)
    assert sched.start == {"big": 0, "b": 4, "c": 4} and sched.makespan == 5
    assert t.lower_bound(durations, {}, 2, threads) == 5  # (4*2 + 1 + 1) / 2 core-seconds
    assert t.list_schedule(durations, {}, 2, {"big": 8}).makespan == 5  # more threads than cores: all of them
    assert t.list_schedule({"a": 2, "b": 0, "c": 0}, {"c": ["b"]}, 1).makespan == 2  # zero-length jobs


def test_bad_graphs():
    with pytest.raises(ValueError, match="cycle"):
        t.critical_path({"a": 1, "b": 1}, {"a": ["b"], "b": ["a"]})
    with pytest.raises(ValueError, match="unknown"):
        t.list_schedule({"a": 1}, {"a": ["z"]}, 2)
    assert t.critical_path({}, {}) == (0.0, [])


# --- Snakemake's DOT job graph -------------------------------------------------------------------------------

# As `snakemake --forceall --dag` prints it (stderr merged): a label shows only the wildcards that no direct
# dependency shares, so `sims` nodes omit `ens` (from `make`) and `combine` omits `ens` too, with two `make`
# dependencies offering er3 and pl.
DOT = r'''Building DAG of jobs...
digraph snakemake_dag {
    graph[bgcolor=white, margin=0];
    node[shape=box, style=rounded, fontname=sans,                 fontsize=10, penwidth=2];
    edge[penwidth=2, color=grey];
	0[label = "all", color = "0.00 0.6 0.85", style="rounded"];
	1[label = "fig", color = "0.10 0.6 0.85", style="rounded"];
	2[label = "sims\npairing: matched", color = "0.20 0.6 0.85", style="rounded"];
	3[label = "make\nens: er3", color = "0.30 0.6 0.85", style="rounded"];
	4[label = "sims\npairing: matched", color = "0.20 0.6 0.85", style="rounded"];
	5[label = "make\nens: pl", color = "0.30 0.6 0.85", style="rounded"];
	6[label = "combine", color = "0.40 0.6 0.85", style="rounded,dashed"];
	1 -> 0
	6 -> 0
	2 -> 1
	4 -> 1
	3 -> 2
	5 -> 4
	3 -> 6
	5 -> 6
}
'''
DOT_RULES = {"all": t.Rule("all"), "fig": t.Rule("fig", "fig"), "make": t.Rule("make", "make_{ens}"),
             "sims": t.Rule("sims", "sims_{ens}_{pairing}", t.ALL_CORES), "combine": t.Rule("combine", "combine_{ens}")}


def test_parse_dot():
    nodes, deps = t.parse_dot(DOT)
    assert nodes["2"] == t.DagNode("2", "sims", {"pairing": "matched"})
    assert nodes["0"].wildcards == {} and nodes["5"].wildcards == {"ens": "pl"}
    assert deps == {"0": {"1", "6"}, "1": {"2", "4"}, "2": {"3"}, "3": set(), "4": {"5"}, "5": set(), "6": {"3", "5"}}
    with pytest.raises(ValueError, match="declare"):
        t.parse_dot('0[label = "a"];\n1 -> 0\n')


def test_match_dot_fills_in_the_wildcards_the_labels_leave_out():
    nodes, deps = t.parse_dot(DOT)
    names = {"fig", "sims_er3_matched", "sims_pl_matched", "make_er3", "make_pl", "combine_er3"}
    assert t.match_dot(nodes, deps, DOT_RULES, names) == {
        "0": None, "1": "fig", "2": "sims_er3_matched", "3": "make_er3", "4": "sims_pl_matched", "5": "make_pl",
        "6": "combine_er3"}
    # Nothing tells combine_er3 from combine_pl when both exist: left unmatched rather than guessed.
    assert t.match_dot(nodes, deps, DOT_RULES, names | {"combine_pl"})["6"] is None
    assert t.match_dot(nodes, deps, DOT_RULES, names - {"make_pl"})["5"] is None


def _dag_jobs():
    wall = {"fig": 1, "sims_er3_matched": 10, "sims_pl_matched": 20, "make_er3": 2, "make_pl": 3, "combine_er3": 4}
    return [t.Job(n, n.split("_")[0], "p", w, w / 2) for n, w in wall.items()]


def test_read_dag_from_dot(tmp_path):
    (tmp_path / "dag.dot").write_text(DOT)
    durations, deps, threads, rule_names = t.read_dag(tmp_path / "dag.dot", DOT_RULES, _dag_jobs())
    assert durations["all#0"] == 0 and durations["sims_pl_matched"] == 20
    assert deps["fig"] == {"sims_er3_matched", "sims_pl_matched"} and deps["all#0"] == {"fig", "combine_er3"}
    assert threads["sims_er3_matched"] == t.ALL_CORES and threads["make_pl"] == 1
    assert rule_names["all#0"] == "all"
    assert t.critical_path(durations, deps) == (24, ["make_pl", "sims_pl_matched", "fig", "all#0"])
    # Two cores: make_er3 0-2 and make_pl 0-3; at 2 s sims_er3 (both cores) waits and combine_er3 takes the free
    # core (2-6); then sims_pl 6-26 and sims_er3 26-36 (longest remaining path first), fig 36-37.
    assert t.list_schedule(durations, deps, 2, threads).makespan == 37
    assert t.lower_bound(durations, deps, 2, threads) == pytest.approx((2 + 3 + 4 + 1 + 2 * 30) / 2)


def test_read_dag_from_json(tmp_path):
    (tmp_path / "dag.json").write_text(json.dumps({"fig": ["sims_er3_matched", "sims_pl_matched"],
                                                   "sims_er3_matched": ["make_er3"], "sims_pl_matched": ["make_pl"]}))
    durations, deps, threads, _ = t.read_dag(tmp_path / "dag.json", DOT_RULES, _dag_jobs())
    assert set(durations) == {"fig", "sims_er3_matched", "sims_pl_matched", "make_er3", "make_pl"}
    assert t.critical_path(durations, deps) == (24, ["make_pl", "sims_pl_matched", "fig"])


# --- the command line ----------------------------------------------------------------------------------------


def _build(tmp_path):
    d = tmp_path / "results" / "benchmarks"
    for name, wall, cpu in [("us_fig1_tree", 10, 9), ("us_fig1_graphs", 20, 15), ("us_fig1", 2, 1),
                            ("graphs_samples_er3_V500_n100", 4, 3), ("us_fig2_graph_er3", 6, 5), ("us_fig2", 1, 1),
                            ("scorecard", 1, 0.5)]:
        bench(d, name, wall, cpu)
    dot = "\n".join(['0[label = "all"];', '1[label = "us_fig1"];', '2[label = "us_fig1_tree"];',
                     '3[label = "us_fig1_graphs"];', '4[label = "us_fig2"];', '5[label = "us_fig2_graph\\nens: er3"];',
                     '6[label = "graphs_samples\\nV: 500\\nensemble: er3\\nn: 100"];', '7[label = "scorecard"];',
                     "1 -> 0", "4 -> 0", "7 -> 0", "2 -> 1", "3 -> 1", "5 -> 4", "6 -> 5", "1 -> 7", "4 -> 7"])
    (tmp_path / "dag.dot").write_text(dot)
    return tmp_path


def test_cli(tmp_path, capsys):
    root = _build(tmp_path)
    md = tmp_path / "performance.md"
    assert t.main([str(root), "--dag", str(root / "dag.dot"), "--cores", "1", "2", "--markdown", str(md)]) == 0
    out = capsys.readouterr().out
    assert "| urry_sollich | 5 | 31.0 | 39.0 | `us_fig1_graphs` (20.0) |" in out
    assert "| graphs (shared) | 1 | 3.0 | 4.0 | `graphs_samples_er3_V500_n100` (4.0) |" in out
    assert "| scorecard (shared) | 1 | 0.5 | 1.0 | `scorecard` (1.0) |" in out
    assert "| **all** | **7** | **34.5** | **44.0** |" in out
    assert "| `us_fig1_graphs` | urry_sollich | 1 | 15.0 | 15.0 | 20.0 | 20.0 |" in out
    assert "Critical path: **23.0 s**" in out  # us_fig1_graphs, us_fig1, scorecard
    assert "| 1 | 44.0 | 44.0 |" in out and "| 2 | 23.0 | 23.0 |" in out
    assert "1 jobs of the graph have no benchmark file and count as 0 s: `all` (1)." in out
    page = md.read_text()
    assert page.startswith("# Build time") and "do not edit by hand" in page and page.endswith(out)
    (tmp_path / "dag.mmd").write_text("flowchart TB\n\tid0[all]\n")  # `--dag mermaid-js`: refused
    with pytest.raises(SystemExit) as exit_:
        t.main([str(root), "--dag", str(tmp_path / "dag.mmd")])
    assert exit_.value.code == 2 and "DOT" in capsys.readouterr().err


def test_cli_without_dag_as_a_module(tmp_path):
    root = _build(tmp_path)
    run = subprocess.run([sys.executable, "-m", "statmech_bayes.pipeline.timing", str(root), "--cores", "2"],
                         capture_output=True, text=True, check=True)
    assert "No job graph given" in run.stdout and t.DAG_HINT in run.stdout
    assert "| 2 | 22.0 |" in run.stdout  # max(longest job 20, 44 / 2)
    bad = subprocess.run([sys.executable, "-m", "statmech_bayes.pipeline.timing", str(tmp_path / "nowhere")],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "results/benchmarks" in bad.stderr


def test_cli_counts_only_the_graphs_jobs_and_prints_the_notes(tmp_path, capsys):
    """A benchmark file left by an earlier build of a rule that has changed since (here: a cavity curve that was
    one job before its replicas became jobs) is listed, never added to the build's totals."""
    root = _build(tmp_path)
    bench(root / "results" / "benchmarks", "us_cavity_curve_er3_local_s0.1", 500, 400)
    md = tmp_path / "performance.md"
    assert t.main([str(root), "--dag", str(root / "dag.dot"), "--markdown", str(md),
                   "--note", "one clean build", "--note", "an idle 2-core machine"]) == 0
    out = capsys.readouterr().out
    assert "| **all** | **7** | **34.5** | **44.0** |" in out  # as without the stale file
    assert "1 benchmark files belong to no job of the graph" in out and "us_cavity_curve_er3_local_s0.1" in out
    page = md.read_text()
    assert "- one clean build\n- an idle 2-core machine\n" in page and page.endswith(out)
