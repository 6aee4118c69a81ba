// Training / Optimizers: a few steps of each tf.train optimizer on a fixed least-squares
// loss, their state (getWeights), config, and iteration counts. Each case disposes its
// variables and optimizer so that the names can be used again.
module.exports = ({tf, NaN_}) => {
  const XS = [[1, 2], [3, -1], [0.5, 4]];
  const YS = [1, -2, 3];

  // loss = sum((xs·w + b - ys)²), w of shape [2] and b a scalar
  function model() {
    const w = tf.variable(tf.tensor1d([0.3, -0.7]), true, 'opt_w');
    const b = tf.variable(tf.scalar(0.1), true, 'opt_b');
    const xs = tf.tensor2d(XS);
    const ys = tf.tensor1d(YS);
    const loss = () => tf.sum(tf.square(tf.sub(tf.add(tf.sum(tf.mul(xs, w), 1), b), ys)));
    return {w, b, loss};
  }

  // The costs of `steps` minimize() calls and the variables' final values.
  function fit(makeOptimizer, steps = 4, useVarList = false, before = null) {
    const {w, b, loss} = model();
    const optimizer = makeOptimizer();
    try {
      if (before != null) before(optimizer);
      const costs = [];
      for (let i = 0; i < steps; i++) {
        costs.push(optimizer.minimize(loss, true, useVarList ? [w, b] : undefined));
      }
      return [tf.stack(costs), tf.clone(w), tf.clone(b)];
    } finally {
      optimizer.dispose();
      w.dispose();
      b.dispose();
    }
  }

  // getWeights() after `steps` steps: the names (one text) and copies of the tensors.
  async function weightsAfter(makeOptimizer, steps = 2) {
    const {w, b, loss} = model();
    const optimizer = makeOptimizer();
    try {
      for (let i = 0; i < steps; i++) optimizer.minimize(loss);
      const weights = await optimizer.getWeights();
      return [weights.map((v) => v.name).join(','), ...weights.map((v) => tf.clone(v.tensor))];
    } finally {
      optimizer.dispose();
      w.dispose();
      b.dispose();
    }
  }

  // Two steps, the state moved to a new optimizer by getWeights/setWeights, two more.
  async function resumed(makeOptimizer) {
    const {w, b, loss} = model();
    const first = makeOptimizer();
    const second = makeOptimizer();
    try {
      for (let i = 0; i < 2; i++) first.minimize(loss);
      await second.setWeights(await first.getWeights());
      const costs = [];
      for (let i = 0; i < 2; i++) costs.push(second.minimize(loss, true));
      return [tf.stack(costs), tf.clone(w), tf.clone(b), second.iterations];
    } finally {
      first.dispose();
      second.dispose();
      w.dispose();
      b.dispose();
    }
  }

  function config(optimizer) {
    try {
      const c = optimizer.getConfig();
      return [optimizer.getClassName(), Object.keys(c).join(','), ...Object.values(c)];
    } finally {
      optimizer.dispose();
    }
  }

  return {
    'sgd/steps': () => fit(() => tf.train.sgd(0.02)),
    'sgd/var_list': () => fit(() => tf.train.sgd(0.02), 3, true),
    'sgd/set_learning_rate': () => fit(() => tf.train.sgd(0.5), 3, false, (o) => o.setLearningRate(0.01)),
    'sgd/zero_learning_rate': () => fit(() => tf.train.sgd(0), 2),
    'momentum/steps': () => fit(() => tf.train.momentum(0.01, 0.9)),
    'momentum/nesterov': () => fit(() => tf.train.momentum(0.02, 0.9, true)),
    'momentum/var_list': () => fit(() => tf.train.momentum(0.01, 0.5), 3, true),
    'momentum/set_momentum': () => fit(() => tf.train.momentum(0.01, 0.9), 3, false, (o) => o.setMomentum(0.1)),
    'adagrad/steps': () => fit(() => tf.train.adagrad(0.1)),
    'adagrad/initial_accumulator': () => fit(() => tf.train.adagrad(0.3, 0.5)),
    'adadelta/steps': () => fit(() => tf.train.adadelta(0.05, 0.9)),
    'adadelta/defaults': () => fit(() => tf.train.adadelta()),
    'adadelta/epsilon': () => fit(() => tf.train.adadelta(0.05, 0.95, 1e-3)),
    'adam/steps': () => fit(() => tf.train.adam(0.1)),
    'adam/defaults': () => fit(() => tf.train.adam()),
    'adam/custom': () => fit(() => tf.train.adam(0.05, 0.8, 0.99, 1e-3), 5),
    'adamax/steps': () => fit(() => tf.train.adamax(0.1)),
    'adamax/defaults': () => fit(() => tf.train.adamax()),
    'adamax/decay': () => fit(() => tf.train.adamax(0.1, 0.8, 0.99, undefined, 0.3), 5),
    'rmsprop/steps': () => fit(() => tf.train.rmsprop(0.05)),
    'rmsprop/momentum': () => fit(() => tf.train.rmsprop(0.05, 0.8, 0.5)),
    'rmsprop/epsilon': () => fit(() => tf.train.rmsprop(0.05, 0.9, 0, 1e-2)),
    'rmsprop/centered': () => fit(() => tf.train.rmsprop(0.05, 0.9, 0.5, undefined, true)),
    // TF.js divides by sqrt(ms - (mg² + ε)): NaN where a gradient stays 0.
    'rmsprop/centered_zero_gradient': () => {
      const v = tf.variable(tf.tensor1d([2, 5]), true, 'opt_v');
      const optimizer = tf.train.rmsprop(0.1, 0.9, 0, undefined, true);
      try {
        optimizer.minimize(() => tf.sum(tf.square(tf.mul(v, tf.tensor1d([1, 0])))));
        return tf.clone(v);
      } finally {
        optimizer.dispose();
        v.dispose();
      }
    },

    // applyGradients with a map and with a list of named tensors; null gradients are skipped
    'apply_gradients/map': () => {
      const v = tf.variable(tf.tensor1d([1, 2]), true, 'opt_v');
      const optimizer = tf.train.adam(0.1);
      try {
        optimizer.applyGradients({opt_v: tf.tensor1d([0.5, -3])});
        optimizer.applyGradients({opt_v: tf.tensor1d([0.25, 1e-3])});
        return [tf.clone(v), optimizer.iterations];
      } finally {
        optimizer.dispose();
        v.dispose();
      }
    },
    'apply_gradients/list': () => {
      const v = tf.variable(tf.tensor1d([1, 2]), true, 'opt_v');
      const u = tf.variable(tf.scalar(4), true, 'opt_u');
      const optimizer = tf.train.rmsprop(0.1, 0.9, 0.3);
      try {
        for (let i = 0; i < 2; i++) {
          optimizer.applyGradients([{name: 'opt_v', tensor: tf.tensor1d([0.5, -3])}, {name: 'opt_u', tensor: null}]);
        }
        return [tf.clone(v), tf.clone(u), optimizer.iterations];
      } finally {
        optimizer.dispose();
        v.dispose();
        u.dispose();
      }
    },
    // A loss that no variable reaches
    'minimize/unconnected': () => {
      const v = tf.variable(tf.scalar(1), true, 'opt_v');
      const optimizer = tf.train.sgd(0.1);
      try {
        return optimizer.minimize(() => tf.scalar(2), true, [v]);
      } finally {
        optimizer.dispose();
        v.dispose();
      }
    },

    // getWeights: 'iter' and the state, named as TF.js names it, in its order
    'weights/sgd': () => weightsAfter(() => tf.train.sgd(0.02)),
    'weights/momentum': () => weightsAfter(() => tf.train.momentum(0.02, 0.9)),
    'weights/adagrad': () => weightsAfter(() => tf.train.adagrad(0.1)),
    'weights/adadelta': () => weightsAfter(() => tf.train.adadelta(0.05, 0.9)),
    'weights/adam': () => weightsAfter(() => tf.train.adam(0.1)),
    'weights/rmsprop': () => weightsAfter(() => tf.train.rmsprop(0.05, 0.9, 0.5)),
    'weights/rmsprop_centered': () => weightsAfter(() => tf.train.rmsprop(0.05, 0.9, 0.5, undefined, true)),
    'weights/before_any_step': () => weightsAfter(() => tf.train.adam(0.1), 0),
    // variables are visited in JavaScript's key order: integer-like names first
    'weights/integer_names_first': async () => {
      const a = tf.variable(tf.tensor1d([1, 2]), true, 'opt_zeta');
      const c = tf.variable(tf.tensor1d([3]), true, '900001');
      const optimizer = tf.train.momentum(0.1, 0.9);
      try {
        optimizer.minimize(() => tf.add(tf.sum(tf.square(a)), tf.sum(tf.square(c))));
        const weights = await optimizer.getWeights();
        return [weights.map((v) => v.name).join(','), ...weights.map((v) => tf.clone(v.tensor))];
      } finally {
        optimizer.dispose();
        a.dispose();
        c.dispose();
      }
    },
    'set_weights/momentum': () => resumed(() => tf.train.momentum(0.02, 0.9, true)),
    'set_weights/adagrad': () => resumed(() => tf.train.adagrad(0.1)),
    'set_weights/adadelta': () => resumed(() => tf.train.adadelta(0.05, 0.9)),
    'set_weights/adam': () => resumed(() => tf.train.adam(0.1)),
    'set_weights/rmsprop_centered': () => resumed(() => tf.train.rmsprop(0.05, 0.9, 0.5, undefined, true)),
    'set_weights/sgd_extra_weight': async () => {
      const optimizer = tf.train.sgd(0.1);
      try {
        await optimizer.setWeights([{name: 'iter', tensor: tf.scalar(3, 'int32')}, {name: 'x', tensor: tf.scalar(1)}]);
      } finally {
        optimizer.dispose();
      }
    },

    // getConfig: class name, keys (TF.js's spelling) and values
    'config/sgd': () => config(tf.train.sgd(0.25)),
    'config/momentum': () => config(tf.train.momentum(0.25, 0.5, true)),
    'config/adagrad': () => config(tf.train.adagrad(0.25)),
    'config/adadelta': () => config(tf.train.adadelta()),
    'config/adam': () => config(tf.train.adam()),
    'config/adamax': () => config(tf.train.adamax()),
    'config/rmsprop': () => config(tf.train.rmsprop(0.25)),
    'config/rmsprop_centered': () => config(tf.train.rmsprop(0.25, 0.8, 0.1, 1e-3, true)),
  };
};
