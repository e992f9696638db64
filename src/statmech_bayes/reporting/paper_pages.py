"""One page per paper for a reader who knows the field, generated from ``figures/scorecard.csv``.

``docs/papers/<paper>.md`` says in two or three sentences what holds, what fails and why, and what cannot be
decided, then gives one table per figure with a row per claim of the paper: its words (short), our number and
the bar at 3 significant figures, the verdict and a note of at most :data:`NOTE_LIMIT` characters. Set-up facts
and our own checks follow, each in a short section of its own. ``docs/papers/<paper>-details.md`` holds every
field of every claim in full, one anchored section per claim, and every short row links to its section.

What a reader reads on the short page carries no codes for reasons: commit hashes, issue and rule numbers,
configuration keys, test names (:func:`plain`); the details page keeps the text as the scorecard has it.

    python -m statmech_bayes.reporting.paper_pages [--scorecard figures/scorecard.csv] [--out docs/papers]

:func:`summary_rows` gives the README's short summary: per paper, results; reproduced (control-checked), weak and
unchecked passes and those proven before the paper; failed (findings among them); undecided; the negative
controls; and a link to the paper's page.
"""

from __future__ import annotations

import argparse
import ast
import math
import os
import re
import sys
import tempfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from statmech_bayes.reporting import controls, scorecard
from statmech_bayes.reporting.mechanisms import UNPROVEN

REPO = Path(__file__).resolve().parents[3]
FIGURES_PACKAGE = Path(__file__).resolve().parents[1] / "figures"
NOTE_LIMIT = 300
OWN_KINDS = ("value", "relation", "wording")
REASONS = ("noise", "wording", "unconverged", "unstated setup")  # why a claim is undecided (docs/protocol.md)
NEUTRAL = "see the details"

# --------------------------------------------------------------------------------------------------------------
# Numbers at 3 significant figures
# --------------------------------------------------------------------------------------------------------------

# A number as written in running text: not part of a word (x30, k0, fig8) or of a longer dotted token (1.0.2).
NUMBER = re.compile(r"(?<![\w.])[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?(?![\w.]|\.\d)")


def _significant(token: str) -> int:
    """Significant digits of a number as written (trailing zeros of an integer not counted)."""
    mant = re.split(r"[eE]", token.lstrip("+-"))[0]
    digits = mant.replace(".", "").lstrip("0")
    if "." not in mant:
        digits = digits.rstrip("0")
    return max(len(digits), 1)


def sig3(x: float, digits: int = 3) -> str:
    """``x`` to ``digits`` significant figures: plain from 0.0001 to 10^5, else as 5.73e-14; an integer value with
    no more digits than that is written as an integer."""
    if math.isnan(x) or math.isinf(x):
        return str(x)
    if x == 0:
        return "0"
    if float(x).is_integer() and abs(x) < 10 ** digits:
        return str(int(x))
    exp = math.floor(math.log10(abs(x)))
    r = round(x, digits - 1 - exp)
    if r != 0 and math.floor(math.log10(abs(r))) != exp:  # 9.996 -> 10.0
        exp += 1
    if 1e-4 <= abs(r) < 1e5:
        decimals = max(digits - 1 - exp, 0)
        return f"{r:.{decimals}f}"
    mant, e = f"{r:.{digits - 1}e}".split("e")
    return f"{mant}e{int(e)}"


def _round_token(m: re.Match) -> str:
    tok = m.group(0)
    if re.fullmatch(r"[-+]?\d+", tok):  # an integer as written: a count, a size, a label
        return tok
    if re.fullmatch(r"[-+]?\d+\.0+", tok):  # a float that is an integer (the CSV writes 500 as 500.0)
        return tok.split(".")[0]
    n = min(3, _significant(tok))
    out = sig3(float(tok), n)
    return ("+" + out) if tok.startswith("+") else out


def numbers3(text: str) -> str:
    """Every number of ``text`` with a decimal point or an exponent at (at most) 3 significant figures;
    integers as written."""
    return NUMBER.sub(_round_token, text)


def bar(tolerance: str) -> str:
    """The tolerance as a reader's bar: ``|reproduced - a| <= atol=b`` as ``a ± b``, ``rtol`` as a percentage,
    one-sided ranges as >= or <=, numbers at 3 significant figures."""
    t = str(tolerance)

    def absolute(m):
        return f"{m.group(1)} ± {m.group(2)}"

    def relative(m):
        return f"{m.group(1)} ± {numbers3(format(100 * float(m.group(2)), '.12g'))} %"

    num = r"([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)"
    t = re.sub(r"\|reproduced - " + num + r"\| <= atol=" + num, absolute, t)
    t = re.sub(r"\|reproduced - " + num + r"\| <= rtol=" + num, relative, t)
    t = re.sub(r"\[-inf, inf\]", "any value", t)
    t = re.sub(r"\[-inf, " + num + r"\]", r"≤ \1", t)
    t = re.sub(r"\[" + num + r", inf\]", r"≥ \1", t)
    return symbols(numbers3(t))


def symbols(text: str) -> str:
    """+-, <=, >= as the signs; a figure's file name (fig8_convergence) as its label."""
    text = re.sub(r"\bfig(\d+)_([a-z]+)\b", r"Fig \1 (\2)", text)
    return text.replace("+-", "±").replace("<=", "≤").replace(">=", "≥")


# --------------------------------------------------------------------------------------------------------------
# No codes for reasons
# --------------------------------------------------------------------------------------------------------------

_HASH = r"(?<![\w.])(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)(?![\d.]*e[-+]?\d+\b)[0-9a-f]{7,40}(?!\w)"
_COMMIT = r"\bcommit\s+[0-9a-f]{7,40}\b"
_ISSUE = r"\bissues?\s+#?\d+(?:\s*(?:/|,|and|or|-)\s*#?\d+)*"
_RULE = r"\brules?\s+\d+(?![\d.])(?:\s*(?:/|,|and|or|-|to)\s*\d+(?![\d.]))*"
_SPEC = r"\bspec\s+[A-Z]?\d+\b"
_TICKED = r"`[^`]*`"
_TEST = r"(?:\S*/)?test_\w+\.py(?:::\w+)?|\btest_\w+"
_PATH = r"(?<![\w/])(?:src|tests|workflow|figures)/\S+"
_CONSTANT = r"\b(?=[A-Z0-9_]{7,}\b)[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b"  # CONSULT_HISTORY, not D_TWO
# A dotted configuration path (kjit.exp1.extra_draws): a paper section, then lower-case keys.
_DOTTED = r"\b[a-z]+(?:_[a-z]+)*\.[a-z0-9_]+(?:\.[a-z0-9_]+)*_[a-z0-9_]+\b|\b[a-z]+_[a-z]+\.[a-z0-9_.]+\b"


def _config_keys() -> set[str]:
    """The configuration's snake-case keys (lower case, with an underscore) and the protocol's thresholds: the
    names a note may leak from the code. Read from the repository when it is there, else none. A key whose first
    part is one letter (n_max, x_range) reads as a symbol with a subscript, as notes use it, and is left out."""
    keys: set[str] = set()
    cfg = REPO / "workflow" / "config" / "full.yaml"
    if cfg.exists():
        keys |= set(re.findall(r"^\s*([a-z][a-z0-9]+(?:_[a-z0-9]+)+)\s*:", cfg.read_text(), flags=re.M))
    keys |= set(protocol_values())
    return keys


def protocol_values(path: str | os.PathLike | None = None) -> dict[str, str]:
    """The protocol's registered thresholds (``figures/protocol.csv``): name -> value as a reader writes it."""
    path = Path(path) if path else REPO / "figures" / "protocol.csv"
    if not path.exists():
        return {}
    t = pd.read_csv(path, dtype=str, keep_default_na=False)
    return {r.name: numbers3(r.value) for r in t.itertuples()}


@dataclass(frozen=True)
class Codes:
    """What counts as a code in a reader's text: the fixed patterns and the configuration's key names;
    ``values``: names replaced by their value (a registered threshold reads as its number)."""

    keys: frozenset[str] = frozenset()
    values: Mapping[str, str] | None = None
    rule_prefixes: frozenset[str] = frozenset()  # a workflow rule's name: <prefix>_<words> (uk_colon_precision_chunk)

    @classmethod
    def from_repo(cls, protocol_csv=None) -> Codes:
        values = protocol_values(protocol_csv)
        prefixes = {d.get("PREFIX") for d in map(_package_names, _paper_keys())} - {None}
        return cls(frozenset(_config_keys() | set(values)), values, frozenset(prefixes))

    def pattern(self) -> re.Pattern:
        parts = [_TICKED, _COMMIT, _HASH, _ISSUE, _RULE, _SPEC, _TEST, _PATH, _CONSTANT, _DOTTED]
        if self.keys:
            parts.append(r"\b(?:" + "|".join(sorted(map(re.escape, self.keys), key=len, reverse=True)) + r")\b")
        if self.rule_prefixes:
            parts.append(r"\b(?:" + "|".join(sorted(map(re.escape, self.rule_prefixes))) + r")_[a-z0-9]+(?:_[a-z0-9]+)*\b")
        return re.compile("|".join(f"(?:{p})" for p in parts))


def codes_in(text: str, codes: Codes = Codes()) -> list[str]:
    """The codes ``text`` shows a reader."""
    return [m.group(0) for m in codes.pattern().finditer(str(text))]


def _groups(text: str) -> list[tuple[int, int]]:
    """(start, end) of every balanced ``(...)`` of ``text``, the shortest first."""
    stack, out = [], []
    for i, ch in enumerate(text):
        if ch == "(":
            stack.append(i)
        elif ch == ")" and stack:
            out.append((stack.pop(), i + 1))
    return sorted(out, key=lambda g: g[1] - g[0])


_EDGE_BEFORE = re.compile(r"(^|[,;:]\s*)$")
_EDGE_AFTER = re.compile(r"^\s*($|[,;:])")


def _aside(inner: str, pat: re.Pattern) -> str:
    """A bracketed aside's text without its codes: kept when every code stands as a clause of its own (between
    commas, semicolons or colons) and words remain, else ""."""
    for m in pat.finditer(inner):
        if not (_EDGE_BEFORE.search(inner[:m.start()]) and _EDGE_AFTER.match(inner[m.end():])):
            return ""
    rest = pat.sub("", inner)
    rest = re.sub(r"\s*[,;:]\s*(?=[,;:]|$)", "", rest)
    rest = re.sub(r"^[\s,;:]+", "", rest).strip()
    return rest if re.search(r"[A-Za-z]{3,}", rest) else ""


def plain(text: str, codes: Codes = Codes(), neutral: str = NEUTRAL) -> str:
    """``text`` without codes for reasons. A registered threshold's name reads as its value; a bracketed aside
    that names a code is dropped, and so are "in <commit>" and a "rule N:" label; where a code is left, the text
    keeps the part before the clause that names it (closed by " …"), or is ``neutral`` when nothing is before it."""
    t = " ".join(str(text).split())
    for name, value in (codes.values or {}).items():
        t = re.sub(rf"`?\b{re.escape(name)}\b`?'s\b", f"the {value}", t)  # "at z_table's level"
        t = re.sub(rf"`?\b{re.escape(name)}\b`?", value, t)
    pat = codes.pattern()
    # Bracketed asides naming a code: "(issue 36 rule 3)" and "(f00631d)" go, "(missing 1/V, spec A4)" keeps
    # "(missing 1/V)".
    changed = True
    while changed:
        changed = False
        for j, k in _groups(t):
            if pat.search(t[j + 1:k - 1]):
                rest = _aside(t[j + 1:k - 1], pat)
                t = t[:j] + f"({rest})" + t[k:] if rest else t[:j].rstrip() + t[k:]
                changed = True
                break
    t = re.sub(rf"\s*\b(?:in|at|since|by|from|with)?\s*(?:{_COMMIT}|{_HASH})", "", t)
    t = re.sub(rf"(^|[:;,.]\s*){_RULE}\s*:\s*", r"\1", t)
    t = re.sub(r"\s+([,;:.])", r"\1", t).strip()
    t = re.sub(r"([:;,])(?=[:;,])", "", t)
    m = pat.search(t)
    if m:
        cuts = [b for b in boundaries(t[:m.start()], strong_only=False)]
        before = t[:max(cuts)].rstrip(" ,;:-") if cuts else ""
        return before + " …" if len(before) >= 12 else neutral
    return t


# --------------------------------------------------------------------------------------------------------------
# Cutting at a sentence or clause boundary
# --------------------------------------------------------------------------------------------------------------

_ABBREVIATIONS = {"fig", "figs", "eq", "eqs", "e.g", "i.e", "al", "exp", "app", "sec", "vs", "cf", "approx", "resp",
                  "no", "ref", "refs", "ch", "tab", "eqn"}


def boundaries(text: str, strong_only: bool = True) -> list[int]:
    """Positions after which ``text`` may be cut, outside brackets: after a sentence or a "; " (strong), and with
    ``strong_only`` False also after ", " and ": " and before " (" (clauses)."""
    out, depth = [], 0
    for i, ch in enumerate(text):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth = max(depth - 1, 0)
        if depth or i + 1 >= len(text) or text[i + 1] != " ":
            continue
        if ch in ";?!":
            out.append(i + 1 if ch != ";" else i)
        elif ch == ".":
            word = re.search(r"([\w.]+)$", text[:i])
            if not (word and word.group(1).lower() in _ABBREVIATIONS) and not (word and len(word.group(1)) == 1):
                out.append(i + 1)
        elif not strong_only and ch in ",:":
            out.append(i)
    return out


def _spaces_outside_brackets(text: str) -> list[int]:
    out, depth = [], 0
    for i, ch in enumerate(text):
        depth += ch in "([{"
        depth -= ch in ")]}" and depth > 0
        if ch == " " and depth == 0:
            out.append(i)
    return out


def cut(text: str, limit: int = NOTE_LIMIT) -> str:
    """``text`` in at most ``limit`` characters: whole when it fits, else cut at the last sentence or "; "
    boundary, or failing one past half the limit at a clause boundary, or at a word, and closed by " …"."""
    t = " ".join(str(text).split())
    if len(t) <= limit:
        return t
    budget = limit - 2
    strong = [b for b in boundaries(t) if b <= budget]
    weak = [b for b in boundaries(t, strong_only=False) if b <= budget]
    words = _spaces_outside_brackets(t[:budget + 1])
    for cands in (strong, weak, words):
        if cands and max(cands) >= budget // 2:
            end = max(cands)
            break
    else:
        end = max(strong + weak + words, default=budget)
    return t[:end].rstrip(" ,;:.-(") + " …"


# --------------------------------------------------------------------------------------------------------------
# The scorecard's rows
# --------------------------------------------------------------------------------------------------------------

def load(path) -> pd.DataFrame:
    """The scorecard as text (empty fields as ""), the columns a later scorecard adds present (empty) when absent,
    and a column ``has_proofs`` saying whether it records which reading decides a revised claim."""
    t = pd.read_csv(path, dtype=str, keep_default_na=False)
    return prepare(t)


def prepare(t: pd.DataFrame) -> pd.DataFrame:
    if "has_proofs" in t.columns:  # prepared already
        return t
    t = t.fillna("").astype(str).copy()
    t["has_proofs"] = "revision_proof" in t.columns
    for c in ("revised_verdict", "revision_proof", "decided_on", "build_verdict", "seed_stable", "finding", "known",
              "remedy", "registered_tolerance", "registered_reproduced", "registered_verdict", "revision_commit",
              "revision_reason", "note", "reason", "finding_test", "control", "weak_controls", "caveats"):
        if c not in t.columns:
            t[c] = ""
    return t


def load_caveats(figures_dir) -> pd.DataFrame | None:
    """The caveats' texts the scorecard rule wrote beside the scorecard (``caveats.csv``), or None before it did."""
    path = Path(figures_dir) / "caveats.csv"
    return pd.read_csv(path, dtype=str, keep_default_na=False) if path.exists() else None


def figure_label(figure: str) -> str:
    """``kjit/fig8_convergence`` -> ``Fig 8 (convergence)``; ``uda_kabashima/table1`` -> ``Table 1``."""
    name = figure.split("/")[-1]
    m = re.fullmatch(r"(fig|table|app)(\w+?)(?:_(.+))?", name)
    if not m:
        return name.replace("_", " ")
    kind = {"fig": "Fig", "table": "Table", "app": "App."}[m.group(1)]
    label = f"{kind} {m.group(2).upper() if m.group(1) == 'app' else m.group(2)}"
    return label + (f" ({m.group(3).replace('_', ' ')})" if m.group(3) else "")


def anchor(figure: str, index: int) -> str:
    """The details page's anchor of the ``index``-th claim (from 1) of ``figure``."""
    return re.sub(r"[^a-z0-9]+", "-", figure.split("/")[-1].lower()).strip("-") + f"-{index}"


def with_anchors(t: pd.DataFrame) -> pd.DataFrame:
    t = t.copy()
    t["anchor"] = [anchor(f, i + 1) for f, i in zip(t.figure, t.groupby("figure", sort=False).cumcount())]
    return t


def revision(r) -> str:
    """Which reading decides a revised claim: ``registered``, ``revised`` (a test proves the registered one
    defective), or ``unrecorded`` (a scorecard without the proof column); "" when the claim was not revised."""
    if not r.registered_tolerance:
        return ""
    if r.revision_proof:
        return "revised"
    return "registered" if r.has_proofs else "unrecorded"


def deciding(r) -> tuple[str, str]:
    """(our number, its tolerance) of the reading that decides the verdict."""
    if revision(r) == "registered":
        return r.registered_reproduced, r.registered_tolerance
    return r.reproduced, r.tolerance


def verdict_text(r) -> str:
    """The verdict as a reader reads it: a finding marked, an undecided claim with its reason, a revised claim
    with the reading that decided."""
    if r.verdict == "pass":
        v = "pass" + (" (known before the paper)" if r.known else "")
        if r.control == "weak":
            v += f", weak (a wrong answer passes too: {r.weak_controls.replace('_', ' ')})"
        elif r.control == "control-checked":
            v += ", control-checked"
    elif r.verdict == "fail":
        v = "**fail: the paper's error**" if r.finding else "**fail**"
    else:
        v = f"*undecided ({r.reason})*" if r.reason else "*undecided*"
    which = revision(r)
    if which == "registered":
        v += f"; registered reading decides (later reading: {undecided(r.revised_verdict) or 'not recorded'})"
    elif which == "revised":
        v += f"; revised reading decides, proven by a test (registered reading: {undecided(r.registered_verdict)})"
    elif which == "unrecorded":
        v += f" (revised; registered reading: {undecided(r.registered_verdict)})"
    return v


def undecided(text: str) -> str:
    """The scorecard's verdict word ``inconclusive`` as the glossary's ``undecided``."""
    return re.sub(r"\binconclusive\b", "undecided", str(text))




def note_parts(r) -> list[str]:
    """The note's texts in the order a reader needs them: the paper's error, a proposed explanation, the proof
    before the paper, the note, what would decide an undecided claim."""
    note, unproven = r.note, ""
    m = UNPROVEN.search(note)
    if m:
        note, unproven = note[:m.start()], note[m.end():]
    # A revision's history (copied into the note by earlier scorecards) is shown in the verdict and the details.
    note = "; ".join(s for s in _split_top(note) if not re.match(r"(registered reading:|revised in\b)", s.strip()))
    return [f"The paper's error: {r.finding}" if r.finding else "",
            f"Proposed explanation, not proven: {unproven}" if unproven else "",
            f"Proven before the paper: {r.known}" if r.known else "",
            note,
            f"Would decide it: {r.remedy}" if r.remedy and r.verdict == "inconclusive" else ""]


def _split_top(text: str) -> list[str]:
    """``text`` split at "; " outside brackets."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += ch in "([{"
        depth -= ch in ")]}" and depth > 0
        if ch == ";" and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


def short_note(r, codes: Codes = Codes(), limit: int = NOTE_LIMIT) -> str:
    """The row's note: at most ``limit`` characters, cut at a sentence or clause boundary, no codes, numbers at
    3 significant figures."""
    parts = [p for p in (plain(x, codes, neutral="") for x in note_parts(r) if x) if p]
    text = ""
    for p in parts:
        if text.endswith(" …"):
            break
        text = (f"{text} {p}" if text.endswith(".") else f"{text}; {p}") if text else p
    text = cut(symbols(numbers3(text)), limit)
    return text


# --------------------------------------------------------------------------------------------------------------
# Counts
# --------------------------------------------------------------------------------------------------------------

def tally(t: pd.DataFrame, with_controls: Iterable[str] | None = None) -> pd.DataFrame:
    """Per paper (first-appearance order), over its own results (kinds value, relation, wording), from the
    scorecard's own counts (:func:`.scorecard.counts`, :func:`.controls.counts`): ``results``; ``passed`` (every
    pass) and its parts ``control_checked`` (reproduced: every wrong answer that bears on it fails), ``weak`` (a
    wrong answer passes too), ``unchecked`` and ``known`` (proven before the paper); ``failed`` (``findings``
    among them: the paper's own errors); ``undecided`` and per reason; the set-up facts and our own checks apart;
    ``controlled``: whether the paper declares negative controls (it is in ``with_controls``, the papers of the
    controls ledger; without it, whether a control decided any of its passes)."""
    t = prepare(t)
    own = t[t.kind.isin(OWN_KINDS)]
    papers = list(dict.fromkeys(t.paper))
    c = scorecard.counts(t, papers).set_index("paper")
    ctl = controls.counts(own, papers).set_index("paper")
    out = pd.DataFrame(index=c.index)
    out["results"] = c.claims
    out["passed"] = c.passed + c.known
    out["control_checked"], out["weak"] = ctl.control_checked, ctl.weak
    out["unchecked"] = c.passed - ctl.control_checked - ctl.weak  # no control bears, or none decides
    out["known"] = c.known
    out["failed"] = c.findings + c.settled + c.unexplained
    out["findings"] = c.findings
    out["undecided"] = sum(c[col] for col in scorecard.REASON_COLUMNS.values())
    out["setup"], out["ours"] = c.setup, c.ours
    decided = set(own.paper[own.control.isin([controls.CHECKED, controls.WEAK])])
    out["controlled"] = [p in (decided if with_controls is None else set(with_controls)) for p in out.index]
    for reason, col in scorecard.REASON_COLUMNS.items():
        out[f"undecided_{reason.replace(' ', '_')}"] = c[col]
    return out.reset_index()


# Five numbers a reader needs first; the split of the other passes (weak, unchecked, proven before the paper) is on
# each paper's page and in the scorecard. The column of other passes stays so that the row adds up to its results.
SUMMARY_HEADER = ["| paper | results | reproduced (control-checked) | other passes | "
                  "failed (the paper's own errors among them) | undecided | negative controls |",
                  "|---|---|---|---|---|---|---|"]


def summary_rows(t: pd.DataFrame, titles: Mapping[str, str] | None = None, pages: str = "docs/papers",
                 declared: Mapping[str, int] | None = None, ledger: str = "figures/controls.csv") -> list[str]:
    """The README's short summary, a row per paper, its name a link to its page (``pages``: the pages' folder as
    the README sees it). A result is *reproduced* only when it passes and every negative control that bears on it
    fails (control-checked); the other passes (weak: a wrong answer passes too; unchecked; proven before the paper)
    share one column, so that a row adds up to its results; their split is on the paper's page. ``declared``:
    paper -> number of its negative controls, linked to their ``ledger`` (as the README sees it). ``titles``: key ->
    title (default: the key)."""
    titles, declared = dict(titles or {}), dict(declared or {})
    lines = list(SUMMARY_HEADER)
    for r in tally(t, declared if declared else None).itertuples():
        n = declared.get(r.paper, 0)
        lines.append(f"| [{titles.get(r.paper, r.paper)}]({pages}/{r.paper}.md) | {r.results} | {r.control_checked} | "
                     f"{r.weak + r.unchecked + r.known} | {r.failed} ({r.findings}) | {r.undecided} | "
                     + (f"[{n}]({ledger})" if n else "none") + " |")
    return lines


# --------------------------------------------------------------------------------------------------------------
# The pages
# --------------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Links:
    """Where the pages link to, relative to the pages' folder."""

    glossary: str = "../protocol.md#terms"
    scorecard: str = "../../figures/scorecard.md"


def _md(text: str) -> str:
    """``text`` on one line, safe in Markdown: a "<" that would open an HTML tag (<p w_o^2>) written as &lt;."""
    return re.sub(r"<(?=[A-Za-z/!?])", "&lt;", " ".join(str(text).split()))


def _cell(text: str) -> str:
    return _md(text).replace("|", "\\|")


def _count(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def figure_list(figures: Iterable[str]) -> str:
    """``Figs 5, 6 and 8``, ``Table 1 and Fig 5``: the figures' labels in order, once each."""
    labels = list(dict.fromkeys(figure_label(f) for f in figures))
    groups: dict[str, list[str]] = {}
    for label in labels:
        kind, _, rest = label.partition(" ")
        groups.setdefault(kind, []).append(rest)
    parts = []
    for kind, rest in groups.items():
        plural = {"Fig": "Figs", "Table": "Tables"}.get(kind, kind) if len(rest) > 1 else kind
        parts.append(f"{plural} {_and(rest)}" if rest[0] else kind)
    return _and(parts)


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def first_clause(text: str, limit: int = 110) -> str:
    """The first sentence or clause of ``text`` (up to its first ";", ":" or sentence end outside brackets), in at
    most ``limit`` characters."""
    t = " ".join(str(text).split())
    ends = [b for b in boundaries(t) if b > 0]
    depth, colon = 0, None
    for i, ch in enumerate(t):
        depth += ch in "([{"
        depth -= ch in ")]}" and depth > 0
        if ch == ":" and depth == 0 and t[i + 1:i + 2] == " ":
            colon = i
            break
    stops = [e for e in ends + ([colon] if colon else []) if e >= 15]
    return cut(t[:min(stops)] if stops else t, limit).rstrip(" .;:")


_REASON_SHORT = {"noise": "on noise, which more samples would resolve",
                 "wording": "on the wording, where readings of the paper's words disagree",
                 "unconverged": "on MCMC chains that have not converged",
                 "unstated setup": "on a set-up the paper leaves unstated"}
_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine"}


def _n(k: int) -> str:
    return _WORDS.get(k, str(k))


def verdict_paragraph(t: pd.DataFrame, paper: str, codes: Codes = Codes(),
                      with_controls: Iterable[str] | None = None) -> str:
    """Two or three sentences: how many results reproduce, which fail with their one-line reason (a finding's
    first clause; failures without a proven explanation by name, or by figure when there are many), which cannot
    be decided and why; a clause on our own checks when some fail."""
    t = prepare(t)
    g = t[(t.paper == paper) & t.kind.isin(OWN_KINDS)]
    if not len(g):
        return "The paper makes no claim about its figures that we judge."
    c = tally(g, with_controls).iloc[0]
    passes = f"{c.passed} {'passes' if c.passed == 1 else 'pass'}"
    if c.controlled:
        parts = [f"{c.control_checked} {'is' if c.control_checked == 1 else 'are'} reproduced: every wrong answer fed "
                 "to the same check (a negative control) that bears on it fails",
                 f"{c.weak} weak: a wrong answer passes too"] + [f"{c.unchecked} unchecked: no control decides"] * \
            bool(c.unchecked)
    else:
        parts = [f"{c.unchecked} unchecked: the paper has no negative controls"] * bool(c.unchecked)
    parts += [f"{c.known} proven before the paper, which test{'s' if c.known == 1 else ''} our code, not the paper"] * \
        bool(c.known)
    out = [f"Of its {_count(c.results, 'result')}, {passes}" + (f" ({'; '.join(parts)})" if parts else "") + "."]
    fails = g[g.verdict == "fail"]
    if len(fails):
        cause = fails["mechanism"] if "mechanism" in fails else pd.Series("", index=fails.index)
        found = fails[fails.finding != ""]
        settled = fails[(fails.finding == "") & (cause != "")]
        unexplained = fails[(fails.finding == "") & (cause == "")]
        parts = []
        if len(found):
            # one item per reason: the same finding on several claims (panels, figures) is said once
            reasons: dict[tuple[str, str], list[str]] = {}
            for r in found.itertuples():
                why = first_clause(plain(r.finding, codes))
                what = f", {cut(plain(r.claim, codes), 60)}" if len(why) < 30 else ""
                reasons.setdefault((what, why), []).append(r.figure)
            items = [f"{figure_list(figs)}{what}" + (f" ({_n(len(figs))} claims)" if len(figs) > 1 else "") + f": {why}"
                     for (what, why), figs in reasons.items()]
            parts.append(f"{_n(len(found))} {'is an error' if len(found) == 1 else 'are errors'} of the paper, "
                         f"each shown by an independent test ({'; '.join(items)})")
        if len(settled):
            items = "; ".join(f"{figure_label(r.figure)}, {cut(plain(r.claim, codes), 70)}: {r.mechanism}"
                              for r in settled.itertuples())
            parts.append(f"{_n(len(settled))} {'has' if len(settled) == 1 else 'have'} a cause a test settles that is "
                         f"not the paper's error ({items})")
        if len(unexplained):
            if len(unexplained) <= 3:
                names = "; ".join(f"{figure_label(r.figure)}, {cut(plain(r.claim, codes), 70)}"
                                  for r in unexplained.itertuples())
            else:
                names = ", ".join(f"{_n(len(h))} in {figure_label(f)}" for f, h in unexplained.groupby("figure",
                                                                                                      sort=False))
            parts.append(f"{_n(len(unexplained))} {'has' if len(unexplained) == 1 else 'have'} no proven "
                         f"explanation ({names})")
        out.append(f"{c.failed} {'fails' if c.failed == 1 else 'fail'}: " + ", and ".join(parts) + ".")
    else:
        out.append("None fails.")
    und = g[g.verdict == "inconclusive"]
    if len(und):
        groups = list(und.groupby("reason", sort=False))
        parts = [(f"{_n(len(h))} " if len(groups) > 1 else "")
                 + f"{_REASON_SHORT.get(reason, 'for no stated reason')} ({figure_list(h.figure)})"
                 for reason, h in groups]
        out.append(f"{c.undecided} cannot be decided" + (": " if len(groups) > 1 else ", ") + "; ".join(parts) + ".")
    else:
        out.append("Every result is decided.")
    ours = t[(t.paper == paper) & (t.kind == "ours")]
    bad = ours[ours.verdict == "fail"]
    if len(bad):
        out.append(f"Of our own checks, which are not counted, {len(bad)} of {len(ours)} "
                   f"{'fails' if len(bad) == 1 else 'fail'} "
                   f"({figure_list(bad.figure)}).")
    return _md(symbols(numbers3(" ".join(out))))


def split_readings(text: str) -> list[tuple[str, str]] | None:
    """``reading: x; reading: y`` as [(reading, x), (reading, y)] (split at "; " and the last ": " outside
    brackets); None unless every part has a reading."""
    out = []
    for part in _split_top(str(text)):
        depth, colon = 0, -1
        for i, ch in enumerate(part):
            depth += ch in "([{"
            depth -= ch in ")]}" and depth > 0
            if ch == ":" and depth == 0 and part[i + 1:i + 2] == " ":
                colon = i
        if colon < 0:
            return None
        out.append((part[:colon].strip(), part[colon + 1:].strip()))
    return out or None


def bar_cell(value: str, tolerance: str) -> str:
    """The bar; for a claim of several readings whose number names each reading, the bars without the names
    (given once when every reading has the same bar)."""
    v, b = split_readings(value), split_readings(tolerance)
    if v and b and len(v) == len(b) > 1 and [x for x, _ in v] == [x for x, _ in b]:
        bars = [bar(x) for _, x in b]
        if len(set(bars)) == 1:
            return f"{bars[0]} (each reading)"
        return "; ".join(bars) + " (in the readings' order)"
    return bar(tolerance)


def caveat_anchor(cid: str) -> str:
    return f"caveat-{cid.replace('_', '-')}"


def caveat_links(ids: str) -> str:
    """``improper_prior one_data_draw`` -> links to the page's caveats section, one per id."""
    return ", ".join(f"[{cid.replace('_', ' ')}](#{caveat_anchor(cid)})" for cid in str(ids).split())


def caveats_section(caveats: pd.DataFrame | None, paper: str, used: Iterable[str], codes: Codes = Codes()) -> list[str]:
    """The texts of the caveats the page's claims name (``used``), each once, anchored for the notes' links."""
    used = list(dict.fromkeys(i for ids in used for i in str(ids).split()))
    if not used:
        return []
    if caveats is None:
        raise ValueError(f"{paper}: claims name caveats {used} but no caveat texts were given")
    texts = {r.id: r.text for r in caveats[caveats.paper == paper].itertuples()}
    missing = [i for i in used if i not in texts]
    if missing:
        raise ValueError(f"{paper}: no text for the caveat(s) {missing}")
    lines = ["## Caveats", "", "Qualifications several claims share; the notes above link here.", ""]
    for cid in used:
        lines += [f'<a id="{caveat_anchor(cid)}"></a>**{cid.replace("_", " ")}**: {_md(plain(texts[cid], codes))}', ""]
    return lines


def _table(rows: pd.DataFrame, details: str, codes: Codes, own: bool = True) -> list[str]:
    head = ("| we measure | the paper says | ours | bar | verdict | note |" if own
            else "| we measure | ours | bar | verdict | note |")
    lines = [head, "|---" * head.count(" | ") + "|---|"]
    for r in rows.itertuples():
        value, tol = deciding(r)
        note = short_note(r, codes)
        link = f"[details]({details}#{r.anchor})"
        if r.caveats:
            link = f"caveats: {caveat_links(r.caveats)}; {link}"
        cells = [_cell(symbols(cut(plain(r.claim, codes), 140)))]
        if own:
            cells.append(_cell(cut(plain(r.paper_statement, codes), 160)))
        cells += [_cell(undecided(symbols(numbers3(plain(value, codes))))), _cell(bar_cell(plain(value, codes), plain(tol, codes))),
                  _cell(verdict_text(r)), _cell(f"{note} {link}" if note else link)]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def controls_section(declared: pd.DataFrame, paper: str, codes: Codes = Codes()) -> list[str]:
    """The paper's negative controls (rows of ``figures/controls.csv``), one table row per control: which figure,
    the wrong answer it feeds to that figure's checks, and the claims it is limited to where it is."""
    rows = declared[declared.paper == paper] if len(declared) else declared
    if not len(rows):
        return []
    lines = ["## Negative controls", "",
             "The wrong answers fed to each figure's own checks: a pass counts as reproduced only when every one that "
             "bears on it fails it.", "", "| figure | control | the wrong answer |", "|---|---|---|"]
    for r in rows.itertuples():
        limit = f" (only claims matching `{r.claims}`)" if isinstance(r.claims, str) and r.claims else ""
        lines.append(f"| {figure_label(r.figure)} | {r.control.replace('_', ' ')} | "
                     f"{_cell(cut(plain(r.wrong_answer, codes), 200) + limit)} |")
    return lines + [""]


def page(t: pd.DataFrame, paper: str, title: str = "", citation: str = "", codes: Codes = Codes(),
         links: Links = Links(), declared: pd.DataFrame | None = None, caveats: pd.DataFrame | None = None) -> str:
    """The paper's short page; ``declared``: the registered negative controls (``figures/controls.csv``);
    ``caveats``: the texts of the caveats the claims name (``figures/caveats.csv``), printed once at the end."""
    t = with_anchors(prepare(t))
    g = t[t.paper == paper]
    title = title or paper
    details = f"{paper}-details.md"
    lines = [f"# {title}: what reproduces", ""]
    if citation:
        lines += [f"*{citation}*", ""]
    lines += [verdict_paragraph(g, paper, codes, None if declared is None else set(declared.paper)), ""]
    decided = [x for x in dict.fromkeys(g.decided_on) if x]
    lines += [f"Terms (reading, registered reading, revision, undecided, finding): [the glossary]({links.glossary}). "
              f"Every field of every claim: [the details]({details}). All papers: [the scorecard]({links.scorecard})."
              + (f" Verdicts decided on: {plain(decided[0], codes)}." if decided else ""), ""]
    own = g[g.kind.isin(OWN_KINDS)]
    for figure, rows in own.groupby("figure", sort=False):
        lines += [f"## {figure_label(figure)}", ""] + _table(rows, details, codes) + [""]
    for kind, heading, blurb in (
            ("setup", "Set-up facts", "True by construction of our data or computation: they check the set-up, not "
                                      "the paper, and are not counted as results."),
            ("ours", "Our own checks", "Comparisons or numbers the paper does not make: not counted as results.")):
        rows = g[g.kind == kind]
        if len(rows):
            lines += [f"## {heading}", "", blurb, ""] + _table(rows.assign(claim=[f"{figure_label(f)}: {c}" for f, c
                                                                                  in zip(rows.figure, rows.claim)]),
                                                              details, codes, own=False) + [""]
    if declared is not None:
        lines += controls_section(declared, paper, codes)
    lines += caveats_section(caveats, paper, g.caveats, codes)
    return "\n".join(lines).rstrip() + "\n"


DETAIL_FIELDS = [("kind", "kind"), ("paper_statement", "the paper says"),
                 ("registered_tolerance", "registered reading: tolerance"),
                 ("registered_reproduced", "registered reading: our number"),
                 ("registered_verdict", "registered reading: verdict"),
                 ("tolerance", "tolerance"), ("reproduced", "our number"), ("revised_verdict", "revised reading: verdict"),
                 ("verdict", "verdict"), ("reason", "why undecided"),
                 ("finding", "the paper's error (finding)"), ("finding_test", "its proof (tests/test_findings.py)"),
                 ("known", "proven before the paper"), ("remedy", "what would decide it"),
                 ("revision_commit", "revision: commit"), ("revision_reason", "revision: reason"),
                 ("revision_proof", "revision: proof"), ("note", "note"), ("caveats", "caveats"),
                 ("build_verdict", "main build's verdict"),
                 ("seed_stable", "stable across seeds"), ("decided_on", "decided on")]


def _detail_label(col: str, label: str, revised: bool) -> str:
    if revised and col in ("tolerance", "reproduced"):
        return "revised reading: " + label
    return label


def details_page(t: pd.DataFrame, paper: str, title: str = "", links: Links = Links()) -> str:
    """Every field of every claim of ``paper`` in full, one anchored section per claim."""
    t = with_anchors(prepare(t))
    g = t[t.paper == paper]
    title = title or paper
    lines = [f"# {title}: every claim in full", "",
             f"The short page: [{paper}.md]({paper}.md). Terms: [the glossary]({links.glossary}).", ""]
    for figure, rows in g.groupby("figure", sort=False):
        lines += [f"## {figure_label(figure)}", ""]
        for r in rows.itertuples():
            lines += [f'<a id="{r.anchor}"></a>', "", f"### {figure_label(figure)}: {_md(r.claim)}", ""]
            for col, label in DETAIL_FIELDS:
                value = getattr(r, col, "")
                if value:
                    label = _detail_label(col, label, bool(r.registered_tolerance))
                    lines.append(f"- **{label}**: {_md(value)}")
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"


# --------------------------------------------------------------------------------------------------------------
# Titles, writing, the command
# --------------------------------------------------------------------------------------------------------------

def _paper_keys() -> list[str]:
    return sorted(p.parent.name for p in FIGURES_PACKAGE.glob("*/__init__.py"))


def _package_names(key: str) -> dict[str, str]:
    """The string constants TITLE, PAPER and PREFIX of ``statmech_bayes/figures/<key>/__init__.py``, read without
    importing the figure layer (the reporting layer imports only core)."""
    init = FIGURES_PACKAGE / key / "__init__.py"
    names: dict[str, str] = {}
    if init.exists():
        for node in ast.parse(init.read_text()).body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                if node.targets[0].id in ("TITLE", "PAPER", "PREFIX"):
                    names[node.targets[0].id] = ast.literal_eval(node.value)
    return names


def titles(keys: Iterable[str]) -> dict[str, tuple[str, str]]:
    """key -> (title, citation): ``TITLE``, else the citation ``PAPER`` up to its first comma, as the registry
    (statmech_bayes.pipeline.registry) does; the key itself for a paper not registered."""
    out = {}
    for key in keys:
        names = _package_names(key)
        citation = names.get("PAPER", "")
        out[key] = (names.get("TITLE", citation.split(",")[0] if citation else key), citation)
    return out


def render(t: pd.DataFrame, codes: Codes = Codes(), links: Links = Links(),
           names: Mapping[str, tuple[str, str]] | None = None, declared: pd.DataFrame | None = None,
           caveats: pd.DataFrame | None = None) -> dict[str, str]:
    """File name -> text of every page of every paper of the scorecard ``t`` (``declared``: the registered negative
    controls, listed on each paper's page; ``caveats``: the caveats' texts, printed once per page)."""
    t = prepare(t)
    papers = list(dict.fromkeys(t.paper))
    names = dict(names) if names is not None else titles(papers)
    out = {}
    for p in papers:
        title, citation = names.get(p, (p, ""))
        out[f"{p}.md"] = page(t, p, title, citation, codes, links, declared, caveats)
        out[f"{p}-details.md"] = details_page(t, p, title, links)
    return out


def write(pages: Mapping[str, str], out) -> list[Path]:
    """Write every page to a temporary file in ``out`` first, then rename each into place: a failure leaves the
    old pages as they were."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    temps = []
    try:
        for name, text in pages.items():
            fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=out)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
            os.chmod(tmp, 0o644)
            temps.append((Path(tmp), out / name))
        for tmp, dest in temps:
            os.replace(tmp, dest)
    finally:
        for tmp, _ in temps:
            if tmp.exists():
                tmp.unlink()
    return [dest for _, dest in temps]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scorecard", default="figures/scorecard.csv")
    ap.add_argument("--out", default="docs/papers")
    ap.add_argument("--protocol", default=None, help="the registered thresholds (default: protocol.csv beside the "
                    "scorecard)")
    ap.add_argument("--readme", default=None, help="also write the short summary between the README's "
                    "<!-- scorecard-summary --> markers (default: no)")
    args = ap.parse_args(argv)
    card = Path(args.scorecard)
    protocol_csv = Path(args.protocol) if args.protocol else card.parent / "protocol.csv"
    codes = Codes.from_repo(protocol_csv)
    out = Path(args.out)
    links = Links(glossary=os.path.relpath(REPO / "docs" / "protocol.md", out.resolve()) + "#terms",
                  scorecard=os.path.relpath(card.with_suffix(".md").resolve(), out.resolve()))
    table = load(card)
    ledger = card.parent / "controls.csv"
    declared = pd.read_csv(ledger, dtype=str, keep_default_na=False) if ledger.exists() else None
    written = write(render(table, codes, links, declared=declared, caveats=load_caveats(card.parent)), out)
    print(f"wrote {len(written)} pages to {out}")
    if args.readme:
        write_readme_summary(Path(args.readme), table, os.path.relpath(out.resolve(), Path(args.readme).resolve().parent),
                             card.parent / "controls.csv")
        print(f"wrote the summary of {args.readme}")
    return 0


README_MARKERS = ("<!-- scorecard-summary -->", "<!-- /scorecard-summary -->")


def readme_titles(table: pd.DataFrame) -> dict[str, str]:
    """The titles of the scorecard's papers, as the registry names them (:func:`titles`)."""
    return {k: v[0] for k, v in titles(dict.fromkeys(table.paper)).items()}


def declared_controls(ledger: Path) -> dict[str, int]:
    """paper -> the number of its negative controls registered in ``ledger`` (``figures/controls.csv``); empty
    when there is no ledger."""
    if not ledger.exists():
        return {}
    return {k: int(v) for k, v in pd.read_csv(ledger, dtype=str).groupby("paper", sort=False).size().items()}


def write_readme_summary(readme: Path, table: pd.DataFrame, pages: str = "docs/papers",
                         ledger: Path | None = None) -> None:
    """Replace the block between the README's markers by :func:`summary_rows` (atomically); ``ledger``: the
    registered negative controls (counted and linked per paper)."""
    text = readme.read_text()
    a, b = (text.index(m) for m in README_MARKERS)
    declared = declared_controls(ledger) if ledger is not None else {}
    link = os.path.relpath(ledger.resolve(), readme.resolve().parent) if ledger is not None else ""
    block = "\n".join([README_MARKERS[0], *summary_rows(table, readme_titles(table), pages, declared, link)]) + "\n"
    tmp = readme.with_name(readme.name + ".tmp")
    tmp.write_text(text[:a] + block + text[b:])
    tmp.replace(readme)


if __name__ == "__main__":
    sys.exit(main())
