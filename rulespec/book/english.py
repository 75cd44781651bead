"""English phrases for conditions and counts, used by the rulebook templates as filters."""
from __future__ import annotations

from typing import Any

from ..models import Condition, CountRange

NUMBERS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
           "eleven", "twelve"]


def number(n: int) -> str:
    """Numbers up to twelve in words, as a rulebook prints them."""
    return NUMBERS[n] if 0 <= n < len(NUMBERS) else str(n)


def article(word: str) -> str:
    """'a pit', 'an otau', 'an hour': the indefinite article a word takes (by its first letter;
    a silent h or a 'u' said 'you' are rare enough in game terms to be ignored)."""
    return ("an " if word[:1].lower() in "aeiou" and word else "a ") + word


def plural(n: int, word: str, words: str | None = None) -> str:
    return f"{number(n)} {word if n == 1 else (words or word + 's')}"


def count_phrase(spec: Any, noun: str = "piece", nouns: str | None = None) -> str:
    """'two or three seeds', 'at least one seed', 'no seeds'."""
    many = nouns or noun + "s"
    if isinstance(spec, CountRange) and spec.arithmetic:
        words = f"an {spec.parity} number of {many}" if spec.parity else f"a number of {many}"
        if spec.multiple_of:
            words += f" divisible by {number(spec.multiple_of)}"
        plain = spec.model_copy(update={"parity": None, "multiple_of": None})
        return words if plain == CountRange() else f"{words} ({count_phrase(plain, noun, nouns)})"
    if isinstance(spec, CountRange):
        if spec.min is not None and spec.max is not None:
            return f"between {number(spec.min)} and {number(spec.max)} {many}"
        if spec.min is not None:
            return f"at least {number(spec.min)} {noun if spec.min == 1 else many}"
        if spec.max is not None:
            return f"at most {number(spec.max)} {noun if spec.max == 1 else many}"
        return f"any number of {many}"
    if isinstance(spec, list):
        words = [number(n) for n in spec]
        joined = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
        return f"{joined} {noun if spec == [1] else many}"
    if spec == 0:
        return f"no {many}"
    return f"exactly {plural(spec, noun, many)}" if spec else f"no {many}"


def condition_phrase(cond: Condition | None, terms: Any) -> str:
    """A condition as a clause: 'it is on the opponent's side and now holds two or three seeds'."""
    if cond is None:
        return "always"
    parts = _parts(cond, terms)
    if not parts:
        return "always"
    return _join(parts)


def condition_clauses(cond: Condition | None, terms: Any) -> list[str]:
    """The top-level clauses of a condition (a top-level `all` flattened), for lists."""
    if cond is None:
        return []
    out: list[str] = []
    for part in [cond.model_copy(update={"all": None})] + list(cond.all or []):
        out.extend(_parts(part, terms))
    return out


def _join(parts: list[str], word: str = "and") -> str:
    if not parts:
        return "always"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + f" {word} " + parts[-1]


def _parts(c: Condition, terms: Any) -> list[str]:
    noun, nouns = terms.piece, terms.pieces or terms.piece + "s"
    pit = terms.pit
    out: list[str] = []
    if c.side == "own":
        out.append(f"it is one of your {pit}s")
    elif c.side == "opponent":
        out.append("it is on your opponent's side")
    elif c.side == "neutral":
        out.append("it is in the shared middle row")
    if c.row:
        out.append(f"it is in the {c.row} row")
    if c.role:
        roles = [c.role] if isinstance(c.role, str) else c.role
        out.append("it is " + " or ".join(article(r) for r in roles))
    if c.pit:
        pits = [c.pit] if isinstance(c.pit, str) else c.pit
        out.append("it is " + " or ".join(pits))
    if c.store is True:
        out.append(f"it is the {terms.store}")
    elif c.store is False:
        out.append(f"it is {article(pit)}, not {article(terms.store)}")
    if c.count is not None:
        out.append(f"it holds {count_phrase(c.count, noun, nouns)}")
    if c.count_before is not None:
        out.append(f"it held {count_phrase(c.count_before, noun, nouns)} just before this lap last dropped "
                   f"a {noun} into it")
    if c.mark:
        owner = {"own": "your ", "opponent": "your opponent's "}.get(c.mark_owner or "", "")
        out.append(f"it is {owner}{c.mark}" if owner else f"it is marked {c.mark}")
    if c.start is not None:
        out.append(f"it is {'' if c.start else 'not '}the {pit} the move started from")
    if c.last is not None:
        out.append(f"it is {'' if c.last else 'not '}where the last {noun} landed")
    for key, where in (("opposite", f"the {pit} opposite it"), ("behind", f"the {pit} behind it"),
                       ("next", f"the next {pit} along the sowing"),
                       ("mirror", f"the {pit} with the same name on the other side"), ("origin", f"the {pit} the move started from")):
        sub = getattr(c, key)
        if sub is not None:
            inner = [part[3:] if part.startswith("it ") else part for part in _parts(sub, terms)]
            out.append(f"{where} " + _join(inner) if inner else where)
    if c.lifted is not None:
        out.append(f"the move began by lifting {count_phrase(c.lifted, noun, nouns)}")
    if c.lap is not None:
        out.append(f"this is lap {count_phrase(c.lap, 'lap').split(' lap')[0]}")
    if c.stage:
        stages = [c.stage] if isinstance(c.stage, str) else c.stage
        out.append("the game is in the " + " or ".join(stages) + " stage")
    if c.stock is not None:
        out.append(f"you hold {count_phrase(c.stock, noun, nouns)} in hand")
    if c.stocks is not None:
        out.append(f"the players hold {count_phrase(c.stocks, noun, nouns)} in hand together")
    if c.own_side is not None:
        out.append(f"your side holds {count_phrase(c.own_side, noun, nouns)}")
    if c.opponent_side is not None:
        out.append(f"your opponent's side holds {count_phrase(c.opponent_side, noun, nouns)}")
    if c.on_board is not None:
        out.append(f"the {pit}s hold {count_phrase(c.on_board, noun, nouns)} in all")
    if c.direction is not None:
        out.append(f"the move sows {c.direction}")
    if c.moves_played is not None:
        out.append(f"{count_phrase(c.moves_played, 'move')} have been played")
    if c.captured is not None:
        out.append("your move has captured" if c.captured else "your move has not captured")
    if c.move_kind is not None:
        kinds = [c.move_kind] if isinstance(c.move_kind, str) else c.move_kind
        out.append("the move is " + " or ".join(article(k) for k in kinds))
    if c.count_pits is not None:
        out.append(_count_pits(c.count_pits, terms))
    if c.dropped is not None:
        kinds = [c.dropped] if isinstance(c.dropped, str) else c.dropped
        out.append("the last " + noun + " sown into it is a " + " or a ".join(kinds))
    if c.before is not None:
        out.append(f"before that {noun} it held {count_phrase(c.before.count, _kinds_word(c.before.kinds, noun), None)}")
    if c.in_play is not None:
        out.append(f"{count_phrase(c.in_play.count, _kinds_word(c.in_play.kinds, noun), None)} "
                   f"{'is' if c.in_play.count == 1 else 'are'} on the board")
    if c.threatened is not None:
        out.append(("you could" if c.threatened else "you could not")
                   + " capture it with the first lap of your next move")
    if c.opponent_can_capture is not None:
        out.append(("your opponent could" if c.opponent_can_capture else "your opponent could not")
                   + " capture with the first lap of their next move")
    if c.all:
        out.extend(_join(_parts(x, terms)) for x in c.all)
    if c.any:
        out.append("either " + _join([_join(_parts(x, terms)) for x in c.any], "or"))
    if c.not_ is not None:
        out.append(_negate(_parts(c.not_, terms)))
    return out


def _negate(parts: list[str]) -> str:
    """'it is marked x' -> 'it is not marked x'; several clauses -> 'not when a and b'."""
    if len(parts) == 1:
        clause = parts[0]
        for positive, negative in (("it is ", "it is not "), ("it holds ", "it does not hold "),
                                   ("there is ", "there is not "), ("you could ", "you could not ")):
            if clause.startswith(positive):
                return negative + clause[len(positive):]
    return "not when " + _join(parts)


def _count_pits(spec: Any, terms: Any) -> str:
    """'exactly one of your pits is in the front row and holds at least one seed'."""
    pit = terms.pit
    where = spec.where
    whose = {"own": f"of your {pit}s", "opponent": f"of your opponent's {pit}s"}.get(where.side or "", f"{pit}s")
    owner = {"own": "of yours", "opponent": "of your opponent's"}.get(where.side or "", "")
    rest = where.model_copy(update={"side": None})
    predicates = [p[3:] if p.startswith("it ") else p for p in _parts(rest, terms)]
    count = spec.count
    plural_verb = not (count == 1 or count == [1])
    if count == 0:
        head, plural_verb = f"no {pit} {owner}".rstrip(), False
    elif isinstance(count, int):
        head = f"exactly {number(count)} {whose}"
    else:
        head = count_phrase(count, "x", "x").rsplit(" ", 1)[0] + f" {whose}"
    if plural_verb:
        predicates = [p.replace("is ", "are ", 1) if p.startswith("is ") else
                      p.replace("holds ", "hold ", 1) if p.startswith("holds ") else p for p in predicates]
    return f"{head} {_join(predicates)}" if predicates else head


def _kinds_word(kinds: list[str], noun: str) -> str:
    """A name for a set of kinds: the kind itself; the common stem of several (gem1..gem5:
    gem); or the plain noun."""
    if len(kinds) == 1:
        return kinds[0]
    stems = {k.rstrip("0123456789") for k in kinds}
    return stems.pop() if len(stems) == 1 and all(k[len(k.rstrip("0123456789")):] for k in kinds) else noun
