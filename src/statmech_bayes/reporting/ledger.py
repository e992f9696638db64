"""The readings ledger: each claim's registered reading, and every later revision (rule 5 of :mod:`.claims`).

A claim's *reading* is its kind and its tolerance (the quantity's range, or the readings of a wording claim,
as the claims file writes it). ``figures/<paper>/readings.csv`` holds, per claim of the paper-scale build, the
reading committed before its first result was seen, with that commit. ``figures/<paper>/revisions.csv`` holds every
change made
after it: a revised reading (``reading``: the claim then carries both, see :meth:`.ClaimsRecord.revise`), a
changed kind (``kind``: e.g. a set-up fact moved out of the reproduced results), a reworded claim (``claim``)
or a claim withdrawn (``retired``), each with its commit, the verdict before and the reason. :func:`check`
finds every claim whose reading differs from the ledger without such a record; tests/test_ledger.py runs it on
the committed claims, so a silent re-reading fails the test suite.

Numbers computed from the data (a standard error in a tolerance, a location in a claim's text) differ between
builds; the ledger stores them as ``#`` (any number), found by comparing two builds of different sizes
(:func:`template`). Every other number, a threshold among them, must match exactly.
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

NUMBER = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?")
ANY = "#"
READINGS_FIELDS = ["figure", "claim", "kind", "reading", "commit", "when"]
REVISIONS_FIELDS = ["figure", "claim", "change", "registered", "revised", "commit", "verdict_before", "reason", "proof"]
# When a reading was registered, against the first claims file in the git history holding its result (the
# protocol: a reading decides only if it was fixed before the result it decides; the ledger says which were not).
BASELINE_COMMIT = "1683229"   # the ledger's creation: every claim then existing had its result committed already
WHEN = ("baseline: results known", "before its first result", "with its first result", "after its first result")
CHANGES = ("reading", "kind", "claim", "retired")


def shape(text: str) -> str:
    """``text`` with every number replaced by ``#``: what two builds of one claim share."""
    return NUMBER.sub(ANY, str(text))


def template(text: str, other: str | None = None) -> str:
    """``text`` with the numbers that differ in ``other`` (the same claim in a build of other sizes) as ``#``;
    ``text`` itself when there is no other, or when the two differ in more than their numbers."""
    text = str(text)
    if other is None or shape(text) != shape(other):
        return text.replace(ANY, "\\" + ANY) if ANY in text else text
    a, b = NUMBER.findall(text), NUMBER.findall(str(other))
    parts = [p.replace(ANY, "\\" + ANY) for p in NUMBER.split(text)]
    out = [parts[0]]
    for x, y, tail in zip(a, b, parts[1:]):
        out += [x if x == y else ANY, tail]
    return "".join(out)


def matches(tmpl: str, text: str) -> bool:
    """Whether ``text`` is ``tmpl`` with each ``#`` a number."""
    pieces = re.split(r"(?<!\\)#", str(tmpl))
    pattern = NUMBER.pattern.join(re.escape(p.replace("\\#", "#")) for p in pieces)
    return re.fullmatch(pattern, str(text), re.S) is not None


@dataclass
class Ledger:
    """The readings and revisions of one paper (``figures/<paper>/``) or, loaded from ``figures/``, of all."""

    readings: list[dict]
    revisions: list[dict]

    @classmethod
    def load(cls, directory) -> Ledger:
        """``directory`` is a paper's folder (holding readings.csv) or the figures folder (every paper's)."""
        d = Path(directory)
        papers = [d] if (d / "readings.csv").exists() else sorted(x for x in d.iterdir() if x.is_dir())
        return cls([r for x in papers for r in _read(x / "readings.csv")],
                   [r for x in papers for r in _read(x / "revisions.csv")])

    def save(self, figures_dir) -> None:
        """Write each paper's rows to ``figures_dir/<paper>/``."""
        papers = {r["figure"].split("/")[0] for r in self.readings + self.revisions}
        for paper in sorted(papers):
            d = Path(figures_dir) / paper
            _write(d / "readings.csv", READINGS_FIELDS, [r for r in self.readings if r["figure"].startswith(paper + "/")])
            _write(d / "revisions.csv", REVISIONS_FIELDS,
                   [r for r in self.revisions if r["figure"].startswith(paper + "/")])


def _read(path: Path) -> list[dict]:
    if not path.exists():
        return []
    with path.open(newline="") as f:
        return list(csv.DictReader(f))


def _write(path: Path, fields, rows) -> None:
    tmp = path.with_suffix(".tmp")
    with tmp.open("w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    tmp.replace(path)


def when_registered(row: dict, repo) -> str | None:
    """Where ``row``'s commit lies against the first commit whose claims file holds the claim (its text up to the
    first data number, searched with ``git log -S``): one of :data:`WHEN`; None when the history cannot tell (a
    shallow clone, an uncommitted row, a claim not yet in any committed claims file)."""
    import subprocess

    if row["commit"] == BASELINE_COMMIT:
        return WHEN[0]

    def git(*a):
        return subprocess.run(["git", *a], cwd=repo, capture_output=True, text=True)

    if git("rev-parse", "--verify", "--quiet", row["commit"] + "^{commit}").returncode:
        return None
    key = re.split(r"(?<!\\)#", row["claim"])[0].replace("\\#", "#")[:60]
    first = git("log", "--reverse", "--format=%H", "-S", key, "--", f"figures/{row['figure']}.claims.json").stdout.split()
    if not first:
        return None
    if git("rev-parse", row["commit"]).stdout.strip() == first[0]:
        return WHEN[2]
    before = git("merge-base", "--is-ancestor", row["commit"], first[0]).returncode == 0
    return WHEN[1] if before else WHEN[3]


def claims_of(figures_dir) -> list[dict]:
    """Every claim of the claims files under ``figures_dir`` (``<paper>/<figure>.claims.json``), in file order."""
    out = []
    for f in sorted(Path(figures_dir).glob("*/*.claims.json")):
        doc = json.loads(f.read_text())
        for c in doc["claims"]:
            out.append({"figure": doc["figure"], "protocol": doc.get("protocol"), **c})
    return out


def _revisions_by_claim(ledger: Ledger) -> dict:
    """Each ledger row's revisions, by (figure, registered text): a revision names the claim by its registered
    text, or by a text that the registered template matches."""
    by = defaultdict(list)
    rows = defaultdict(list)
    for row in ledger.readings:
        rows[row["figure"]].append(row["claim"])
    for r in ledger.revisions:
        texts = rows.get(r["figure"], [])
        key = r["claim"] if r["claim"] in texts else next((t for t in texts if matches(t, r["claim"])), r["claim"])
        by[(r["figure"], key)].append(r)
    return by


def _index(ledger: Ledger):
    """The ledger's revisions by claim, its rewordings by claim, and its rows (index, row) by figure."""
    revs = _revisions_by_claim(ledger)
    renames = {k: [r for r in v if r["change"] == "claim"] for k, v in revs.items()}
    by_figure = defaultdict(list)
    for i, row in enumerate(ledger.readings):
        by_figure[row["figure"]].append((i, row))
    return revs, renames, by_figure


def _entry_for(claim: dict, rows: list[dict], used: set[int], renames: dict) -> int | None:
    """The ledger row (index) of ``claim``: its text matches the row's, or a recorded rewording leads to it."""
    for i, row in rows:
        if i not in used and matches(row["claim"], claim["claim"]):
            return i
    for i, row in rows:
        if i in used:
            continue
        for rev in renames.get((row["figure"], row["claim"]), []):
            if matches(rev["revised"], claim["claim"]):
                return i
    return None


def check(claims: list[dict], ledger: Ledger, complete: bool = True) -> list[str]:
    """Every way ``claims`` (from :func:`claims_of`) depart from ``ledger`` without a revision record: a claim
    not registered, a kind or reading that differs from the registered one, a revised claim whose revision is not
    recorded; with ``complete``, a registered claim that no longer exists and was not retired."""
    problems = []
    revs, renames, by_figure = _index(ledger)
    used: set[int] = set()
    for c in claims:
        where = f"{c['figure']}: {c['claim']!r}"
        i = _entry_for(c, by_figure.get(c["figure"], []), used, renames)
        if i is None:
            problems.append(f"{where} is not registered in readings.csv (register its reading in a commit before the "
                            "one that first computes it)")
            continue
        used.add(i)
        row = ledger.readings[i]
        mine = revs.get((row["figure"], row["claim"]), [])
        kinds = [row["kind"]] + [r["revised"] for r in mine if r["change"] == "kind"]
        if c.get("kind", "value") != kinds[-1]:
            problems.append(f"{where}: kind {c.get('kind')!r}, registered {row['kind']!r}"
                            + (f", last revised to {kinds[-1]!r}" if len(kinds) > 1 else "")
                            + " (record a 'kind' revision)")
        registered = c.get("registered_tolerance") or ""
        readings = [r for r in mine if r["change"] == "reading"]
        if registered:
            if not matches(row["reading"], registered):
                problems.append(f"{where}: its registered reading {registered!r} is not the ledger's {row['reading']!r}")
            if not any(matches(r["revised"], c["tolerance"]) for r in readings):
                problems.append(f"{where}: revised reading {c['tolerance']!r} has no record in revisions.csv")
        elif not matches(row["reading"], c["tolerance"]):
            problems.append(f"{where}: reading {c['tolerance']!r} differs from the registered {row['reading']!r} and "
                            "carries no revision (judge both with ClaimsRecord.revise and record it)")
    if complete:
        for i, row in enumerate(ledger.readings):
            retired = any(r["change"] == "retired" for r in revs.get((row["figure"], row["claim"]), []))
            if i not in used and not retired:
                problems.append(f"{row['figure']}: registered claim {row['claim']!r} is missing (record it as "
                                "'retired' with the reason, or restore it)")
    return problems


def register(claims: list[dict], other: list[dict] | None, ledger: Ledger, commit: str) -> int:
    """Add a ledger row for each claim of ``claims`` that has none: its text and reading as templates against
    the same claim in ``other`` (a build of other sizes; matched by figure, shape and order). Rows already in the
    ledger are never changed. Returns the number added."""
    seen = defaultdict(int)
    alt = defaultdict(list)
    for c in other or []:
        alt[(c["figure"], shape(c["claim"]))].append(c)
    _, renames, by_figure = _index(ledger)
    used: set[int] = set()
    added = 0
    for c in claims:
        key = (c["figure"], shape(c["claim"]))
        o = alt[key][seen[key]] if seen[key] < len(alt[key]) else None
        seen[key] += 1
        i = _entry_for(c, by_figure.get(c["figure"], []), used, renames)
        if i is not None:
            used.add(i)
            continue
        tol = c.get("registered_tolerance") or c["tolerance"]
        row = {"figure": c["figure"], "claim": template(c["claim"], o and o["claim"]),
               "kind": c.get("kind", "value"),
               "reading": template(tol, o and (o.get("registered_tolerance") or o["tolerance"])), "commit": commit,
               "when": WHEN[1]}
        ledger.readings.append(row)
        by_figure[c["figure"]].append((len(ledger.readings) - 1, row))
        used.add(len(ledger.readings) - 1)
        added += 1
    return added


def refine(ledger: Ledger, fresh: Ledger, commit: str) -> int:
    """Replace each row of ``ledger`` registered at ``commit`` by the row of ``fresh`` (the same claims registered
    again against a build of other sizes) that it equals exactly or that differs from it in numbers only, the
    fresh row's template matching the old row's text: registration does not change, only which numbers are data."""
    n = 0
    pool = list(fresh.readings)
    for i, row in enumerate(ledger.readings):
        if row["commit"] != commit:
            continue
        j = next((k for k, f in enumerate(pool) if f["figure"] == row["figure"] and f["kind"] == row["kind"]
                  and matches(f["claim"], row["claim"]) and matches(f["reading"], row["reading"])), None)
        if j is not None:
            if pool[j] != row:
                n += 1
            ledger.readings[i] = pool.pop(j)
    return n


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m statmech_bayes.reporting.ledger", description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    ck = sub.add_parser("check", help="list every claim that departs from the ledger without a revision record")
    ck.add_argument("figures", nargs="?", default="figures")
    ck.add_argument("--ledger", default="figures")
    ck.add_argument("--partial", action="store_true", help="a partial build: do not report registered claims absent")
    rg = sub.add_parser("register", help="register the claims that have no ledger row (before their first result)")
    rg.add_argument("figures")
    rg.add_argument("--other", help="the same figures built at other sizes: numbers that differ become '#'")
    rg.add_argument("--commit", required=True)
    rg.add_argument("--ledger", default="figures")
    rg.add_argument("--refine", action="store_true",
                    help="re-derive the templates of rows registered at --commit from these two builds (numbers only)")
    rv = sub.add_parser("revise", help="record a revision of a registered claim")
    rv.add_argument("--ledger", default="figures", help="the figures folder (the paper's files are changed only)")
    rv.add_argument("--figure", required=True)
    rv.add_argument("--claim", required=True, help="the claim as registered (its ledger text)")
    rv.add_argument("--change", required=True, choices=CHANGES)
    rv.add_argument("--revised", default="", help="the new reading, kind or text (a template: '#' for data numbers)")
    rv.add_argument("--commit", required=True)
    rv.add_argument("--verdict-before", required=True)
    rv.add_argument("--reason", required=True)
    rv.add_argument("--proof", default="", help="the test proving the registered reading defective (rule 1)")
    a = ap.parse_args(argv)
    if a.cmd == "revise":  # one paper's files only, so that two papers can be revised at once
        ledger = Ledger.load(Path(a.ledger) / a.figure.split("/")[0])
    else:
        ledger = Ledger.load(a.ledger)
    if a.cmd == "check":
        problems = check(claims_of(a.figures), ledger, complete=not a.partial)
        print("\n".join(problems) or "every claim is judged under its registered reading or a recorded revision")
        return 1 if problems else 0
    if a.cmd == "register":
        if a.refine:
            fresh = Ledger([], [])
            register(claims_of(a.figures), claims_of(a.other) if a.other else None, fresh, a.commit)
            n = refine(ledger, fresh, a.commit)
            ledger.save(a.ledger)
            print(f"refined {n} row(s)")
            return 0
        n = register(claims_of(a.figures), claims_of(a.other) if a.other else None, ledger, a.commit)
        ledger.save(a.ledger)
        print(f"registered {n} claim(s)")
        return 0
    row = next((r for r in ledger.readings if r["figure"] == a.figure and r["claim"] == a.claim), None)
    if row is None:
        print(f"no registered claim {a.claim!r} in {a.figure}", file=sys.stderr)
        return 1
    before = {"reading": row["reading"], "kind": row["kind"], "claim": row["claim"], "retired": ""}[a.change]
    ledger.revisions.append({"figure": a.figure, "claim": a.claim, "change": a.change, "registered": before,
                             "revised": a.revised, "commit": a.commit, "verdict_before": a.verdict_before,
                             "reason": a.reason, "proof": a.proof})
    ledger.save(a.ledger)
    return 0


if __name__ == "__main__":
    sys.exit(main())
