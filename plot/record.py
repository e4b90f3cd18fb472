"""Game records, after chess's PGN: a few header lines, then the moves in the engine's notation.

    [Game "The Plot"]
    [Deal "42"]
    [Date "2026-12-01"]
    [Result "playing"]

    1. T6-F1 2. T1-F1 3. S-W 4. W-T9 5. S-W

A record holds the moves played, never the undo history or the redo list, and is read back by
replaying every move through the rules (docs/records.md has the whole format).
"""

import datetime
import re
from dataclasses import dataclass

from .cards import parse_card
from .errors import InvalidPosition, InvalidRecord
from .move import FOUNDATIONS, PILES, TABLEAU, Move
from .status import STATUSES

GAME_NAME = "The Plot"
MOVETEXT_WIDTH = 79  # the longest line of moves written, so a record reads on an 80-column screen
EMPTY_PILE = "-"
PILE_SEPARATOR = "/"
CARD_CODE_LENGTH = 2
_MOVE_NUMBER_DIGITS = 9  # longer digit runs are not move numbers (and never reach int())

_HEADER = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*) "((?:[^"\\]|\\.)*)"\]')
_ESCAPED = re.compile(r"\\(.)")
_MOVE_NUMBER = re.compile(rf"([0-9]{{1,{_MOVE_NUMBER_DIGITS}}})\.(\S*)")
_DEAL = re.compile(r"[0-9]{1,20}")
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


@dataclass(frozen=True)
class Record:
    """A record's text read into its parts, before the rules check it: every header in the order
    written (ones this code does not know included), and the moves, each with its line."""

    headers: tuple[tuple[str, str, int], ...]  # (name, value, line)
    moves: tuple[tuple[Move, int], ...]  # (move, line)

    def header(self, name: str) -> str | None:
        """The value of a header, or None if the record has none of that name."""
        return next((value for key, value, _line in self.headers if key == name), None)

    def line_of(self, name: str) -> int | None:
        """The line a header is on, or None if the record has none of that name."""
        return next((line for key, _value, line in self.headers if key == name), None)


# ---- positions as one line of text -----------------------------------------------------------

def position_to_text(position: dict) -> str:
    """A position dict as one line: the 23 piles in the engine's order, each pile bottom to top
    as card codes written together, '-' for an empty pile, '/' between piles."""
    piles = [position["reserve"], position["stock"], position["waste"],
             *position["foundations"], *position["tableau"]]
    return PILE_SEPARATOR.join("".join(pile) or EMPTY_PILE for pile in piles)


def position_from_text(text: str) -> dict:
    """The position dict written by `position_to_text`; InvalidPosition says what is wrong.

    Spaces and line breaks around it are ignored (text read from a file ends with one). Only
    the text is checked here; Game.from_position checks that the position can occur."""
    if not isinstance(text, str):
        raise InvalidPosition(f"a position is text, not {type(text).__name__}")
    fields = text.strip().split(PILE_SEPARATOR)
    if len(fields) != len(PILES):
        raise InvalidPosition(f"a position has {len(PILES)} piles (R/S/W/F1../T1..T12, "
                              f"separated by '{PILE_SEPARATOR}'), not {len(fields)}")
    piles = [_pile_from_text(name, field) for name, field in zip(PILES, fields, strict=True)]
    foundations_end = 3 + len(FOUNDATIONS)
    return {"reserve": piles[0], "stock": piles[1], "waste": piles[2],
            "foundations": piles[3:foundations_end],
            "tableau": piles[foundations_end:foundations_end + len(TABLEAU)]}


def _pile_from_text(name: str, field: str) -> list[str]:
    """One pile's card codes from its text ('-' for an empty pile)."""
    if field == EMPTY_PILE:
        return []
    if not field or len(field) % CARD_CODE_LENGTH:
        raise InvalidPosition(f"pile {name} is {field!r}: write its cards' two-letter codes "
                              f"together, or '{EMPTY_PILE}' for an empty pile")
    codes = [field[i:i + CARD_CODE_LENGTH] for i in range(0, len(field), CARD_CODE_LENGTH)]
    for code in codes:
        try:
            parse_card(code)
        except ValueError as error:
            raise InvalidPosition(f"pile {name}: {error}") from None
    return codes


# ---- writing --------------------------------------------------------------------------------

def write_record(game, date: datetime.date | None = None) -> str:
    """The game as a record: its deal (or start position), the date (today if None), its result
    and the moves played, numbered and wrapped."""
    if date is not None and not isinstance(date, datetime.date):
        raise TypeError(f"the record's date is a datetime.date, not {type(date).__name__}")
    day = date if date is not None else datetime.date.today()
    origin = (("Deal", str(game.seed)) if game.seed is not None
              else ("Start", position_to_text(game.start_position())))
    headers = [("Game", GAME_NAME), origin,
               ("Date", f"{day.year:04d}-{day.month:02d}-{day.day:02d}"),
               ("Result", game.status)]
    text = "\n".join(f'[{name} "{_escape(value)}"]' for name, value in headers) + "\n"
    moves = [f"{number}. {move}" for number, move in enumerate(game.history, 1)]
    return text + ("\n" + "\n".join(_wrapped(moves, MOVETEXT_WIDTH)) + "\n" if moves else "")


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _wrapped(words: list[str], width: int) -> list[str]:
    """The words joined by spaces into lines of at most `width` characters (a longer word gets
    a line of its own); a word is never split."""
    lines: list[str] = []
    for word in words:
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


# ---- reading --------------------------------------------------------------------------------

def parse_record(text: str) -> Record:
    """Read a record's headers and moves without checking them against the rules; InvalidRecord
    names the line (and move) at fault and why."""
    if not isinstance(text, str):
        raise InvalidRecord(f"a record is text, not {type(text).__name__}")
    headers: list[tuple[str, str, int]] = []
    moves: list[tuple[Move, int]] = []
    dangling = None  # (the number, its line) of a move number still waiting for its move
    for number, line in enumerate(text.removeprefix("\ufeff").splitlines(), 1):
        line = line.strip()
        if not line:
            continue
        if line.startswith("["):
            headers.append(_header(line, number, headers, moves))
            continue
        for token in line.split():
            move_number = len(moves) + 1
            numbered = _MOVE_NUMBER.fullmatch(token)
            if numbered:
                if int(numbered.group(1)) != move_number:
                    raise InvalidRecord(f"the number {numbered.group(1)}. stands where move "
                                        f"{move_number} comes next", number, move_number)
                token = numbered.group(2)
                if not token:
                    dangling = (numbered.group(1), number)
                    continue
            try:
                moves.append((Move.parse(token), number))
            except ValueError as error:
                raise InvalidRecord(str(error), number, move_number) from None
            dangling = None
    if dangling is not None:
        raise InvalidRecord(f"the number {dangling[0]}. has no move after it", dangling[1],
                            len(moves) + 1)
    return Record(tuple(headers), tuple(moves))


def _header(line: str, number: int, headers: list, moves: list) -> tuple[str, str, int]:
    """One header line read as (name, value, line number)."""
    if moves:
        raise InvalidRecord("a header after the moves: headers come first", number)
    match = _HEADER.fullmatch(line)
    if not match:
        raise InvalidRecord(f'{line[:40]!r} is not a header: write [Name "value"]', number)
    name, value = match.group(1), _ESCAPED.sub(r"\1", match.group(2))
    first = next((n for key, _value, n in headers if key == name), None)
    if first is not None:
        raise InvalidRecord(f"a second [{name}] header (the first is on line {first})", number)
    return name, value, number


def read_record(cls, text: str):
    """A game of class `cls` rebuilt from a record by replaying its moves; InvalidRecord names
    the line (and move) at fault and why. Headers this code does not know are ignored."""
    return replay(cls, parse_record(text))


def replay(cls, record: Record):
    """The game a parsed record describes, every header and move checked; InvalidRecord if any
    is wrong (nothing is returned half-loaded)."""
    name = record.header("Game")
    if name != GAME_NAME:
        where = record.line_of("Game")
        found = "no [Game] header" if name is None else f"[Game {name!r}]"
        raise InvalidRecord(f'this is not a record of {GAME_NAME} ({found}; it needs '
                            f'[Game "{GAME_NAME}"])', where)
    game = _start(cls, record)
    date = record.header("Date")
    if date is not None and not _is_date(date):
        raise InvalidRecord(f"the date {date!r} is not a date: write YYYY-MM-DD",
                            record.line_of("Date"))
    for number, (move, line) in enumerate(record.moves, 1):
        reason = game.refusal(move)
        if reason is not None:
            raise InvalidRecord(f"{move} is illegal: {reason}", line, number)
        game.push(move)
    result = record.header("Result")
    if result is not None and result not in STATUSES:
        raise InvalidRecord(f"the result {result!r} is not one of {', '.join(STATUSES)}",
                            record.line_of("Result"))
    if result is not None and result != game.status:
        raise InvalidRecord(f"the record says the result is {result!r}, but its moves leave "
                            f"the game {game.status}", record.line_of("Result"))
    return game


def _start(cls, record: Record):
    """The game at its start: the numbered deal, or the start position, or both if they agree."""
    deal, start = record.header("Deal"), record.header("Start")
    if deal is None and start is None:
        raise InvalidRecord("the record names no deal ([Deal \"42\"]) and no start position "
                            "([Start \"...\"])")
    game = None
    if deal is not None:
        line = record.line_of("Deal")
        if not _DEAL.fullmatch(deal):
            raise InvalidRecord(f"the deal {deal!r} is not a game number", line)
        try:
            game = cls.new(int(deal))
        except ValueError as error:
            raise InvalidRecord(str(error), line) from None
    if start is not None:
        line = record.line_of("Start")
        try:
            position = position_from_text(start)
            from_start = cls.from_position(position)
        except InvalidPosition as error:
            raise InvalidRecord(f"the start position is impossible: {error}", line) from None
        if game is None:
            game = from_start
        elif from_start.start_position() != game.start_position():
            raise InvalidRecord(f"the start position is not the deal of game {deal}", line)
    return game


def _is_date(text: str) -> bool:
    """True for a real calendar date written YYYY-MM-DD."""
    if not _DATE.fullmatch(text):
        return False
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return True
