"""The per-paper pages (reporting/paper_pages.py): every claim of the committed scorecard once on its page and once
on its details page, with every field in full there; short notes of at most 300 characters and without codes
(commit hashes, issue and rule numbers, configuration keys); our numbers and bars at 3 significant figures; the
summary's counts adding up to the scorecard's; a hand-made scorecard's page exactly as expected."""
import re
from pathlib import Path

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from statmech_bayes.reporting import paper_pages as pp

ROOT = Path(__file__).resolve().parents[1]
SCORECARD = ROOT / "figures" / "scorecard.csv"
COUNTS = ROOT / "figures" / "scorecard_counts.csv"
CODES = pp.Codes.from_repo(ROOT / "figures" / "protocol.csv")

# Codes as the issue names them, by patterns of this test's own (not the module's): a commit hash of 7-40 hex
# digits with a letter and a digit, "issue NN", "rule N" (not "rule 0.0665", a rule-of-thumb estimate's number).
HASH = re.compile(r"(?<![\w.])(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}(?![\w])")
ISSUE = re.compile(r"\bissues? #?\d+", re.I)
RULE = re.compile(r"\brules? \d+(?![\d.])", re.I)


@pytest.fixture(scope="module")
def scorecard():
    return pp.load(SCORECARD)


@pytest.fixture(scope="module")
def pages(scorecard):
    return pp.render(scorecard, CODES, caveats=pp.load_caveats(ROOT / "figures"))


def _reader_text(page: str) -> str:
    """What a reader reads: the page without link targets."""
    return re.sub(r"\]\([^)]*\)", "]", page)


def _table_rows(page: str) -> list[list[str]]:
    """The cells of every table row of ``page`` (header and rule lines left out)."""
    rows = []
    for line in page.splitlines():
        if line.startswith("| ") and not line.startswith("| we measure"):
            rows.append([c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]])
    return rows


def test_every_claim_once_on_its_page_and_once_on_its_details_page(scorecard, pages):
    t = pp.with_anchors(scorecard)
    for paper, g in t.groupby("paper"):
        assert g.anchor.is_unique, paper
        short, details = pages[f"{paper}.md"], pages[f"{paper}-details.md"]
        assert len(_table_rows(short)) == len(g), paper
        for r in g.itertuples():
            link = f"({paper}-details.md#{r.anchor})"
            assert short.count(link) == 1, (paper, r.claim)
            assert details.count(f'<a id="{r.anchor}"></a>') == 1, (paper, r.claim)
            row = next(line for line in short.splitlines() if link in line)
            assert pp._cell(pp.symbols(pp.plain(r.claim, CODES)))[:20] in row
            # The paper's own results are in its figure's table, set-up facts and our checks in their sections.
            section = short[:short.index(link)].rsplit("\n## ", 1)[1].splitlines()[0]
            expected = {"setup": "Set-up facts", "ours": "Our own checks"}.get(r.kind, pp.figure_label(r.figure))
            assert section == expected, (paper, r.claim, section)


def test_the_details_page_holds_every_field_in_full(scorecard, pages):
    t = pp.with_anchors(scorecard)
    for paper, g in t.groupby("paper"):
        details = pages[f"{paper}-details.md"]
        sections = dict(re.findall(r'<a id="([^"]+)"></a>\n(.*?)(?=\n<a id=|\Z)', details, flags=re.S))
        for r in g.itertuples():
            text = sections[r.anchor]
            for col, _ in pp.DETAIL_FIELDS:
                value = pp._md(getattr(r, col))
                if value:
                    assert value in text, (paper, r.claim, col)


def test_every_page_links_the_glossary(pages):
    for name, text in pages.items():
        assert "protocol.md#terms" in text, name


def test_no_short_note_exceeds_300_characters(scorecard):
    t = pp.prepare(scorecard)
    notes = [pp.short_note(r, CODES) for r in t.itertuples()]
    assert max(map(len, notes)) <= 300
    assert sum(len(n) > 250 for n in notes) > 10  # the limit is used, not undercut by an empty note


def test_the_short_pages_show_no_codes(scorecard, pages):
    commits = set(scorecard.revision_commit) - {""}
    for revisions in ROOT.glob("figures/*/revisions.csv"):
        commits |= set(pd.read_csv(revisions, dtype=str, keep_default_na=False).get("commit", []))
    commits = {c for c in commits if re.fullmatch(r"[0-9a-f]{7,40}", c)}
    assert commits
    for paper in dict.fromkeys(scorecard.paper):
        text = _reader_text(pages[f"{paper}.md"])
        assert not HASH.findall(text), paper
        assert not [c for c in commits if c in text], paper
        assert not ISSUE.findall(text), paper
        assert not RULE.findall(text), paper
        assert not pp.codes_in(text, CODES), paper
        assert "z_decide" not in text and "consult_unusable" not in text


def test_plain_drops_codes_and_keeps_the_reason():
    codes = pp.Codes(frozenset({"consult_unusable", "dip_rtol", "z_decide"}), {"z_decide": "2"})
    assert pp.plain("revised in bc7030f: rule 4: two constant estimates passed", codes) == \
        "revised: two constant estimates passed"
    assert pp.plain("the registered share 0.5 is passed by a coin flip (issue 36); 'clearly' read as 0.9", codes) == \
        "the registered share 0.5 is passed by a coin flip; 'clearly' read as 0.9"
    assert pp.plain("decided beyond z_decide standard errors", codes) == "decided beyond 2 standard errors"
    assert pp.plain("read as the initial slope (missing 1/V, spec A4)", codes) == "read as the initial slope (missing 1/V)"
    assert pp.plain("eps ratio at this nu (cc6dc87's withdrawn reading): -0.01", codes) == "eps ratio at this nu: -0.01"
    assert pp.plain("proven in tests/test_x.py::test_y and elsewhere", codes) == pp.NEUTRAL
    # A code the sentence depends on: the part before its clause, or the neutral phrase.
    assert pp.plain("the oracle answers; consult_unusable was adopted after nine claims had failed", codes) == \
        "the oracle answers …"
    assert pp.plain("consult_unusable was adopted after nine claims had failed", codes) == pp.NEUTRAL
    # Not codes: a rule-of-thumb estimate's number, a symbol with a subscript, numbers.
    for text in ("RMSE rule 0.0665 +- 0.00022", "D_WV = 0.612, D_TWO = 1.16", "max |L u| 5.734995812e-14",
                 "graph seed 1597 (Table 1, Algorithm 1 line 5)"):
        assert pp.plain(text, codes) == text
    assert pp.codes_in("in 7be0d5655e44de6098acd153b2355357d3b79b0e, issue 34 and rules 1-2", codes) == \
        ["7be0d5655e44de6098acd153b2355357d3b79b0e", "issue 34", "rules 1-2"]


def _significant(token: str) -> int:
    mant = re.split(r"[eE]", token.lstrip("+-"))[0]
    digits = mant.replace(".", "").lstrip("0")
    return len(digits if "." in mant else digits.rstrip("0"))


NUMBER = re.compile(r"(?<![\w.])[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?(?![\w.]|\.\d)")


def test_our_numbers_and_bars_are_at_3_significant_figures(scorecard, pages):
    source_integers = set()
    for col in ("reproduced", "tolerance", "registered_reproduced", "registered_tolerance"):
        for text in scorecard[col]:
            source_integers |= {m.group(0).split(".")[0].lstrip("+") for m in NUMBER.finditer(text)
                                if re.fullmatch(r"[-+]?\d+(\.0+)?", m.group(0))}
    checked = 0
    for paper in dict.fromkeys(scorecard.paper):
        for cells in _table_rows(pages[f"{paper}.md"]):
            ours_bar = cells[2:4] if len(cells) == 6 else cells[1:3]
            for cell in ours_bar:
                for m in NUMBER.finditer(cell):
                    tok = m.group(0)
                    checked += 1
                    if re.fullmatch(r"[-+]?\d+", tok) and _significant(tok) > 3:
                        assert tok.lstrip("+") in source_integers, (paper, cell)  # an integer as the scorecard has it
                    else:
                        assert _significant(tok) <= 3, (paper, tok, cell)
    assert checked > 1000


@pytest.mark.parametrize("x, text", [(5.734995812e-14, "5.73e-14"), (-3.999960522, "-4.00"), (0.0007947579099,
                                     "0.000795"), (15444.81002, "15400"), (123456.7, "1.23e5"), (9.996, "10.0"),
                                     (500.0, "500"), (0.2, "0.200"), (0.0, "0"), (-0.4514067737, "-0.451")])
def test_sig3(x, text):
    assert pp.sig3(x) == text


def test_numbers3_and_bar():
    assert pp.numbers3("3.229 +- 0.0054 < 20.12 +- 0.077 < 260.9 +- 0.54") == "3.23 +- 0.0054 < 20.1 +- 0.077 < 261 +- 0.54"
    assert pp.numbers3("x30 at nu=0.01, n = 13782, 500.0 vertices, k0 = 300") == \
        "x30 at nu=0.01, n = 13782, 500 vertices, k0 = 300"
    assert pp.bar("|reproduced - 8.616272089| <= rtol=0.03") == "8.62 ± 3 %"
    assert pp.bar("|reproduced - -8.8| <= atol=0.2") == "-8.8 ± 0.2"
    assert pp.bar("[-inf, 1e-10]") == "≤ 1e-10"
    assert pp.bar("worst gap (max over n): WV - UC: [0.0128372, inf]") == "worst gap (max over n): WV - UC: ≥ 0.0128"


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["word", "x", "(a, b)", "0.5", "Fig.", ";", ",", ":", ".", "e.g.", "((", "))", "–"]),
                max_size=200), st.integers(20, 300))
def test_cut_is_a_prefix_within_the_limit(words, limit):
    text = " ".join(words)
    out = pp.cut(text, limit)
    assert len(out) <= limit
    norm = " ".join(text.split())
    assert out == norm or (out.endswith(" …") and norm.startswith(out[:-2]))


def test_cut_prefers_a_sentence_or_clause_boundary():
    text = "First sentence is here (with a, b inside). " + "Second one runs on and on, " * 20
    # The only sentence end lies before half the limit: the last clause boundary within it.
    assert pp.cut(text, 120) == "First sentence is here (with a, b inside). Second one runs on and on, Second one runs on " \
        "and on …"
    assert pp.cut(text, 60) == "First sentence is here (with a, b inside) …"
    assert pp.cut("A short clause; then a long tail " + "x" * 300, 100) == "A short clause; then a long tail …"


def test_summary_counts_add_up_to_the_scorecards(scorecard):
    counts = pd.read_csv(COUNTS).set_index("paper")
    names = pp.titles(dict.fromkeys(scorecard.paper))
    tally = pp.tally(scorecard).set_index("paper")
    assert len(tally) == len(counts)
    for paper, r in tally.iterrows():
        c = counts.loc[names[paper][0]]
        assert r.passed + r.failed + r.undecided == r.results == c.claims, paper
        assert (r.passed - r.known, r.known, r.findings) == (c.passed, c.known, c.findings), paper
        # the passes split into reproduced (control-checked), weak, unchecked and proven before the paper, as the
        # scorecard's own control columns count them
        assert (r.control_checked, r.weak, r.unchecked) == (c.control_checked, c.weak, c.unchecked), paper
        assert r.failed == c.findings + c.settled + c.unexplained, paper
        assert r.undecided == c.inconclusive_noise + c.inconclusive_wording + c.inconclusive_unconverged + \
            c.inconclusive_unstated, paper
    rows = pp.summary_rows(scorecard, {k: v[0] for k, v in names.items()})
    assert len(rows) == 2 + len(tally)
    for line, (paper, r) in zip(rows[2:], tally.iterrows()):
        cells = [c.strip() for c in line.strip("|").split("|")]
        assert cells[0] == f"[{names[paper][0]}](docs/papers/{paper}.md)"
        assert int(cells[1]) == r.results
        assert int(cells[2]) + int(cells[3]) + int(cells[4].split()[0]) + int(cells[5]) == r.results
        assert int(cells[2]) == r.control_checked and cells[4] == f"{r.failed} ({r.findings})"
        assert int(cells[3]) == r.weak + r.unchecked + r.known == r.passed - r.control_checked


TOY = [dict(paper="toy", figure="toy/fig1", claim="log-log slope of the learning curve", kind="value",
            paper_statement="the error falls as 1/n", reproduced="-0.9876543210",
            tolerance="|reproduced - -1| <= atol=0.05", verdict="pass",
            note="fit over n = 10..1000 (issue 12); standard error 0.0123456",
            registered_tolerance="[-inf, 0]", registered_reproduced="-0.9876543210", registered_verdict="pass",
            revised_verdict="pass", revision_commit="abc1234", revision_reason="rule 1: the sign alone passes",
            revision_proof=""),
       dict(paper="toy", figure="toy/fig2", claim="bound / simulation at n = 100", kind="wording",
            paper_statement="the bound is tight",
            reproduced="within 10 %: 1.234567 (fail); within a factor 2: 1.234567 (pass)",
            tolerance="within 10 %: [0.9, 1.1]; within a factor 2: [0.5, 2]", verdict="inconclusive", reason="wording",
            note="the paper does not say how tight; the readings disagree (rule 2, commit 1234abcd)")]

TOY_PAGE = """\
# Toy & Model 2020: what reproduces

*Toy & Model 2020, J. Toys 1:1-2*

Of its 2 results, 1 passes (1 unchecked: the paper has no negative controls). None fails. 1 cannot be decided, on the wording, where readings of the paper's \
words disagree (Fig 2).

Terms (reading, registered reading, revision, undecided, finding): [the glossary](../protocol.md#terms). Every \
field of every claim: [the details](toy-details.md). All papers: [the scorecard](../../figures/scorecard.md).

## Fig 1

| we measure | the paper says | ours | bar | verdict | note |
|---|---|---|---|---|---|
| log-log slope of the learning curve | the error falls as 1/n | -0.988 | ≤ 0 | pass; registered reading decides \
(later reading: pass) | fit over n = 10..1000; standard error 0.0123 [details](toy-details.md#fig1-1) |

## Fig 2

| we measure | the paper says | ours | bar | verdict | note |
|---|---|---|---|---|---|
| bound / simulation at n = 100 | the bound is tight | within 10 %: 1.23 (fail); within a factor 2: 1.23 (pass) | \
[0.9, 1.1]; [0.5, 2] (in the readings' order) | *undecided (wording)* | the paper does not say how tight; the \
readings disagree [details](toy-details.md#fig2-1) |
"""


def test_a_two_claim_scorecard_gives_the_expected_page():
    pages = pp.render(pd.DataFrame(TOY), pp.Codes(), pp.Links(), {"toy": ("Toy & Model 2020",
                                                                          "Toy & Model 2020, J. Toys 1:1-2")})
    assert set(pages) == {"toy.md", "toy-details.md"}
    assert pages["toy.md"] == TOY_PAGE
    details = pages["toy-details.md"]
    assert "- **revision: commit**: abc1234" in details and "(rule 2, commit 1234abcd)" in details
    assert pp.summary_rows(pd.DataFrame(TOY), {"toy": "Toy & Model 2020"})[2] == \
        "| [Toy & Model 2020](docs/papers/toy.md) | 2 | 0 | 1 | 0 (0) | 1 | none |"


def test_a_scorecard_without_the_proof_columns_does_not_claim_which_reading_decided():
    old = pd.DataFrame(TOY).drop(columns=["revised_verdict", "revision_proof"])
    row = pp.prepare(old).iloc[0]
    assert pp.revision(row) == "unrecorded"
    assert pp.verdict_text(row) == "pass (revised; registered reading: pass)"
    assert pp.deciding(row) == (row.reproduced, row.tolerance)
    proven = pp.prepare(pd.DataFrame(TOY).assign(revision_proof="tests/test_toy.py::test_flat")).iloc[0]
    assert pp.revision(proven) == "revised" and "revised reading decides" in pp.verdict_text(proven)


def test_the_command_writes_every_page_atomically(tmp_path):
    card = tmp_path / "scorecard.csv"
    pd.DataFrame(TOY).to_csv(card, index=False)
    out = tmp_path / "papers"
    assert pp.main(["--scorecard", str(card), "--out", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["toy-details.md", "toy.md"]
    assert "| log-log slope of the learning curve |" in (out / "toy.md").read_text()
    # A page that cannot be written leaves every old page as it was and no temporary file behind.
    (out / "toy.md").write_text("old")
    with pytest.raises(OSError):
        pp.write({"toy.md": "new", "missing/dir.md": "x"}, out)
    assert (out / "toy.md").read_text() == "old"
    assert sorted(p.name for p in out.iterdir()) == ["toy-details.md", "toy.md"]
