"""The tiers of difficulty and the compact file that ships every rated deal's tier to the page.

    >>> first, codes = read_tier_file(write_tier_file(7, "EMHXNU"))
    >>> first, codes, TIER_OF_CODE[codes[0]]
    (7, 'EMHXNU', 'Easy')

Kept apart from plot/difficulty.py (which rates a deal, with the solver and the simple player),
so the page reads the shipped file without importing either.
"""

from __future__ import annotations

EASY, MEDIUM, HARD, EXPERT, NOT_WINNABLE = "Easy", "Medium", "Hard", "Expert", "Not winnable"
TIERS = (EASY, MEDIUM, HARD, EXPERT, NOT_WINNABLE)

# ---- the shipped tier file ----------------------------------------------------------------
# web/vendor/tiers.txt, written at build time from docs/difficulty-tiers.txt: a first line
# "tiers FIRST COUNT", then one character for every two deals in a row (deals FIRST, FIRST+1 in
# the first character), CHARS_PER_LINE to a line. A character is DIGITS[6 * a + b] for the codes
# a and b of its two deals in TIER_CODES order; an odd count ends with a half-filled character.

UNPROVED = "U"  # Expert, and not proved winnable: neither the solver nor a playout won it
TIER_CODES = {EASY: "E", MEDIUM: "M", HARD: "H", EXPERT: "X", NOT_WINNABLE: "N"}
CODE_ORDER = "EMHXNU"
TIER_OF_CODE = {**{code: tier for tier, code in TIER_CODES.items()}, UNPROVED: EXPERT}
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
CHARS_PER_LINE = 100
TIER_FILE_TAG = "tiers"
_CODES_PER_CHAR = 2
# the codes of two deals in a row, in the order of the DIGITS that stand for them
_PAIRS = tuple(high + low for high in CODE_ORDER for low in CODE_ORDER)


def write_tier_file(first: int, codes: str) -> str:
    """The shipped tier file for deals first, first+1, ... with these one-letter codes."""
    pairs = (codes[i:i + _CODES_PER_CHAR].ljust(_CODES_PER_CHAR, CODE_ORDER[0])
             for i in range(0, len(codes), _CODES_PER_CHAR))
    body = "".join(DIGITS[_PAIRS.index(pair)] for pair in pairs)  # ValueError: no such code
    lines = [f"{TIER_FILE_TAG} {first} {len(codes)}"]
    lines += [body[i:i + CHARS_PER_LINE] for i in range(0, len(body), CHARS_PER_LINE)]
    return "\n".join(lines) + "\n"


def read_tier_file(text: str) -> tuple[int, str]:
    """(first deal, one-letter codes) from a shipped tier file; ValueError if it is not one."""
    header, *rows = text.split("\n")
    tag, first, count = (header.split() + ["", "", ""])[:3]
    if tag != TIER_FILE_TAG or not first.isdigit() or not count.isdigit():
        raise ValueError(f"not a tier file: its first line is {header[:40]!r}")
    body = "".join(row.strip() for row in rows)
    codes = body.translate(_CODES_OF_CHAR)  # at once: the page reads 10,000 codes as it starts
    if len(codes) != _CODES_PER_CHAR * len(body):  # a character that is no DIGIT stayed one
        raise ValueError("the tier file holds a character that names no tiers")
    if len(codes) - int(count) not in range(_CODES_PER_CHAR):
        raise ValueError(f"the tier file holds {len(codes)} codes, not {count}")
    return int(first), codes[:int(count)]


assert len(CODE_ORDER) ** _CODES_PER_CHAR <= len(DIGITS)
# each character of the file -> the codes of its two deals (read_tier_file's translation table)
_CODES_OF_CHAR = {ord(DIGITS[i]): pair for i, pair in enumerate(_PAIRS)}
