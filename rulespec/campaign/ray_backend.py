"""The Ray backend: each batch a Ray task (retried by Ray when its worker dies), results
taken as they finish with `ray.wait`. `pip install -e ".[cluster]"` installs Ray."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from rulespec.errors import RulespecError


class CampaignError(RulespecError):
    """A campaign that cannot start where it was sent (no Ray cluster at that address)."""


def connect(address: str) -> Any:
    """Join the Ray cluster at `address` ('auto': the one this machine belongs to, or a new
    local instance when there is none). Does nothing when Ray is already initialised."""
    try:
        import ray
    except ImportError:
        raise SystemExit('--ray needs Ray: pip install -e ".[cluster]"') from None
    if not ray.is_initialized():
        if address == "auto":
            try:
                ray.init(address="auto", log_to_driver=False)
            except ConnectionError:
                ray.init(log_to_driver=False)  # no cluster running here: a local instance
        else:
            try:
                ray.init(address=address, log_to_driver=False)
            except (ConnectionError, ValueError, RuntimeError, TimeoutError) as exc:
                raise CampaignError(f"--ray-address {address}: cannot join a Ray cluster there "
                                    f"({str(exc).splitlines()[0] if str(exc) else type(exc).__name__})") from None
    return ray


def run_ray(fn: Callable[[Any], Any], batches: list[Any], address: str,
            retries: int) -> Iterator[tuple[Any, Any]]:
    ray = connect(address)
    task = ray.remote(max_retries=retries)(fn)
    refs = {task.remote(batch): i for i, batch in enumerate(batches)}
    pending = list(refs)
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            yield batches[refs[ref]], ray.get(ref)
