"""A tour of tfjs: tensors, ops, downloads, tidy, memory, backends, profiling, leaks.

Run with `python examples/quick_tour.py`. It scores a small two-layer network on a
batch of points, the way a TF.js program would, and shows what each step costs.
"""

from __future__ import annotations

import asyncio

import tfjs as tf


def main() -> None:
    print(f"backend: {tf.get_backend()} (registered: {tf.engine().registered_backends()})")

    # Tensors: values, a shape and a dtype; they live on the backend.
    points = tf.tensor2d([[0.0, 1.0], [1.0, 0.5], [2.0, -1.0], [-1.5, 0.25]])
    # Variables hold state; tidy frees the tensors they were made from, not them.
    weights1, bias1, weights2 = tf.tidy(
        lambda: [
            tf.variable(tf.tensor2d([[0.5, -1.0, 0.25], [1.5, 0.5, -0.75]]), name="w1"),
            tf.variable(tf.tensor1d([0.1, 0.0, -0.1]), name="b1"),
            tf.variable(tf.tensor2d([[1.0], [-2.0], [0.5]]), name="w2"),
        ]
    )
    print("points:")
    points.print()

    # Ops chain as in TF.js; tidy frees every intermediate except what it returns.
    def forward() -> tf.Tensor:
        hidden = tf.relu(points.mat_mul(weights1).add(bias1))
        return hidden @ weights2

    before = tf.memory()["num_tensors"]
    scores = tf.tidy(forward)
    print(f"tensors made by forward(): {tf.memory()['num_tensors'] - before} (only the result survives)")
    print("scores:")
    scores.print()

    # Downloads: data_sync() waits; `await data()` lets the event loop run meanwhile.
    print("data_sync():", scores.data_sync())
    print("await data():", asyncio.run(scores.data()))
    mean = scores.mean()
    print("mean score:", mean.array_sync())
    mean.dispose()

    # Profiling: each kernel with its shapes, bytes and time.
    info = tf.profile(lambda: tf.tidy(forward))
    print(f"profile: {len(info.kernels)} kernels, peak {info.peak_bytes} bytes, {info.new_tensors} new")
    for kernel in info.kernels:
        shapes = f"{kernel.input_shapes} -> {kernel.output_shapes}"
        print(f"  {kernel.name:<12} {shapes:<32} {kernel.kernel_time_ms:.3f} ms")
    info.result.dispose()

    # Finding leaks: the tracker names the line that made each tensor still alive.
    with tf.track_leaks() as report:
        tf.tidy(forward).dispose()
        forgotten = tf.square(scores)  # never disposed: reported below
    print(report)
    forgotten.dispose()

    tf.dispose([points, scores])
    tf.dispose_variables()
    print("memory at the end:", tf.memory())


if __name__ == "__main__":
    main()
