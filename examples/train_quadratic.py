"""Fits a curve to data: learns a, b and c of y = a·x² + b·x + c from noisy points with
`tf.train.sgd`, the training loop of the deeplearn.js introduction.

Run with `python examples/train_quadratic.py`. It prints the loss as it falls and the
coefficients it found next to the ones the data was made with.
"""

from __future__ import annotations

import tfjs as tf

TRUE_COEFFICIENTS = {"a": -0.8, "b": -0.2, "c": 0.9}


def generate_data(num_points: int, noise: float, seed: int) -> tuple[tf.Tensor, tf.Tensor]:
    """Points x in [-1, 1) and y = a·x² + b·x + c plus Gaussian noise (seeded draws)."""

    def make() -> tuple[tf.Tensor, tf.Tensor]:
        a, b, c = TRUE_COEFFICIENTS.values()
        xs = tf.random_uniform([num_points], -1, 1, "float32", seed)
        ys = xs.square().mul(a).add(xs.mul(b)).add(c)
        return xs, ys.add(tf.random_normal([num_points], 0, noise, "float32", seed + 1))

    return tf.tidy(make)


def main(steps: int = 100, learning_rate: float = 0.5, log_every: int = 10) -> dict[str, float]:
    """Trains for `steps` steps; returns the final loss and the learned coefficients."""
    xs, ys = generate_data(100, 0.04, seed=2)

    # The variables start at seeded random values; the optimizer changes them in place.
    a, b, c = tf.tidy(
        lambda: [
            tf.variable(tf.random_uniform([], 0, 1, "float32", seed), name=name)
            for name, seed in (("a", 10), ("b", 11), ("c", 12))
        ]
    )

    def predict(x: tf.Tensor) -> tf.Tensor:
        # y = a * x ^ 2 + b * x + c
        return tf.tidy(lambda: a.mul(x.square()).add(b.mul(x)).add(c))

    def loss(prediction: tf.Tensor, labels: tf.Tensor) -> tf.Tensor:
        # The mean squared error between the predictions and the labels.
        return prediction.sub(labels).square().mean()

    optimizer = tf.train.sgd(learning_rate)
    losses = []
    for step in range(steps):
        # minimize() computes the gradients of the loss with respect to a, b and c, and
        # moves each variable against its gradient; the cost is returned when asked for.
        cost = optimizer.minimize(lambda: loss(predict(xs), ys), return_cost=True)
        losses.append(cost.array_sync())
        cost.dispose()
        if step % log_every == 0 or step == steps - 1:
            print(f"step {step:4d}  loss {losses[-1]:.6f}")

    learned = {name: v.array_sync() for name, v in zip("abc", (a, b, c), strict=True)}
    for name, value in learned.items():
        print(f"{name}: learned {value:+.4f}, true {TRUE_COEFFICIENTS[name]:+.4f}")
    final_loss = tf.tidy(lambda: loss(predict(xs), ys).array_sync())
    print(f"final loss {final_loss:.6f}; tensors in memory: {tf.memory()['num_tensors']}")

    optimizer.dispose()
    tf.dispose([a, b, c, xs, ys])
    return {"loss": final_loss, "first_loss": losses[0], **learned}


if __name__ == "__main__":
    main()
