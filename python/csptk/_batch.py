"""Batches on an existing engine: rayon threads here, Dask or Ray elsewhere.

csptk writes no scheduler of its own. A batch is cut into chunks; each chunk is one call
into the Rust library, which solves it on one thread of the worker that runs it. Dask
(``dask.delayed``) sends chunks to the active ``distributed.Client`` when there is one, else
runs them on its local threads (the library releases the GIL); Ray sends them as
``ray.remote`` tasks to the cluster ``ray.init`` joined (Ray starts a local one if nobody
called it). Results come back in input order from every backend.
"""

import contextlib
import gc
import math
from typing import Any, Callable, Iterator, List, Optional, Sequence, TypeVar

T = TypeVar("T")

BACKENDS = ("local", "dask", "ray")

# Chunks per worker at least: enough for the scheduler to balance uneven chunks (hard
# puzzles come in runs), few enough that each chunk's fixed cost (a task, a pickle) stays
# small beside its work.
CHUNKS_PER_WORKER = 4
# The smallest chunk worth a task: a 9×9 puzzle takes about 20 µs, a task about 1 ms.
MIN_CHUNK = 2_000
# The largest: a chunk's results are held in memory twice (worker and client) until gathered.
MAX_CHUNK = 50_000


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Python's cyclic collector held off while a batch's results are made.

    Each result is a tracked object, and making a hundred thousand of them sets off a
    collection every few hundred, each walking the results made so far: a third of a 9×9
    batch's time on two threads. Results hold no references that could form a cycle, so
    the collection is only deferred to the end of the call.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def check_backend(backend: str) -> None:
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; expected one of {', '.join(BACKENDS)}")


def workers(backend: str) -> int:
    """The parallelism a backend offers right now (for the chunk size)."""
    if backend == "dask":
        try:
            from distributed import get_client

            client = get_client()
            info = client.scheduler_info()
            threads: int = sum(int(w.get("nthreads", 1)) for w in info.get("workers", {}).values())
            return max(1, threads)
        except (ImportError, ValueError):
            import os

            return os.cpu_count() or 1
    if backend == "ray":
        import ray

        if ray.is_initialized():
            return max(1, int(ray.cluster_resources().get("CPU", 1)))  # type: ignore[no-untyped-call]
        import os

        return os.cpu_count() or 1
    return 1


def chunk_size(n: int, backend: str, asked: Optional[int]) -> int:
    """The chunk size: `asked`, else a few chunks per worker within [MIN_CHUNK, MAX_CHUNK]."""
    if asked is not None:
        if asked < 1:
            raise ValueError("chunk_size must be at least 1")
        return asked
    per = math.ceil(n / (CHUNKS_PER_WORKER * workers(backend))) if n else 1
    return max(1, min(MAX_CHUNK, max(MIN_CHUNK, per)))


def chunks(items: Sequence[T], size: int) -> List[Sequence[T]]:
    return [items[i : i + size] for i in range(0, len(items), size)]


def _same(x: Any) -> Any:
    return x


def _active_client() -> Any:
    """The active ``distributed.Client``, or None (then Dask runs chunks on local threads)."""
    try:
        from distributed import get_client

        return get_client()
    except (ImportError, ValueError):
        return None


def run_chunks(
    fn: Callable[..., Any],
    parts: Sequence[Any],
    backend: str,
    *args: Any,
    finish: Optional[Callable[[Any], Any]] = None,
) -> List[Any]:
    """`finish(fn(part, *args))` for every part on `backend`, in the parts' order. `finish`
    runs here, on each chunk's result as it arrives, while the workers go on with the others."""
    if finish is None:
        finish = _same
    if backend == "dask":
        try:
            from dask.base import compute
            from dask.delayed import delayed
        except ImportError as e:
            raise ImportError("backend='dask' needs Dask: pip install 'csptk[dask]'") from e
        # Random keys (pure=False): equal chunks are still separate tasks, and a chunk's
        # puzzles are not hashed to name it.
        tasks = [delayed(fn, pure=False)(part, *args) for part in parts]
        client = _active_client()
        if client is None:
            return [finish(r) for r in compute(*tasks)]  # type: ignore[no-untyped-call]
        from distributed import as_completed

        futures = client.compute(tasks)
        where = {f.key: i for i, f in enumerate(futures)}
        out: List[Any] = [None] * len(futures)
        for f in as_completed(futures):  # type: ignore[no-untyped-call]
            out[where[f.key]] = finish(f.result())
            f.release()
        return out
    if backend == "ray":
        try:
            import ray
        except ImportError as e:
            raise ImportError("backend='ray' needs Ray: pip install 'csptk[ray]'") from e
        remote = ray.remote(fn)
        refs = [remote.remote(part, *args) for part in parts]
        index = {ref: i for i, ref in enumerate(refs)}
        results: List[Any] = [None] * len(refs)
        pending = list(refs)
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                results[index[ref]] = finish(ray.get(ref))
        return results
    return [finish(fn(part, *args)) for part in parts]
