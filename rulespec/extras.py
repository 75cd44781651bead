"""Optional extras (pyproject's optional-dependencies): a command that needs one checks for it
before doing any work, and says which to install rather than failing halfway with a
traceback."""
from __future__ import annotations

import importlib

from .errors import RulespecError


class MissingExtra(RulespecError, ImportError):
    """An optional extra is not installed (or cannot be loaded); the message says which to
    install. An ImportError too, for code that expects one from a missing package."""


def require_extra(extra: str, module: str, purpose: str = "this") -> None:
    """Raise MissingExtra unless `module`, which the `extra` installs, can be imported;
    `purpose` names what needs it ("PDF output")."""
    try:
        importlib.import_module(module)
    except ImportError as exc:
        raise MissingExtra(f"{purpose} needs the {extra} extra: pip install 'rulespec[{extra}]' "
                           f"({module} is not installed)") from exc
    except OSError as exc:  # installed, but a system library it loads is missing (WeasyPrint's Pango)
        raise MissingExtra(f"{purpose} needs the {extra} extra, and {module} is installed but cannot load: "
                           f"{exc}") from exc


def has_extra(module: str) -> bool:
    """Whether `module` (of an optional extra) can be imported."""
    try:
        importlib.import_module(module)
    except (ImportError, OSError):
        return False
    return True
