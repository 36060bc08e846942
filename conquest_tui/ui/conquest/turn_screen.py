"""A Conquest player's turn: the world map, the phase in words, a side panel, and the moves."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from conquest_tui.games.conquest.actions import Move, Place, armies
from conquest_tui.ui.conquest import words
from conquest_tui.ui.conquest.map_pane import WorldMap
from conquest_tui.ui.conquest.palette import player_colour
from conquest_tui.ui.conquest.turn_moves import TurnMoves
from conquest_tui.ui.stylesheets import CSSPaths, stylesheet
from conquest_tui.ui.widgets.key_footer import KeyFooter

WIDE = 110
"""From this many columns the side panel shows beside the map; narrower, `i` shows it."""


class ConquestTurnScreen(TurnMoves):
    """One player's turn, move by move; every act goes through the seat (which saves)."""

    FLOW_SCREEN: ClassVar[bool] = True
    HELP_TITLE: ClassVar[str] = "Conquest turn"
    CSS_PATH: ClassVar[CSSPaths] = stylesheet("conquest")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "cash", "Cash a set", id="cq_turn.cash", tooltip="Cash in a set of cards"),
        Binding("k", "keep", "Keep cards", show=False, id="cq_turn.keep",
                tooltip="Keep the cards for now (fewer than five)"),
        Binding("s", "stop", "Stop attacking", id="cq_turn.stop",
                tooltip="End the attacks; the one final move follows"),
        Binding("e", "end_turn", "End turn", id="cq_turn.end", tooltip="End the turn"),
        Binding("r", "roll", "Roll", show=False, id="cq_turn.roll",
                tooltip="Throw the dice again in the attack under way"),
        Binding("x", "retreat", "Retreat", show=False, id="cq_turn.retreat",
                tooltip="Call off the attack under way"),
        Binding("m", "move_in", "Move in", show=False, id="cq_turn.move_in",
                tooltip="How many more armies move into the territory taken"),
        Binding("i", "panel", "Panel", id="cq_turn.panel",
                tooltip="Show or hide the side panel (territory, cards, players, log)"),
        Binding("o", "orders", "Orders", id="cq_turn.orders",
                tooltip="A standing order for the territory under the cursor: withdraw when "
                        "attacked by so many armies or more, or defend it"),
        Binding("h", "history", "History", id="cq_turn.history",
                tooltip="Every player's territories, armies, cards and continents per round, "
                        "and what happened lately"),
        Binding("ctrl+x", "resign", "Resign", show=False, id="cq_turn.resign",
                tooltip="Leave the game; a bot plays your armies on (asks first)"),
        Binding("escape", "clear", "Clear", show=False, id="cq_turn.clear",
                tooltip="Forget the source chosen and the number typed"),
        Binding("ctrl+s", "app.save_and_quit", "Save & quit", id="cq_turn.save_quit",
                tooltip="The game is saved after every move; back to the title"),
    ]

    # --- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static("", id="cq-phase", markup=False)
        with Horizontal(id="cq-body"):
            yield WorldMap(self.world, self.board, id="cq-map")
            with VerticalScroll(id="cq-side"):
                yield Static("", id="cq-here", markup=False)
                yield Static("", id="cq-cards", markup=False)
                yield Static("", id="cq-players")
                yield Static("", id="cq-log", markup=False)
                yield Static("", id="cq-since", markup=False)
        with Vertical(id="cq-bottom"):
            yield Static("", id="cq-brief", markup=False)
            yield Static("", id="cq-hint", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        world = self.query_one(WorldMap)
        mine = [t.name for t in self.view.territories if t.owner == self.view.player]
        if mine:
            world.move_to(mine[0])
        world.focus()
        self._refresh()

    def on_resize(self, event: events.Resize) -> None:
        if self._panel_shown is None:
            self.query_one("#cq-side").display = event.size.width >= WIDE
            self._refresh_brief()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No cards, attacks or turn to end yet during the initial deployment: those keys are
        not offered then (later a key out of turn says why it does nothing)."""
        if action in ("cash", "stop", "end_turn"):
            return self.view.phase != "initial deployment"
        return True

    def _colours(self) -> dict[str, str]:
        return {p.name: player_colour(i) for i, p in enumerate(self.view.players)}

    def _refresh(self) -> None:
        """Everything from the seat's view again."""
        super()._refresh()
        view = self.view
        if view.phase not in ("attack", "final move"):
            self.source = ""
        colours = self._colours()
        world = self.query_one(WorldMap)
        world.show({t.name: t.armies for t in view.territories},
                   {t.name: colours.get(t.owner, "#808080") for t in view.territories})
        world.mark(self.source, self._targets())
        self.query_one("#cq-phase", Static).update(words.phase_line(view, self.rules))
        self._refresh_side()
        self._refresh_brief()
        hint = self.problem or words.hint(view, self.source)
        if self.number:
            hint = f"Armies to place: {self.number} (Enter on a territory of yours). " + hint
        note = self.query_one("#cq-hint", Static)
        note.update(hint)
        note.set_class(bool(self.problem), "cq-problem")
        self.query_one("#cq-side").set_class(self.size.width < WIDE, "cq-narrow")
        self.refresh_bindings()

    def _targets(self) -> frozenset[str]:
        if not self.source:
            return frozenset()
        mine = self.view.phase == "final move"
        owner = {t.name: t.owner for t in self.view.territories}
        return frozenset(
            t for t in self.board.neighbours(self.source)
            if (owner[t] == self.view.player) == mine
        )

    def _refresh_side(self) -> None:
        cursor = self.query_one(WorldMap).cursor
        self.query_one("#cq-here", Static).update(
            "\n".join(words.territory_lines(self.view, self.board, cursor)))
        cards = words.card_lines(self.view)
        if self.view.my_standing_orders:
            cards += ["Standing orders:"] + [f"  {o.line()}" for o in self.view.my_standing_orders]
        self.query_one("#cq-cards", Static).update("\n".join(cards))
        colours = self._colours()
        players = Text()
        for line, p in zip(words.player_lines(self.view), self.view.players, strict=True):
            players.append("■ ", style=colours[p.name])
            players.append(line + "\n")
        self.query_one("#cq-players", Static).update(players)
        shown = self.log_lines[-12:]
        self.query_one("#cq-log", Static).display = self.seat.is_turn  # not while watching
        self.query_one("#cq-log", Static).update(
            "This turn:\n" + ("\n".join(shown) if shown else "nothing yet"))
        since = self.query_one("#cq-since", Static)
        since.display = bool(self.since)
        since.update(("Since your last turn:\n" if self.seat.is_turn else "The others' moves:\n")
                     + "\n".join(self.since))

    def _refresh_brief(self) -> None:
        """One line on the territory under the cursor, when the side panel is hidden."""
        brief = self.query_one("#cq-brief", Static)
        side_shown = bool(self.query_one("#cq-side").display)
        brief.display = not side_shown
        if side_shown:
            return
        cursor = self.query_one(WorldMap).cursor
        here = next(t for t in self.view.territories if t.name == cursor)
        owner = "yours" if here.owner == self.view.player else here.owner
        cards = len(self.view.my_cards)
        brief.update(f"{cursor}: {owner}, {armies(here.armies)} · {cards} card"
                     f"{'s' if cards != 1 else ''} · i: "
                     + ("what the others did" if self.since else "more"))

    # --- the map ---------------------------------------------------------------------------

    @on(WorldMap.Moved)
    def _moved(self) -> None:
        self._refresh_side()
        self._refresh_brief()

    def on_key(self, event: events.Key) -> None:
        """Digits: the number of armies for the next placing."""
        if event.character and event.character.isdigit() and self.view.phase == "place armies":
            event.stop()
            self.number = (self.number + event.character)[-4:]
            self._refresh()

    @on(WorldMap.Chosen)
    def _chosen(self, event: WorldMap.Chosen) -> None:
        name = event.territory
        here = {t.name: t for t in self.view.territories}[name]
        mine = here.owner == self.view.player
        self.problem = ""
        match self.view.phase:
            case "initial deployment":
                if self._check(mine, f"{name} is {here.owner}'s: place on a territory of yours."):
                    self._act(Place(name, 1))
            case "place armies":
                if self._check(mine, f"{name} is {here.owner}'s: place on a territory of yours."):
                    self._place(name)
            case "attack":
                self._attack_choice(name, mine, here.armies)
            case "final move":
                self._move_choice(name, mine, here.armies)
            case "cash cards":
                self.action_cash()
            case "battle":
                self._say("An attack is under way: r rolls the dice again, x retreats.")
            case "move in":
                self.action_move_in()
            case _:
                self._say(words.hint(self.view))

    def _place(self, name: str) -> None:
        left = self.view.armies_to_place
        if self.number:
            count, self.number = int(self.number), ""
            if not 1 <= count <= left:
                self._say(f"You have {armies(left)} to place: choose 1 to {left}.")
                return
            self._act(Place(name, count))
            return

        def placed(count: int | None) -> None:
            if count:
                self._act(Place(name, count))

        from conquest_tui.ui.conquest.count_dialog import CountDialog

        self.app.push_screen(CountDialog(f"How many armies on {name}? ({armies(left)} left)",
                                         1, left, left, title="Place armies"), placed)

    def _attack_choice(self, name: str, mine: bool, count: int) -> None:
        owner = {t.name: t.owner for t in self.view.territories}
        if mine:
            if name == self.source:
                self.source = ""
            elif count < self.rules.minimum_attack_armies:
                self._say(f"An attack needs {armies(self.rules.minimum_attack_armies)} in "
                          f"{name}; it has {count}.")
                return
            elif all(owner[t] == self.view.player for t in self.board.neighbours(name)):
                self._say(f"{name} borders no enemy territory.")
                return
            else:
                self.source = name
            self._refresh()
            return
        if not self.source:
            self._say(f"{name} is {owner[name]}'s: first choose a territory of yours to attack "
                      "from.")
            return
        if not self.board.adjacent(self.source, name):
            self._say(f"{name} does not border {self.source}.")
            return
        from conquest_tui.ui.conquest.attack_dialog import AttackDialog

        def fought(lines: list[str] | None) -> None:
            self.log_lines += lines or []
            self._after_act()

        self.app.push_screen(AttackDialog(self.seat, self.rules, self.source, name), fought)

    def _move_choice(self, name: str, mine: bool, count: int) -> None:
        if not mine:
            self._say(f"{name} is not yours: the final move goes between your own territories.")
            return
        if not self.source or name == self.source:
            if name == self.source:
                self.source = ""
            elif count < 2:
                self._say(f"{name} has one army, and one must stay.")
                return
            else:
                self.source = name
            self._refresh()
            return
        if not self.board.adjacent(self.source, name):
            self._say(f"{name} does not border {self.source}.")
            return
        source = self.source
        most = {t.name: t.armies for t in self.view.territories}[source] - 1

        def moved(number: int | None) -> None:
            if number:
                self._act(Move(source, name, number))

        from conquest_tui.ui.conquest.count_dialog import CountDialog

        self.app.push_screen(CountDialog(
            f"Move how many armies from {source} to {name}? This ends your turn.",
            1, most, most, title="Final move"), moved)

    def action_panel(self) -> None:
        """Show or hide the side panel."""
        side = self.query_one("#cq-side")
        self._panel_shown = not side.display
        side.display = self._panel_shown
        self._refresh_brief()

    def action_clear(self) -> None:
        """Forget the source and the number typed."""
        self.source, self.number, self.problem = "", "", ""
        self._refresh()
