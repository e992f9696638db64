"""Issue 46: the code has an OSI licence (MIT), the shipped data keep theirs (listed beside them in data/), and
CITATION.cff cites the software with the five replicated papers as its references."""
import csv

import yaml

from conftest import ROOT
from statmech_bayes.pipeline.registry import papers


def test_the_code_is_mit_and_the_data_keep_their_own_licences():
    text = (ROOT / "LICENSE").read_text()
    assert text.startswith("MIT License") and "data/README.md" in text
    readme = (ROOT / "data" / "README.md").read_text()
    section = readme.split("## Licences and sources", 1)[1]
    for row in csv.DictReader((ROOT / "data" / "MANIFEST.csv").open()):
        folder = row["file"].split("/")[0]
        assert f"`{folder}/" in section, f"{folder}/ has no row in data/README.md's licences"
        for licence in ("GPL (>= 2)", "CC BY 4.0", "CC BY-SA 3.0", "MIT"):
            if licence in row["licence"]:
                assert licence in section, f"{row['file']}: {licence} not named in data/README.md"


def test_the_citation_file_lists_the_five_papers():
    cff = yaml.safe_load((ROOT / "CITATION.cff").read_text())
    assert cff["cff-version"] == "1.2.0" and cff["type"] == "software" and cff["license"] == "MIT"
    refs = cff["references"]
    assert len(refs) == len(papers()) == 5
    for paper in papers().values():
        family = paper.title.split()[0]  # "Hartog & van Zanten 2018" -> Hartog; "Jitkrittum et al. 2015" -> Jitkrittum
        year = int(paper.title.split()[-1])
        assert any(r["authors"][0]["family-names"] == family and r["year"] == year for r in refs), paper.title
