"""The rulebook's grammar: numbers, counts and conditions as English a teacher would write.

Every sentence a template prints about a condition comes from here. A condition is a test on
one pit (the *subject*) and on the position; it is read as a noun phrase for the pit ("one of
your front-row pits that holds two or more seeds and faces an occupied pit") plus
circumstances about the game ("the move began by lifting fifteen seeds or fewer").
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..models import Condition, CountRange

NUMBERS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
           "eleven", "twelve"]
ORDINALS = ["zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
            "ninth", "tenth"]


def number(n: int) -> str:
    """Numbers up to twelve in words, as a rulebook prints them."""
    return NUMBERS[n] if 0 <= n < len(NUMBERS) else str(n)


def ordinal(n: int) -> str:
    return ORDINALS[n] if 0 <= n < len(ORDINALS) else f"{n}th"


def plural(n: int, word: str, words: str | None = None) -> str:
    """'one seed', 'two seeds', 'no seeds'."""
    return f"{number(n)} {word if n == 1 else (words or word + 's')}"


def article(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def join(parts: list[str], word: str = "and") -> str:
    """'a', 'a and b', 'a, b and c'."""
    parts = [p for p in parts if p]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + f" {word} " + parts[-1]


def count_phrase(spec: Any, noun: str = "piece", nouns: str | None = None, exact: bool = True) -> str:
    """'two or three seeds', 'two or more seeds', 'fifteen seeds or fewer', 'no seeds',
    'exactly two seeds' (`exact=False`: 'two seeds')."""
    many = nouns or noun + "s"
    if isinstance(spec, CountRange) and spec.arithmetic:
        words = f"an {spec.parity} number of {many}" if spec.parity else f"a number of {many}"
        if spec.multiple_of:
            words += f" divisible by {number(spec.multiple_of)}"
        plain = spec.model_copy(update={"parity": None, "multiple_of": None})
        return words if plain == CountRange() else f"{words} ({count_phrase(plain, noun, nouns, exact)})"
    if isinstance(spec, CountRange):
        lo, hi = spec.min, spec.max
        if lo is not None and hi is not None:
            if lo == hi:
                return count_phrase(lo, noun, nouns, exact)
            if hi == lo + 1:
                return f"{number(lo)} or {number(hi)} {noun if hi == 1 else many}"
            return f"between {number(lo)} and {number(hi)} {many}"
        if lo is not None:
            return f"at least one {noun}" if lo == 1 else "any number of " + many if lo == 0 \
                else f"{number(lo)} or more {many}"
        if hi is not None:
            return f"at most one {noun}" if hi == 1 else f"{number(hi)} {many} or fewer"
        return f"any number of {many}"
    if isinstance(spec, list):
        if len(spec) == 1:
            return count_phrase(spec[0], noun, nouns, exact)
        words = [number(n) for n in spec]
        return f"{join(words, 'or')} {many}"
    if spec == 0:
        return f"no {many}"
    return ("exactly " if exact and spec > 1 else "") + (f"a single {noun}" if spec == 1 and exact
                                                          else plural(spec, noun, many))


@dataclass
class PitWords:
    """A condition taken apart: who owns the pit, words before the noun, the noun, relative
    clauses (verb phrases whose subject is the pit) and circumstances (whole clauses)."""

    owner: str | None = None
    adjectives: list[str] = field(default_factory=list)
    nouns: list[str] = field(default_factory=list)
    relatives: list[str] = field(default_factory=list)
    circumstances: list[str] = field(default_factory=list)
    single: bool = False
    """The noun is a role with one pit: 'your nyumba pit', not 'one of your nyumba pits'."""
    not_store: bool = False

    def is_position_only(self) -> bool:
        return not (self.names_a_pit or self.not_store)

    @property
    def names_a_pit(self) -> bool:
        """Whether the words describe a pit (an owner, a noun, an adjective or a relative
        clause), not only the circumstances of the move or the position."""
        return bool(self.owner or self.nouns or self.adjectives or self.relatives)


class Grammar:
    """English for one game's terms (its words for pit, store and piece, and its roles)."""

    def __init__(self, terms: Any, roles: dict[str, Any] | None = None,
                 kind_names: list[str] | None = None, north_label: dict[str, str] | None = None,
                 label_word: str = "name", variables: dict[str, Any] | None = None):
        self.pit = terms.pit
        self.pits = terms.pit + "s"
        self.store = terms.store
        self.piece = terms.piece
        self.pieces = terms.pieces or terms.piece + "s"
        self.roles = roles or {}
        self.kind_names = kind_names or []
        self.variables = variables or {}
        """The spec's variables, for the tests on them and the effects."""
        self.label_word = label_word
        """What a pit's label is called: 'letter' on boards named A, B, C..."""
        self.north_label = north_label or {}
        """A pit's label on South's side -> the label of North's pit in the same place on
        North's side (pits in conditions are named from their owner's side, as South's)."""

    # -- counts --------------------------------------------------------------------------

    def amount(self, spec: Any, exact: bool = True) -> str:
        return count_phrase(spec, self.piece, self.pieces, exact)

    def kinds_amount(self, kinds: list[str], count: Any) -> str:
        noun = self.kinds_word(kinds)
        return count_phrase(count, noun, None)

    def kinds_word(self, kinds: list[str]) -> str:
        """A name for a set of kinds: the kind itself; the common stem of several (gem1..gem5:
        gem); every kind there is: the game's piece."""
        if len(kinds) == 1:
            return kinds[0]
        if self.kind_names and set(kinds) >= set(self.kind_names):
            return self.piece
        stems = {k.rstrip("0123456789") for k in kinds}
        if len(stems) == 1 and all(k[len(k.rstrip("0123456789")):] for k in kinds):
            return stems.pop()
        return " or ".join(kinds)

    # -- conditions ----------------------------------------------------------------------

    def _owned_labels(self, labels: list[str], side: str | None) -> str:
        """Pits named from their owner's side, in the labels each player sees on the board:
        the opponent's A7 is North's a7 while South moves."""
        north = [self.north_label.get(x, x) for x in labels]
        if not side or north == labels:
            return join(labels, "or") + (" (named from its owner's side)" if not side else "")
        if side == "opponent":
            return f"{join(north, 'or')} when South moves ({join(labels, 'or')} when North does)"
        return f"{join(labels, 'or')} ({join(north, 'or')} when North moves)"

    def _listed_labels(self, labels: list[str], side: str | None) -> str:
        """The same pits as a list ('a7, a8 and a9 (A7, A8 and A9 when North moves)')."""
        north = [self.north_label.get(x, x) for x in labels]
        if not side or north == labels:
            return join(labels) + (" (named from their owner's side)" if not side else "")
        first, second = (north, labels) if side == "opponent" else (labels, north)
        return f"{join(first)} ({join(second)} when North moves)"

    def words(self, c: Condition, w: PitWords | None = None) -> PitWords:
        """Take a condition apart (a top-level `all` merged in: it tests the same pit)."""
        w = w or PitWords()
        if c.side == "own":
            w.owner = "your"
        elif c.side == "opponent":
            w.owner = "your opponent's"
        elif c.side == "neutral":
            w.owner = "shared"
        if c.row:
            w.adjectives.append(f"{c.row}-row")
        if c.store is True:
            w.nouns.append(self.store)
            w.single = True  # each player has one
        elif c.store is False:
            w.not_store = True
        if c.role:
            roles = [c.role] if isinstance(c.role, str) else list(c.role)
            w.nouns.append(" or ".join(roles))
            w.single = len(roles) == 1 and len(getattr(self.roles.get(roles[0]), "pits", [])) == 1
        if c.pit:
            labels = [c.pit] if isinstance(c.pit, str) else list(c.pit)
            w.relatives.append("is " + self._owned_labels(labels, c.side))
        if c.count is not None:
            if c.count == 0 or c.count == [0]:
                w.adjectives.insert(0, "empty")
            elif (isinstance(c.count, CountRange) and c.count.min == 1 and c.count.max is None
                  and not c.count.arithmetic):
                w.adjectives.insert(0, "occupied")
            else:
                w.relatives.append(f"holds {self.amount(c.count)}")
        if c.count_before is not None:
            # The count just before the lap's last piece fell there (a lap that passes its
            # landing pit twice finds it occupied the second time).
            if c.count_before == 0 or c.count_before == [0]:
                w.relatives.append(f"was empty before the last {self.piece} fell in")
            else:
                w.relatives.append(f"already held {self.pieces} before the last {self.piece} fell in"
                                   if isinstance(c.count_before, CountRange) and c.count_before.min == 1
                                   and c.count_before.max is None
                                   and not c.count_before.arithmetic
                                   else f"held {self.amount(c.count_before)} before the last "
                                        f"{self.piece} fell in")
        if c.mark:
            owner = {"own": "yours", "opponent": "your opponent's"}.get(c.mark_owner or "")
            w.relatives.append(f"is a {c.mark} of {owner}" if owner == "your opponent's" else
                               f"is your {c.mark}" if owner else f"is marked {c.mark}")
        if c.start is not None:
            w.relatives.append(f"is {'' if c.start else 'not '}the {self.pit} the move started from")
        if c.last is not None:
            w.relatives.append(f"is {'' if c.last else 'not '}where the move's last {self.piece} fell")
        if c.sown is not None:
            w.relatives.append(f"received {'a ' + self.piece if c.sown else 'no ' + self.piece} from the lap")
        if c.sown_by_move is not None:
            w.relatives.append(f"received {'a ' + self.piece if c.sown_by_move else 'no ' + self.piece} "
                               "during the move")
        if c.after_last is not None:
            w.relatives.append(f"is {'' if c.after_last else 'not '}the next {self.pit} after the one where the "
                               f"last {self.piece} fell")
        if c.mirror is not None:
            w.relatives.append(f"has the same {self.label_word} as " + self.phrase(c.mirror, indefinite=True)
                               + " on the other side")
        if c.opposite is not None:
            w.relatives.append("faces " + self.phrase(c.opposite, indefinite=True))
        if c.column is not None:
            w.relatives.append("shares its column with " + self.phrase(c.column, indefinite=True))
        if c.behind is not None:
            w.relatives.append("has " + self.phrase(c.behind, indefinite=True) + " behind it")
        if c.next is not None:
            w.relatives.append("is followed along the sowing by " + self._sequence(c.next))
        if c.previous is not None:
            w.relatives.append("comes, along the sowing, just after " + self.phrase(c.previous, indefinite=True))
        if c.dropped is not None:
            kinds = [c.dropped] if isinstance(c.dropped, str) else list(c.dropped)
            w.relatives.append(f"got {join([article(k) for k in kinds], 'or')} as the last {self.piece} "
                               f"this lap put into it")
        if c.before is not None:
            w.relatives.append(f"held {self.kinds_amount(c.before.kinds, c.before.count)} before the "
                               f"last {self.piece} this lap put into it")
        if c.threatened is not None:
            w.relatives.append(("could" if c.threatened else "could not")
                               + " be captured by the first lap of your next move")
        if c.opponent_can_capture is not None:
            w.circumstances.append(("your opponent could" if c.opponent_can_capture
                                    else "your opponent could not")
                                   + " capture with the first lap of their next move")
        if c.can_move is not None:
            w.circumstances.append(f"you {'could' if c.can_move else 'could not'} move, were it your turn again")
        if c.opponent_can_move is not None:
            w.circumstances.append(f"your opponent {'could' if c.opponent_can_move else 'could not'} move, "
                                   f"were it their turn")
        if c.origin is not None:
            w.circumstances.append("the move started from " + self.phrase(c.origin, indefinite=True))
        if c.lifted is not None:
            w.circumstances.append(f"the move began by lifting {self.amount(c.lifted)}")
        if c.lap is not None:
            w.circumstances.append(self._lap(c.lap))
        if c.stage:
            stages = [c.stage] if isinstance(c.stage, str) else list(c.stage)
            w.circumstances.append(f"the game is in the {join(stages, 'or')} stage")
        if c.stock is not None:
            w.circumstances.append(f"you hold {self.amount(c.stock)} in hand")
        if c.stocks is not None:
            w.circumstances.append("neither player holds any " + self.pieces + " in hand" if c.stocks == 0
                                   else f"the players hold {self.amount(c.stocks)} in hand between them")
        if c.own_side is not None:
            w.circumstances.append(self._side("your", c.own_side))
        if c.opponent_side is not None:
            w.circumstances.append(self._side("your opponent's", c.opponent_side))
        if c.on_board is not None:
            w.circumstances.append(f"the {self.pits} are all empty" if c.on_board == 0
                                   else f"the {self.pits} hold {self.amount(c.on_board)} in all")
        if c.mover is not None:
            w.circumstances.append(f"you are {c.mover.capitalize()}")
        if c.variable is not None:
            w.circumstances.append(self.variable_test(c.variable))
        if c.direction is not None:
            w.circumstances.append(f"the move sows {'anticlockwise' if c.direction == 'counterclockwise' else 'clockwise'}")
        if c.moves_played is not None:
            said = count_phrase(c.moves_played, "move", exact=False)
            w.circumstances.append(f"{said} {'has' if said.endswith(' move') else 'have'} been played")
        if c.captured is not None:
            w.circumstances.append("your move has captured" if c.captured else "your move has not captured")
        if c.move_kind is not None:
            kinds = [c.move_kind] if isinstance(c.move_kind, str) else list(c.move_kind)
            w.circumstances.append("the move is " + join([article(k) for k in kinds], "or"))
        if c.count_pits is not None:
            w.circumstances.append(self._count_pits(c.count_pits))
        if c.in_play is not None:
            n = c.in_play.count
            amount = self.kinds_amount(c.in_play.kinds, n)
            one = amount.startswith(("at least one ", "a single ", "one ", "at most one "))
            w.circumstances.append(f"{amount} {'is' if one else 'are'} still on the board")
        for sub in c.all or []:
            self.words(sub, w)
        if c.any:
            alternatives = [self.words(x) for x in c.any]
            if all(not a.circumstances and not a.owner and not a.nouns for a in alternatives):
                w.relatives.append("either " + join([self._predicate(a) for a in alternatives], "or"))
            elif all(a.circumstances and a.is_position_only() for a in alternatives):
                w.circumstances.append("either " + join([join(a.circumstances) for a in alternatives], "or"))
            elif all(not a.circumstances or a.owner or a.nouns for a in alternatives):
                w.relatives.append("is either " + join([self._phrase(a, link=" while ") for a in alternatives], "or"))
            else:
                w.circumstances.append("either " + join([self._it(a) for a in alternatives], "or"))
        if c.not_ is not None:
            self._negate(c.not_, w)
        return w

    def _sequence(self, c: Condition) -> str:
        """The pits that follow one another along the sowing, each said once: 'an empty cup
        and then by an occupied cup' rather than a clause nested in a clause."""
        here = c.model_copy(update={"next": None})
        if c.next is None or self.words(here).relatives:
            return self.phrase(c, indefinite=True)
        return f"{self.phrase(here, indefinite=True)} and then by {self._sequence(c.next)}"

    def _negate(self, c: Condition, w: PitWords) -> None:
        sub = self.words(c)
        if sub.circumstances and not (sub.owner or sub.nouns or sub.adjectives or sub.relatives):
            w.circumstances.append("not " + join(sub.circumstances) if len(sub.circumstances) > 1
                                   else negate(sub.circumstances[0]))
            return
        parts = sub.relatives + [f"is {a}" for a in sub.adjectives]
        if len(parts) == 1 and not (sub.owner or sub.nouns or sub.circumstances):
            w.relatives.append(negate(parts[0]))
            return
        w.relatives.append("is not " + self._phrase(sub, link=" while "))

    def _predicate(self, w: PitWords) -> str:
        parts = [f"is {a}" for a in w.adjectives] + w.relatives
        return join(parts)

    def _lap(self, lap: Any) -> str:
        if isinstance(lap, int):
            return f"this is the {ordinal(lap)} lap of the move"
        if isinstance(lap, CountRange) and lap.min is not None and lap.max is None:
            return f"this is the {ordinal(lap.min)} lap of the move or a later one"
        return f"this lap is lap {count_phrase(lap, 'x', 'x').rsplit(' ', 1)[0]} of the move"

    def _side(self, whose: str, count: Any) -> str:
        if count == 0:
            return f"{whose} {self.pits} are all empty"
        return f"{whose} {self.pits} hold {self.amount(count)} in all"

    def _count_pits(self, spec: Any) -> str:
        """'exactly one of your front-row pits is occupied', 'none of your opponent's ...'."""
        w = self.words(spec.where)
        state = [a for a in w.adjectives if a in ("empty", "occupied")]
        w.adjectives = [a for a in w.adjectives if a not in state]
        noun = self._noun(w, plural=True)
        if spec.where.pit:
            # The pits named go with the group ('of your opponent's bomas a7, a8 and a9'),
            # not into the predicate ('... are a7, a8 or a9').
            labels = [spec.where.pit] if isinstance(spec.where.pit, str) else list(spec.where.pit)
            named = "is " + self._owned_labels(labels, spec.where.side)
            if named in w.relatives:
                w.relatives.remove(named)
                noun += " " + self._listed_labels(labels, spec.where.side)
        if w.owner in ("your", "your opponent's"):
            group = f"{w.owner} {noun}"
        elif w.owner == "shared":
            group = f"the shared {noun}"
        else:
            group = f"the {noun} on the board"
        predicate = self._predicate(PitWords(adjectives=state, relatives=w.relatives))
        n = spec.count
        if (spec.where.store is True and w.owner in ("your", "your opponent's")
                and (n == 1 or (isinstance(n, CountRange) and n.min == 1 and n.max is None))):
            # a player has one store: 'your store holds 50 or more counters'
            return f"{w.owner} {self._noun(w)} {predicate or 'is there'}"
        if n == 0:
            head, verb_plural = f"none of {group}", False
        elif n == 1:
            head, verb_plural = f"exactly one of {group}", False
        elif isinstance(n, CountRange) and n.min == 1 and n.max is None:
            head, verb_plural = f"at least one of {group}", False
        else:
            head, verb_plural = count_phrase(n, "x", "x", exact=True).rsplit(" ", 1)[0] + f" of {group}", True
        if not predicate:
            return f"{head} {'are' if verb_plural else 'is'} there"
        if verb_plural:
            predicate = plural_verbs(predicate)
        return f"{head} {predicate}"

    def _noun(self, w: PitWords, plural: bool = False) -> str:
        """'front-row pits', 'occupied kichwa pits', 'kalahs'; singular: 'nyumba pit'."""
        if w.nouns == [self.store]:
            head = self.store + ("s" if plural else "")
        else:
            word = self.pits if plural else self.pit
            head = " or ".join(w.nouns) + " " + word if w.nouns else word
            if w.not_store:
                head += f" (not {'your' if w.owner == 'your' else 'a'} {self.store})"
        return " ".join(w.adjectives + [head])

    def _it(self, w: PitWords) -> str:
        """A clause about the pit: 'it is marked owned', 'it holds two seeds while ...'."""
        if w.is_position_only():
            return join(w.circumstances)
        if w.owner or w.nouns:
            text = "it is " + self._phrase(w, link=" while ")
        else:
            text = "it " + self._predicate(w)
            if w.circumstances:
                text += " while " + join(w.circumstances)
        return text

    # -- variables -----------------------------------------------------------------------

    def variable_name(self, name: str, whose: str = "mover") -> str:
        """'your sowing direction', 'your opponent's sowing direction', 'the round number'."""
        variable = self.variables[name]
        if variable.per == "game":
            return "the " + variable.meaning
        return {"mover": "your ", "opponent": "your opponent's ", "both": "each player's "}[whose] + variable.meaning

    def value(self, name: str, value: Any) -> str:
        """A value as the rulebook says it: its name (underscores as spaces) or its number."""
        named = self.variables[name].name_of(value) if isinstance(value, int) else value
        return named.replace("_", " ") if isinstance(named, str) else str(named)

    def values(self, name: str) -> str:
        """'not chosen, anticlockwise or clockwise': the values a variable names."""
        return join([self.value(name, v) for v in self.variables[name].values or []], "or")

    def variable_test(self, test: Any) -> str:
        """'your sowing direction is free or clockwise', 'the captures made are two or more'."""
        subject = self.variable_name(test.name, test.of)
        if test.is_ is not None:
            values = test.is_ if isinstance(test.is_, list) else [test.is_]
            return f"{subject} is {join([self.value(test.name, v) for v in values], 'or')}"
        if isinstance(test.count, int):
            return f"{subject} is {test.count}"
        said = count_phrase(test.count, "\0", "\0", exact=False).replace(" \0", "").replace("\0", "")
        return f"{subject} is {said}"

    def effect(self, effect: Any) -> list[str]:
        """What an effect does, one clause per variable: 'your sowing direction becomes
        clockwise', 'the captures made go up by one' (after its pieces moved, said first)."""
        out = [step[0].lower() + step[1:].rstrip(".") for step in self.transfer_steps(effect.transfer or [])]
        for name, value in (effect.set or {}).items():
            out.append(f"{self.variable_name(name, effect.of)} becomes {self.value(name, value)}")
        for name, n in (effect.add or {}).items():
            out.append(f"{self.variable_name(name, effect.of)} goes {'up' if n >= 0 else 'down'} by {number(abs(n))}")
        return out

    def events(self, effect: Any) -> str:
        """'At the start of the game and after each move': when an effect happens."""
        said = {"game_start": "at the start of the game", "round_start": "at the start of each new round",
                "move_end": "after each move"}
        text = join([said[e] for e in effect.events])
        return text[0].upper() + text[1:]

    def transfer_steps(self, steps: list[Any]) -> list[str]:
        """Pieces moved by hand, one instruction per step, said to the player who does them
        as South sees the board: 'Take all the counters from your hole A and put them into
        the hole after it.'"""
        said, hand = [], 0
        for step in steps:
            said.append(self.transfer_step(step, hand))
            if step.from_ == "hand":
                hand = 0
            if step.to == "hand" and hand is not None:
                hand = None if step.take == "all" else hand + step.take * step.times
        return said

    def transfer_step(self, step: Any, hand: int | None = None) -> str:
        """One step; `hand`: how many pieces the hand holds before it, where the steps say."""
        held = step.from_ == "hand"
        what = "all the " + self.pieces if step.take == "all" else plural(step.take, self.piece, self.pieces)
        source = {"next": f"the next {self.pit}", "store": f"your {self.store}"}.get(step.from_) if isinstance(
            step.from_, str) else None
        source = source or self.place(step.from_)
        them = "it" if step.take == 1 and not held else "them"
        to = step.to
        dest = {"off": "aside, out of the game", "store": f"into your {self.store} (captured)",
                "next": f"into the next {self.pit}" if held else f"into the {self.pit} after it",
                "opposite": f"into the {self.pit} facing {'the last one' if held else 'it'}"}.get(to) if isinstance(
            to, str) else None
        dest = dest or ("" if to == "hand" else "into " + self.place(to))
        if held:
            text = f"Put the {self.piece if hand == 1 else self.pieces} in your hand {dest}"
        elif to == "hand":
            text = f"Take {what} from {source} and hold {them} in your hand"
        else:
            text = f"Take {what} from {source} and put {them} {dest}"
        text += f"; that {self.pit} is marked **{step.mark}**" if step.mark else ""
        if step.times > 1:
            return (f"Then do this {number(step.times)} times, each time going on round the board from the last "
                    f"{self.pit} used: {text[0].lower() + text[1:]}.")
        return text + "."

    def place(self, place: Any) -> str:
        """'your hole A', 'your opponent's hole f'."""
        label, side = (place, "own") if isinstance(place, str) else (place.pit, place.side)
        if side == "own":
            return f"your {self.pit} {label}"
        return f"your opponent's {self.pit} {self.north_label.get(label, label)}"

    def phrase(self, c: Condition | None, indefinite: bool = False) -> str:
        """The pit as a noun phrase, circumstances after a comma: 'one of your occupied
        front-row pits that faces an occupied pit'."""
        if c is None:
            return "any " + self.pit
        w = self.words(c)
        return self._phrase(w, indefinite)

    def _merged(self, relatives: list[str]) -> list[str]:
        """'held a single bead before ...' and 'held a single gem before ...' said once:
        'held a single bead, a gem, before ...'."""
        lead = f"held a single {self.piece} before "
        for i, r in enumerate(relatives):
            if r.startswith(lead):
                tail = r[len(f"held a single {self.piece}"):]
                for j, other in enumerate(relatives):
                    if j != i and other.startswith("held a single ") and other.endswith(tail):
                        kind = other[len("held a single "):-len(tail)]
                        merged = f"held a single {self.piece}, {article(kind)},{tail}"
                        return [merged if k == i else x for k, x in enumerate(relatives) if k != j]
        return relatives

    def _phrase(self, w: PitWords, indefinite: bool = False, link: str = ", when ") -> str:
        w.relatives = self._merged(w.relatives)
        if w.is_position_only() and w.circumstances:
            return f"any {self.pit}{link}{join(w.circumstances)}"
        if len(w.relatives) == 1 and w.relatives[0].startswith(("is either ", "is the ")) and not (
                w.owner or w.nouns or w.adjectives or w.circumstances or w.not_store):
            return w.relatives[0][3:]  # 'the pit the move started from', not 'a pit that is the pit ...'

        if w.owner in ("your", "your opponent's"):
            np = (f"{w.owner} {self._noun(w)}" if w.single else f"one of {w.owner} {self._noun(w, plural=True)}")
        elif w.owner == "shared":
            np = article(self._noun(w)) + " of the shared middle row"
        else:
            np = article(self._noun(w))
        if w.relatives:
            # A pit named outright ('your leftmost boma') takes a non-restrictive clause; a
            # 'that' clause would wrongly suggest there are several to choose among.
            np += (", which " if w.single and w.owner else " that ") + join(w.relatives)
        if w.circumstances:
            np += link + join(w.circumstances)
        return np

    def names_one_pit(self, c: Condition) -> bool:
        """Whether a condition can only hold for one pit of the mover's (the start, the last
        pit, a pit named outright, a role of one pit): no choice among several to explain."""
        roles = [c.role] if isinstance(c.role, str) else list(c.role or [])
        one_role = len(roles) == 1 and len(getattr(self.roles.get(roles[0]), "pits", [])) == 1
        return bool(c.start or c.last or c.after_last or isinstance(c.pit, str) or one_role)

    def predicate(self, c: Condition | None) -> str:
        """What a condition says of the pit, as a verb phrase: 'holds exactly four seeds',
        'is one of your opponent's houses and holds two or three seeds', 'is marked rubbish'
        (for 'as soon as a cup ...', 'as long as each ...')."""
        if c is None:
            return f"is any {self.pit}"
        w = self.words(c)
        w.relatives = self._merged(w.relatives)
        parts = []
        if w.owner or w.nouns:
            whole = PitWords(owner=w.owner, nouns=w.nouns, single=w.single, not_store=w.not_store)
            parts.append("is " + self._phrase(whole))
        elif w.not_store:
            parts.append(f"is not a {self.store}")
        parts += [f"is in the {a[:-4]} row" if a.endswith("-row") else f"is {a}" for a in w.adjectives]
        parts += w.relatives
        text = join(parts) or f"is any {self.pit}"
        return text + (" while " + join(w.circumstances) if w.circumstances else "")

    def bare(self, c: Condition | None) -> str:
        """The pit part alone, for 'every ...': 'occupied boma', 'one of your opponent's
        front-row pits that could be captured ...' (circumstances: see `when`)."""
        if c is None:
            return self.pit
        w = self.words(c)
        w.circumstances = []
        phrase = self._phrase(w)
        for lead in ("a ", "an "):
            if phrase.startswith(lead):
                return phrase[len(lead):]
        if phrase.startswith("one of "):
            return f"{self._noun(w)} of {w.owner}" + (" that " + join(w.relatives) if w.relatives else "")
        return phrase

    def when(self, c: Condition | None) -> str:
        """The circumstances of a condition alone ('' if none)."""
        return join(self.words(c).circumstances) if c is not None else ""

    def clause(self, c: Condition | None) -> str:
        """The condition as a clause about 'it' (the pit): 'it is one of your pits and holds
        two seeds'; circumstances alone: 'the game is in the mtaji stage'."""
        if c is None:
            return "always"
        w = self.words(c)
        if not w.names_a_pit:
            return join(w.circumstances) or "always"
        return "it is " + self._phrase(w, indefinite=True)

    def circumstances(self, c: Condition | None) -> str:
        """A condition that tests only the position, as a clause ('neither player holds any
        seeds in hand'); pit tests are said as 'a pit is ...'."""
        if c is None:
            return "always"
        w = self.words(c)
        if w.names_a_pit:
            return "the " + self.pit + " is " + self._phrase(w, indefinite=True)
        return join(w.circumstances)

    def move_ended(self, c: Condition) -> str:
        """When a test on the pit where the move ended holds: 'your move ended in a hole
        marked weg', or for a test that is about no pit, only its circumstances ('your move
        has captured')."""
        w = self.words(c)
        return "your move ended in " + self._phrase(w, indefinite=True) if w.names_a_pit else join(w.circumstances)

    def items(self, c: Condition | None, yours_implied: bool = True) -> list[str]:
        """The tests of a condition one per line, each a sentence about 'it' (for a start,
        `yours_implied`: the pit is one of the mover's, which is not repeated)."""
        if c is None:
            return []
        w = self.words(c)
        w.relatives = self._merged(w.relatives)
        out = []
        if w.nouns:
            out.append(f"it is {'your' if w.single else 'one of your'} {self._noun(PitWords(nouns=w.nouns), plural=not w.single)}")
        elif w.owner == "your" and not yours_implied:
            out.append(f"it is one of your {self.pits}")
        if w.not_store and not w.nouns:
            out.append(f"it is not a {self.store}")
        if w.owner and w.owner != "your":
            out.append(f"it is one of {w.owner} {self.pits}" if w.owner != "shared" else "it is in the shared middle row")
        for a in w.adjectives:
            out.append(f"it is in the {a[:-4]} row" if a.endswith("-row") else f"it is {a}")
        out += [f"it {r}" for r in w.relatives]
        out += w.circumstances
        return out


NEGATIONS = (("is ", "is not "), ("holds ", "does not hold "), ("held ", "did not hold "),
             ("already held ", "did not already hold "),
             ("was ", "was not "), ("faces ", "does not face "), ("has ", "does not have "),
             ("could ", "could not "), ("the game is ", "the game is not "),
             ("your move has ", "your move has not "), ("the move is ", "the move is not "),
             ("you hold ", "you do not hold "))


def negate(clause: str) -> str:
    """'is marked x' -> 'is not marked x'; anything else -> 'not: ...'."""
    for positive, negative in NEGATIONS:
        if clause.startswith(positive) and not clause.startswith(negative):
            return negative + clause[len(positive):]
    return "it is not the case that " + clause


PLURAL_VERBS = {"is": "are", "holds": "hold", "was": "were", "faces": "face", "has": "have",
                "does": "do"}


def plural_verbs(predicate: str) -> str:
    """'is occupied and holds two seeds' -> 'are occupied and hold two seeds'."""
    words = predicate.split(" ")
    after_join = True
    for i, word in enumerate(words):
        if after_join and word in PLURAL_VERBS:
            words[i] = PLURAL_VERBS[word]
        after_join = word in ("and", "or", "either") or word.endswith(",")
    if words and words[0] in PLURAL_VERBS:
        words[0] = PLURAL_VERBS[words[0]]
    return " ".join(words)
