"""Caveats by name (issue 42): a qualification several claims share is written once per paper, each claim names it
by id, and the reader meets its text once, as a footnote on the paper's page."""
import json

import pandas as pd
import pytest

from statmech_bayes.reporting import paper_pages as pp
from statmech_bayes.reporting.claims import Caveat, ClaimsRecord
from statmech_bayes.reporting.scorecard import caveat_table, gather, to_markdown

PRIOR = Caveat("improper_prior", "the posterior is improper for any data")
DRAW = Caveat("one_data_draw", "one drawn data set")


def test_claims_name_caveats_and_the_file_holds_each_text_once():
    rec = ClaimsRecord("toy/fig1", "toy", caveats=(PRIOR,))
    rec.within("a", "a is small", 0.1, upper=1.0)
    with rec.citing(DRAW):
        b = rec.within("b", "b is small", 2.0, upper=1.0)
    c = rec.setup("n", "n = 3", 3, True, "== 3")
    assert [x.caveats for x in rec.claims] == [("improper_prior",), ("improper_prior", "one_data_draw"),
                                               ("improper_prior",)]
    rec.cite(b, PRIOR)  # named already: not twice
    assert rec.claims[1].caveats == ("improper_prior", "one_data_draw")
    doc = rec.to_dict()
    assert doc["caveats"] == {"improper_prior": PRIOR.text, "one_data_draw": DRAW.text}
    assert doc["claims"][1]["caveats"] == ["improper_prior", "one_data_draw"]
    assert c.note == ""  # the text is never copied into a note


def test_a_caveat_outside_its_block_is_not_named_and_unused_texts_are_not_written():
    rec = ClaimsRecord("toy/fig1", "toy")
    with rec.citing(DRAW):
        pass
    rec.within("a", "a is small", 0.1, upper=1.0)
    assert rec.claims[0].caveats == () and rec.to_dict()["caveats"] == {}


def test_one_id_has_one_text_and_ids_are_names():
    rec = ClaimsRecord("toy/fig1", "toy")
    rec.within("a", "a is small", 0.1, upper=1.0, caveats=(PRIOR,))
    with pytest.raises(ValueError, match="two texts"):
        rec.within("b", "b is small", 0.1, upper=1.0, caveats=(Caveat("improper_prior", "another text"),))
    with pytest.raises(ValueError, match="snake_case"):
        rec.within("c", "c", 0.1, upper=1.0, caveats=(Caveat("Improper prior", "x"),))
    with pytest.raises(TypeError):
        rec.within("d", "d", 0.1, upper=1.0, caveats=("improper_prior",))


def test_a_revision_keeps_the_caveats_of_both_readings():
    rec = ClaimsRecord("toy/fig1", "toy")
    reg = rec.within("a", "a is small", 0.1, upper=1.0, caveats=(PRIOR,))
    rev = rec.within("a", "a is small", 0.1, upper=0.5, caveats=(DRAW,))
    merged = rec.revise(reg, rev, "abc1234", "a stricter bar")
    assert merged.caveats == ("improper_prior", "one_data_draw") and len(rec.claims) == 1


def _write(tmp_path, name, rec):
    path = tmp_path / f"{name}.claims.json"
    path.write_text(json.dumps(rec.to_dict()))
    return path


def _two_figures(tmp_path):
    """Two figures whose claims name the same caveat."""
    files = []
    for fig in ("fig1", "fig2"):
        rec = ClaimsRecord(f"toy/{fig}", "toy", caveats=(PRIOR,))
        rec.within("a", "a is small", 0.1, upper=1.0)
        files.append(_write(tmp_path, fig, rec))
    return files


def test_the_scorecard_lists_each_caveat_once_per_paper(tmp_path):
    files = _two_figures(tmp_path)
    table, texts = gather(files), caveat_table(files)
    assert list(table.caveats) == ["improper_prior", "improper_prior"]
    assert texts.to_dict("records") == [{"paper": "toy", "id": "improper_prior", "text": PRIOR.text}]
    md = to_markdown(table, {"toy": "Toy"}, caveats=texts)
    assert md.count(PRIOR.text) == 1 and md.count("caveats: improper_prior") == 2
    # one id with two texts in one paper stops the scorecard
    rec = ClaimsRecord("toy/fig3", "toy", caveats=(Caveat("improper_prior", "something else"),))
    rec.within("a", "a is small", 0.1, upper=1.0)
    with pytest.raises(ValueError, match="two texts"):
        caveat_table(files + [_write(tmp_path, "fig3", rec)])


def test_the_paper_page_links_each_claim_to_its_caveat_printed_once(tmp_path):
    files = _two_figures(tmp_path)
    table = gather(files).assign(decided_on="main seed alone")
    page = pp.page(table, "toy", "Toy", caveats=caveat_table(files))
    assert page.count(PRIOR.text) == 1
    assert page.count("[improper prior](#caveat-improper-prior)") == 2
    assert '<a id="caveat-improper-prior"></a>' in page
    with pytest.raises(ValueError, match="no text"):
        pp.page(table, "toy", "Toy", caveats=pd.DataFrame(columns=["paper", "id", "text"]))
