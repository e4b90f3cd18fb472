"""Why a move is refused: the rules of The Plot, read back as sentences a player can follow."""

from .cards import FIRST_FOUNDATION_SIZE, FOUNDATION_SIZE, RANK_COUNT, RANK_OF, rank_phrase
from .move import F_FIRST, T_FIRST, Move, R, S, W, pile_label

# The restriction on foundations 2-8 and on spaces, in words: "... locked {UNLOCKED_WHEN}".
UNLOCKED_WHEN = f"until foundation 1 holds {FIRST_FOUNDATION_SIZE} cards"
RANK_NAMES_PLURAL = ("aces", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s",
                     "jacks", "queens", "kings")


def _restricted(piles) -> bool:
    """Foundation 1 is short: foundations 2-8 are locked and spaces take base-rank cards only."""
    return len(piles[F_FIRST]) < FIRST_FOUNDATION_SIZE


def refusal(piles: list[list[int]], base: int, move: Move) -> str | None:
    """Why `move` is illegal on `piles` (card ints, base rank `base`), in a player's words;
    None if it is legal."""
    si, di = move.src_index, move.dst_index
    if si == S:
        if di != W:
            return "The stock deals only to the waste."
        return None if piles[S] else "The stock is empty: there is no redeal."
    if F_FIRST <= si < T_FIRST:
        return "Cards never leave a foundation."
    src = piles[si]
    if not src:
        return f"There is no card to move: {pile_label(si)} is empty."
    if di == R:
        return "Nothing can be put on the reserve."
    if di == S:
        return "Nothing can go back to the stock."
    if di == W:
        return "Only the stock deals to the waste."
    rank = RANK_OF[src[-1]]
    if di < T_FIRST:
        return _foundation_refusal(piles, base, di, rank)
    if si == R:
        return "The reserve card can go only to a foundation."
    dst = piles[di]
    if not dst:
        if si != W:
            return "A tableau card cannot go into a space: spaces are filled from the waste."
        if rank != base and _restricted(piles):
            return (f"A space takes only a base-rank card ({RANK_NAMES_PLURAL[base]}) "
                    f"{UNLOCKED_WHEN}.")
        return None
    if rank == base:
        return (f"A base-rank card ({RANK_NAMES_PLURAL[base]}) cannot be built onto "
                "another tableau pile.")
    top = RANK_OF[dst[-1]]
    if top == base:
        return (f"Nothing can be built on a base-rank card ({RANK_NAMES_PLURAL[base]}) "
                "in the tableau.")
    if rank != (top - 1) % RANK_COUNT:
        return (f"The tableau builds down: {pile_label(di)} takes "
                f"{rank_phrase((top - 1) % RANK_COUNT)}, not {rank_phrase(rank)}.")
    return None


def _foundation_refusal(piles, base: int, di: int, rank: int) -> str | None:
    """Why foundation `di` will not take a card of `rank` now; None if it will."""
    name = pile_label(di).capitalize()
    n = len(piles[di])
    if di != F_FIRST and _restricted(piles):
        return f"{name} is locked {UNLOCKED_WHEN}."
    if n >= FOUNDATION_SIZE:
        return f"{name} is complete."
    needed = (base + n) % RANK_COUNT
    if rank == needed:
        return None
    if n == 0:
        return f"{name} must start with a base-rank card ({rank_phrase(needed)})."
    return f"{name} takes {rank_phrase(needed)} next, not {rank_phrase(rank)}."
