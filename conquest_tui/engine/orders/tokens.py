"""Split one order-sheet line into words: comments after ';', quoted names kept whole."""

from __future__ import annotations

import attrs


class TokenError(ValueError):
    """A line that cannot be split into words (an unclosed quote)."""


@attrs.frozen
class Token:
    """One word of an order line; quoted text keeps its spaces and case."""

    text: str
    quoted: bool = False

    @property
    def upper(self) -> str:
        """The word in capitals, for keyword matching."""
        return self.text.upper()


def strip_comment(line: str) -> str:
    """The line without its comment: text after a ';' that is not inside quotes."""
    semicolon = line.find(";")
    if semicolon < 0:
        return line  # no comment (the common line)
    if '"' not in line:
        return line[:semicolon]
    in_quote = False
    for index, char in enumerate(line):
        if char == '"':
            in_quote = not in_quote
        elif char == ";" and not in_quote:
            return line[:index]
    return line


def tokenize(line: str) -> list[Token]:
    """Words of a line without its comment. Raises TokenError on an unclosed quote."""
    text = strip_comment(line)
    if '"' not in text:  # no quoted name: the words between spaces (`isspace`'s spaces)
        return [Token(word) for word in text.split()]
    tokens: list[Token] = []
    index = 0
    length = len(text)
    while index < length:
        char = text[index]
        if char.isspace():
            index += 1
            continue
        if char == '"':
            end = text.find('"', index + 1)
            if end < 0:
                raise TokenError("a quote is opened but never closed")
            tokens.append(Token(text[index + 1 : end], quoted=True))
            index = end + 1
            continue
        end = index
        while end < length and not text[end].isspace() and text[end] != '"':
            end += 1
        tokens.append(Token(text[index:end]))
        index = end
    return tokens
