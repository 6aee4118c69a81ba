"""conv2d, depthwise_conv2d and image.resize_bilinear on MobileNet-like shapes
(1x112x112x32 ... 1x7x7x1024, 3x3 and 1x1 kernels): the GFLOP/s each achieves, beside a
plain float32 NumPy matmul's GFLOP/s measured in the same run.

    python3 benchmarks/conv_gflops.py [--repeats N]

FLOPs counted: a convolution does 2 * outputs * taps * in_channels (a multiply and an add
per term; depthwise: in_channels 1 per output); a bilinear resize 8 per output value (four
weighted corners: 4 multiplies, 3 adds, and the weight). For each conv2d row the "matmul"
column is a float32 matmul of the same M x K x N as its im2col product, so the ratio says
how close the convolution comes to BLAS on that problem; the float32 1024^3 matmul at the
top is the machine's ceiling. (The conv2d kernel multiplies in float64 to give TF.js's
numbers, so about half the float32 rate is its own ceiling.)
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np

import tfjs as tf

CONV2D = [  # (input NHWC, filter [fh, fw, in, out], stride)
    ((1, 224, 224, 3), (3, 3, 3, 32), 2),
    ((1, 112, 112, 32), (1, 1, 32, 64), 1),
    ((1, 112, 112, 32), (3, 3, 32, 32), 1),
    ((1, 56, 56, 64), (1, 1, 64, 128), 1),
    ((1, 28, 28, 128), (1, 1, 128, 256), 1),
    ((1, 28, 28, 128), (3, 3, 128, 128), 1),
    ((1, 14, 14, 256), (1, 1, 256, 512), 1),
    ((1, 14, 14, 512), (3, 3, 512, 512), 1),
    ((1, 7, 7, 512), (1, 1, 512, 1024), 1),
    ((1, 7, 7, 1024), (1, 1, 1024, 1024), 1),
]
DEPTHWISE = [  # (input NHWC, filter [fh, fw, in, multiplier], stride)
    ((1, 112, 112, 32), (3, 3, 32, 1), 1),
    ((1, 112, 112, 64), (3, 3, 64, 1), 2),
    ((1, 56, 56, 128), (3, 3, 128, 1), 1),
    ((1, 28, 28, 256), (3, 3, 256, 1), 1),
    ((1, 14, 14, 512), (3, 3, 512, 1), 1),
    ((1, 7, 7, 1024), (3, 3, 1024, 1), 1),
]
RESIZE = [  # (input NHWC, output [height, width])
    ((1, 112, 112, 32), (224, 224)),
    ((1, 56, 56, 128), (112, 112)),
    ((1, 14, 14, 512), (28, 28)),
    ((1, 7, 7, 1024), (14, 14)),
]


def best_seconds(fn: Callable[[], object], repeats: int) -> float:
    """The fastest of `repeats` timed calls (after one warm-up); tensors are disposed."""

    def once() -> float:
        start = time.perf_counter()
        result = fn()
        if isinstance(result, tf.Tensor):
            result.data_sync()
            result.dispose()
        return time.perf_counter() - start

    once()
    return min(once() for _ in range(repeats))


def matmul_gflops(m: int, k: int, n: int, repeats: int) -> float:
    rng = np.random.default_rng(0)
    a = rng.standard_normal((m, k), dtype=np.float32)
    b = rng.standard_normal((k, n), dtype=np.float32)
    return 2 * m * k * n / best_seconds(lambda: a @ b, repeats) / 1e9


def _shape(dims: tuple[int, ...]) -> str:
    return "x".join(map(str, dims))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=5)
    repeats = parser.parse_args().repeats
    rng = np.random.default_rng(0)
    print(f"float32 matmul 1024x1024x1024: {matmul_gflops(1024, 1024, 1024, repeats):7.1f} GFLOP/s\n")

    print(f"{'conv2d':<36}{'ms':>9}{'GFLOP/s':>10}{'matmul':>10}{'ratio':>8}")
    for x_shape, f_shape, stride in CONV2D:
        fh, fw, cin, cout = f_shape
        x = tf.tensor(rng.standard_normal(x_shape, dtype=np.float32))
        f = tf.tensor(rng.standard_normal(f_shape, dtype=np.float32))
        seconds = best_seconds(lambda x=x, f=f, stride=stride: tf.conv2d(x, f, stride, "same"), repeats)
        oh, ow = -(-x_shape[1] // stride), -(-x_shape[2] // stride)
        m, k = x_shape[0] * oh * ow, fh * fw * cin
        gflops = 2 * m * k * cout / seconds / 1e9
        bar = matmul_gflops(m, k, cout, repeats)
        name = f"{_shape(x_shape)} {fh}x{fw}->{cout} s{stride}"
        print(f"{name:<36}{seconds * 1e3:9.2f}{gflops:10.1f}{bar:10.1f}{gflops / bar:8.2f}")
        tf.dispose([x, f])

    print(f"\n{'depthwise_conv2d':<36}{'ms':>9}{'GFLOP/s':>10}")
    for x_shape, f_shape, stride in DEPTHWISE:
        fh, fw, channels, multiplier = f_shape
        x = tf.tensor(rng.standard_normal(x_shape, dtype=np.float32))
        f = tf.tensor(rng.standard_normal(f_shape, dtype=np.float32))
        run = lambda x=x, f=f, stride=stride: tf.depthwise_conv2d(x, f, stride, "same")  # noqa: E731
        seconds = best_seconds(run, repeats)
        oh, ow = -(-x_shape[1] // stride), -(-x_shape[2] // stride)
        gflops = 2 * x_shape[0] * oh * ow * channels * multiplier * fh * fw / seconds / 1e9
        name = f"{_shape(x_shape)} {fh}x{fw} s{stride}"
        print(f"{name:<36}{seconds * 1e3:9.2f}{gflops:10.1f}")
        tf.dispose([x, f])

    print(f"\n{'image.resize_bilinear':<36}{'ms':>9}{'GFLOP/s':>10}")
    if not hasattr(tf.image, "resize_bilinear"):
        print("(skipped: tf.image.resize_bilinear does not exist yet)")
        return
    for x_shape, size in RESIZE:
        x = tf.tensor(rng.standard_normal(x_shape, dtype=np.float32))
        seconds = best_seconds(lambda x=x, size=size: tf.image.resize_bilinear(x, size), repeats)
        gflops = 8 * x_shape[0] * size[0] * size[1] * x_shape[3] / seconds / 1e9
        name = f"{_shape(x_shape)} -> {size[0]}x{size[1]}"
        print(f"{name:<36}{seconds * 1e3:9.2f}{gflops:10.1f}")
        x.dispose()


if __name__ == "__main__":
    main()
