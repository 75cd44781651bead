"""The local backend: a process pool (concurrent.futures), one batch per task."""
from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any


def run_local(fn: Callable[[Any], Any], batches: list[Any], workers: int | None,
              retries: int) -> Iterator[tuple[Any, Any]]:
    workers = workers or os.cpu_count() or 1
    if workers == 1 or len(batches) == 1:
        for batch in batches:
            yield batch, fn(batch)
        return
    todo = list(range(len(batches)))
    tries = [0] * len(batches)
    while todo:
        pool = ProcessPoolExecutor(max_workers=min(workers, len(todo)))
        try:
            futures = {pool.submit(fn, batches[i]): i for i in todo}
            todo = []
            pending = set(futures)
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for fut in done:
                    i = futures[fut]
                    try:
                        result = fut.result()
                    except BrokenProcessPool:
                        tries[i] += 1
                        if tries[i] > retries:
                            raise
                        todo.append(i)  # the worker died: run this batch again on a new pool
                        continue
                    yield batches[i], result
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
