"""`rulespec serve`: play, replay and read rulespec games in the browser (docs/web.md)."""
from .app import create_app, serve

__all__ = ["create_app", "serve"]
