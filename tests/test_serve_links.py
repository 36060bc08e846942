"""Each seat's link of a served game (issue 29): one random token per seat and one for the host,
kept beside the save for the owner only, the same every time until they are made again."""

from __future__ import annotations

import stat
from pathlib import Path

from conquest_tui.serve.links import game_links, links_path, read_links


def test_links_are_kept_and_made_again_only_when_asked(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    save.write_text("{}")
    first = game_links(save, [3, 7])
    assert set(first.seats) == {3, 7}
    tokens = [first.host, *first.seats.values()]
    assert len(set(tokens)) == 3 and all(len(token) >= 32 for token in tokens)
    assert game_links(save, [3, 7]) == first == read_links(save)
    assert stat.S_IMODE(links_path(save).stat().st_mode) == 0o600
    assert first.find(first.host) == 0 and first.find(first.seats[7]) == 7
    assert first.find(first.seats[7][:-1]) is None and first.find("") is None

    renewed = game_links(save, [3, 7], renew=True)
    assert renewed.find(first.seats[3]) is None and renewed.find(first.host) is None


def test_a_damaged_links_file_is_made_again(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    save.write_text("{}")
    links_path(save).write_text("not json")
    assert read_links(save) is None
    links = game_links(save, [1, 2])
    assert read_links(save) == links
