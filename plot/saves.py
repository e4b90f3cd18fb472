"""The engine's save: a game as JSON (its deal and the moves played and undone), read back by
replaying every move through the rules."""

import json

from .errors import InvalidPosition, InvalidSave, NewerSave
from .move import Move

SAVE_FORMAT = "the-plot-game"
SAVE_VERSION = 1


def save_record(game) -> str:
    """The whole game as JSON: format, version, seed, start position, moves and redo list."""
    return json.dumps({
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "seed": game.seed,
        "start": game.start_position(),
        "moves": " ".join(str(m) for m in game.history),
        "redo": " ".join(str(m) for m in game.redo_moves),
    }, separators=(",", ":"))


def load_record(cls, text: str):
    """Rebuild a saved game of class `cls` by replaying its moves; InvalidSave says what is
    wrong (NewerSave for a save of a newer version)."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError) as error:
        raise InvalidSave(f"the save is not valid JSON ({error})") from None
    if not isinstance(data, dict):
        raise InvalidSave("the save is not a JSON object")
    if data.get("format") != SAVE_FORMAT:
        found = data.get("format")
        raise InvalidSave(f"this is not a saved game of The Plot (format {found!r})")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise InvalidSave(f"the save has no valid version number ({version!r})")
    if version > SAVE_VERSION:
        raise NewerSave("the save was", version)
    if version < 1:
        raise InvalidSave(f"unknown save version {version}")
    seed = data.get("seed")
    try:
        game = cls.from_position(data.get("start")) if seed is None else cls.new(seed)
    except InvalidPosition as error:
        raise InvalidSave(f"the saved start position is impossible: {error}") from None
    except ValueError as error:
        raise InvalidSave(f"the saved game number is invalid: {error}") from None
    if seed is not None and "start" in data and data["start"] != game.start_position():
        raise InvalidSave(f"the saved deal does not match game {seed}")
    moves = _move_list(data.get("moves", ""), "moves")
    redo = _move_list(data.get("redo", ""), "redo")
    for number, move in enumerate(moves + redo, 1):
        reason = game.refusal(move)
        if reason is not None:
            raise InvalidSave(f"saved move {number} ({move}) is illegal: {reason}")
        game.push(move)
    for _ in redo:
        game.undo()
    return game


def _move_list(text, field: str) -> list[Move]:
    """Parse a save's space-separated move list; InvalidSave if any part is not a move."""
    if not isinstance(text, str):
        raise InvalidSave(f"the save's {field} are not text: moves separated by spaces, like "
                          f"'T6-F1 S-W', not {type(text).__name__}")
    try:
        return [Move.parse(part) for part in text.split()]
    except ValueError as error:
        raise InvalidSave(f"the save's {field} are damaged: {error}") from None
