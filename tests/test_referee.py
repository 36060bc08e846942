"""`conquest referee`: a game's referee PIN set at `new`, the back-off, every Clan, the dice and
each battle round by round (issue 31, point 4); never a seat's door."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from referee_helpers import REFEREE_PIN, battle_save

from conquest_tui.cli import main
from conquest_tui.session import NoReferee, PinRefused, Session


@pytest.fixture(scope="module")
def battle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The scripted battle game's save (read only by the tests that share it)."""
    return battle_save(tmp_path_factory.mktemp("referee") / "battle.json")


def _run(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(words))
    out, err = capsys.readouterr()
    return code, out, err


def test_new_takes_a_referee_pin_and_keeps_only_its_hash(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The PIN is never printed nor written in clear: the save holds its salted hash."""
    path = tmp_path / "g.json"
    code, out, _ = _run(capsys, "new", "--map", "test_small", "--clans", "2", "--seed", "demo",
                        "--referee-pin", "zebra-crossing", "--save", str(path))
    assert code == 0
    assert "referee" in out and "zebra-crossing" not in out
    text = path.read_text(encoding="utf-8")
    assert "zebra-crossing" not in text and '"referee_pin_hash":"scrypt$' in text


def test_a_game_without_a_referee_pin_says_so(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "plain.json"
    assert main(["new", "--map", "test_small", "--clans", "2", "--save", str(path)]) == 0
    code, out, err = _run(capsys, "referee", str(path), "--pin", "1234")
    assert code == 1 and not out
    assert "This game has no referee" in err and "set when the game is made" in err
    with pytest.raises(NoReferee):
        Session.open(path).open_referee("1234")


def test_the_right_pin_shows_every_clan_and_the_battle_round_by_round(
        battle: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "referee", str(battle), "--pin", REFEREE_PIN)
    assert code == 0
    assert "Clan 856 (Iron Wolves), human: popularity" in out
    assert "Clan 246 (Road Hogs), human: popularity" in out
    assert out.count("  Money $") == 2 and "Convoy #1 Land 1 at 0506" in out
    # The dice: the battle once, as its attacker read it (what the defender was told is an echo).
    assert "Clan 856, game turn 1: Convoy #1 attacked Clan 246's convoy #1 in 0506" in out
    assert "attacked your convoy" not in out
    battle_part = out.split("Battles, round by round")[1]
    assert "Clan 856's convoy #1 against Clan 246's convoy #1 in 0506" in battle_part
    assert "Before the battle in 0506." in battle_part
    rounds = [line for line in battle_part.splitlines() if line.strip().startswith("Round ")]
    assert len(rounds) >= 2 and rounds[0].strip().startswith("Round 1: you dealt")
    assert REFEREE_PIN not in out


def test_json_gives_the_same_desk(battle: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "referee", str(battle), "--pin", REFEREE_PIN, "--json")
    assert code == 0
    desk = json.loads(out)
    assert [clan["number"] for clan in desk["clans"]] == [856, 246]
    assert all(set(clan["stocks"]) >= {"food", "fuel", "troops"} for clan in desk["clans"])
    [fought] = desk["battles"]
    assert fought["clan"] == 856 and fought["rounds"][0]["round"] == 0
    assert [r["round"] for r in fought["rounds"]] == list(range(len(fought["rounds"])))
    assert {side["troops"] for side in fought["rounds"][0]["sides"]} == {20}
    assert {d["clan"] for d in desk["dice"]} == {856}
    [turn] = desk["draws"]
    assert turn["clan"] == 856 and turn["heading"] == "Clan 856 (Iron Wolves), game turn 1"
    hunt = [d for d in turn["draws"] if d["line"] == 2]
    assert hunt and all(d["convoy"] == 1 and d["phase"] == "pulse 1" for d in hunt)
    assert hunt[0]["words"].startswith("pulse 1, line 2 (HUNT), convoy #1: a roll of 1 to 6")


def test_every_die_of_the_last_game_turn_is_listed_in_words(
        battle: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Beside what chance decided, every draw the engine made: the battle's dice, each with its
    phase, sheet line and convoy, and the maintenance roll that no event keeps."""
    code, out, _ = _run(capsys, "referee", str(battle), "--pin", REFEREE_PIN)
    assert code == 0
    dice = out.split("Every die of the last game turn\n", 1)[1].split("\nBattles,")[0]
    heading, *draws = dice.strip("\n").splitlines()
    assert heading.startswith("  Clan 856 (Iron Wolves), game turn 1: ")
    assert heading.endswith(f" {len(draws):,} draws")
    assert "    pulse 1, line 2 (HUNT), convoy #1: a roll of 1 to 6 came up " in dice
    assert "    maintenance, convoy #1: a roll of 3 to 6 came up " in dice
    assert "randint" not in dice and "DiceRoll" not in dice


def test_wrong_pins_are_refused_and_back_off_like_a_seat(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Three wrong PINs are free, the fourth starts a wait; a wait refuses even the right PIN
    and outlives the command (it is saved at once)."""
    path = battle_save(tmp_path / "b.json")
    for attempt in range(1, 5):
        code, out, err = _run(capsys, "referee", str(path), "--pin", "0000")
        assert code == 1 and not out and err.startswith("conquest: Wrong referee PIN.")
        assert ("Try again in" in err) is (attempt == 4)
    table = Session.open(path)
    state = table.referee().game.state
    assert state.referee_pin_failures == 4 and state.referee_pin_retry_at
    state.referee_pin_failures, state.referee_pin_retry_at = 13, 0  # ten more, long ago
    table.save("more wrong PINs")
    code, out, err = _run(capsys, "referee", str(path), "--pin", "0000")
    assert "Wrong referee PIN. Try again in 15 minutes." in err
    code, out, err = _run(capsys, "referee", str(path), "--pin", REFEREE_PIN)
    assert code == 1 and not out
    assert "Too many wrong referee PINs. Try again in 15 minutes." in err


def test_the_right_pin_resets_the_count_and_a_fake_clock_ends_the_wait(tmp_path: Path) -> None:
    path = battle_save(tmp_path / "b.json")
    table = Session.open(path)
    now = [1_000_000.0]
    table.clock = lambda: now[0]
    for _ in range(4):
        with pytest.raises(PinRefused):
            table.open_referee("0000")
    with pytest.raises(PinRefused, match="Too many wrong referee PINs"):
        table.open_referee(REFEREE_PIN)
    now[0] += 1
    desk = table.open_referee(REFEREE_PIN)
    assert [clan.name for clan in desk.clans] == ["Iron Wolves", "Road Hogs"]
    assert Session.open(path).referee().game.state.referee_pin_failures == 0


def test_a_seat_offers_no_referee(battle: Path) -> None:
    """A Clan's seat has no door to the referee's desk: nothing of it names the referee."""
    seat = Session.open(battle).open_seat(246)
    assert not [name for name in dir(seat) if "referee" in name.lower()]


def test_what_the_attacked_clan_was_told_shows_when_the_attacker_played_since(
        tmp_path: Path) -> None:
    """Once the attacker has played its next turn, its account of the battle is gone from the
    desk; the defender's, told before its own turn, then stands for it, in the dice and as the
    battle to replay."""
    path = battle_save(tmp_path / "b.json")
    table = Session.open(path)
    table.open_seat(246).submit("")
    table.open_seat(856).submit("")  # game turn 2: the attacker's last turn is a quiet one
    desk = table.open_referee(REFEREE_PIN)
    told = [roll for roll in desk.rolls if "attacked your convoy #1" in roll.sentence]
    assert [(roll.clan, roll.game_turn) for roll in told] == [(246, 1)]
    [battle] = desk.battles  # replayed as the attacked Clan read it
    assert battle.clan == 246 and battle.title.startswith("Clan 246's convoy #1 against Clan 856")


def test_a_forecast_or_a_check_adds_no_die_to_the_referee_s_log(battle: Path) -> None:
    """Only the turns played are the referee's dice: a Clan's forecast and check roll nothing
    into the log."""
    table = Session.open(battle)
    before = list(table.referee().game.state.referee_dice)
    seat = table.open_seat(246)
    seat.forecast("[CONVOY 1]\nHUNT\n")
    seat.check("[CONVOY 1]\nHUNT\n")
    assert table.referee().game.state.referee_dice == before
