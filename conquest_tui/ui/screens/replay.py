"""The replay of the Clan's last turn on the map, pulse by pulse, from its own last-turn events."""

from __future__ import annotations

from collections import defaultdict
from typing import ClassVar

import attrs
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

from conquest_tui.engine.face import ClanView, Event, EventKind, event_text, hexgrid
from conquest_tui.ui.map_lenses import lens_shading
from conquest_tui.ui.map_overlay import MapOverlay, RouteMark
from conquest_tui.ui.overlay_builder import build_overlay
from conquest_tui.ui.stylesheets import PANES_CSS, CSSPaths, stylesheet
from conquest_tui.ui.widgets.key_footer import KeyFooter
from conquest_tui.ui.widgets.map_pane import MapPane

HAPPENINGS = frozenset({
    EventKind.CONVOY_BATTLE, EventKind.HEX_CAPTURED, EventKind.CITY_CAPTURED,
    EventKind.HEX_ATTACK_FAILED, EventKind.HEX_DEFENDED,
})
"""Events whose hex the replay marks on the map (battles, captures)."""


@attrs.frozen
class ReplayFrame:
    """The map after one pulse of the last turn: where the Clan's convoys stood, what
    happened (sentences), and the hexes of its battles and captures."""

    pulse: int
    convoys: dict[str, tuple[int, ...]]
    sentences: tuple[str, ...]
    marked: tuple[str, ...] = ()
    focus: str = ""
    """The hex to show (a convoy that moved, or a battle)."""


def replay_frames(view: ClanView) -> list[ReplayFrame]:
    """The last turn's pulses as frames: pulse 0 is the start, then one per pulse with events.

    Only the Clan's own last-turn events are read: what it saw of its own turn.
    """
    last = view.last_turn()
    events = [e for e in last.events if e.pulse > 0]
    if not events:
        return []
    by_pulse: defaultdict[int, list[Event]] = defaultdict(list)
    for event in events:
        by_pulse[event.pulse].append(event)
    moves = [e for e in events if e.kind == EventKind.MOVE and e.convoy and e.facts.get("hex")]
    where = _start_positions(view, moves)
    frames = [ReplayFrame(0, _grouped(where), (f"Your turn {last.game_turn}: the start, "
                                               "before the first pulse.",))]
    for pulse in sorted(by_pulse):
        focus = ""
        for event in by_pulse[pulse]:
            if event.kind == EventKind.MOVE and event in moves:
                where[event.convoy] = str(event.facts["hex"])
                focus = focus or where[event.convoy]
        marked = tuple(dict.fromkeys(
            str(e.facts["hex"]) for e in by_pulse[pulse]
            if e.kind in HAPPENINGS and isinstance(e.facts.get("hex"), str)))
        sentences = tuple(_sentences(by_pulse[pulse]))
        frames.append(ReplayFrame(pulse, _grouped(where), sentences, marked,
                                  (marked[0] if marked else focus)))
    return frames


def _start_positions(view: ClanView, moves: list[Event]) -> dict[int, str]:
    """Convoy → its hex before its first move (from that move's direction), else where it is."""
    where = {convoy.number: convoy.hex for convoy in view.convoys()}
    firsts: dict[int, Event] = {}
    for event in moves:
        firsts.setdefault(event.convoy, event)
    for number, event in firsts.items():
        direction = str(event.facts.get("direction", ""))
        origin = (hexgrid.neighbor(str(event.facts["hex"]), hexgrid.opposite(direction))
                  if direction else None)
        if origin and view.map.contains(origin):
            where[number] = origin
        else:
            where.pop(number, None)  # shown from the hex of its first move
    return where


def _grouped(where: dict[int, str]) -> dict[str, tuple[int, ...]]:
    found: defaultdict[str, list[int]] = defaultdict(list)
    for number, hex_id in where.items():
        found[hex_id].append(number)
    return {h: tuple(sorted(n)) for h, n in found.items()}


def _sentences(events: list[Event]) -> list[str]:
    """Battles and captures first, then the rest (each sentence names its convoy)."""
    ordered = sorted(events, key=lambda e: e.kind not in HAPPENINGS)
    return [event_text(e) for e in ordered]


class ReplayScreen(Screen[None]):
    """Plays the last turn back on the map: a pulse every second, or step by key."""

    HELP_TITLE: ClassVar[str] = "Replay of your last turn"
    CSS_PATH: ClassVar[CSSPaths] = [PANES_CSS, stylesheet("replay")]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "end", "End replay", id="replay.end", priority=True,
                tooltip="Stop the replay and go back to the map"),
        Binding("space", "play_pause", "Play/pause", id="replay.play_pause", priority=True,
                tooltip="Play the pulses one a second, or stop"),
        Binding("right,period", "step(1)", "Next pulse", id="replay.next", priority=True,
                tooltip="Show the next pulse"),
        Binding("left,comma", "step(-1)", "Previous pulse", id="replay.previous",
                priority=True, tooltip="Show the previous pulse"),
    ]

    SECONDS_PER_PULSE: ClassVar[float] = 1.2

    def __init__(self, view: ClanView, frames: list[ReplayFrame], *,
                 autoplay: bool = True) -> None:
        """Create the replay.

        Args:
            view: The Clan's view (its map overlay).
            frames: The frames of its last turn (replay_frames), at least one.
            autoplay: Start playing at once (else it waits on the keys).
        """
        super().__init__(classes="replay")
        self.view = view
        self.frames = frames
        self.index = 0
        self._base: MapOverlay = build_overlay(view)
        self._timer: Timer | None = None
        self._autoplay = autoplay

    def compose(self) -> ComposeResult:
        pane = MapPane(self.view.map, self._overlay(0), id="replay-map")
        pane.border_title = "Replay of your last turn"
        pane.lens_source = lambda lens: lens_shading(self.view, lens)
        yield pane
        yield Static(id="replay-line")
        yield KeyFooter()

    def on_mount(self) -> None:
        self._show()
        if self._autoplay:
            self._timer = self.set_interval(self.SECONDS_PER_PULSE, self._tick)

    @property
    def playing(self) -> bool:
        """Whether the pulses are being played one a second."""
        return self._timer is not None

    def _overlay(self, index: int) -> MapOverlay:
        frame = self.frames[index]
        marks = {h: RouteMark("*", capture=True) for h in frame.marked}
        return attrs.evolve(self._base, own_convoys=frame.convoys, foreign_convoys={},
                            route=marks)

    def _show(self) -> None:
        frame = self.frames[self.index]
        pane = self.query_one("#replay-map", MapPane)
        pane.set_overlay(self._overlay(self.index))
        if frame.focus:
            pane.cursor = frame.focus
            pane.center_on(frame.focus)
        elif self.index == 0 and frame.convoys:
            first = next(iter(frame.convoys))
            pane.cursor = first
            pane.center_on(first)
        last = len(self.frames) - 1
        where = "start" if frame.pulse == 0 else f"pulse {frame.pulse}"
        pane.border_subtitle = f"{where} — {self.index} of {last}"
        lines = frame.sentences or ("Nothing happened that you saw.",)
        self.query_one("#replay-line", Static).update("\n".join(lines))

    def _tick(self) -> None:
        if self.index >= len(self.frames) - 1:
            self._stop()
            return
        self.index += 1
        self._show()

    def _stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def action_play_pause(self) -> None:
        """Play the pulses one a second, or stop."""
        if self._timer is not None:
            self._stop()
            return
        if self.index >= len(self.frames) - 1:
            self.index = 0
            self._show()
        self._timer = self.set_interval(self.SECONDS_PER_PULSE, self._tick)

    def action_step(self, step: int) -> None:
        """Show the next (1) or previous (-1) pulse, and stop playing."""
        self._stop()
        self.index = max(0, min(len(self.frames) - 1, self.index + step))
        self._show()

    def action_end(self) -> None:
        """Back to the game screen."""
        self._stop()
        self.dismiss(None)
