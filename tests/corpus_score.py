"""Score nagle-lint against the labels in corpus/ (`# expect: NAG101` on the reported line)."""
from __future__ import annotations

import re
from pathlib import Path

from nagle_lint.engine import check_paths
from nagle_lint.settings import Settings

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
_EXPECT = re.compile(r"#\s*expect:\s*(?P<codes>NAG\d{3}(?:\s*,\s*NAG\d{3})*)")


def expected(corpus: Path = CORPUS) -> set[tuple[str, int, str]]:
    labels = set()
    for path in sorted(corpus.rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            match = _EXPECT.search(line)
            if match:
                for code in re.findall(r"NAG\d{3}", match.group("codes")):
                    labels.add((path.name, number, code))
    return labels


def reported(corpus: Path = CORPUS, settings: Settings | None = None) -> set[tuple[str, int, str]]:
    settings = settings or Settings(select=("ALL",))
    found = set()
    for result in check_paths([str(corpus)], settings, jobs=1):
        for finding in result.all_findings():
            found.add((Path(finding.path).name, finding.span.line, finding.code))
    return found


def is_real_code_shape(name: str) -> bool:
    """Cases written in the shapes real projects use (pos_rw_*, neg_rw_*, rw_* packages)."""
    return name.startswith(("pos_rw_", "neg_rw_")) or name in _PACKAGE_FILES


_PACKAGE_FILES = {p.name for d in CORPUS.glob("rw_*") if d.is_dir() for p in d.rglob("*.py")}


def score(corpus: Path = CORPUS, settings: Settings | None = None, only=None):
    """(precision, recall, false positives, missed); `only(name)` keeps a subset of the files."""
    want, got = expected(corpus), reported(corpus, settings)
    if only is not None:
        want = {label for label in want if only(label[0])}
        got = {label for label in got if only(label[0])}
    true_pos = want & got
    precision = len(true_pos) / len(got) if got else 1.0
    recall = len(true_pos) / len(want) if want else 1.0
    return precision, recall, sorted(got - want), sorted(want - got)


if __name__ == "__main__":
    for title, only in (("all", None), ("real-code shapes", is_real_code_shape),
                        ("first corpus", lambda name: not is_real_code_shape(name))):
        p, r, _, _ = score(only=only)
        print(f"{title}: precision {p:.3f}  recall {r:.3f}")
    p, r, false_pos, missed = score()
    for item in false_pos:
        print("false positive:", *item)
    for item in missed:
        print("missed:        ", *item)
