"""The bounds rulespec puts on what it reads, in one place (docs/limits.md says why each).

Specs, positions and records come from other people. Each bound is far above what a real
game needs and low enough that no input can make a command run for hours, fill memory or
count past a machine integer.
"""
from __future__ import annotations

MAX_FILE_BYTES = 256 * 1024
"""A spec or record file: the largest shipped spec is about 12 KB. Parsing YAML in pure
Python takes some 25 ms per KB at worst, so no spec can keep `validate` busy for long."""
MAX_REQUEST_BYTES = 4 * MAX_FILE_BYTES + 64 * 1024
"""A request body to the web app: an uploaded spec or record (pasted text may take up to four
bytes a character once form-encoded), with room for the form's other fields."""
MAX_YAML_NODES = 100_000
"""Values in a spec with its YAML aliases expanded (a shipped spec has about 2,000): aliases
nested in aliases ("billion laughs") would otherwise expand a few lines into billions."""
MAX_EXPANDED_CHARS = 4 * MAX_FILE_BYTES
"""Characters in a spec with its YAML aliases expanded: one long text aliased thousands of
times is a few values but gigabytes once built (a real spec expands to about its own size)."""
MAX_NESTING = 100
"""Brackets ([ ], { }) open at once in a spec's YAML, and block lists and mappings nested in
one another (counted apart): shipped specs nest six or so. Deeper flow nesting is slow to
scan (seconds for thousands) and ends in a recursion error; deep block nesting crashed
libyaml's composer."""
MAX_PROBLEMS = 100
"""Problems reported per file; the rest are summarised in one line."""
MAX_GAME_PIECES = 100_000
"""Pieces in a game (a real one has a few hundred at most). Action numbers, the options of
`take: any` and placements grow with the piece count, so it is bounded for a spec; the move
kernel itself counts up to 2^30 and checks that too."""
MAX_MOVES_PLAYED = 2**31 - 1
"""A position's move counter."""
MAX_LAPS = 2_000
"""A sowing's `max_laps`: a move that needs more laps counts as endless. The engine keeps a
move's decisions on a stack of 4,096 (two per lap and a few), and a shipped game needs 2,000."""
MAX_CHOICE = 256
"""A count of decisions or pits inside a move (`more_pits`, a chain's `length`, a `choose`
or `pick` count): a board has at most 4 x 64 pits."""
MAX_GAMES = 10_000_000
"""Games one command may be asked to play (`fuzz`, `match`, `analyze`, `lint`, ...): far
more than a campaign needs, few enough that the plan of the campaign fits in memory."""
MAX_RECORD_MOVES = 10_000
"""Moves (tokens) in a game record: a long game runs to a few hundred. The web replay plays
the record again to show a position, so its time grows with the record."""
MAX_STAGES = 30
"""Stages in a spec (Bao has two): a position's stage is a small number in every engine, and
each stage's rules are compiled apart (2,000 stages took a minute to validate)."""
MAX_MARK_SLOTS = 30
"""Marks a pit can carry, an owned mark counting twice (one for each owner): a pit's marks are
bits of one 32-bit number (70 marks overflowed it)."""
MAX_COUNT_PITS_DEPTH = 2
"""How deep `count_pits` may nest in its own `where`: each level tests every pit again, so a
test costs pits^depth (at six levels a move never finished)."""
MAX_PENDING_DEPTH = 1
"""A snapshot's `pending` holds the position where the move began, which has none itself."""
MAX_PLAYOUT_ACTIONS = 1_000_000
"""Actions of one game in `game.playouts` (a random game of a shipped variant takes at most a
few thousand): a spec whose games never end raises LimitError there instead of running for
ever."""
MAX_BOARD_SLOTS = 256
"""Pits and stores of a board: the engine's tables have one entry per slot (a 4-rank board of
64 pits and 2 stores has 258)."""
MAX_VARIABLE_SLOTS = 16
"""Slots for a spec's variables (one for a game's variable, two for a player's): each is kept
in every position."""
MAX_KINDS = 30
"""Kinds of piece: a condition names a set of them as the bits of one 32-bit number."""
MAX_KIND_SLOTS = 1024
"""Kinds of piece times the board's slots: the engine holds a position's count of each kind in
each slot in an array of this size."""
MAX_POINTS = 2**30
"""What all the pieces of a game may be worth, the most valuable kind counted for each: the
engine counts scores in 32 bits."""
MAX_MOVE_KINDS = 30
"""Move kinds of a spec (by name, over its stages): a condition's `move_kind` is a set of them
as the bits of one 32-bit number."""
MAX_TAKE_ANY_PIECES = 255
"""Pieces in a game whose move asks how many pieces to lift (`take: any`): one decision offers
at most 256 options (0 to 255)."""
MAX_PLACED_PIECES = 4_088
"""Pieces in a game whose move places them one by one (`sow: anywhere`): each placement is a
decision of the move, and a move holds at most 4,096 (a few kept for the rest of it)."""
MAX_CHOICE_PITS = 255
"""Pits an optional `choose` may range over: one decision offers at most 256 options, one of
them declining."""
