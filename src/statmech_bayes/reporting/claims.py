"""A figure's claims: each statement the paper makes about it, reproduced and judged.

A claim pairs the paper's statement (a value or a relation, in words) with a *computed* reproduced
value, the tolerance it is judged by, and one of three verdicts:

* ``pass``: the reproduced value satisfies the statement within the tolerance;
* ``fail``: it does not;
* ``inconclusive``: the data cannot decide, for a recorded ``reason``: ``noise`` (the statistical error
  of the reproduced value straddles the tolerance; the remedy is more precise data, never a looser
  tolerance) or ``wording`` (an adjective whose reasonable readings disagree, see :meth:`wording`).

The rules every paper's claims follow:

1. *The paper's protocol decides.* A claim is judged on a run that follows the paper's algorithm and
   settings; an improvement of ours is an extra arm, labelled, that never decides a claim of the paper.
2. *What kind of statement.* Each claim records its ``kind``: ``value`` (a number, formula or bound),
   ``relation`` (an ordering or trend, judged with its Monte-Carlo error), ``wording`` (an adjective,
   judged under at least two readings fixed in code before the data are looked at), ``setup`` (a statement
   true by construction: a stated size, a seed chosen to give the paper's count, arithmetic on the paper's
   own numbers; counted apart, never as reproduced) or ``ours`` (a comparison or a number the paper does not
   make or state; reported apart, never counted as the paper's). A paper claim whose statement was proven
   before the paper (a known bound lying below the exact curve) names the proof in ``known``: it checks our
   implementation, not the paper, and is counted apart from the reproduced results that could have failed.
3. *A finding is proven, not asserted.* Only a failing ``value`` or ``relation`` claim can be a finding,
   and only with an independent second computation: :meth:`ClaimsRecord.explain` takes the reason and
   the name of a test in ``tests/test_findings.py`` that recomputes the contradiction by another route and
   checks a contrast case where the same claim passes. The finding is attached to a verdict already reached.
4. *Every claim can fail.* A statement true by construction is a ``setup`` claim or a note.
5. *The registered reading decides* (:func:`statmech_bayes.reporting.protocol.revision`, rule 1 of
   ``docs/protocol.md``). The reading committed before a claim's first result is its registered one
   (``figures/<paper>/readings.csv``). A later reading is a revision (:meth:`ClaimsRecord.revise`): both are
   computed and shown; the revision decides, in either direction, only when it names the test that proves the
   registered reading defective (``proof``); otherwise the registered verdict stands.
6. *One combining rule* (:func:`combine`, rule 2 of the protocol): every reading passes: pass; every reading fails:
   fail; decided readings disagree: inconclusive (wording); otherwise an undecided reading makes the claim
   undecided, for its reason (``noise``: more samples, at a cost the ``remedy`` states, would decide it;
   ``unconverged``; ``unstated setup``).

Numbers that are not statements of the paper (fits behind a claim, convergence settings, provenance) are
kept as notes, outside the claims, so they are never counted as claims. Nothing in a claims file is copied
from the paper except the statement and, where the paper gives one, its number as the target.
"""

from __future__ import annotations

import math
import re
from contextlib import contextmanager
from dataclasses import asdict, dataclass, replace
from typing import Any, Iterable, NamedTuple

from statmech_bayes.core.atomic_io import save_json
from statmech_bayes.reporting import protocol

PASS, FAIL, INCONCLUSIVE = "pass", "fail", "inconclusive"
VERDICTS = (PASS, FAIL, INCONCLUSIVE)
VALUE, RELATION, WORDING, OURS, SETUP = "value", "relation", "wording", "ours", "setup"
KINDS = (VALUE, RELATION, WORDING, OURS, SETUP)
# Why an inconclusive claim is inconclusive: more samples would decide it (noise); its decided readings disagree
# (wording); the chains or iterations behind it did not converge; or it turns on a choice the paper leaves open.
NOISE, UNCONVERGED, UNSTATED = "noise", "unconverged", "unstated setup"
REASONS = (NOISE, WORDING, UNCONVERGED, UNSTATED)
# A finding names the test that proves it: a function of tests/test_findings.py.
FINDINGS_TESTS = "tests/test_findings.py"
_TEST_NAME = re.compile(r"^test_[A-Za-z0-9_]+$")
# A revision's proof: the test that shows its registered reading defective (the protocol's rule 1).
_PROOF = re.compile(r"^tests/test_[A-Za-z0-9_]+\.py::test_[A-Za-z0-9_]+$")


class Caveat(NamedTuple):
    """A qualification that several claims of a paper share (an improper posterior, one drawn data set): written
    once per paper and named by ``id`` in each claim it bears on, so a reader meets its text once, as a footnote,
    instead of in every note."""

    id: str
    text: str


_CAVEAT_ID = re.compile(r"^[a-z][a-z0-9_]*$")


@dataclass(frozen=True)
class Claim:
    claim: str
    paper: str
    reproduced: Any
    tolerance: str
    verdict: str
    note: str = ""
    finding: str = ""
    kind: str = VALUE
    reason: str = ""          # why an inconclusive claim is inconclusive: one of REASONS
    finding_test: str = ""    # the test of tests/test_findings.py that proves the finding
    known: str = ""           # a paper claim proven before the paper: the proof's source (rule 2)
    remedy: str = ""          # for an inconclusive (noise) claim: the samples, and their cost, that would decide it
    # Rule 5: a claim judged under a revised reading keeps its registered one beside it.
    registered_tolerance: str = ""
    registered_reproduced: Any = None
    registered_verdict: str = ""
    revision_commit: str = ""
    revision_reason: str = ""
    revision_proof: str = ""  # rule 5: the test proving the registered reading defective; only then it decides
    revised_verdict: str = ""  # the revised reading's own verdict (shown; it decides only with a proof)
    caveats: tuple[str, ...] = ()  # ids of the paper's Caveats that bear on this claim (texts in the claims file)

    def __post_init__(self):
        if self.verdict not in VERDICTS:
            raise ValueError(f"verdict must be one of {VERDICTS}, got {self.verdict!r}")
        if self.kind not in KINDS:
            raise ValueError(f"kind must be one of {KINDS}, got {self.kind!r}")
        if (self.verdict == INCONCLUSIVE) != bool(self.reason):
            raise ValueError("an inconclusive claim, and only one, needs a reason")
        if self.reason and self.reason not in REASONS:
            raise ValueError(f"reason must be one of {REASONS}, got {self.reason!r}")
        if self.reason == WORDING and self.kind != WORDING and not self.registered_tolerance:
            raise ValueError("only a wording claim, or a revised one, can be inconclusive for its wording")
        if self.known and self.kind in (OURS, SETUP):
            raise ValueError(f"only a claim of the paper's own results can be known before it, not a {self.kind} claim")
        if self.registered_tolerance and not (self.registered_verdict.split(" (")[0] in VERDICTS
                                              and self.revision_commit and self.revision_reason):
            raise ValueError("a revised claim needs its registered verdict, the revision's commit and its reason")
        if bool(self.finding) != bool(self.finding_test):
            raise ValueError(f"a finding needs the name of its proving test in {FINDINGS_TESTS}, and only a finding "
                             "has one")
        if self.finding:
            if self.verdict != FAIL:
                raise ValueError("only a failing claim can be a finding")
            # a wording claim too (docs/protocol.md, findings): its test covers every reading that decides it
            if self.kind not in (VALUE, RELATION, WORDING):  # not ours or setup
                raise ValueError(f"only a claim of the paper's results can be a finding, not a {self.kind} claim")
            if not _TEST_NAME.match(self.finding_test):
                raise ValueError(f"finding_test must be a test function's name (test_...), got {self.finding_test!r}")

    @property
    def passed(self) -> bool:
        return self.verdict == PASS

    @property
    def revised(self) -> bool:
        return bool(self.registered_tolerance)


class Reading(NamedTuple):
    """One reading of an adjective: what it is read as, the number it gives and the range that satisfies it;
    ``decidable`` False with ``undecided`` saying why (one of :data:`REASONS` other than wording)."""

    reads: str
    reproduced: float
    lower: float = -math.inf
    upper: float = math.inf
    decidable: bool = True
    undecided: str = NOISE


def combine(verdicts, reasons=()) -> tuple[str, str]:
    """Rule 6 (the protocol's rule 2, :func:`statmech_bayes.reporting.protocol.readings`) on the verdicts of a
    claim's readings. Returns (verdict, reason)."""
    return tuple(protocol.readings(verdicts, reasons))


def revised_verdict(registered: str, revised: str, registered_reason: str = "",
                    revised_reason: str = "", proof: str = "") -> tuple[str, str]:
    """Rule 5 (the protocol's rule 1, :func:`statmech_bayes.reporting.protocol.revision`): the registered verdict
    stands unless ``proof`` names the test that shows the registered reading defective. Returns (verdict, reason)."""
    return tuple(protocol.revision(protocol.Verdict.of(registered, registered_reason),
                                   protocol.Verdict.of(revised, revised_reason), proof))


def unproven(text: str) -> str:
    """A note's tail for an explanation of a failure that no independent test proves yet: it is shown, and the
    failure stays unexplained (rule 3)."""
    return f"; proposed explanation, not proven (an unexplained failure until a test shows it): {text}" if text else ""


def _num(x: Any) -> Any:
    try:
        return float(x)
    except (TypeError, ValueError):
        return x


def verdict_of(passed: bool, decidable: bool = True) -> str:  # noqa: D401
    """``inconclusive`` when the data cannot decide, else ``pass`` or ``fail``."""
    if not decidable:
        return INCONCLUSIVE
    return PASS if passed else FAIL


def _fmt_value(x: Any) -> str:
    return f"{x:.6g}" if isinstance(x, float) else str(x)


def _range(lower: float, upper: float) -> str:
    return f"[{lower:.6g}, {upper:.6g}]"


class ClaimsRecord:
    """Collects the claims of one figure and writes ``<figure>.claims.json``.

    Every judging method takes ``decidable`` (False: the verdict is ``inconclusive`` with reason ``noise``
    whatever the value) and ``kind`` (:data:`KINDS`; ``value`` for a number, ``relation`` for
    :meth:`holds`). A failure becomes a finding only afterwards, through :meth:`explain`.
    """

    def __init__(self, figure: str, paper: str, caveats: Iterable[Caveat] = ()):
        """``caveats``: named on every claim of the record (a figure whose claims all rest on the same set-up)."""
        self.figure = figure
        self.paper = paper
        self.claims: list[Claim] = []
        self.notes: dict[str, Any] = {}
        self.caveats: dict[str, str] = {}  # id -> text of every caveat a claim of this record names
        self._citing: tuple[Caveat, ...] = tuple(caveats)  # named on every claim made now (see :meth:`citing`)

    def close(self, claim: str, paper: str, reproduced: float, expected: float,
              atol: float = 0.0, rtol: float = 0.0, note: str = "", decidable: bool = True,
              kind: str = VALUE, **extra) -> Claim:
        """Pass iff ``|reproduced - expected| <= atol + rtol*|expected|``. ``extra``: see :meth:`_add`."""
        atol, rtol = float(atol), float(rtol)
        if atol < 0 or rtol < 0 or (atol == 0 and rtol == 0):
            raise ValueError("a closeness claim needs a positive tolerance")
        reproduced, expected = float(reproduced), float(expected)
        passed = math.isfinite(reproduced) and abs(reproduced - expected) <= atol + rtol * abs(expected)
        parts = [f"atol={atol:g}"] * (atol > 0) + [f"rtol={rtol:g}"] * (rtol > 0)
        tol = f"|reproduced - {expected:.10g}| <= " + " + ".join(parts)
        return self._add(claim, paper, reproduced, tol, passed, decidable, note, kind, **extra)

    def within(self, claim: str, paper: str, reproduced: float,
               lower: float = -math.inf, upper: float = math.inf, note: str = "", decidable: bool = True,
               kind: str = VALUE, **extra) -> Claim:
        """Pass iff ``lower <= reproduced <= upper``. ``extra``: see :meth:`_add`."""
        if not (lower > -math.inf or upper < math.inf):
            raise ValueError("a range claim needs at least one finite bound")
        reproduced = float(reproduced)
        passed = math.isfinite(reproduced) and lower <= reproduced <= upper
        return self._add(claim, paper, reproduced, _range(lower, upper), passed, decidable, note, kind, **extra)

    def holds(self, claim: str, paper: str, reproduced: Any, passed: bool, tolerance: str,
              note: str = "", decidable: bool = True, kind: str = RELATION, **extra) -> Claim:
        """A relation that is not a single number (e.g. monotonicity); ``passed`` must be computed."""
        return self._add(claim, paper, _num(reproduced), tolerance, passed, decidable, note, kind, **extra)

    def setup(self, claim: str, paper: str, reproduced: Any, passed: bool, tolerance: str, note: str = "") -> Claim:
        """A set-up fact (rule 2): true by construction when our set-up is the paper's (a stated size, a seed
        chosen to give the paper's count, arithmetic on the paper's own numbers). It is still checked, so a
        wrong set-up shows as a failure, but it is counted apart from the reproduced results."""
        return self._add(claim, paper, _num(reproduced), tolerance, passed, True, note, SETUP)

    def wording(self, claim: str, paper: str, readings: list[Reading], note: str = "", *,
                known: str = "", remedy: str = "", caveats: Iterable[Caveat] = ()) -> Claim:
        """An adjective judged under every one of its ``readings`` (at least two, written before the data
        are looked at), combined by :func:`combine` (rule 6): decided readings that agree decide, decided ones
        that disagree make it inconclusive for its ``wording``, undecided ones never mask a decided one and are
        named in the note. Every reading's number is kept."""
        readings = [Reading(*r) for r in readings]
        if len(readings) < 2:
            raise ValueError("a wording claim needs at least two readings")
        each, why = [], []
        for r in readings:
            if not (r.lower > -math.inf or r.upper < math.inf):
                raise ValueError(f"reading {r.reads!r} needs at least one finite bound")
            if r.undecided not in REASONS or r.undecided == WORDING:
                raise ValueError(f"reading {r.reads!r}: an undecided reading's reason is one of "
                                 f"{[x for x in REASONS if x != WORDING]}, got {r.undecided!r}")
            v = float(r.reproduced)
            each.append(verdict_of(math.isfinite(v) and r.lower <= v <= r.upper, r.decidable))
            why.append(r.undecided)
        verdict, reason = combine(each, why)
        reproduced = "; ".join(f"{r.reads}: {float(r.reproduced):.6g} ({v})" for r, v in zip(readings, each))
        tolerance = "; ".join(f"{r.reads}: {_range(r.lower, r.upper)}" for r in readings)
        c = Claim(claim, paper, reproduced, tolerance, verdict, note, kind=WORDING, reason=reason, known=known,
                  remedy=remedy if reason == NOISE else "", caveats=self._register(caveats))
        self.claims.append(c)
        return c

    def revise(self, registered: Claim, revised: Claim, commit: str, why: str, proof: str = "") -> Claim:
        """Rule 5 (the protocol's rule 1): judge a claim under a reading adopted after its registered one was
        judged. Both claims are of this record (made by the usual methods, the registered one first); they become
        one, at the registered one's place, with both readings, both numbers and both verdicts. The registered
        verdict decides unless ``proof`` names the test (``tests/<file>.py::test_name``) that shows the registered
        reading defective; then the revised one does, in either direction. ``commit`` names the commit that
        adopted the revised reading, ``why`` its reason; both, with the proof, are rows of
        ``figures/<paper>/revisions.csv``."""
        ids = [next((k for k, c in enumerate(self.claims) if c is x), None) for x in (registered, revised)]
        if None in ids:
            raise ValueError("revise() takes two claims of this record")
        if registered.claim != revised.claim:
            raise ValueError(f"a revision re-reads the same claim: {registered.claim!r} != {revised.claim!r}")
        if proof and not _PROOF.match(proof):
            raise ValueError(f"a revision's proof names a test as tests/<file>.py::test_name, got {proof!r}")
        verdict, reason = revised_verdict(registered.verdict, revised.verdict, registered.reason, revised.reason,
                                          proof)
        decider = revised if proof else registered
        merged = replace(revised, verdict=verdict, reason=reason, note=revised.note,
                         caveats=tuple(dict.fromkeys(registered.caveats + revised.caveats)),
                         kind=revised.kind, finding="", finding_test="",
                         remedy=decider.remedy if reason == NOISE else "",
                         registered_tolerance=registered.tolerance, registered_reproduced=registered.reproduced,
                         registered_verdict=registered.verdict + (f" ({registered.reason})" if registered.reason
                                                                  else ""),
                         revision_commit=commit, revision_reason=why, revision_proof=proof,
                         revised_verdict=revised.verdict + (f" ({revised.reason})" if revised.reason else ""))
        self.claims[ids[0]] = merged
        del self.claims[ids[1]]
        return merged

    def explain(self, claim: Claim, finding: str, test: str) -> Claim:
        """Mark a failure already judged as the paper's own error: ``finding`` says why, ``test`` names the
        function of ``tests/test_findings.py`` that proves it by another route (rule 3). Returns the claim."""
        i = next((k for k, c in enumerate(self.claims) if c is claim), None)
        if i is None:
            raise ValueError("explain() takes a claim of this record")
        if claim.verdict != FAIL:
            raise ValueError(f"only a failure can be explained as a finding; this claim's verdict is {claim.verdict}")
        self.claims[i] = replace(claim, finding=finding, finding_test=test)
        return self.claims[i]

    def cite(self, claim: Claim, *caveats: Caveat) -> Claim:
        """Name ``caveats`` on a claim of this record (after those it names already); returns the claim."""
        i = next((k for k, c in enumerate(self.claims) if c is claim), None)
        if i is None:
            raise ValueError("cite() takes a claim of this record")
        self.claims[i] = replace(claim, caveats=tuple(dict.fromkeys(claim.caveats + self._register(caveats))))
        return self.claims[i]

    @contextmanager
    def citing(self, *caveats: Caveat):
        """Every claim made inside the block names ``caveats`` (a block of claims that rest on the same set-up)."""
        outer = self._citing
        self._citing = outer + tuple(caveats)
        try:
            yield self
        finally:
            self._citing = outer

    def _register(self, caveats: Iterable[Caveat]) -> tuple[str, ...]:
        """The ids of ``caveats`` and of the enclosing :meth:`citing` blocks, their texts kept once for the claims
        file; one id, one text."""
        ids = []
        for cv in (*self._citing, *caveats):
            if not isinstance(cv, Caveat):
                raise TypeError(f"a caveat is a Caveat(id, text), got {cv!r}")
            if not _CAVEAT_ID.match(cv.id) or not cv.text.strip():
                raise ValueError(f"a caveat needs a snake_case id and a text, got {cv!r}")
            if self.caveats.setdefault(cv.id, cv.text) != cv.text:
                raise ValueError(f"caveat {cv.id!r} has two texts in {self.figure}")
            ids.append(cv.id)
        return tuple(dict.fromkeys(ids))

    def note(self, name: str, value: Any) -> None:
        """Keep a computed number behind the claims (a fit, a convergence record, a setting) as a note:
        in the claims file, never counted as a claim."""
        self.notes[name] = value

    record = note  # the name used by the first figure modules

    def _add(self, claim, paper, reproduced, tolerance, passed, decidable, note, kind, *,
             undecided: str = NOISE, remedy: str = "", known: str = "", caveats: Iterable[Caveat] = ()) -> Claim:
        """``undecided``: why the claim is inconclusive when ``decidable`` is False (one of :data:`REASONS`
        but wording); ``remedy``: for noise, the samples that would decide it and their cost; ``known``: the
        source of a proof that predates the paper (rule 2); ``caveats``: the paper's :class:`Caveat` s that bear
        on the claim."""
        verdict = verdict_of(bool(passed), decidable)
        if verdict == INCONCLUSIVE and (undecided not in REASONS or undecided == WORDING):
            raise ValueError(f"an undecided claim's reason is one of {[x for x in REASONS if x != WORDING]}, "
                             f"got {undecided!r}")
        reason = undecided if verdict == INCONCLUSIVE else ""
        c = Claim(claim, paper, reproduced, tolerance, verdict, note, kind=kind, reason=reason, known=known,
                  remedy=remedy if reason == NOISE else "", caveats=self._register(caveats))
        self.claims.append(c)
        return c

    def counts(self) -> dict[str, int]:
        """A partition of the claims: the paper's results (not ``ours``, not ``setup``) as reproduced (could
        have failed), reproduced but proven before the paper (``known``), findings (failures proven to be the
        paper's error), inconclusive per reason and unexplained failures; then set-up facts and our own checks."""
        paper = [c for c in self.claims if c.kind not in (OURS, SETUP)]
        return {
            "reproduced": sum(c.verdict == PASS and not c.known for c in paper),
            "known": sum(c.verdict == PASS and bool(c.known) for c in paper),
            "findings": sum(c.verdict == FAIL and bool(c.finding) for c in paper),
            **{f"inconclusive_{r.split()[0]}": sum(c.reason == r for c in paper) for r in REASONS},
            "unexplained": sum(c.verdict == FAIL and not c.finding for c in paper),
            "setup": sum(c.kind == SETUP for c in self.claims),
            "ours": sum(c.kind == OURS for c in self.claims),
        }

    def to_dict(self, provenance: dict | None = None) -> dict:
        return {
            "figure": self.figure,
            "paper": self.paper,
            "n_claims": len(self.claims),
            "counts": self.counts(),
            "revised": sum(c.revised for c in self.claims),
            "claims": [_stable(asdict(c)) for c in self.claims],
            # which rules decided these verdicts: a seed or variant build decides beside the main one only when it
            # was judged under the same protocol (docs/protocol.md, rule 4)
            "protocol": protocol.VERSION,
            "notes": self.notes,
            # the texts of the caveats the claims name, once each (a claim keeps only their ids)
            "caveats": {k: self.caveats[k] for k in dict.fromkeys(i for c in self.claims for i in c.caveats)},
            "provenance": provenance or {},
        }

    def write(self, path, provenance: dict | None = None) -> None:
        save_json(path, self.to_dict(provenance))


# Claims files are committed: a number is written to 10 significant digits, so that the last bits of a
# floating-point sum (which differ between CPUs' SIMD paths) do not change a tracked file when nothing else did.
STABLE_DIGITS = 10


def _stable(x: Any) -> Any:
    if isinstance(x, float) and math.isfinite(x) and x != 0.0:
        return float(f"{x:.{STABLE_DIGITS}g}")
    if isinstance(x, dict):
        return {k: _stable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_stable(v) for v in x]
    return x
