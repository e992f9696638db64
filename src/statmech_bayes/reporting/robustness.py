"""Robust verdicts (issue 37): every claim's verdict in the main build beside its verdict in each variant.

A *variant* is the same pipeline under a second master seed (kind ``seed``) or under another reasonable setting of
a choice the paper leaves open (kind ``choice``); see ``workflow/config/variants.yaml``. The flip rules:

* a verdict that differs between seeds is undecided by our data: on the scorecard it is ``inconclusive`` (noise),
  with the value under each seed (more samples may settle it later; until then the claim is not decided);
* a verdict that differs between the settings of one unstated choice is undecided by the paper: ``inconclusive``
  (unstated setup), naming the choice and the verdict under each setting, unless the paper's text fixes that choice
  for the claim's figure (``text_fixes`` in the variant's entry).

Only decided verdicts (pass, fail) can differ: a variant in which the claim is inconclusive, or absent, leaves the
main verdict as it is and is shown in the table. Set-up facts are left out of the flip rules (true by construction).
Claims are matched between builds by figure, the claim's text with its numbers masked (a location computed from the
data moves with the seed) and its order among claims of the same masked text.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

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

    def __post_init__(self):
        if self.kind not in ("seed", "choice"):
            raise ValueError(f"variant {self.name!r}: kind must be seed or choice, got {self.kind!r}")

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
                            figures={p: tuple(f) for p, f in figures.items()}, reuse=bool(v.get("reuse", False)))
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


def _value(c: dict | None) -> str:
    if c is None:
        return ""
    r = c.get("reproduced")
    return f"{r:.6g}" if isinstance(r, float) else str(r)


def _verdict(c: dict | None) -> str:
    if c is None:
        return "absent"
    return c["verdict"] + (f" ({c['reason']})" if c.get("reason") else "")


def table(main: list[dict], variants: dict[str, list[dict]], registry: dict[str, Variant]) -> pd.DataFrame:
    """One row per claim of the main build: its verdict and value there and in every built variant, and the
    robust verdict that the flip rules give (:func:`robust`)."""
    base = keyed(main)
    built = {name: keyed(cl) for name, cl in variants.items()}
    rows = []
    for key, c in base.items():
        row = {"paper": c["figure"].split("/")[0], "figure": c["figure"], "claim": c["claim"],
               "kind": c.get("kind", "value"), "main": _verdict(c), "main_value": _value(c)}
        for name, k in built.items():
            v = k.get(key)
            row[name] = _verdict(v)
            row[f"{name}_value"] = _value(v)
        row.update(robust(c, {n: k.get(key) for n, k in built.items()}, registry))
        rows.append(row)
    return pd.DataFrame(rows)


def robust(main: dict, others: dict[str, dict | None], registry: dict[str, Variant]) -> dict:
    """The flip rules for one claim: ``robust_verdict``, ``robust_reason`` and ``robust_note`` (empty when the
    main verdict stands), ``seed_stable`` (True, False, or None when no seed variant decided it)."""
    out = {"robust_verdict": main["verdict"], "robust_reason": main.get("reason", ""), "robust_note": "",
           "seed_stable": None}
    if main.get("kind") == "setup":
        return out
    v0 = main["verdict"]
    seeds = {n: c for n, c in others.items() if n in registry and registry[n].kind == "seed" and c is not None}
    decided_seeds = {n: c for n, c in seeds.items() if c["verdict"] in DECIDED}
    if v0 in DECIDED and decided_seeds:
        out["seed_stable"] = all(c["verdict"] == v0 for c in decided_seeds.values())
    fig = main["figure"].split("/")[-1]
    by_choice = defaultdict(dict)
    for n, c in others.items():
        var = registry.get(n)
        if var is None or var.kind != "choice" or c is None or fig in var.text_fixes:
            continue
        by_choice[var.choice][var.setting] = c
    if v0 not in DECIDED:
        return out
    if out["seed_stable"] is False:
        values = "; ".join([f"main seed: {_value(main)} ({v0})"]
                           + [f"{registry[n].setting if registry[n].setting else n}: {_value(c)} ({c['verdict']})"
                              for n, c in decided_seeds.items()])
        out.update(robust_verdict="inconclusive", robust_reason="noise",
                   robust_note=f"the verdict differs between master seeds ({values}): undecided by our data")
        return out
    for choice, settings in by_choice.items():
        flips = {s: c for s, c in settings.items() if c["verdict"] in DECIDED and c["verdict"] != v0}
        if flips:
            main_setting = next(registry[n].main for n in others if n in registry and registry[n].choice == choice)
            values = "; ".join([f"{main_setting}: {_value(main)} ({v0})"]
                               + [f"{s}: {_value(c)} ({c['verdict']})" for s, c in settings.items()])
            out.update(robust_verdict="inconclusive", robust_reason="unstated setup",
                       robust_note=f"the verdict turns on a choice the paper leaves open, {choice} ({values})")
            return out
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
    return {"verdict": verdict, "reason": reason.rstrip(")"), "reproduced": value}


def apply(scorecard: pd.DataFrame, robustness: pd.DataFrame | None, registry: dict[str, Variant]) -> pd.DataFrame:
    """The scorecard with the flip rules applied to its current verdicts and the variants' verdicts of the
    robustness table: a claim whose verdict moves between seeds or between the settings of an unstated choice
    becomes inconclusive for that reason. The main build's verdict stays in ``build_verdict``; a failure's
    finding moves to the note (a finding explains a decided failure only). ``seed_stable``: whether the decided
    verdict holds under every seed variant that decided it (empty when none did)."""
    out = scorecard.copy()
    out["build_verdict"] = out["verdict"]
    out["seed_stable"] = None
    if robustness is None or robustness.empty:
        return out
    names = [n for n in registry if n in robustness.columns]
    rows = keyed([{"figure": f, "claim": c, "row": r} for f, c, r in
                  zip(robustness.figure, robustness.claim, robustness.to_dict("records"))])
    current = keyed([{"figure": f, "claim": c} for f, c in zip(out.figure, out.claim)])
    for i, key in enumerate(current):
        hit = rows.get(key)
        if hit is None:
            continue
        main = {"figure": out.at[i, "figure"], "kind": out.at[i, "kind"], "verdict": out.at[i, "verdict"],
                "reason": out.at[i, "reason"], "reproduced": out.at[i, "reproduced"]}
        x = robust(main, {n: _from_row(hit["row"], n) for n in names}, registry)
        out.at[i, "seed_stable"] = x["seed_stable"]
        if x["robust_verdict"] == main["verdict"]:
            continue
        note = str(out.at[i, "note"] or "")
        finding = str(out.at[i, "finding"] or "")
        extra = [x["robust_note"]] + ([f"finding in the main build (not decided across variants): {finding}"]
                                      if finding else [])
        out.at[i, "verdict"] = x["robust_verdict"]
        out.at[i, "reason"] = x["robust_reason"]
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
             "`python -m statmech_bayes.pipeline.variants table`.", "",
             "## Variants", "", "| variant | kind | choice | main build | variant | papers |", "|---|---|---|---|---|---|"]
    for n in names:
        v = registry[n]
        lines.append(f"| {n} | {v.kind} | {v.choice} | {v.main} | {v.setting} | {', '.join(v.papers)} |")
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
