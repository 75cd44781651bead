"""Native games checked by replaying them on the Python path (shared by the test files)."""
from __future__ import annotations


def replay(game, result: dict) -> list:
    """Play the recorded games on the Python State API and compare the totals; the games'
    last states."""
    wins, draws, turns, actions = [0, 0], 0, 0, 0
    finals = []
    for record in result["records"]:
        state = game.new_initial_state()
        for action in record:
            assert not state.is_terminal(), f"{game.name}: the native game went on after the end"
            assert action in state.legal_actions(), f"{game.name}: {action} not legal after {state.history()}"
            state.apply_action(action)
        assert state.is_terminal(), f"{game.name}: the native game stopped early ({state.history()})"
        r = state.returns()[0]
        if r > 0:
            wins[0] += 1
        elif r < 0:
            wins[1] += 1
        else:
            draws += 1
        turns += state.moves_played
        actions += len(record)
        finals.append(state)
    assert (wins, draws, turns, actions) == (result["wins"], result["draws"], result["turns"], result["actions"])
    assert result["lengths"] == [len(r) for r in result["records"]]
    return finals
