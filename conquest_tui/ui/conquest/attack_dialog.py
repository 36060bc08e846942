"""The attack dialog: the exact chance of taking the territory, Blitz or Attack, the dice
after each throw, go on or stop, and how many armies move in after a capture."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from conquest_tui.games.conquest.actions import Action, Attack, MoveIn, Retreat, Roll, armies
from conquest_tui.games.conquest.events import DiceRolled, Event
from conquest_tui.games.conquest.odds import capture_chance, percent
from conquest_tui.games.conquest.rules import ConquestRules
from conquest_tui.session import SessionError
from conquest_tui.ui.conquest.seat_port import ConquestSeatPort
from conquest_tui.ui.conquest.words import dice_words
from conquest_tui.ui.stylesheets import CSSPaths, stylesheet

SHOWN_THROWS = 8
"""Throws listed in the dialog (a long Blitz shows its last ones; half on a small terminal)."""


class AttackDialog(ModalScreen[list[str]]):
    """One attack from `source` on `target`, fought through the seat; dismissed with the lines
    of what happened, for the turn's log."""

    CSS_PATH: ClassVar[CSSPaths] = [stylesheet("dialogs"), stylesheet("conquest")]
    AUTO_FOCUS = ""
    """Nothing takes the keys from the dialog's letters until the move-in asks a number."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("b", "blitz", "Blitz", id="cq_attack.blitz",
                tooltip="Fight to the end at once (no retreat)"),
        Binding("a", "attack", "Attack", id="cq_attack.attack",
                tooltip="One throw of the dice at a time"),
        Binding("r", "roll", "Roll again", id="cq_attack.roll", tooltip="Throw the dice again"),
        Binding("x", "retreat", "Retreat", id="cq_attack.retreat", tooltip="Call the attack off"),
        Binding("escape", "leave", "Back", id="cq_attack.leave"),
        Binding("enter", "close", "Close", show=False, id="cq_attack.close"),
    ]

    def __init__(self, seat: ConquestSeatPort, rules: ConquestRules, source: str,
                 target: str) -> None:
        super().__init__(classes="dialog-screen")
        self.seat = seat
        self.rules = rules
        self.source = source
        self.target = target
        self.state = "ready"
        """ready (nothing thrown), rolling (an Attack under way), move-in, done."""
        self.lines: list[str] = []
        """Everything that happened, as the turn's log shows it."""
        self.throws: list[str] = []
        self.outcome = ""
        self.move_in_most = 0

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="cq-attack-dialog") as box:
            box.border_title = f"Attack {self.target}"
            yield Static("", id="cq-attack-sides", classes="dialog-question", markup=False)
            yield Static("", id="cq-attack-chance", markup=False)
            yield Static("", id="cq-attack-dice", markup=False)
            yield Static("", id="cq-attack-outcome", classes="dialog-question", markup=False)
            yield Input("", id="cq-move-in", type="integer", max_length=4)
            yield Static("", id="cq-attack-keys", classes="dialog-detail", markup=False)

    def on_mount(self) -> None:
        field = self.query_one("#cq-move-in", Input)
        field.display = False
        field.cursor_blink = bool(getattr(self.app, "cursor_blink", True))
        self._show()

    # --- what it shows ------------------------------------------------------------------------

    def _armies(self) -> tuple[int, int, str]:
        view = self.seat.view()
        by_name = {t.name: t for t in view.territories}
        return by_name[self.source].armies, by_name[self.target].armies, by_name[self.target].owner

    def _show(self) -> None:
        attacking, defending, owner = self._armies()
        sides = self.query_one("#cq-attack-sides", Static)
        chance = self.query_one("#cq-attack-chance", Static)
        if self.state in ("ready", "rolling"):
            sides.update(f"{self.source} ({armies(attacking)}) against {self.target} "
                         f"({owner}, {armies(defending)})")
            odds = capture_chance(self.rules, attacking, defending)
            dice_a = self.rules.dice_for_attacker(attacking)
            dice_d = self.rules.dice_for_defender(defending)
            chance.update(
                f"Chance of taking {self.target}: {percent(odds)} (exact, fought to the end).\n"
                f"This throw: you roll {dice_a} {'die' if dice_a == 1 else 'dice'}, "
                f"{owner} rolls {dice_d}.")
        else:
            sides.update(f"{self.source}: {armies(attacking)}; {self.target}: "
                         f"{owner}, {armies(defending)}")
            chance.update("")
        room = SHOWN_THROWS if self.app.size.height >= 36 else SHOWN_THROWS // 2
        shown = self.throws[-room:]
        if len(self.throws) > room:
            earlier = len(self.throws) - room
            shown = [f"… {earlier} throw{'s' if earlier != 1 else ''} before these", *shown]
        self.query_one("#cq-attack-dice", Static).update("\n".join(shown))
        self.query_one("#cq-attack-outcome", Static).update(self.outcome)
        keys = {
            "ready": "b: Blitz (fight to the end, no retreat)   a: Attack (one throw at a time)"
                     "   Esc: back to the map",
            "rolling": "r: roll again   x: retreat",
            "move-in": f"How many more armies move in? From 0 to {self.move_in_most}; Enter.",
            "done": "Enter or Esc: back to the map",
        }
        self.query_one("#cq-attack-keys", Static).update(keys[self.state])
        field = self.query_one("#cq-move-in", Input)
        field.display = self.state == "move-in"
        field.disabled = self.state != "move-in"
        if self.state == "move-in":
            field.focus()
            self.call_after_refresh(field.select_all)  # a number typed replaces the most
        else:
            self.set_focus(None)

    # --- acting through the seat --------------------------------------------------------------

    def _act(self, action: Action) -> Sequence[Event] | None:
        try:
            events = self.seat.act(action)
        except SessionError as error:
            self.outcome = str(error)
            self._show()
            return None
        for event in events:
            self.lines.append(event.line())
            if isinstance(event, DiceRolled):
                lost = [f"{where} −{count}" for where, count in (
                    (event.source, event.attacker_losses), (event.target, event.defender_losses))
                    if count]
                self.throws.append(
                    f"{dice_words(event.attacker, event.defender)}: {', '.join(lost)}")
            elif not isinstance(event, DiceRolled):
                self.outcome = event.line()
        self._after()
        return events

    def _after(self) -> None:
        """Where the attack stands now, from the game's phase."""
        view = self.seat.view()
        if view.phase == "battle":
            self.state = "rolling"
        elif view.phase == "move in":
            moves = [a.count for a in self.seat.legal() if isinstance(a, MoveIn)]
            self.move_in_most = max(moves, default=0)
            self.state = "move-in"
            self.query_one("#cq-move-in", Input).value = str(self.move_in_most)
        else:
            self.state = "done"
        self._show()

    def action_blitz(self) -> None:
        """Fight to the end at once."""
        if self.state == "ready":
            self._act(Attack(self.source, self.target, blitz=True))

    def action_attack(self) -> None:
        """Start an Attack (one throw); while one is under way, throw again."""
        if self.state == "ready":
            if self._act(Attack(self.source, self.target, blitz=False)) is not None \
                    and self.state == "rolling":
                self._act(Roll())
        elif self.state == "rolling":
            self._act(Roll())

    def action_roll(self) -> None:
        """Throw the dice again."""
        if self.state == "rolling":
            self._act(Roll())

    def action_retreat(self) -> None:
        """Call the Attack off."""
        if self.state == "rolling":
            self._act(Retreat())

    def action_leave(self) -> None:
        """Back to the map: before a throw nothing happened; during an Attack, retreat first."""
        if self.state == "rolling":
            self._act(Retreat())
        elif self.state in ("ready", "done"):
            self.dismiss(self.lines)

    def action_close(self) -> None:
        if self.state == "done":
            self.dismiss(self.lines)

    @on(Input.Submitted, "#cq-move-in")
    def _move_in(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        if not (text.isdigit() and 0 <= int(text) <= self.move_in_most):
            self.outcome = f"Choose a number from 0 to {self.move_in_most}."
            self._show()
            return
        self._act(MoveIn(int(text)))
