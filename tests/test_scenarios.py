"""The rules lab: the rulebook's worked examples as scenario files, played by the real turn."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conquest_tui.cli import main
from conquest_tui.scenarios.loader import ScenarioError, load_scenario
from conquest_tui.scenarios.runner import run_scenario

RULEBOOK = Path(__file__).resolve().parents[1] / "data" / "scenarios" / "rulebook"
FILES = sorted(RULEBOOK.glob("*.toml"))
COVERAGE = RULEBOOK.parents[2] / "docs" / "rules-coverage.md"


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_rulebook_example_holds(path: Path) -> None:
    """Each worked example of the rulebook, played through a real turn, holds (or differs
    exactly as its known-difference note says)."""
    outcome = run_scenario(path)
    assert outcome.passed, outcome.error or "\n".join(outcome.differences)


def test_at_least_forty_examples_each_naming_its_rule() -> None:
    """Issue 31: at least 40 worked examples, each citing its rule ids and quoting the rulebook."""
    assert len(FILES) >= 40
    known = set(re.findall(r"^\| (CC-[A-Z0-9-]+) \|", COVERAGE.read_text(encoding="utf-8"),
                           re.MULTILINE))
    for path in FILES:
        scenario = load_scenario(path)
        assert scenario.rules and set(scenario.rules) <= known, path
        assert "Rulebook" in scenario.example, path


def test_a_known_difference_passes_only_while_it_differs(tmp_path: Path) -> None:
    """A scenario marked with a known difference from the rulebook passes while the engine
    differs as it says, and fails (saying so) once every expectation holds."""
    text = (RULEBOOK / "train_agents.toml").read_text(encoding="utf-8")
    differs = tmp_path / "differs.toml"
    differs.write_text('expect_fails = "the engine charges $7,000 (AMB-00)"\n'
                       + text.replace("cost = 7000", "cost = 6000"), encoding="utf-8")
    outcome = run_scenario(differs)
    assert outcome.passed and outcome.known == "the engine charges $7,000 (AMB-00)"
    holds = tmp_path / "holds.toml"
    holds.write_text('expect_fails = "the engine charges $7,000 (AMB-00)"\n' + text,
                     encoding="utf-8")
    outcome = run_scenario(holds)
    assert not outcome.passed and "the known difference is gone" in outcome.differences[0]


def test_a_wrong_expectation_fails_with_a_readable_difference(tmp_path: Path) -> None:
    """ESPIONAGE at popularity 110 costs $13,750 (CC-CL-ESPIONAGE-02); a scenario expecting
    $13,000 fails, saying what it expected and what it got, in words."""
    text = (RULEBOOK / "espionage_cost.toml").read_text(encoding="utf-8")
    wrong = tmp_path / "wrong.toml"
    wrong.write_text(text.replace("cost = 13750", "cost = 13000"), encoding="utf-8")
    outcome = run_scenario(wrong)
    assert not outcome.passed
    assert outcome.differences == (
        "Wolves' turns: expected an event 'espionage' with keywords = ('OWNER', 'ALLIES', "
        "'ENEMIES'), popularity = 110, points = 125, cost = 13,000, got keywords = ('OWNER', "
        "'ALLIES', 'ENEMIES'), popularity = 110, points = 125, cost = 13,750",)


def test_a_wrong_stock_and_owner_read_as_expected_against_got(tmp_path: Path) -> None:
    """ORDER 4 6 costs $75,000 (CC-CL-ORDER-01): expecting other money, or another owner of a
    city, says both figures."""
    text = (RULEBOOK / "order_lines.toml").read_text(encoding="utf-8")
    wrong = tmp_path / "wrong.toml"
    wrong.write_text(text.replace("money = 25000", "money = 30000")
                     + '\n[[expect]]\ncity = "0402"\nowner = "Wolves"\n', encoding="utf-8")
    outcome = run_scenario(wrong)
    assert outcome.differences == ("Wolves' money: expected 30,000, got 25,000",
                                   "the owner of the city at 0402: expected 'Wolves', got ''")


def test_a_bad_scenario_is_refused_with_file_field_and_reason(tmp_path: Path) -> None:
    """A scenario with a bad field is refused naming the file, the field path and the reason,
    the way a damaged save is."""
    text = (RULEBOOK / "absorb_levels.toml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace("troops = 6", 'troops = "six"', 1), encoding="utf-8")
    with pytest.raises(ScenarioError) as refused:
        load_scenario(bad)
    message = str(refused.value)
    assert message.startswith(f"{bad}: convoys[0].troops: ")
    unknown = tmp_path / "unknown.toml"
    unknown.write_text(text.replace("training = 60", "trainning = 60"), encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"convoys\[0\]"):
        load_scenario(unknown)


def test_a_scenario_naming_a_stranger_is_refused(tmp_path: Path) -> None:
    """A convoy of a Clan not at the table: the file, the field and the reason."""
    text = (RULEBOOK / "absorb_levels.toml").read_text(encoding="utf-8")
    bad = tmp_path / "stranger.toml"
    bad.write_text(text.replace('clan = "Wolves"\nnumber = 3', 'clan = "Bears"\nnumber = 3'),
                   encoding="utf-8")
    outcome = run_scenario(bad)
    assert not outcome.passed
    assert outcome.error == f"{bad}: convoys[1].clan: no Clan called 'Bears' sits at the table"


def test_conquest_scenario_run_exits_non_zero_on_a_failure(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]
                                                           ) -> None:
    """`conquest scenario run`: 0 when every scenario passes, 1 with the difference printed."""
    assert main(["scenario", "run", str(RULEBOOK / "train_agents.toml")]) == 0
    assert "1 of 1 scenario passed." in capsys.readouterr().out
    wrong = tmp_path / "wrong.toml"
    wrong.write_text((RULEBOOK / "train_agents.toml").read_text(encoding="utf-8")
                     .replace("cost = 7000", "cost = 6000"), encoding="utf-8")
    assert main(["scenario", "run", str(wrong), str(RULEBOOK / "train_agents.toml")]) == 1
    out = capsys.readouterr().out
    assert "FAILED" in out and "cost = 6,000, agents = 3, got" in out
    assert "1 of 2 scenarios passed." in out


def test_export_writes_what_the_seat_sees_as_a_scenario(save: Path, tmp_path: Path) -> None:
    """`conquest scenario export SAVE --clan C`: the Clan's position through its seat — its
    stockpile, convoy, hex and city —, the rival it has not met unnamed; the file loads and
    builds the same position."""
    from conquest_tui.scenarios.builder import build_game
    from conquest_tui.storage.savefile import load_game

    game = load_game(save)
    wolves = next(clan for clan in game.state.clans if clan.name == "Wolves")
    convoy = game.convoys_of(wolves.number)[0]
    out = tmp_path / "position.toml"
    assert main(["scenario", "export", "--save", str(save), "--clan", str(wolves.number),
                 "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert "Hogs" not in text and 'name = "Another Clan"' in text
    scenario = load_scenario(out)
    assert scenario.title == "Wolves' position, game turn 1"
    built = build_game(scenario)
    again = next(clan for clan in built.state.clans if clan.name == "Wolves")
    assert again.stock == wolves.stock
    copy = built.convoys_of(again.number)[0]
    assert (copy.hex, copy.vehicles, copy.troops) == (convoy.hex, convoy.vehicles, convoy.troops)
