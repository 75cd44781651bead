"""The adapters' action space: the rulespec ids a game's rules can ask, numbered 0..n-1."""
from __future__ import annotations

import random

import pytest

import rulespec
from rulespec.adapters.actions import ActionSpace
from rulespec.loader import shipped_variants


@pytest.mark.parametrize("variant", sorted(shipped_variants()))
def test_every_legal_action_of_random_games_has_an_index(variant: str) -> None:
    game = rulespec.load(variant)
    space = ActionSpace.of(game)
    assert len(space) <= game.num_distinct_actions
    assert space.ids[:game.per_player] == list(range(game.per_player))  # the starts keep their numbers
    rng = random.Random(variant)
    for _ in range(3):
        state = game.new_initial_state()
        for _ in range(300):
            if state.is_terminal():
                break
            if state.is_simultaneous_node():
                choices = [state.legal_actions(0), state.legal_actions(1)]
                for legal in choices:
                    assert all(space.ids[space.to_index(a)] == a for a in legal)
                state.apply_actions([rng.choice(legal) for legal in choices])
            else:
                legal = state.legal_actions()
                assert all(space.ids[space.to_index(a)] == a for a in legal)
                state.apply_action(rng.choice(legal))


def test_only_the_blocks_a_game_can_ask_are_kept() -> None:
    kalah = rulespec.load("kalah")
    assert ActionSpace.of(kalah).ids == [0, 1, 2, 3, 4, 5]
    bao = rulespec.load("bao-la-kiswahili")
    ids = ActionSpace.of(bao).ids
    assert {bao.dir_base, bao.dir_base + 1, bao.relay_base, bao.relay_base + 1} <= set(ids)  # kichwa, takasa
    assert not set(range(bao.kind_base, bao.num_distinct_actions)) & set(ids)  # one kind of piece


def test_an_id_outside_the_space_is_refused_with_the_space_named() -> None:
    space = ActionSpace.of(rulespec.load("kalah"))
    with pytest.raises(ValueError, match=r"action 7 is outside this game's action space \(6 actions"):
        space.to_index(7)
    with pytest.raises(ValueError, match=r"index 6 is outside 0..5"):
        space.to_action(6)
