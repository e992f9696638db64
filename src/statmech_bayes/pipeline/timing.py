"""How long a build took, per rule and per paper, and how short it could be on N cores: read from the
``benchmark:`` files that every rule writes, never typed in by hand.

    python -m statmech_bayes.pipeline.timing [ROOT] [--dag dag.dot] [--cores 2 8] [--markdown docs/performance.md]

``ROOT`` is the build's output root (``output_root`` of the configuration, ``.`` by default): the files are
``ROOT/results/benchmarks/<name>.tsv``, one per job, where ``<name>`` is the rule name followed by its wildcard
values (the ``bench(...)`` call of each rule in ``workflow/rules/*.smk``). A file belongs to the rule whose name
is its longest prefix ending at ``_`` or at the end of the name, among the rules of the workflow: the
``rule NAME:`` blocks of the rule files plus one figure rule ``<prefix>_<figure>`` per figure of the registry
(``workflow/rules/figures.smk``). When a rule's ``bench("...")`` template is known, a candidate rule must also
match it, so ``us_fig9_sims_er3`` is a job of ``us_fig9_sims`` and not of the figure rule ``us_fig9``. A rule
belongs to the paper whose ``PREFIX`` starts its name; ``graphs_*`` rules are shared by the graph papers and
``scorecard`` by all of them.

The critical path needs the dependencies between the jobs, which the benchmark files do not record. Save
Snakemake's job graph once, from the repository, with the configuration of the build::

    snakemake --forceall --dag > dag.dot          # (plus the --configfile of the build, if any)
    python -m statmech_bayes.pipeline.timing . --dag dag.dot --cores 2

A DOT node's label is the rule name followed by those of its wildcards that none of its direct dependencies
shares (``name: value`` lines; Snakemake omits the others). The rule's wildcard names come from its
``bench(...)`` template, the omitted values from the dependencies, and the template then names the node's
benchmark file. ``--dag`` also accepts a JSON object ``{"<benchmark name>": ["<benchmark name it needs>", ...]}``.

From the graph: the critical path (the longest chain of dependent jobs, summing their wall seconds), the lower
bound ``max(critical path, core-seconds / N)`` on any schedule on N cores, and the makespan of a greedy list
schedule (the ready job with the longest remaining path first; a job declaring ``threads: workflow.cores`` takes
all N cores, every other job one), an upper bound that a scheduler of Snakemake's kind can reach. Jobs of the
graph without a benchmark file (``all``, or jobs not run yet) count as 0 s and are listed.
"""

from __future__ import annotations

import argparse
import csv
import heapq
import itertools
import json
import os
import re
import shlex
import sys
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

BENCH_DIR = Path("results") / "benchmarks"
LOG_DIR = Path("results") / "logs"
SHARED_GRAPHS = "graphs (shared)"
SHARED_SCORECARD = "scorecard (shared)"
OTHER = "other"
ALL_CORES = 0  # Rule.threads of a rule declaring ``threads: workflow.cores``
DAG_HINT = "snakemake --forceall --dag > dag.dot"

# --------------------------------------------------------------------------------------------------------------
# The workflow's rules, read from the rule files' text (no Snakemake run)


@dataclass(frozen=True)
class Rule:
    name: str
    template: str | None = None  # the bench("...") argument, e.g. "us_sims_{ens}_{pairing}"
    threads: int = 1             # ALL_CORES for threads: workflow.cores

    @property
    def wildcards(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(m.group(1) for m in _WILDCARD.finditer(self.template or "")))


_WILDCARD = re.compile(r"\{(\w+)(?:,[^{}]*)?\}")
_RULE_LINE = re.compile(r"^(\s*)rule\s+(\w+)\s*:")
_BENCH = re.compile(r"""\bbench\(\s*(["'])([^"']*)\1\s*\)""")
_THREADS = re.compile(r"^\s*threads:\s*([^#\s]+)")


def parse_rule_text(text: str) -> dict[str, Rule]:
    """The named rules of a Snakefile or rule file: ``rule NAME:`` blocks with their ``bench("...")`` template
    (plain strings only) and threads (an integer, or ``workflow.cores`` -> ALL_CORES; anything else -> 1)."""
    rules: dict[str, Rule] = {}
    lines = text.splitlines()
    for i, line in enumerate(lines):
        m = _RULE_LINE.match(line)
        if not m:
            continue
        indent, name = len(m.group(1)), m.group(2)
        template, threads = None, 1
        for body in lines[i + 1:]:
            stripped = body.strip()
            if stripped and not stripped.startswith("#") and len(body) - len(body.lstrip()) <= indent:
                break
            if (b := _BENCH.search(body)) and template is None:
                template = b.group(2)
            if t := _THREADS.match(body):
                value = t.group(1)
                threads = int(value) if value.isdigit() else ALL_CORES if value == "workflow.cores" else 1
        rules[name] = Rule(name, template, threads)
    return rules


def figure_rules(prefixes: Mapping[str, str] | None = None,
                 figures: Mapping[str, Iterable[str]] | None = None) -> dict[str, Rule]:
    """The figure rules of workflow/rules/figures.smk: ``<prefix>_<figure>`` for every figure of the registry
    (or of ``figures``: paper key -> figure names, with ``prefixes``: prefix -> paper key), no wildcards."""
    if figures is None or prefixes is None:
        from statmech_bayes.pipeline.registry import papers

        registered = papers()
        prefixes = {p.prefix: k for k, p in registered.items()}
        figures = {k: p.figures for k, p in registered.items()}
    key_prefix = {k: p for p, k in prefixes.items()}
    names = [f"{key_prefix[k]}_{f}" for k, figs in figures.items() for f in figs]
    return {n: Rule(n, n, 1) for n in names}


def controls_rules() -> dict[str, Rule]:
    """The negative-control rules of workflow/rules/controls.smk: ``<prefix>_<figure>_controls`` for every figure
    whose paper declares controls for it (statmech_bayes.pipeline.controls_registry), no wildcards."""
    from statmech_bayes.pipeline.controls_registry import paper_controls
    from statmech_bayes.pipeline.registry import papers

    names = [f"{p.prefix}_{f}_controls" for k, p in papers().items() for f in p.figures if f in paper_controls(k)]
    return {n: Rule(n, n, 1) for n in names}


def workflow_rules(workflow_dir: str | os.PathLike, with_figures: bool = True) -> dict[str, Rule]:
    """Every rule of the workflow in ``workflow_dir`` (its Snakefile and workflow/rules/*.smk), plus the figure
    and negative-control rules that the rule files make in a loop over the registry."""
    d = Path(workflow_dir)
    rules: dict[str, Rule] = {}
    for f in [d / "Snakefile", *sorted((d / "workflow" / "rules").glob("*.smk"))]:
        if f.is_file():
            rules.update(parse_rule_text(f.read_text()))
    if with_figures:
        rules.update({k: v for k, v in {**figure_rules(), **controls_rules()}.items() if k not in rules})
    return rules


def paper_prefixes() -> dict[str, str]:
    """prefix -> paper key, from the registry."""
    from statmech_bayes.pipeline.registry import papers

    return {p.prefix: k for k, p in papers().items()}


# --------------------------------------------------------------------------------------------------------------
# Benchmark files -> jobs


@dataclass(frozen=True)
class Job:
    name: str    # the benchmark file's stem
    rule: str    # the stem itself when no rule matched
    paper: str
    wall: float  # seconds (column s)
    cpu: float   # seconds: the job log's CPU time where it has one (read_log_cpu), else the column cpu_time
    matched: bool = True


def read_benchmark(path: str | os.PathLike) -> tuple[float, float]:
    """(wall s, CPU s) of one benchmark file: columns ``s`` and ``cpu_time``, summed over its data rows (one row
    unless the rule repeats the benchmark). ``NA`` counts as 0. A file without a data row raises ValueError."""
    with open(path, newline="") as fh:
        rows = list(csv.DictReader(fh, delimiter="\t"))
    if not rows or any(k not in rows[0] for k in ("s", "cpu_time")):
        raise ValueError(f"{path}: not a benchmark file with a data row (columns s and cpu_time)")

    def num(value):
        try:
            return float(value)
        except (TypeError, ValueError):
            return 0.0
    return sum(num(r["s"]) for r in rows), sum(num(r["cpu_time"]) for r in rows)


_DONE = re.compile(r"done in [0-9.]+ s \(([0-9.]+) s CPU(?:; whole process ([0-9.]+) s CPU)?\)")


def read_log_cpu(path: str | os.PathLike) -> float | None:
    """The CPU seconds a job's log reports on its finish line (statmech_bayes.core.rule_runtime): the whole
    process's where logged, else the script's (imports excluded); None without a finish line.

    Snakemake's benchmark samples ``cpu_time`` every second for the first 30 s of a job, then every 30 s, and
    not at its end, so it misses up to the last 30 s of a job's CPU (a cavity replica: 43.5 s in the benchmark,
    57.2 s in its log). The log's number is read at the end."""
    try:
        text = Path(path).read_text(errors="replace")
    except OSError:
        return None
    found = _DONE.findall(text)
    if not found:
        return None
    script, whole = found[-1]
    return float(whole or script)


def template_regex(template: str) -> re.Pattern:
    """A regex matching the names a bench template produces; one named group per wildcard."""
    out, pos, seen = [], 0, set()
    for m in _WILDCARD.finditer(template):
        out.append(re.escape(template[pos:m.start()]))
        name = m.group(1)
        out.append(f"(?P={name})" if name in seen else f"(?P<{name}>.+?)")
        seen.add(name)
        pos = m.end()
    out.append(re.escape(template[pos:]))
    return re.compile("".join(out) + r"\Z")


def rule_of(name: str, rules: Mapping[str, Rule] | Iterable[str]) -> str | None:
    """The rule that wrote benchmark ``name``: the longest rule name that equals ``name`` or is followed in it by
    ``_``; among rules with a known bench template, only those whose template matches ``name`` count (when
    any does). None if no rule fits."""
    if not isinstance(rules, Mapping):
        rules = {r: Rule(r) for r in rules}
    candidates = [r for r in rules if name == r or name.startswith(r + "_")]
    fitting = [r for r in candidates
               if rules[r].template is not None and template_regex(rules[r].template).match(name)]
    pool = fitting or candidates
    return max(pool, key=len) if pool else None


def paper_of(rule: str, prefixes: Mapping[str, str]) -> str:
    """The paper key of a rule (by its prefix), SHARED_GRAPHS for graphs_*, SHARED_SCORECARD for the scorecard."""
    head = rule.split("_", 1)[0]
    if head in prefixes:
        return prefixes[head]
    if head == "graphs":
        return SHARED_GRAPHS
    if rule == "scorecard":
        return SHARED_SCORECARD
    return OTHER


def load_jobs(root: str | os.PathLike, rules: Mapping[str, Rule] | Iterable[str], prefixes: Mapping[str, str],
              warn=None) -> list[Job]:
    """One Job per readable ``ROOT/results/benchmarks/*.tsv``, sorted by name. Unreadable files (a job still
    writing) are skipped and reported through ``warn``."""
    jobs = []
    for path in sorted((Path(root) / BENCH_DIR).glob("*.tsv")):
        try:
            wall, cpu = read_benchmark(path)
        except (OSError, ValueError, csv.Error) as exc:
            if warn:
                warn(f"skipped {path}: {exc}")
            continue
        logged = read_log_cpu(Path(root) / LOG_DIR / f"{path.stem}.log")
        if logged is not None:
            # a log without the whole-process figure misses the imports, the benchmark the job's end: the larger
            cpu = max(cpu, logged)
        rule = rule_of(path.stem, rules)
        jobs.append(Job(path.stem, rule or path.stem, paper_of(rule or path.stem, prefixes), wall, cpu,
                        rule is not None))
    return jobs


@dataclass
class Totals:
    jobs: int = 0
    wall: float = 0.0
    cpu: float = 0.0
    longest_wall: float = 0.0
    longest_cpu: float = 0.0
    longest_job: str = ""  # by wall

    def add(self, job: Job) -> None:
        self.jobs += 1
        self.wall += job.wall
        self.cpu += job.cpu
        self.longest_cpu = max(self.longest_cpu, job.cpu)
        if job.wall > self.longest_wall or not self.longest_job:
            self.longest_wall, self.longest_job = job.wall, job.name


def summarise(jobs: Iterable[Job], key) -> dict[str, Totals]:
    out: dict[str, Totals] = defaultdict(Totals)
    for j in jobs:
        out[key(j)].add(j)
    return dict(out)


def by_paper(jobs: Iterable[Job]) -> dict[str, Totals]:
    return summarise(jobs, lambda j: j.paper)


def by_rule(jobs: Iterable[Job]) -> dict[str, Totals]:
    return summarise(jobs, lambda j: j.rule)


# --------------------------------------------------------------------------------------------------------------
# The job graph: critical path and list schedule


def _topological(durations: Mapping[str, float], deps: Mapping[str, Iterable[str]]):
    """(order, successors) of the graph; ValueError on an unknown dependency or a cycle."""
    preds = {j: set(deps.get(j, ())) for j in durations}
    succ: dict[str, list[str]] = {j: [] for j in durations}
    for j, ds in preds.items():
        for d in ds:
            if d not in durations:
                raise ValueError(f"job {j!r} depends on unknown job {d!r}")
            succ[d].append(j)
    waiting = {j: len(ds) for j, ds in preds.items()}
    ready = sorted(j for j, n in waiting.items() if n == 0)
    order = []
    while ready:
        j = ready.pop()
        order.append(j)
        for s in succ[j]:
            waiting[s] -= 1
            if waiting[s] == 0:
                ready.append(s)
    if len(order) != len(durations):
        raise ValueError(f"the job graph has a cycle through {sorted(j for j, n in waiting.items() if n)}")
    return order, {j: sorted(s) for j, s in succ.items()}


def remaining_paths(durations: Mapping[str, float], deps: Mapping[str, Iterable[str]]) -> dict[str, float]:
    """For every job, the longest path from its start to the end of the build (its own duration included)."""
    order, succ = _topological(durations, deps)
    tail: dict[str, float] = {}
    for j in reversed(order):
        tail[j] = durations[j] + max((tail[s] for s in succ[j]), default=0.0)
    return tail


def critical_path(durations: Mapping[str, float], deps: Mapping[str, Iterable[str]]) -> tuple[float, list[str]]:
    """The longest chain of dependent jobs: (its length, its jobs from first to last). ``deps[j]`` are the jobs
    that ``j`` needs; ties go to the smallest job id."""
    if not durations:
        return 0.0, []
    tail = remaining_paths(durations, deps)
    _, succ = _topological(durations, deps)
    has_pred = {s for ss in succ.values() for s in ss}
    start = min((j for j in durations if j not in has_pred), key=lambda j: (-tail[j], j))
    path = [start]
    while succ[path[-1]]:
        path.append(min(succ[path[-1]], key=lambda s: (-tail[s], s)))
    return tail[start], path


def _cores(threads: int | None, n_cores: int) -> int:
    """The cores a job of ``threads`` takes on ``n_cores``: ALL_CORES (or more than there are) -> all of them."""
    return n_cores if threads in (ALL_CORES, None) else min(max(1, threads), n_cores)


@dataclass
class Schedule:
    makespan: float
    start: dict[str, float] = field(default_factory=dict)
    cores: dict[str, int] = field(default_factory=dict)


def list_schedule(durations: Mapping[str, float], deps: Mapping[str, Iterable[str]], n_cores: int,
                  threads: Mapping[str, int] | None = None) -> Schedule:
    """Greedy list schedule on ``n_cores``: whenever cores are free, start the ready jobs in order of longest
    remaining path (ties: job id) that fit in them. A job takes ``threads[j]`` cores (1 by default; ALL_CORES or
    more than ``n_cores``: all of them)."""
    if n_cores < 1:
        raise ValueError("n_cores must be at least 1")
    threads = threads or {}
    tail = remaining_paths(durations, deps)
    _, succ = _topological(durations, deps)
    need = {j: _cores(threads.get(j, 1), n_cores) for j in durations}
    waiting = {j: len(set(deps.get(j, ()))) for j in durations}
    ready = [j for j, n in waiting.items() if n == 0]
    running: list[tuple[float, str]] = []
    free, now = n_cores, 0.0
    sched = Schedule(0.0, {}, need)
    while ready or running:
        ready.sort(key=lambda j: (-tail[j], j))
        for j in list(ready):
            if need[j] <= free:
                ready.remove(j)
                free -= need[j]
                sched.start[j] = now
                heapq.heappush(running, (now + durations[j], j))
        now, j = heapq.heappop(running)
        finished = [j]
        while running and running[0][0] <= now:
            finished.append(heapq.heappop(running)[1])
        for j in finished:
            free += need[j]
            for s in succ[j]:
                waiting[s] -= 1
                if waiting[s] == 0:
                    ready.append(s)
    sched.makespan = max((sched.start[j] + durations[j] for j in durations), default=0.0)
    return sched


def lower_bound(durations: Mapping[str, float], deps: Mapping[str, Iterable[str]], n_cores: int,
                threads: Mapping[str, int] | None = None) -> float:
    """No schedule on ``n_cores`` is shorter: max(critical path, core-seconds / n_cores)."""
    threads = threads or {}
    core_seconds = sum(d * _cores(threads.get(j, 1), n_cores) for j, d in durations.items())
    return max(critical_path(durations, deps)[0], core_seconds / n_cores)


# --------------------------------------------------------------------------------------------------------------
# Snakemake's DOT job graph -> jobs of the benchmark files


@dataclass(frozen=True)
class DagNode:
    id: str
    rule: str
    wildcards: dict  # only those the label shows: not shared with a direct dependency


_DOT_NODE = re.compile(r'^\s*(\w+)\s*\[\s*label\s*=\s*"((?:[^"\\]|\\.)*)"')
_DOT_EDGE = re.compile(r"^\s*(\w+)\s*->\s*(\w+)")


def parse_dot(text: str) -> tuple[dict[str, DagNode], dict[str, set[str]]]:
    """The nodes and dependencies (``deps[node]``: the nodes it needs) of ``snakemake --dag`` output. Lines
    that are neither a node nor an edge (Snakemake's messages, the graph attributes) are ignored."""
    nodes: dict[str, DagNode] = {}
    deps: dict[str, set[str]] = defaultdict(set)
    for line in text.splitlines():
        if m := _DOT_EDGE.match(line):
            deps[m.group(2)].add(m.group(1))
        elif m := _DOT_NODE.match(line):
            rule, *rest = m.group(2).split("\\n")
            wildcards = dict(part.split(": ", 1) for part in rest if ": " in part)
            nodes[m.group(1)] = DagNode(m.group(1), rule, wildcards)
    if not nodes:
        raise ValueError("no job graph in DOT form (make it with `snakemake --forceall --dag`, not mermaid-js)")
    missing = sorted((set(deps) | {d for ds in deps.values() for d in ds}) - set(nodes))
    if missing:
        raise ValueError(f"edges name nodes the DOT text does not declare: {missing[:5]}")
    return nodes, {n: set(deps.get(n, ())) for n in nodes}


def _fill(template: str, values: Mapping[str, str]) -> str:
    return _WILDCARD.sub(lambda m: values[m.group(1)], template)


def match_dot(nodes: Mapping[str, DagNode], deps: Mapping[str, set[str]], rules: Mapping[str, Rule],
              names: Iterable[str]) -> dict[str, str | None]:
    """For every DOT node, the benchmark name of its job among ``names`` (None if none). A node's wildcard values
    are those of its label, the others (of its rule's bench template) are taken from its direct dependencies,
    as Snakemake leaves out exactly those it shares with one of them. When the dependencies offer several values,
    the combination naming an existing benchmark is taken if there is exactly one."""
    names = set(names)
    order, _ = _topological({n: 0.0 for n in nodes}, deps)
    known: dict[str, dict[str, set[str]]] = {}  # node -> wildcard -> possible values
    out: dict[str, str | None] = {}
    for n in order:
        node = nodes[n]
        rule = rules.get(node.rule)
        offered: dict[str, set[str]] = defaultdict(set)
        for d in deps.get(n, ()):
            for w, vs in known[d].items():
                offered[w] |= vs
        if rule is None or rule.template is None:
            # Names unknown: pass on everything this node may carry.
            known[n] = {**offered, **{w: {v} for w, v in node.wildcards.items()}}
            out[n] = node.rule if not node.wildcards and node.rule in names else None
            continue
        choices = {w: [node.wildcards[w]] if w in node.wildcards else sorted(offered.get(w, ()))
                   for w in rule.wildcards}
        found = []
        if all(choices.values()):
            combos = itertools.islice(itertools.product(*choices.values()), 10_000)
            found = [dict(zip(choices, c)) for c in combos]
            if len(found) > 1:
                found = [v for v in found if _fill(rule.template, v) in names]
        if len(found) == 1:
            known[n] = {w: {v} for w, v in found[0].items()}
            name = _fill(rule.template, found[0])
            out[n] = name if name in names else None
        else:
            known[n] = {w: set(vs) for w, vs in choices.items() if vs}
            out[n] = None
    return out


def read_dag(path: str | os.PathLike, rules: Mapping[str, Rule], jobs: Iterable[Job]):
    """(durations, deps, threads, labels) of the job graph in ``path`` (``snakemake --dag`` DOT, or JSON
    ``{benchmark name: [names it needs]}``), with durations (wall s) from ``jobs``; the graph's ids are the
    benchmark names where known, else ``<rule>#<DOT id>``."""
    by_name = {j.name: j for j in jobs}
    text = Path(path).read_text()
    if str(path).endswith(".json"):
        raw = json.loads(text)
        ids = set(raw) | {d for ds in raw.values() for d in ds}
        deps = {i: set(raw.get(i, ())) for i in ids}
        rule_names = {i: by_name[i].rule if i in by_name else (rule_of(i, rules) or i) for i in ids}
    else:
        nodes, dot_deps = parse_dot(text)
        names = match_dot(nodes, dot_deps, rules, by_name)
        ident = {n: names[n] or f"{nodes[n].rule}#{n}" for n in nodes}
        if len(set(ident.values())) != len(ident):
            raise ValueError("two DOT nodes map to the same benchmark file")
        ids = set(ident.values())
        deps = {ident[n]: {ident[d] for d in ds} for n, ds in dot_deps.items()}
        rule_names = {ident[n]: nodes[n].rule for n in nodes}
    durations = {i: by_name[i].wall if i in by_name else 0.0 for i in ids}
    threads = {i: rules[r].threads if (r := rule_names[i]) in rules else 1 for i in ids}
    return durations, deps, threads, rule_names


# --------------------------------------------------------------------------------------------------------------
# Report


def _s(x: float) -> str:
    return f"{x:,.1f}"


def _hm(x: float) -> str:
    m = int(round(x / 60))
    return f"{m // 60} h {m % 60:02d} min" if m >= 60 else f"{x / 60:.1f} min"


def _paper_order(paper: str, prefixes: Mapping[str, str]) -> tuple:
    """Papers by key, then the shared groups, then anything else."""
    keys = sorted(prefixes.values())
    if paper in keys:
        return (0, keys.index(paper), "")
    specials = [SHARED_GRAPHS, SHARED_SCORECARD, OTHER]
    return (1, specials.index(paper), "") if paper in specials else (2, 0, paper)


def report(jobs: list[Job], prefixes: Mapping[str, str], dag=None, cores: Iterable[int] = (2,),
           rules: Mapping[str, Rule] | None = None) -> str:
    """The markdown tables: per paper, per rule, and (with ``dag``, the result of :func:`read_dag`) the critical
    path and the schedule bounds on each number of ``cores``. ``rules`` give the threads of each job's rule
    (1 when unknown). With ``dag``, benchmark files of no job of the graph (left by earlier builds of rules that
    have since changed) are listed but not counted."""
    cores = list(cores)
    out = []
    stale = []
    if dag is not None:
        stale = sorted(j.name for j in jobs if j.name not in dag[0])
        jobs = [j for j in jobs if j.name in dag[0]]
    papers = by_paper(jobs)
    allt = Totals()
    for j in jobs:
        allt.add(j)
    out += ["## Per paper", "",
            "| paper | jobs | CPU s | wall s | longest job (wall s) |", "|---|---:|---:|---:|---|"]
    for p in sorted(papers, key=lambda p: _paper_order(p, prefixes)):
        t = papers[p]
        out.append(f"| {p} | {t.jobs} | {_s(t.cpu)} | {_s(t.wall)} | `{t.longest_job}` ({_s(t.longest_wall)}) |")
    if jobs:
        out.append(f"| **all** | **{allt.jobs}** | **{_s(allt.cpu)}** | **{_s(allt.wall)}** | "
                   f"`{allt.longest_job}` ({_s(allt.longest_wall)}) |")
    out += ["", f"Jobs add up to {_hm(allt.wall)} of wall time and {_hm(allt.cpu)} of CPU time.", ""]

    per_rule = by_rule(jobs)
    paper_of_rule = {j.rule: j.paper for j in jobs}
    out += ["## Per rule", "", "Sorted by total wall time.", "",
            "| rule | paper | jobs | CPU s total | CPU s longest | wall s total | wall s longest |",
            "|---|---|---:|---:|---:|---:|---:|"]
    for r in sorted(per_rule, key=lambda r: (-per_rule[r].wall, r)):
        t = per_rule[r]
        out.append(f"| `{r}` | {paper_of_rule[r]} | {t.jobs} | {_s(t.cpu)} | {_s(t.longest_cpu)} | "
                   f"{_s(t.wall)} | {_s(t.longest_wall)} |")
    unmatched = [j.name for j in jobs if not j.matched]
    if unmatched:
        out += ["", f"Not matched to a rule of the workflow (listed under their own name): {', '.join(unmatched)}."]

    out += ["", "## Critical path and schedule", ""]
    if dag is None:
        longest = max((j.wall for j in jobs), default=0.0)
        threads = {j.name: rules[j.rule].threads if rules and j.rule in rules else 1 for j in jobs}
        out += [f"No job graph given (make one with `{DAG_HINT}` and pass `--dag dag.dot`). Without it, the "
                f"longest job ({_s(longest)} s) stands in for the critical path:", "",
                "| cores | lower bound s: max(longest job, core-seconds / cores) |", "|---:|---:|"]
        for n in cores:
            core_seconds = sum(j.wall * _cores(threads[j.name], n) for j in jobs)
            out.append(f"| {n} | {_s(max(longest, core_seconds / n))} |")
        return "\n".join(out) + "\n"

    durations, deps, threads, rule_names = dag
    length, path = critical_path(durations, deps)
    in_graph = set(durations)
    missing = sorted(i for i in in_graph if i not in {j.name for j in jobs})
    out += [f"The job graph has {len(durations)} jobs; durations are wall seconds from the benchmark files.",
            f"Critical path: **{_s(length)} s** ({_hm(length)}), {len(path)} jobs:", "",
            "| job | rule | wall s | finished at s |", "|---|---|---:|---:|"]
    at = 0.0
    for i in path:
        at += durations[i]
        out.append(f"| `{i}` | `{rule_names[i]}` | {_s(durations[i])} | {_s(at)} |")
    whole = sorted(r for i, r in rule_names.items() if threads.get(i) == ALL_CORES)
    out += ["", "Lower bound: max(critical path, core-seconds / cores). Greedy: a list schedule, the ready job with "
            "the longest remaining path first" + (f"; jobs of {', '.join(f'`{r}`' for r in sorted(set(whole)))} "
                                                 "take every core" if whole else "") + ".", "",
            "| cores | lower bound s | greedy schedule s | greedy schedule |", "|---:|---:|---:|---|"]
    for n in cores:
        lb = lower_bound(durations, deps, n, threads)
        ms = list_schedule(durations, deps, n, threads).makespan
        out.append(f"| {n} | {_s(lb)} | {_s(ms)} | {_hm(ms)} |")
    if missing:
        by = defaultdict(int)
        for i in missing:
            by[rule_names[i]] += 1
        out += ["", f"{len(missing)} jobs of the graph have no benchmark file and count as 0 s: "
                + ", ".join(f"`{r}` ({k})" for r, k in sorted(by.items())) + "."]
    if stale:
        out += ["", f"{len(stale)} benchmark files belong to no job of the graph (earlier builds of rules that have "
                f"changed since; not counted): {', '.join(stale)}."]
    return "\n".join(out) + "\n"


def page(body: str, argv: list[str], notes: Iterable[str] = ()) -> str:
    """``body`` as a page of its own (docs/performance.md), after ``notes`` on the build (which, the machine)."""
    cmd = " ".join(shlex.quote(a) for a in ["python -m statmech_bayes.pipeline.timing", *argv])
    said = "".join(f"- {n}\n" for n in notes)
    return (f"# Build time\n\n<!-- Generated: do not edit by hand. -->\n\n"
            f"Generated by `{cmd}` from the `benchmark:` files of a build (`results/benchmarks/*.tsv`; the job graph: "
            f"`{DAG_HINT}`). Wall s is a benchmark's `s`; CPU s the CPU time on the finish line of the job's log "
            f"(`results/logs/<job>.log`; the whole process where logged), or the benchmark's `cpu_time` if larger or "
            f"if the log has none: Snakemake samples `cpu_time` every 30 s after a job's first 30 and not at its end, "
            f"so alone it misses up to 30 s of a job. Wall times were measured with the "
            f"build's own parallelism, so they include its contention; the schedules take them as they are.\n\n"
            + (f"The build:\n\n{said}\n" if said else "") + body)


def _default_workflow(root: Path) -> Path | None:
    for d in (root, Path(__file__).resolve().parents[3], Path.cwd()):
        if (d / "workflow" / "rules").is_dir():
            return d
    return None


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    ap = argparse.ArgumentParser(prog="python -m statmech_bayes.pipeline.timing",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("root", nargs="?", default=".", help="the build's output root (holds results/benchmarks)")
    ap.add_argument("--dag", help=f"the job graph: `{DAG_HINT}` output, or JSON {{job: [jobs it needs]}}")
    ap.add_argument("--cores", type=int, nargs="+", default=[2], help="numbers of cores to schedule on (2)")
    ap.add_argument("--workflow", help="the repository whose rules to read (default: ROOT, else this package's)")
    ap.add_argument("--markdown", help="also write the report as a page to this file (docs/performance.md)")
    ap.add_argument("--note", action="append", default=[],
                    help="a line on the build for the page: which builds, the machine and its load (repeatable)")
    args = ap.parse_args(argv)
    if any(n < 1 for n in args.cores):
        ap.error("--cores must be positive")
    root = Path(args.root)
    if not (root / BENCH_DIR).is_dir():
        ap.error(f"no {root / BENCH_DIR}")
    wf = Path(args.workflow) if args.workflow else _default_workflow(root)
    rules = workflow_rules(wf) if wf else figure_rules()
    prefixes = paper_prefixes()
    jobs = load_jobs(root, rules, prefixes, warn=lambda m: print(m, file=sys.stderr))
    try:
        dag = read_dag(args.dag, rules, jobs) if args.dag else None
    except (OSError, ValueError) as exc:
        ap.error(f"--dag {args.dag}: {exc}")
    body = report(jobs, prefixes, dag, args.cores, rules)
    print(body, end="")
    if args.markdown:
        Path(args.markdown).write_text(page(body, argv, args.note))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
