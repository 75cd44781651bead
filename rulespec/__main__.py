"""`python -m rulespec`: the command line."""
from .cli import main

main()
