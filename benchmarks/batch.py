"""`tf.batch.run` in this process beside Ray with 1 and 2 workers, in one session: the
records per second of each and their ratios to the in-process run.

    python3 benchmarks/batch.py [--records 200] [--selfie-records 24] [--batch-size 1]

Two models over generated images (the tests' generator). The shipped selfie segmentation
model (256x256, a quarter of a second per image on one core) is real work, where two
workers can use two cores. The tests' tiny graph model (a 3x3 convolution on 16x16) is
almost none, so its rows show what Ray costs: each engine runs it on one image and on
all of them (after one untimed run that lets Ray start its worker processes), which
splits its time into a fixed part per run (actors started, model loaded and warmed up)
and a part per record. Records/s count from scheduling to the last
record written (Ray's own start-up, timed once, not included). Nothing here is asserted
in tests. Needs `pip install 'tfjs[ray]'`.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import tfjs as tf  # noqa: E402
from tests.batch.conftest import SELFIE, TINY, make_images  # noqa: E402
from tfjs.analysis.console import format_table  # noqa: E402

ENGINES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("in-process", {}),
    ("ray, 1 worker", {"ray": True, "workers": 1}),
    ("ray, 2 workers", {"ray": True, "workers": 2}),
)


def _seconds(model: str, images: Path, out: Path, batch_size: int, options: dict[str, Any]) -> float:
    summary = tf.batch.run(model, images, out, batch_size=batch_size, progress=False, **options)
    if summary.errors:
        raise RuntimeError(f"{summary.errors} records failed: see {summary.errors_path}")
    return summary.seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=200, help="images for the tiny model (default 200)")
    parser.add_argument("--selfie-records", type=int, default=24, help="images for selfie (default 24)")
    parser.add_argument("--batch-size", type=int, default=1, help="records per model call (default 1)")
    args = parser.parse_args()
    import time

    import ray

    start = time.perf_counter()
    ray.init(num_cpus=2, object_store_memory=200 * 1024 * 1024, include_dashboard=False, log_to_driver=False)
    print(f"Ray start-up (a local instance, 2 CPUs): {time.perf_counter() - start:.2f} s, not counted below")
    try:
        with tempfile.TemporaryDirectory() as temp:
            root = Path(temp)
            one, full = root / "tiny-one", root / "tiny"
            make_images(full, args.records)
            make_images(one, 1)
            selfie = root / "selfie"
            make_images(selfie, args.selfie_records, (240, 320))
            rows = []
            for n, (name, options) in enumerate(ENGINES):
                _seconds(TINY, one, root / f"out{n}-cold", args.batch_size, options)  # Ray's worker processes
                fixed = _seconds(TINY, one, root / f"out{n}-one", args.batch_size, options)
                long = _seconds(TINY, full, root / f"out{n}-full", args.batch_size, options)
                per_record = (long - fixed) / (args.records - 1)
                real = _seconds(SELFIE, selfie, root / f"out{n}-selfie", args.batch_size, options)
                rows.append(
                    [
                        name,
                        args.records / long,
                        long - per_record * args.records,
                        per_record * 1000,
                        args.selfie_records / real,
                    ]
                )
            base_tiny, base_selfie = rows[0][1], rows[0][4]
            table = [[r[0], r[1], r[1] / base_tiny, r[2], r[3], r[4], r[4] / base_selfie] for r in rows]
            headers = ["engine", "tiny rec/s", "ratio", "fixed s", "ms/record", "selfie rec/s", "ratio"]
            print(
                f"tiny: {args.records} images 20x24; selfie: {args.selfie_records} images 240x320; "
                f"batch size {args.batch_size}"
            )
            print(format_table(headers, table))
    finally:
        ray.shutdown()


if __name__ == "__main__":
    main()
