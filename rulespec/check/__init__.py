"""Checks of a spec beyond validation: mutation analysis (`rulespec mutate`)."""
