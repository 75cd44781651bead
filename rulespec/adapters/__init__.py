"""Adapters that let other frameworks drive a rulespec game: OpenSpiel (`rulespec.adapters.openspiel`)
and PettingZoo (`rulespec.adapters.pettingzoo`). Both read the same observation encoding
(`observation.py`) and the same action ids as the game's own API."""
