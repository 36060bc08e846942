"""Which of Conquest's rules (docs/conquest-rules-checklist.md) the tests cite, and which not.

Run: `python -m tools.conquest_rules_coverage`. A test cites a rule by its id in a docstring or
comment: `W42-ATT-04`, a run `W42-ATT-04..06`, or a list `W42-CARD-04/07`. Every rule marked
AMB must also have its reading in docs/rules-interpretations.md. Exits 1 when anything is missing.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHECKLIST = ROOT / "docs" / "conquest-rules-checklist.md"
TESTS = ROOT / "tests" / "conquest"
INTERPRETATIONS = ROOT / "docs" / "rules-interpretations.md"
RULE = re.compile(r"^- (W42-[A-Z]+-\d{2})\b(.*)$")
CITATION = re.compile(r"W42-([A-Z]+)-(\d{2})((?:(?:/|\.\.)\d{2})*)")


def rules() -> dict[str, bool]:
    """Every rule id of the checklist → whether it is marked AMB."""
    found: dict[str, bool] = {}
    for line in CHECKLIST.read_text(encoding="utf-8").splitlines():
        match = RULE.match(line)
        if match:
            found[match.group(1)] = "**AMB**" in match.group(2)
        elif found and "**AMB**" in line and line.startswith("  "):
            found[list(found)[-1]] = True
    return found


def cited(text: str) -> set[str]:
    """The rule ids a text cites, runs and lists spelled out."""
    ids: set[str] = set()
    for match in CITATION.finditer(text):
        section, first, rest = match.groups()
        numbers = [int(first)]
        for step, number in re.findall(r"(/|\.\.)(\d{2})", rest):
            if step == "..":
                numbers += range(numbers[-1] + 1, int(number) + 1)
            else:
                numbers.append(int(number))
        ids |= {f"W42-{section}-{n:02d}" for n in numbers}
    return ids


def missing() -> tuple[list[str], list[str]]:
    """(rules no test cites, AMB rules with no recorded reading)."""
    citations: set[str] = set()
    for path in sorted(TESTS.rglob("*.py")):
        citations |= cited(path.read_text(encoding="utf-8"))
    readings = INTERPRETATIONS.read_text(encoding="utf-8")
    checklist = rules()
    uncited = [rule for rule in checklist if rule not in citations]
    unread = [rule for rule, amb in checklist.items() if amb and f"{rule}-AMB" not in readings]
    return uncited, unread


def main() -> int:
    checklist = rules()
    uncited, unread = missing()
    print(f"{len(checklist) - len(uncited)} of {len(checklist)} rules cited by a test")
    open_rules = sum(checklist.values())
    print(f"{open_rules - len(unread)} of {open_rules} open readings recorded")
    for rule in uncited:
        print(f"  not cited: {rule}")
    for rule in unread:
        print(f"  no reading: {rule}-AMB")
    return 1 if uncited or unread else 0


if __name__ == "__main__":
    sys.exit(main())
