"""Verdicts across seeds and variants: rules 4 and 5 of the decision protocol (``docs/protocol.md``), applied to
every claim's verdict in the main build beside its verdict in each built variant.

A *variant* is the same pipeline under another master seed (kind ``seed``) or another reasonable setting of a
choice the paper leaves open (kind ``choice``); see ``workflow/config/variants.yaml``. Which builds decide:

* a seed decides only when it is built for every figure of the main build, under the protocol version of the main
  build's claims (:data:`statmech_bayes.reporting.protocol.VERSION`); the claim's verdict is then rule 4's, over
  the main seed and those seeds (:func:`statmech_bayes.reporting.protocol.seeds`);
* a choice variant decides only when it passes its gate (its own build reproduces the paper's sanity claims named
  in the registry) and was judged under the same protocol version; then rule 5
  (:func:`statmech_bayes.reporting.protocol.choices`): a decided verdict that differs from the main setting's is
  inconclusive (unstated setup), unless the paper's text fixes that choice for the claim's figure (``text_fixes``).

Builds that do not decide are shown in the table and move nothing. Set-up facts are left out (true by
construction). Claims are matched between builds by figure, the claim's text with its numbers masked (a location
computed from the data moves with the seed) and its order among claims of the same masked text.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field, replace
from pathlib import Path

import pandas as pd

from statmech_bayes.reporting import protocol
from statmech_bayes.reporting.ledger import claims_of, shape

DECIDED = ("pass", "fail")


@dataclass(frozen=True)
class Variant:
    name: str
    kind: str                      # seed | choice
    choice: str
    main: str
    setting: str
    papers: tuple = ()
    text_fixes: tuple = ()         # figures whose text fixes this choice: no flip there
    overlay: dict = field(default_factory=dict)
    figures: dict = field(default_factory=dict)   # paper -> the figures built (a paper not named: all of them)
    reuse: bool = False
    gate: tuple = ()               # rule 5: the claims ({figure, claim}) the variant's own build must pass

    def __post_init__(self):
        if self.kind not in ("seed", "choice"):
            raise ValueError(f"variant {self.name!r}: kind must be seed or choice, got {self.kind!r}")
        if self.kind == "choice" and not self.gate:
            raise ValueError(f"variant {self.name!r}: a choice variant needs a gate (docs/protocol.md, rule 5)")
        for g in self.gate:
            if set(g) != {"figure", "claim"}:
                raise ValueError(f"variant {self.name!r}: a gate entry names a figure and a claim, got {g!r}")

    def figures_of(self, paper: str, every: tuple) -> list:
        """The figures of ``paper`` this variant builds (``every``: all the paper's figures)."""
        return list(self.figures.get(paper, every))


def load_variants(path) -> dict[str, Variant]:
    """The registry ``workflow/config/variants.yaml``: name -> :class:`Variant`."""
    import yaml

    raw = yaml.safe_load(Path(path).read_text()) or {}
    out = {}
    for name, v in raw.items():
        if name.startswith("_"):  # notes of the registry (e.g. _left_out), not variants
            continue
        papers = v.get("papers", "all")
        figures = v.get("figures", {})
        if isinstance(figures, list):  # the same figures of every paper named
            figures = {p: figures for p in papers}
        out[name] = Variant(name=name, kind=v["kind"], choice=v["choice"], main=str(v.get("main", "")),
                            setting=str(v.get("setting", "")),
                            papers=("all",) if papers == "all" else tuple(papers),
                            text_fixes=tuple(v.get("text_fixes", ())), overlay=v.get("overlay", {}),
                            figures={p: tuple(f) for p, f in figures.items()}, reuse=bool(v.get("reuse", False)),
                            gate=tuple(dict(g) for g in v.get("gate", ())))
    return out


def keyed(claims: list[dict]) -> dict[tuple, dict]:
    """Claims (from :func:`statmech_bayes.reporting.ledger.claims_of`) by (figure, masked text, order)."""
    seen = defaultdict(int)
    out = {}
    for c in claims:
        k = (c["figure"], shape(c["claim"]))
        out[(*k, seen[k])] = c
        seen[k] += 1
    return out


# how apply() marks, in a claim's note, a finding set aside because the verdict moved (results_doc reads it)
FINDING_SET_ASIDE = "finding in the main build (not decided across seeds and settings)"


def _value(c: dict | None) -> str:
    """The number as the claims file holds it, exactly (the scorecard pools these under rule 4: rounded, three
    seeds equal in their claims files would scatter by the rounding and a tight range would go undecided)."""
    if c is None:
        return ""
    r = c.get("reproduced")
    if not isinstance(r, float):
        return str(r)
    text = repr(float(r))  # a numpy scalar's repr names its type
    return text[:-2] if text.endswith(".0") else text


def _verdict(c: dict | None) -> str:
    if c is None:
        return "absent"
    return c["verdict"] + (f" ({c['reason']})" if c.get("reason") else "")


@dataclass(frozen=True)
class Build:
    """What a variant's build can decide: whether it was judged under the main build's protocol, covers every
    figure of the main build (a seed) and passes its gate (a choice), with the gate's results."""

    name: str
    current: bool
    complete: bool
    admitted: bool
    gate: tuple = ()
    waiting: bool = False  # a complete seed that waits for the other registered seeds (rule 4)

    @property
    def ready(self) -> bool:
        return self.current and self.complete and self.admitted

    @property
    def decides(self) -> bool:
        return self.ready and not self.waiting


def status(name: str, variant: Variant, claims: list[dict], main: list[dict]) -> Build:
    """Rules 4 and 5: whether the build ``claims`` of ``variant`` may decide beside the ``main`` build's."""
    versions = {c.get("protocol") for c in claims}
    current = versions == {protocol.VERSION}
    complete = {c["figure"] for c in main} <= {c["figure"] for c in claims}
    if variant.kind == "seed":
        return Build(name, current, complete, True)
    by_text = {(c["figure"], c["claim"]): c for c in claims}
    ok, lines = protocol.admitted(list(variant.gate), by_text)
    return Build(name, current, True, ok, tuple(lines))


def seeds_together(registry: dict[str, Variant], ready: dict[str, bool]) -> tuple[list[str], list[str]]:
    """Rule 4 (docs/protocol.md): the registered seeds enter together. Given which seed builds are ready to decide
    (current, complete), the seeds that decide and the seeds still missing: all decide once none is missing, else
    none does. The one place the rule is written; :func:`table` and :func:`apply` both go through it."""
    seeds = [n for n, v in registry.items() if v.kind == "seed"]
    missing = [n for n in seeds if not ready.get(n)]
    return ([] if missing else seeds), missing


def table(main: list[dict], variants: dict[str, list[dict]], registry: dict[str, Variant]) -> pd.DataFrame:
    """One row per claim of the main build: its verdict, value and tolerance there and in every built variant,
    and the verdict that rules 4 and 5 give (:func:`robust`); ``<variant>_decides``: whether that build decides;
    ``<variant>_waiting``: a seed built for every figure that waits for the other registered seeds (rule 4)."""
    base = keyed(main)
    built = {name: keyed(cl) for name, cl in variants.items()}
    builds = {name: status(name, registry[name], cl, main) for name, cl in variants.items()}
    deciding_seeds, _ = seeds_together(registry, {n: b.ready for n, b in builds.items()})
    builds = {name: replace(b, waiting=registry[name].kind == "seed" and b.ready and name not in deciding_seeds)
              for name, b in builds.items()}
    rows = []
    for key, c in base.items():
        row = {"paper": c["figure"].split("/")[0], "figure": c["figure"], "claim": c["claim"],
               "kind": c.get("kind", "value"), "main": _verdict(c), "main_value": _value(_deciding(c)),
               "main_tolerance": _deciding_tolerance(c)}
        for name, k in built.items():
            v = k.get(key)
            row[name] = _verdict(v)
            # the number of the reading that decides, beside its tolerance (rule 4 pools these)
            row[f"{name}_value"] = _value(_deciding(v))
            row[f"{name}_tolerance"] = _deciding_tolerance(v) if v else ""
            row[f"{name}_decides"] = builds[name].decides
            row[f"{name}_waiting"] = builds[name].waiting
        row.update(robust(c, {n: k.get(key) for n, k in built.items()}, registry,
                          {n: b.decides for n, b in builds.items()}))
        rows.append(row)
    return pd.DataFrame(rows)


def _deciding_tolerance(c: dict | None) -> str:
    """The tolerance of the reading that decided ``c``: the registered one unless a proven revision decided."""
    if not c:
        return ""
    if c.get("registered_tolerance") and not c.get("revision_proof"):
        return str(c["registered_tolerance"])
    return str(c.get("tolerance", ""))


def _deciding(c: dict | None) -> dict | None:
    """``c`` with the number of the reading that decided it as its ``reproduced``."""
    return None if c is None else {**c, "reproduced": _deciding_value(c)}


def _deciding_value(c: dict):
    if c.get("registered_tolerance") and not c.get("revision_proof"):
        return c.get("registered_reproduced")
    return c.get("reproduced")


def robust(main: dict, others: dict[str, dict | None], registry: dict[str, Variant],
           decides: dict[str, bool] | None = None) -> dict:
    """Rules 4 and 5 for one claim: ``robust_verdict``, ``robust_reason``, ``robust_note`` (how it was decided)
    and ``seed_stable`` (True, False, or None when no deciding seed decided it). ``decides``: which builds may
    decide (:class:`Build`); a build not named there decides nothing."""
    decides = decides or {}
    out = {"robust_verdict": main["verdict"], "robust_reason": main.get("reason", ""), "robust_note": "",
           "seed_stable": None}
    if main.get("kind") == "setup":
        return out
    seeds = {n: c for n, c in others.items() if n in registry and registry[n].kind == "seed" and c is not None
             and decides.get(n)}
    notes = []
    verdict = protocol.Verdict.of(main["verdict"], main.get("reason", ""))
    if seeds:
        per_seed = [{"verdict": c["verdict"], "reason": c.get("reason", ""), "reproduced": _deciding_value(c),
                     "tolerance": _deciding_tolerance(c)} for c in (main, *seeds.values())]
        sv = protocol.seeds(per_seed)
        verdict = sv.verdict
        decided = [c for c in seeds.values() if c["verdict"] in DECIDED]
        if main["verdict"] in DECIDED and decided:
            out["seed_stable"] = all(c["verdict"] == main["verdict"] for c in decided)
        notes.append(f"seeds ({sv.rule}): {sv.shown}")
    fig = main["figure"].split("/")[-1]
    by_choice = defaultdict(dict)
    for n, c in others.items():
        var = registry.get(n)
        if var is None or var.kind != "choice" or c is None or fig in var.text_fixes or not decides.get(n):
            continue
        by_choice[var.choice][var.setting] = c
    for choice, settings in by_choice.items():
        moved = protocol.choices(protocol.Verdict.of(main["verdict"], main.get("reason", "")),
                                 {s: protocol.Verdict.of(c["verdict"], c.get("reason", ""))
                                  for s, c in settings.items()})
        if moved.reason == protocol.UNSTATED and main["verdict"] in DECIDED:
            main_setting = next(registry[n].main for n in others if n in registry and registry[n].choice == choice)
            values = "; ".join([f"{main_setting}: {_value(main)} ({main['verdict']})"]
                               + [f"{s}: {_value(c)} ({c['verdict']})" for s, c in settings.items()])
            verdict = moved
            notes.append(f"turns on a choice the paper leaves open, {choice} ({values})")
            break
    out.update(robust_verdict=verdict.verdict, robust_reason=verdict.reason, robust_note="; ".join(notes))
    return out


def _from_row(row: dict, name: str) -> dict | None:
    v = row.get(name, "absent")
    if not v or v == "absent":
        return None
    verdict, _, reason = v.partition(" (")
    value = row.get(f"{name}_value", "")
    try:
        value = float(value)
    except (TypeError, ValueError):
        pass
    return {"verdict": verdict, "reason": reason.rstrip(")"), "reproduced": value,
            "tolerance": row.get(f"{name}_tolerance", "")}


def _flag(robustness: pd.DataFrame, name: str, what: str) -> bool:
    """The table's ``<name>_<what>`` column (the same on every row: it is the build's, not the claim's)."""
    col = f"{name}_{what}"
    return col in robustness.columns and bool(len(robustness)) and \
        str(robustness[col].iloc[0]).strip().lower() == "true"


def apply(scorecard: pd.DataFrame, robustness: pd.DataFrame | None, registry: dict[str, Variant]) -> pd.DataFrame:
    """The scorecard with rules 4 and 5 applied to its current verdicts and the deciding builds of the
    robustness table. The main build's verdict stays in ``build_verdict``; ``decided_on`` says which seeds
    decided; a failure's finding moves to the note when the verdict moves (a finding explains a decided failure
    only). ``seed_stable``: whether the decided verdict holds under every deciding seed that decided it."""
    out = scorecard.copy()
    out["build_verdict"] = out["verdict"]
    out["seed_stable"] = None
    names = [n for n in registry if robustness is not None and n in robustness.columns]
    deciding = {n: _flag(robustness, n, "decides") for n in names}
    seeds, missing = seeds_together(registry, {n: deciding[n] or _flag(robustness, n, "waiting") for n in names})
    deciding.update({n: n in seeds for n in names if registry[n].kind == "seed"})
    out["decided_on"] = "main seed" + (
        " and " + ", ".join(registry[n].setting for n in seeds) if seeds else
        f" alone (docs/protocol.md, rule 4: the seeds enter together; seed{'s' if len(missing) > 1 else ''} "
        f"{' and '.join(registry[n].setting for n in missing)} not yet built for every figure under it)")
    if robustness is None or robustness.empty or not any(deciding.values()):
        return out
    rows = keyed([{"figure": f, "claim": c, "row": r} for f, c, r in
                  zip(robustness.figure, robustness.claim, robustness.to_dict("records"))])
    current = keyed([{"figure": f, "claim": c} for f, c in zip(out.figure, out.claim)])
    for i, key in enumerate(current):
        hit = rows.get(key)
        if hit is None:
            continue
        main = {"figure": out.at[i, "figure"], "kind": out.at[i, "kind"], "verdict": out.at[i, "verdict"],
                "reason": out.at[i, "reason"], "reproduced": out.at[i, "reproduced"],
                "tolerance": out.at[i, "tolerance"], "registered_tolerance": out.at[i, "registered_tolerance"],
                "registered_reproduced": out.at[i, "registered_reproduced"],
                "revision_proof": out.at[i, "revision_proof"]}
        x = robust(main, {n: _from_row(hit["row"], n) for n in names}, registry, deciding)
        out.at[i, "seed_stable"] = x["seed_stable"]
        if x["robust_verdict"] == main["verdict"] and x["robust_reason"] == (main["reason"] or ""):
            continue
        note = str(out.at[i, "note"] or "")
        finding = str(out.at[i, "finding"] or "")
        extra = [x["robust_note"]] + ([f"{FINDING_SET_ASIDE}: {finding}"]
                                      if finding and x["robust_verdict"] != "fail" else [])
        out.at[i, "verdict"] = x["robust_verdict"]
        out.at[i, "reason"] = x["robust_reason"]
        if x["robust_verdict"] != "fail":
            out.at[i, "finding"] = ""
            out.at[i, "finding_test"] = ""
        out.at[i, "note"] = "; ".join(s for s in [note, *extra] if s)
    return out


def build_table(figures_dir, variants_dir, registry_path) -> pd.DataFrame:
    """The robustness table of the main build under ``figures_dir`` and every variant built under
    ``variants_dir/<name>/figures``."""
    registry = load_variants(registry_path)
    built = {n: claims_of(Path(variants_dir) / n / "figures") for n in registry
             if (Path(variants_dir) / n / "figures").is_dir()}
    return table(claims_of(figures_dir), {n: c for n, c in built.items() if c}, registry)


def left_out(path) -> list[dict]:
    """The registry's ``_left_out`` list: the open choices that are not variants, each with why."""
    import yaml

    return list((yaml.safe_load(Path(path).read_text()) or {}).get("_left_out", []))


def to_markdown(t: pd.DataFrame, registry: dict[str, Variant], omitted: list[dict] | None = None) -> str:
    """The table's summary per paper and every claim whose verdict is not the same in all variants."""
    names = [n for n in registry if n in t.columns]
    own = t[~t.kind.isin(["setup", "ours"])]
    lines = ["# Robustness of the verdicts", "",
             "Each paper claim's verdict in the main build and under each variant "
             "(`workflow/config/variants.yaml`): a second master seed, or another reasonable setting of a choice "
             "the paper leaves open. A decided verdict that differs between seeds is undecided by our data "
             "(inconclusive (noise) on the scorecard); one that differs between the settings of an unstated choice "
             "is undecided by the paper (inconclusive (unstated setup)). Generated by "
             "`python -m statmech_bayes.pipeline.variants table`. Which builds decide is rules 4 and 5 of "
             "docs/protocol.md: a seed built for every figure, a choice variant that passes its gate, each judged under "
             "the main build's protocol; the others are shown and decide nothing.", "",
             "## Variants", "", "| variant | kind | choice | main build | variant | papers | decides |",
             "|---|---|---|---|---|---|---|"]
    for n in names:
        v = registry[n]
        decides = "yes" if _flag(t, n, "decides") else "waits for the other seeds" if _flag(t, n, "waiting") else "no"
        lines.append(f"| {n} | {v.kind} | {v.choice} | {v.main} | {v.setting} | {', '.join(v.papers)} | {decides} |")
    if omitted:
        lines += ["", "Left out:", ""] + [f"- {_md(x['choice'])}: {_md(x['why'])}" for x in omitted]
    lines += ["", "## Per paper", "",
              "| paper | results | stable across seeds (N of M decided in both) | moved by an unstated choice | "
              "made inconclusive on the scorecard |", "|---|---|---|---|---|"]
    for paper, g in own.groupby("paper", sort=False):
        decided = g.seed_stable.dropna()
        moved = (g.robust_reason == "unstated setup") & (g.robust_verdict != g.main.str.split().str[0])
        changed = g.robust_verdict != g.main.str.split().str[0]
        lines.append(f"| {paper} | {len(g)} | {int(decided.sum())} of {len(decided)} | {int(moved.sum())} | "
                     f"{int(changed.sum())} |")
    lines += ["", "## Claims whose verdict is not the same everywhere", "",
              "| figure | claim | main | " + " | ".join(names) + " | scorecard |",
              "|---|---|---|" + "---|" * len(names) + "---|"]
    for r in own.itertuples(index=False):
        d = r._asdict()
        verdicts = [d[n] for n in names]
        if all(v.split()[0] == d["main"].split()[0] or v == "absent" for v in verdicts):
            continue
        cells = [f"{d[n]} ({d[n + '_value']})" if d[n] != "absent" else "" for n in names]
        robust_cell = d["robust_verdict"] + (f" ({d['robust_reason']})" if d["robust_reason"] else "")
        lines.append(f"| {d['figure']} | {_md(d['claim'])} | {d['main']} ({_md(d['main_value'])}) | "
                     + " | ".join(_md(c) for c in cells) + f" | {robust_cell} |")
    return "\n".join(lines) + "\n"


def _md(x) -> str:
    return str(x).replace("|", "\\|").replace("\n", " ")


def seed_stability(scorecard: pd.DataFrame) -> pd.DataFrame:
    """Per paper, from :func:`apply`'s output: of the paper's results decided in the main build and in a seed
    variant, how many keep their verdict (the README's "stable across seeds, N of M")."""
    own = scorecard[~scorecard.kind.isin(["setup", "ours"])]
    g = own.groupby("paper", sort=False).seed_stable
    return pd.DataFrame({"seed_stable": g.apply(lambda s: int(sum(x is True for x in s))),
                         "seed_decided": g.apply(lambda s: int(sum(x in (True, False) for x in s)))}).reset_index()


def save(t: pd.DataFrame, registry: dict[str, Variant], csv_path, md_path, omitted: list[dict] | None = None) -> None:
    from statmech_bayes.core.atomic_io import atomic_path, save_csv

    save_csv(csv_path, t)
    with atomic_path(md_path) as tmp:
        tmp.write_text(to_markdown(t, registry, omitted))


def load(csv_path) -> pd.DataFrame | None:
    """A committed robustness table, or None when none was built."""
    p = Path(csv_path)
    if not p.exists():
        return None
    return pd.read_csv(p, dtype=str, keep_default_na=False)
