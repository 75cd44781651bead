"""Spec errors: the exact message and location (path:line:col) a person editing the YAML sees.

`rulespec.load_text(text, "bad.yaml")` raises `rulespec.SpecError`; its `.problems` are
`Problem(path, line, col, message)` in file order and its str is one `path:line:col: message`
per line.
"""
from __future__ import annotations

import pytest

import rulespec
from rulespec import Problem, RulespecError, SpecError
from rulespec.examples import check_examples

VALID = """\
name: Test
board: {pits: 3, stores: beside}
setup: {per_pit: 2}
end: [{kind: move_limit, moves: 100}]
"""


def error(text: str) -> SpecError:
    with pytest.raises(SpecError) as info:
        rulespec.load_text(text, "bad.yaml")
    return info.value


def check(text: str, *expected: tuple[int, int, str]) -> None:
    """`text` fails with exactly these (line, col, message) problems, in this order."""
    exc = error(text)
    assert [(p.line, p.col, p.message) for p in exc.problems] == list(expected)
    assert all(p.path == "bad.yaml" for p in exc.problems)
    assert str(exc) == "\n".join(f"bad.yaml:{line}:{col}: {message}" for line, col, message in expected)


def test_the_valid_base_loads() -> None:
    assert rulespec.load_text(VALID, "bad.yaml").name == "Test"


def test_spec_error_carries_problems_and_prints_one_per_line() -> None:
    exc = error(VALID.replace("stores: beside", "stores: besides") + "sowng: {}\n")
    assert isinstance(exc, RulespecError)
    assert exc.problems == [
        Problem("bad.yaml", 2, 26, "'besides' is not one of: none, beside, in_circuit (did you mean 'beside'?)"),
        Problem("bad.yaml", 5, 1, "unknown key 'sowng' (did you mean 'sowing'?)"),
    ]
    assert str(exc) == ("bad.yaml:2:26: 'besides' is not one of: none, beside, in_circuit (did you mean 'beside'?)\n"
                        "bad.yaml:5:1: unknown key 'sowng' (did you mean 'sowing'?)")
    text = VALID + "sowng: {}\n"
    assert error(text).problems[0].with_source(text) == (
        "bad.yaml:5:1: unknown key 'sowng' (did you mean 'sowing'?)\n    sowng: {}\n    ^")


# --- YAML syntax ---------------------------------------------------------------------------


def test_yaml_syntax_error_tab() -> None:
    check("name: Test\nboard:\n\tpits: 3\n",
          (3, 1, "YAML syntax error: found character '\\t' that cannot start any token"))


def test_yaml_syntax_error_duplicate_key() -> None:
    check("name: Test\nname: Other\n" + VALID[len("name: Test\n"):],
          (2, 1, 'YAML syntax error: found duplicate key "name" with value "Other" (original value: "Test")'))


def test_yaml_syntax_error_unclosed_brace_says_where_it_opened() -> None:
    exc = error("name: Test\nboard: {pits: 3\nsetup: {per_pit: 2}\n")
    [problem] = exc.problems
    assert (problem.line, problem.col) == (3, 6)
    assert problem.message.startswith("YAML syntax error: expected ',' or '}', but got ':'")
    assert "line 2" in problem.message  # where the unclosed '{' is


def test_yaml_syntax_error_bad_indentation_is_worded_for_a_person() -> None:
    exc = error("name: Test\nboard:\n  pits: 3\n stores: beside\n")
    [problem] = exc.problems
    assert (problem.line, problem.col) == (4, 2)
    assert "<block" not in problem.message
    assert "indent" in problem.message


@pytest.mark.parametrize("text", ["- a\n- b\n", "", "just text\n"])
def test_a_spec_must_be_a_mapping(text: str) -> None:
    check(text, (1, 1, "a spec must be a YAML mapping of rule blocks"))


# --- unknown keys --------------------------------------------------------------------------


def test_unknown_top_level_key_did_you_mean() -> None:
    check(VALID + "sowng:\n  skip_origin: true\n", (5, 1, "unknown key 'sowng' (did you mean 'sowing'?)"))


def test_unknown_key_in_a_block_did_you_mean() -> None:
    check(VALID + "sowing:\n  skip_orign: true\n", (6, 3, "unknown key 'skip_orign' (did you mean 'skip_origin'?)"))


def test_unknown_key_without_a_close_match_lists_the_keys() -> None:
    check(VALID + "sowing: {zzz: 1}\n",
          (5, 10, ("unknown key 'zzz'; expected one of: skip_origin, first_into_origin, into_own_store, "
                  "into_opponent_store, skip, per_pit, order, laps, passing")))


def test_unknown_key_in_a_condition() -> None:
    check(VALID + "captures: [{name: c, when: {cont: 2}, take: [landing]}]\n",
          (5, 29, "unknown key 'cont' (did you mean 'count'?)"))


def test_unknown_key_in_a_nested_condition() -> None:
    check(VALID + "captures: [{name: c, when: {count: 2}, take: [{chain: {while: {sid: own}}}]}]\n",
          (5, 64, "unknown key 'sid' (did you mean 'side'?)"))


def test_unknown_key_in_a_count_range() -> None:
    check(VALID + "captures: [{name: c, when: {count: {mn: 2}}, take: [landing]}]\n",
          (5, 37, "unknown key 'mn' (did you mean 'min'?)"))


def test_unknown_key_in_an_end_condition_lists_that_kind_s_keys() -> None:
    check(VALID.replace("kind: move_limit, moves: 100", "kind: majority, points: 5"),
          (4, 24, "unknown key 'points'; expected one of: remaining, result, during_move, kind"))


# --- wrong enum values ---------------------------------------------------------------------


def test_wrong_enum_value_did_you_mean_flow_style() -> None:
    check(VALID.replace("stores: beside", "stores: besides"),
          (2, 26, "'besides' is not one of: none, beside, in_circuit (did you mean 'beside'?)"))


def test_wrong_enum_value_did_you_mean_block_style() -> None:
    check("name: Test\nboard:\n  pits: 3\n  stores: besides\nsetup: {per_pit: 2}\n"
          "end: [{kind: move_limit, moves: 100}]\n",
          (4, 11, "'besides' is not one of: none, beside, in_circuit (did you mean 'beside'?)"))


def test_the_sources_words_suggest_the_rulespec_term() -> None:
    """'anticlockwise' (as the sources and the rulebooks write it) is not taken for its
    opposite, 'clockwise'; a four-rank source's 'inner' row is the front row; words in another
    order are found."""
    exc = error(VALID + "turn:\n  moves:\n    - {name: sow, from: {side: own}, direction: anticlockwise}\n")
    assert "(did you mean 'counterclockwise'?)" in str(exc)
    exc = error(VALID + "captures:\n  - {name: c, when: {row: inner}, take: [opposite]}\n")
    assert "(did you mean 'front'?)" in str(exc)
    exc = error(VALID + "captures:\n  - {name: c, when: {count: 1}, take: [opposite_behind]}\n")
    assert "(did you mean 'behind_opposite'?)" in str(exc)


def test_wrong_enum_value_in_an_end_condition() -> None:
    check(VALID.replace("moves: 100}", "moves: 100, remaining: to_ownr}"),
          (4, 49, "'to_ownr' is not one of: stay, to_owner, to_player, to_other, to_first, removed (did you mean 'to_owner'?)"))


def test_wrong_take_selector() -> None:
    check(VALID + "captures: [{name: c, when: {count: 2}, take: [landin]}]\n",
          (5, 47, "'landin' is not one of: landing, opposite, behind_opposite, opponent_column (did you mean 'landing'?)"))


def test_wrong_take_selector_mapping() -> None:
    check(VALID + "captures: [{name: c, when: {count: 2}, take: [{chian: {while: {count: 2}}}]}]\n",
          (5, 47, "expected landing, opposite, behind_opposite, opponent_column, {chain: ...}, {choose: ...}, "
                 "{pick: ...} or {where: ...}"))


def test_wrong_integer_enum_value_lists_the_options() -> None:
    check(VALID.replace("{pits: 3,", "{ranks: 5, pits: 3,"), (2, 16, "5 is not one of: 2, 3, 4"))


# --- wrong types ---------------------------------------------------------------------------


@pytest.mark.parametrize("old,new,line,col,message", [
    ("pits: 3,", "pits: three,", 2, 15, "expected a whole number, got 'three'"),
    ("end: [{kind: move_limit, moves: 100}]", "end: {kind: move_limit, moves: 100}", 4, 6,
     "expected a list, got a mapping"),
    ("end: [{kind: move_limit, moves: 100}]", "end: [move_limit]", 4, 7, "expected a mapping, got 'move_limit'"),
    ("setup: {per_pit: 2}", "setup: 2", 3, 8, "expected a mapping, got 2"),
    ("per_pit: 2", "per_pit: -2", 3, 18, "expected at least 0, got -2"),
])
def test_wrong_type(old: str, new: str, line: int, col: int, message: str) -> None:
    check(VALID.replace(old, new), (line, col, message))


def test_a_broken_constraint_inside_a_union_is_reported_not_every_branch() -> None:
    """`lift` is a word or a mapping; a bad number inside the mapping is the one problem."""
    check(VALID + "turn: {moves: [{lift: {from_stock: 1, take: -3}}]}\n", (5, 45, "expected at least 1, got -3"))


def test_a_choice_parameter_needs_one_of_its_choices_as_default() -> None:
    """(Found by the spec fuzzer: a number default slipped past the choices and reached the
    engine as a negative lift.)"""
    check("parameters:\n  lift: {doc: how many, default: -7, choices: [any, all]}\n" + VALID,
          (2, 9, "a parameter with choices takes one of them as its default (any, all), not -7"))


@pytest.mark.parametrize("extra,line,col,message", [
    ("sowing: {skip_origin: maybe}\n", 5, 23, "expected true or false, got 'maybe'"),
    ("sowing: true\n", 5, 9, "expected a mapping, got true"),
    ("captures: [{name: c, when: 2, take: [landing]}]\n", 5, 28, "expected a mapping, got 2"),
    ("captures: [{name: c, when: {count: many}, take: [landing]}]\n", 5, 36, "expected a whole number, got 'many'"),
])
def test_wrong_type_in_a_block(extra: str, line: int, col: int, message: str) -> None:
    check(VALID + extra, (line, col, message))


def test_empty_list_is_worded_for_a_person() -> None:
    exc = error(VALID.replace("end: [{kind: move_limit, moves: 100}]", "end: []"))
    [problem] = exc.problems
    assert (problem.line, problem.col) == (4, 6)
    assert "after validation" not in problem.message


# --- missing keys --------------------------------------------------------------------------


def test_missing_required_top_level_key() -> None:
    check("name: Test\nsetup: {per_pit: 2}\nend: [{kind: move_limit, moves: 100}]\n",
          (1, 1, "missing required key 'board'"))


def test_missing_required_key_in_a_block() -> None:
    check(VALID.replace("{pits: 3, stores: beside}", "{stores: beside}"), (2, 8, "missing required key 'pits'"))


def test_missing_required_key_beside_a_misspelt_one() -> None:
    check(VALID.replace("moves: 100", "mvs: 100"),
          (4, 7, "missing required key 'moves'"), (4, 26, "unknown key 'mvs' (did you mean 'moves'?)"))


def test_missing_end_kind() -> None:
    check(VALID.replace("kind: move_limit, moves: 100", "moves: 100"), (4, 7, "missing required key 'kind'"))


# --- end kinds -----------------------------------------------------------------------------

BAD_KIND = VALID.replace("kind: move_limit, moves: 100", "kind: side_emty")


def test_unknown_end_kind_did_you_mean() -> None:
    [problem] = error(BAD_KIND).problems
    assert problem.message == ("unknown kind 'side_emty' (did you mean 'side_empty'?); expected one of: "
                               "side_empty, no_legal_move, majority, score_at_least, repetition, move_limit, "
                               "condition")


def test_unknown_end_kind_is_located_at_the_kind() -> None:
    [problem] = error(BAD_KIND).problems
    assert (problem.line, problem.col) == (4, 14)


# --- parameters ----------------------------------------------------------------------------

PARAMETERS = """\
name: Test
parameters:
  seeds:
    doc: seeds per pit
    default: 2
board: {pits: 3, stores: beside}
setup: {per_pit: $seeds}
end: [{kind: move_limit, moves: 100}]
"""


def test_parameters_base_loads() -> None:
    assert rulespec.load_text(PARAMETERS, "bad.yaml").params == {"seeds": 2}


def test_unknown_parameter_reference_without_parameters() -> None:
    check(VALID.replace("per_pit: 2", "per_pit: $seeds"),
          (3, 18, "unknown parameter $seeds; declare it under 'parameters'"))


def test_unknown_parameter_reference_did_you_mean() -> None:
    check(PARAMETERS.replace("per_pit: $seeds", "per_pit: $seed"),
          (7, 18, "unknown parameter $seed (did you mean 'seeds'?)"))


def test_unknown_parameter_reference_in_text() -> None:
    check(VALID.replace("name: Test", "name: $Test"), (1, 7, "unknown parameter $Test; declare it under 'parameters'"))


def test_parameters_must_be_a_mapping() -> None:
    check(VALID.replace("name: Test\n", "name: Test\nparameters: [seeds]\n"),
          (2, 13, "parameters must be a mapping of name: {doc, default, ...}"))


def test_parameter_default_out_of_bounds_is_located_at_the_default() -> None:
    check(PARAMETERS.replace("default: 2", "default: 9\n    max: 6"),
          (5, 14, "parameter 'seeds': 9 is above the maximum 6"))


def test_parameter_choice_default_is_located_at_the_default() -> None:
    exc = error(PARAMETERS.replace("default: 2", "default: up\n    choices: [cw, ccw]"))
    [problem] = exc.problems
    assert (problem.line, problem.col) == (5, 14)


def test_unknown_key_in_a_parameter_is_located_and_suggested() -> None:
    check(PARAMETERS.replace("default: 2", "dflt: 2"),
          (4, 5, "missing required key 'default'"), (5, 5, "unknown key 'dflt' (did you mean 'default'?)"))


# --- several problems ----------------------------------------------------------------------


def test_several_problems_all_reported_in_line_order() -> None:
    check("sowng: {}\n"
          "name: Test\n"
          "board: {pits: three, stores: besides}\n"
          "setup: {per_pit: 2, extra: 1}\n"
          "end: [{kind: move_limit}]\n",
          (1, 1, "unknown key 'sowng' (did you mean 'sowing'?)"),
          (3, 15, "expected a whole number, got 'three'"),
          (3, 30, "'besides' is not one of: none, beside, in_circuit (did you mean 'beside'?)"),
          (4, 21, "unknown key 'extra'; expected one of: per_pit, pits, stock, kinds, contents, layouts, layout, marks"),
          (5, 7, "missing required key 'moves'"))


def test_several_semantic_problems_all_reported_in_line_order() -> None:
    check(VALID.replace("stores: beside", "stores: beside, roles: {house: {pits: [A2], meaning: house}}")
          + "marks: {owned: {meaning: owned}}\n"
          "captures:\n"
          "  - {name: c, when: {row: back}, take: [landing]}\n"
          "  - {name: d, when: {mark: ownd, role: hose}, take: [landing]}\n",
          (7, 27, "this board has no back row (rows: front)"),
          (8, 28, "unknown mark 'ownd' (did you mean 'owned'?)"),
          (8, 40, "unknown role 'hose' (did you mean 'house'?)"))


# --- semantic problems ---------------------------------------------------------------------

NO_STORES = """\
name: Test
board: {pits: 3}
setup: {per_pit: 2}
captures:
  - name: c
    when: {count: 2}
    take: [landing]
    to: store
scoring: {counts: [own_pits]}
end: [{kind: move_limit, moves: 100}]
"""


def test_captures_to_store_without_stores() -> None:
    check(NO_STORES, (8, 9, "captures go to the store, but the board has no stores (set board.stores, or use to: removed)"))


def test_captures_to_store_by_default_without_stores() -> None:
    check(NO_STORES.replace("    to: store\n", ""),
          (5, 5, "captures go to the store, but the board has no stores (set board.stores, or use to: removed)"))


def test_default_scoring_without_stores_is_located_at_the_stores() -> None:
    [problem] = error(VALID.replace("stores: beside", "stores: none")).problems
    assert (problem.line, problem.col) == (2, 26)


def test_scoring_store_without_stores() -> None:
    check(VALID.replace("stores: beside", "stores: none") + "scoring: {counts: [store, own_pits]}\n",
          (5, 19, "the score counts the store, but the board has no stores"))


@pytest.mark.parametrize("pits,col,message", [
    ("[A4]", 57, "unknown pit 'A4'; pits are named A1..A3 from the owner's side"),
    ("[A03]", 57, "unknown pit 'A03' (did you mean 'A3'?); pits are named A1..A3 from the owner's side"),
    ("[A1, B2]", 61, "unknown pit 'B2'; pits are named A1..A3 from the owner's side"),
])
def test_unknown_pit_label_in_roles(pits: str, col: int, message: str) -> None:
    check(VALID.replace("stores: beside", f"stores: beside, roles: {{house: {{pits: {pits}, meaning: house}}}}"),
          (2, col, message))


@pytest.mark.parametrize("label,message", [
    ("A7", "unknown pit 'A7'; pits are named A1..A3 from the owner's side"),
    ("A03", "unknown pit 'A03' (did you mean 'A3'?); pits are named A1..A3 from the owner's side"),
])
def test_unknown_pit_label_in_setup(label: str, message: str) -> None:
    [problem] = error(VALID.replace("per_pit: 2", f"per_pit: 2, pits: {{{label}: 3}}")).problems
    assert (problem.line, problem.message) == (3, message)


def test_unknown_pit_label_in_setup_is_located_at_the_label() -> None:
    check(VALID.replace("per_pit: 2", "per_pit: 2, pits: {A7: 3}"),
          (3, 28, "unknown pit 'A7'; pits are named A1..A3 from the owner's side"))


def test_unknown_pit_label_with_letters_notation() -> None:
    check(VALID.replace("stores: beside", "stores: beside, notation: letters, roles: {house: {pits: [A1], meaning: h}}"),
          (2, 76, "unknown pit 'A1' (did you mean 'A'?); pits are named A..C from the owner's side"))


def test_unknown_pit_label_north_name_suggests_the_owner_side_name() -> None:
    check(VALID.replace("stores: beside", "stores: beside, roles: {house: {pits: [a2], meaning: house}}"),
          (2, 57, "unknown pit 'a2' (did you mean 'A2'?); pits are named A1..A3 from the owner's side"))


def test_unknown_pit_label_in_a_condition() -> None:
    check(VALID + "captures: [{name: c, when: {pit: A9}, take: [landing]}]\n",
          (5, 34, "unknown pit 'A9'; pits are named A1..A3 from the owner's side"))


def test_unknown_role_in_a_condition() -> None:
    check(VALID.replace("stores: beside", "stores: beside, roles: {house: {pits: [A2], meaning: house}}")
          + "captures: [{name: c, when: {role: hous}, take: [landing]}]\n",
          (5, 35, "unknown role 'hous' (did you mean 'house'?)"))


def test_unknown_role_without_roles() -> None:
    check(VALID + "captures: [{name: c, when: {role: hous}, take: [landing]}]\n",
          (5, 35, "unknown role 'hous'; declare roles under board.roles"))


def test_unknown_mark_in_a_condition() -> None:
    check(VALID + "marks: {owned: {meaning: owned}}\ncaptures: [{name: c, when: {mark: own}, take: [landing]}]\n",
          (6, 35, "unknown mark 'own' (did you mean 'owned'?)"))


def test_undeclared_mark_in_setup() -> None:
    check(VALID.replace("per_pit: 2", "per_pit: 2, marks: {ownd: [A1]}") + "marks: {owned: {meaning: owned}}\n",
          (3, 29, "undeclared mark 'ownd' (did you mean 'owned'?); declare it under 'marks'"))


STAGES = VALID + """\
stages:
  - {name: early, until: {moves_played: 2}}
  - {name: late}
"""


def test_unknown_stage_in_a_condition() -> None:
    check(STAGES + "captures: [{name: c, when: {stage: lat}, take: [landing]}]\n",
          (8, 36, "unknown stage 'lat' (did you mean 'late'?)"))


def test_last_stage_with_until() -> None:
    check(STAGES.replace("{name: late}", "{name: late, until: {moves_played: 4}}"),
          (7, 25, "the last stage cannot end: remove 'until' or add a stage after it"))


def test_stage_that_never_ends() -> None:
    check(STAGES.replace("{name: early, until: {moves_played: 2}}", "{name: early}"),
          (6, 5, "stage 'early' never ends: give it an 'until' condition"))


def test_stage_defined_twice() -> None:
    check(STAGES.replace("name: late", "name: early"), (7, 12, "stage 'early' is defined twice"))


def test_row_back_on_a_two_rank_board() -> None:
    check(VALID + "captures: [{name: c, when: {row: back}, take: [landing]}]\n",
          (5, 34, "this board has no back row (rows: front)"))


def test_row_middle_on_a_four_rank_board() -> None:
    check(VALID.replace("{pits: 3,", "{ranks: 4, pits: 3,") + "captures: [{name: c, when: {row: middle}, take: [landing]}]\n",
          (5, 34, "this board has no middle row (rows: back, front)"))


@pytest.mark.parametrize("old,new,extra,line,col,message", [
    ("stores: beside", "stores: beside, circuit: own", "", 2, 43,
     "circuit: own needs 4 ranks (each player owning two); this board has 2"),
    ("{pits: 3,", "{ranks: 4, circuit: all, pits: 3,", "", 2, 28,
     "a 4-rank board is sown around each player's own two ranks: use circuit: own"),
    ("stores: beside", "stores: in_circuit, ranks: 3", "", 2, 26, "stores in the circuit need a 2-rank board"),
    ("stores: beside", "stores: beside, ranks: 3, notation: letters", "", 2, 54,
     "letters notation needs 2 ranks of at most 26 pits; use row-number"),
    ("", "", "captures: [{name: c, when: {count: 2}, take: [behind_opposite]}]\n", 5, 46,
     "behind_opposite needs a 4-rank board"),
    ("", "", "turn: {moves: [{lift: one_from_stock}]}\n", 5, 23, "moves from the stock, but setup gives no stock"),
    ("kind: move_limit, moves: 100", "kind: majority, result: player_loses", "", 4, 32,
     "majority is not about one player: use result: by_score or draw"),
    ("kind: move_limit, moves: 100", "kind: repetition, remaining: to_player", "", 4, 37,
     "repetition is not about one player: use to_owner, stay or removed"),
    ("stores: beside}", "stores: none}\nscoring: {counts: [own_pits]}", "turn: {extra_turn: {store: true}}\n",
     6, 28, "the board has no stores"),
])
def test_semantic_problem(old: str, new: str, extra: str, line: int, col: int, message: str) -> None:
    check((VALID.replace(old, new) if old else VALID) + extra, (line, col, message))


def test_remaining_to_owner_without_stores() -> None:
    check(VALID.replace("stores: beside}", "stores: none}\nscoring: {counts: [own_pits]}")
          .replace("moves: 100}", "moves: 100, remaining: to_owner}"),
          (5, 49, "pieces can only be collected into stores; the board has none"))


# --- shipped variants ----------------------------------------------------------------------


@pytest.mark.parametrize("name", rulespec.shipped_variants())
def test_every_shipped_variant_validates(name: str) -> None:
    loaded = rulespec.load_spec(name)
    assert loaded.spec.name
    assert check_examples(rulespec.load(name)) == []


def test_there_are_shipped_variants() -> None:
    assert {"kalah", "oware"} <= set(rulespec.shipped_variants())


def test_yaml_tags_are_refused_and_never_run() -> None:
    check(VALID + "notes: !!python/object/apply:os.system ['echo owned']\n",
          (5, 8, "YAML tags (such as !!python/...) are not allowed in a spec"))


@pytest.mark.parametrize("change, line_of, message", [
    (("  pits:\n    doc", "  my pits:\n    doc"), "  my pits:", "'my pits' is not a name: a name starts with a letter"),
    (("parameters:\n", "marks:\n  my mark: {meaning: x}\nparameters:\n"), "  my mark:", "'my mark' is not a name"),
])
def test_a_name_with_a_space_is_refused_in_words_at_its_key(change, line_of, message) -> None:
    """A mark named with a space got the raw pattern '^[A-Za-z]...' as its message."""
    text = rulespec.loader.resolve("oware").read_text(encoding="utf-8").replace(*change, 1)
    with pytest.raises(SpecError) as caught:
        rulespec.load_text(text, "n.yaml")
    line = next(i for i, row in enumerate(text.splitlines(), 1) if row.startswith(line_of))
    assert [(p.line, p.col) for p in caught.value.problems] == [(line, 3)]
    assert caught.value.problems[0].message.startswith(message) and "^[" not in str(caught.value)


ONE_KIND_GAME = """\
name: Test
board: {pits: 4, stores: beside}
setup: {per_pit: 3}
turn:
  moves: [{name: sow, from: {side: own, count: {min: 1}}, direction: counterclockwise}]
captures:
  - {name: take, when: {side: opponent, count: [2, 3]}, take: [landing]}
end: [{kind: no_legal_move}]
"""
ONE_KIND = "but this game has one kind of piece (several are declared under setup.kinds)"


def test_a_feeding_condition_about_a_pit_is_refused_where_it_asks() -> None:
    """Feeding is decided before a move: there is no pit for `side` or `count` to test."""
    check(ONE_KIND_GAME + "obligations:\n  feed: {when: {all: [{opponent_side: 0}, {side: own, count: 1}]}}\n",
          *[(10, col, f"feeding is decided before a move, when there is no pit to test: {key} needs one (count "
                      "pits with count_pits, or ask about a side with own_side / opponent_side)")
            for col, key in ((44, "side"), (55, "count"))])


def test_a_score_counting_the_same_pieces_twice_is_refused() -> None:
    check(ONE_KIND_GAME + "scoring: {counts: [store, own_pits, store]}\n",
          (9, 37, "store is counted twice: list it once"))


@pytest.mark.parametrize("change,line,col,message", [
    (("when: {side: opponent, count: [2, 3]}", "when: {side: opponent, dropped: seed}"), 7, 41,
     f"dropped asks about kinds of piece, {ONE_KIND}"),
    (("take: [landing]}", "take: [landing], pieces: capturable}"), 7, 82,
     f"only some kinds of piece can be captured, {ONE_KIND}"),
    (("take: [landing]}", "take: [landing, {pick: {count: 1, kinds: [seed], from: {side: opponent}}}]}"), 7, 74,
     f"pick takes pieces of some kinds, {ONE_KIND}"),
    (("end:", "sowing: {order: choice}\nend:"), 8, 17, f"the mover chooses the order of the kinds of piece sown, {ONE_KIND}"),
], ids=["dropped", "capturable", "pick", "order"])
def test_blocks_about_kinds_of_piece_are_refused_in_a_game_of_one_kind(change: tuple[str, str], line: int, col: int,
                                                                      message: str) -> None:
    check(ONE_KIND_GAME.replace(*change), (line, col, message))


MOVE = "{name: sow, from: {side: own, count: {min: 1}}, direction: counterclockwise}"


LIMITS = {
    "board": ([("board: {pits: 4, stores: beside}", "board: {ranks: 4, pits: 64, stores: beside, circuit: own}")],
              2, 25, "a board of 4 ranks of 64 pits has 258 pits and stores; at most 256"),
    "max_laps": ([("end:", "sowing: {laps: {kind: relay, max_laps: 2001}}\nend:")], 8, 40,
                 "max_laps is 2001; at most 2000"),
    "take-any": ([("per_pit: 3}", "per_pit: 32}"), (MOVE, MOVE[:-1] + ", lift: {take: any}}")], 5, 101,
                 "take: any asks how many of up to 256 pieces to lift; a game that asks has at most 255 pieces"),
    "placement": ([("per_pit: 3}", "per_pit: 600}"), (MOVE, MOVE[:-1] + ", sow: anywhere}")], 5, 93,
                  "sow: anywhere places up to 4800 pieces one by one; a game that places them has at most 4088 "
                  "pieces"),
    "optional-choice": ([("board: {pits: 4, stores: beside}", "board: {ranks: 4, pits: 64, circuit: own}"),
                         ("take: [landing]}", "take: [{choose: {count: 1, optional: true}}], to: removed}"),
                         ("end:", "scoring: {counts: [own_pits]}\nend:")],
                        7, 94, "an optional choice among the board's 256 pits; at most 255"),
    "move-kinds": ([(MOVE, ", ".join(MOVE.replace("name: sow", f"name: m{i}") for i in range(31)))], 5, 2341,
                   "more than 30 move kinds; at most 30"),
}


@pytest.mark.parametrize("name", list(LIMITS))
def test_what_the_engine_cannot_hold_is_refused_at_load(name: str) -> None:
    """Sizes past the engine's tables and 32-bit counts are refused where the spec says them,
    not played by another path."""
    changes, line, col, message = LIMITS[name]
    text = ONE_KIND_GAME
    for old, new in changes:
        assert old in text
        text = text.replace(old, new)
    check(text, (line, col, f"{message} (see docs/limits.md)"))


def test_kinds_of_piece_past_the_engine_s_tables_are_refused_at_load() -> None:
    kinds = ", ".join(f"{{name: k{i}}}" for i in range(31))
    text = ONE_KIND_GAME.replace("setup: {per_pit: 3}", f"setup:\n  kinds: [{kinds}]\n  contents: {{A1: {{k0: 1}}}}")
    exc = error(text)
    assert any(p.message == "31 kinds of piece; at most 30 (see docs/limits.md)" for p in exc.problems), exc
    kinds = ", ".join(f"{{name: k{i}}}" for i in range(5))
    text = ONE_KIND_GAME.replace("setup: {per_pit: 3}", f"setup:\n  kinds: [{kinds}]\n  contents: {{A1: {{k0: 1}}}}")
    text = text.replace("board: {pits: 4, stores: beside}", "board: {ranks: 4, pits: 64, circuit: own}")
    exc = error(text)
    assert any(p.message == "5 kinds of piece on 256 pits and stores; the kinds times the pits and stores are at "
                            "most 1024 (see docs/limits.md)" for p in exc.problems), exc


@pytest.mark.parametrize("end", ["{kind: no_legal_move, during_move: true}",
                                 "{kind: move_limit, moves: 50, during_move: true}"])
def test_an_end_about_whole_moves_is_not_checked_during_a_move(end: str) -> None:
    kind = end.split(",")[0].split(": ")[1]
    check(ONE_KIND_GAME.replace("end: [{kind: no_legal_move}]", f"end: [{end}]"),
          (8, 7 + end.index("during_move: true") + len("during_move: "),
           f"{kind} is about whole moves, which cannot change in the middle of one: remove during_move"))


@pytest.mark.parametrize("key,value", [("require_capture", "true"), ("require", "{count: 2}")])
def test_a_placement_requires_nothing_of_a_lap(key: str, value: str) -> None:
    move = "{name: sow, from: {side: own, count: {min: 1}}, direction: counterclockwise}"
    placed = f"{{name: place, sow: anywhere, {key}: {value}}}"
    text = ONE_KIND_GAME.replace(move, f"{move}, {placed}")
    check(text, (5, text.splitlines()[4].index(f"{key}: {value}") + len(key) + 3,
                 f"sow: anywhere puts the pieces down with no lap or capture after them: {key} has nothing to "
                 "test; remove it"))


def test_a_placement_cannot_require_anything_afterwards() -> None:
    """A placement is never played ahead, so nothing can be tested once it is over."""
    move = "{name: sow, from: {side: own, count: {min: 1}}, direction: counterclockwise}"
    placed = "{name: place, sow: anywhere, require_after: {opponent_side: {min: 1}}}"
    text = ONE_KIND_GAME.replace(move, f"{move}, {placed}")
    check(text, (5, text.splitlines()[4].index("require_after: ") + len("require_after: ") + 1,
                 "sow: anywhere puts the pieces down one decision at a time, and such moves are not played ahead: "
                 "require_after cannot be tested; remove it"))


@pytest.mark.parametrize("key,value,why", [
    ("moves_played", "{min: 3}", "counts a move only once it is played"),
    ("mark", "w", "is set and cleared once a move is played (set_after_move, clear_after_move)"),
    ("opponent_can_move", "true", "looks ahead at the next move"),
])
def test_require_after_refuses_what_is_settled_only_once_the_move_is_played(key: str, value: str, why: str) -> None:
    """The test decides whether the move may be played, so it cannot read what playing it settles;
    each refusal is located on the key, inside `any` too."""
    move = "{name: sow, from: {side: own, count: {min: 1}}, direction: counterclockwise}"
    changed = move[:-1] + f", require_after: {{any: [{{captured: true}}, {{{key}: {value}}}]}}}}"
    text = ONE_KIND_GAME.replace(move, changed) + "marks: {w: {meaning: a test mark}}\n"
    line = text.splitlines()[4]
    check(text, (5, line.index(f"{key}: ") + 1,
                 f"{key} {why}, and require_after decides whether the move may be played at all: it cannot test this"))
