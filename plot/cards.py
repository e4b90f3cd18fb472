"""Cards, ranks and the fixed numbers of The Plot, named once."""

RANKS = "A23456789TJQK"
SUITS = "SHDC"
RANK_COUNT = len(RANKS)
SUIT_COUNT = len(SUITS)
DECKS = 2
CARD_COUNT = DECKS * RANK_COUNT * SUIT_COUNT  # 104
COPIES_OF_EACH_CARD = DECKS

RESERVE_SIZE = 13
FOUNDATION_COUNT = 8
FOUNDATION_SIZE = 13
FIRST_FOUNDATION_SIZE = FOUNDATION_SIZE  # F1 must hold this many before the restriction lifts
TABLEAU_COUNT = 12
TABLEAU_ROW_LENGTH = 4
STOCK_SIZE = CARD_COUNT - RESERVE_SIZE - 1 - TABLEAU_COUNT  # 78

RANK_NAMES = ("ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")

# A card is an int 0..51: suit index * 13 + rank index. Two decks hold each int twice.
DISTINCT_CARDS = RANK_COUNT * SUIT_COUNT  # 52
CODES = tuple(RANKS[c % RANK_COUNT] + SUITS[c // RANK_COUNT] for c in range(DISTINCT_CARDS))
CARD_OF_CODE = {code: c for c, code in enumerate(CODES)}
RANK_OF = tuple(c % RANK_COUNT for c in range(DISTINCT_CARDS))


def card_code(card: int) -> str:
    """The two-letter code of a card, e.g. 'TD' for the ten of diamonds."""
    return CODES[card]


def parse_card(code: str) -> int:
    """The card int for a code like '7H'; ValueError if it is not one."""
    card = CARD_OF_CODE.get(code) if isinstance(code, str) else None
    if card is None:
        raise ValueError(f"{code!r} is not a card code (rank {RANKS} then suit {SUITS}, e.g. 'TD')")
    return card


def card_name(card: int | str) -> str:
    """A card's name in words, from its code or its int: card_name('7H') == 'seven of hearts'."""
    if isinstance(card, str):
        card = parse_card(card)
    rank = RANK_NAMES[RANK_OF[card]]
    rank = {"2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
            "8": "eight", "9": "nine", "10": "ten"}.get(rank, rank)
    return f"{rank} of {SUIT_NAMES[card // RANK_COUNT]}"


def rank_phrase(rank: int) -> str:
    """A rank with its article, for messages: 'an ace', 'a 9', 'an 8'."""
    name = RANK_NAMES[rank]
    return ("an " if name in ("ace", "8") else "a ") + name


def new_pack() -> list[int]:
    """The unshuffled pack: deck 1 then deck 2, each spades, hearts, diamonds, clubs, A..K."""
    return [c for _ in range(DECKS) for c in range(DISTINCT_CARDS)]
