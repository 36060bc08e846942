"""An order line splits into the same words whichever way it is read: the quick reading of a
line without quotes or comment gives what the walk through it, character by character, gives
(CC-CO-GEN-01: one order a line, words between spaces, quoted names whole, `;` a comment)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from conquest_tui.engine.orders.sheet import tokenize_safe
from conquest_tui.engine.orders.tokens import Token, TokenError, strip_comment, tokenize

LINES = st.text(alphabet=st.sampled_from(
    ['a', 'B', '1', '#', 'é', ' ', '\t', '\u00a0', '\u2003', '\x1c', '\x85', '\u200b', ';', '"']),
    max_size=14)


def walked(line: str) -> list[tuple[str, bool]] | None:
    """The words by a walk through the line (None: an unclosed quote)."""
    words: list[tuple[str, bool]] = []
    word: list[str] | None = None
    quoted: list[str] | None = None
    for char in line:
        if quoted is not None:
            if char == '"':
                words.append(("".join(quoted), True))
                quoted = None
            else:
                quoted.append(char)
            continue
        if char == ";" or char == '"' or char.isspace():
            if word is not None:
                words.append(("".join(word), False))
                word = None
            if char == ";":
                return words
            if char == '"':
                quoted = []
            continue
        word = (word or []) + [char]
    if quoted is not None:
        return None
    if word is not None:
        words.append(("".join(word), False))
    return words


@given(LINES)
def test_a_line_reads_as_its_walk_says(line: str) -> None:
    expected = walked(line)
    try:
        found: list[tuple[str, bool]] | None = [(t.text, t.quoted) for t in tokenize(line)]
    except TokenError:
        found = None
    assert found == expected
    assert tokenize_safe(line) == (expected is None or bool(expected))


def test_a_comment_and_quoted_names() -> None:
    assert strip_comment("MOVE N ; north") == "MOVE N "
    assert strip_comment('NAME "a;b" ; c') == 'NAME "a;b" '
    assert tokenize("BUY 2 BIKES #1") == [Token("BUY"), Token("2"), Token("BIKES"), Token("#1")]
    assert tokenize('NAME "Iron  Wolves"') == [Token("NAME"), Token("Iron  Wolves", quoted=True)]
