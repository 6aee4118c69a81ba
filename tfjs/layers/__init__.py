"""`tf.layers`: TF.js's layer factories (tfjs-layers' exports_layers.ts) and the Layer base class.

Each factory takes TF.js's config keys as snake_case keyword arguments:

>>> model = tf.sequential()
>>> model.add(tf.layers.dense(units=3, input_shape=[2], activation="relu", name="ns_doc_dense"))
>>> model.outputs[0].shape
(None, 3)
>>> model.dispose()["numDisposedVariables"]
2
"""

from __future__ import annotations

from typing import Any

from tfjs.layers.config_objects import check_not_config_object
from tfjs.layers.core.advanced_activations import ELU, LeakyReLU, PReLU, ReLU, Softmax, ThresholdedReLU
from tfjs.layers.core.convolutional import (
    Conv1D,
    Conv2D,
    Conv2DTranspose,
    Conv3D,
    Conv3DTranspose,
    Cropping2D,
    UpSampling2D,
)
from tfjs.layers.core.convolutional_depthwise import DepthwiseConv2D, SeparableConv2D
from tfjs.layers.core.convolutional_recurrent import ConvLSTM2D, ConvLSTM2DCell
from tfjs.layers.core.core import (
    Activation,
    Dense,
    Dropout,
    Flatten,
    Masking,
    Permute,
    RepeatVector,
    Reshape,
    SpatialDropout1D,
)
from tfjs.layers.core.embeddings import Embedding
from tfjs.layers.core.merge import Add, Average, Concatenate, Dot, Maximum, Minimum, Multiply, Subtract
from tfjs.layers.core.noise_padding import AlphaDropout, GaussianDropout, GaussianNoise, ZeroPadding2D
from tfjs.layers.core.normalization import BatchNormalization, LayerNormalization
from tfjs.layers.core.pooling import (
    AveragePooling1D,
    AveragePooling2D,
    AveragePooling3D,
    GlobalAveragePooling1D,
    GlobalAveragePooling2D,
    GlobalMaxPooling1D,
    GlobalMaxPooling2D,
    MaxPooling1D,
    MaxPooling2D,
    MaxPooling3D,
)
from tfjs.layers.core.preprocessing import (
    CategoryEncoding,
    CenterCrop,
    RandomHeight,
    RandomWidth,
    Rescaling,
    Resizing,
)
from tfjs.layers.core.recurrent import GRU, LSTM, RNN, SimpleRNN
from tfjs.layers.core.recurrent_cells import GRUCell, LSTMCell, SimpleRNNCell, StackedRNNCells
from tfjs.layers.core.wrappers import Bidirectional, TimeDistributed
from tfjs.layers.engine.base_layer import InputSpec, Layer
from tfjs.layers.engine.input_layer import InputLayer
from tfjs.layers.engine.naming import accepted_arguments, unknown_arguments
from tfjs.layers.engine.node import SymbolicTensor


def _factory(cls: type, doc: str) -> Any:
    def make(*args: Any, **kwargs: Any) -> Any:
        if args:
            check_not_config_object(f"tf.layers' {cls.__name__} factory", args[0])
            raise TypeError(
                f"tf.layers' {cls.__name__} factory takes keyword arguments only (TF.js's config "
                f"object), got {len(args)} positional"
            )
        try:
            return cls(**kwargs)
        except TypeError:
            unknown = sorted(set(kwargs) - accepted_arguments(cls))
            if not unknown:
                raise
            raise TypeError(f"tf.layers' {cls.__name__} factory: {unknown_arguments(unknown, cls)}") from None

    make.__doc__ = doc
    make.__name__ = make.__qualname__ = cls.__name__
    return make


dense = _factory(Dense, "A densely-connected layer (TF.js `tf.layers.dense`).")
activation = _factory(Activation, "Applies an activation (TF.js `tf.layers.activation`).")
dropout = _factory(Dropout, "Dropout while training (TF.js `tf.layers.dropout`).")
spatial_dropout1d = _factory(
    SpatialDropout1D, "Channel dropout of sequences (TF.js `tf.layers.spatialDropout1d`)."
)
flatten = _factory(Flatten, "Flattens each sample (TF.js `tf.layers.flatten`).")
reshape = _factory(Reshape, "Reshapes each sample (TF.js `tf.layers.reshape`).")
permute = _factory(Permute, "Permutes the non-batch axes (TF.js `tf.layers.permute`).")
repeat_vector = _factory(RepeatVector, "Repeats a vector n times (TF.js `tf.layers.repeatVector`).")
masking = _factory(Masking, "Masks timesteps equal to mask_value (TF.js `tf.layers.masking`).")
input_layer = _factory(InputLayer, "A model's input layer (TF.js `tf.layers.inputLayer`).")
conv1d = _factory(Conv1D, "1-D convolution (TF.js `tf.layers.conv1d`).")
conv2d = _factory(Conv2D, "2-D convolution (TF.js `tf.layers.conv2d`).")
conv3d = _factory(Conv3D, "3-D convolution (TF.js `tf.layers.conv3d`).")
conv2d_transpose = _factory(
    Conv2DTranspose, "Transposed 2-D convolution (TF.js `tf.layers.conv2dTranspose`)."
)
cropping2d = _factory(Cropping2D, "Crops rows and columns (TF.js `tf.layers.cropping2D`).")
up_sampling2d = _factory(UpSampling2D, "Repeats rows and columns (TF.js `tf.layers.upSampling2d`).")
max_pooling1d = _factory(MaxPooling1D, "1-D max pooling (TF.js `tf.layers.maxPooling1d`).")
max_pooling2d = _factory(MaxPooling2D, "2-D max pooling (TF.js `tf.layers.maxPooling2d`).")
max_pooling3d = _factory(MaxPooling3D, "3-D max pooling (TF.js `tf.layers.maxPooling3d`).")
average_pooling1d = _factory(AveragePooling1D, "1-D average pooling (TF.js `tf.layers.averagePooling1d`).")
average_pooling2d = _factory(AveragePooling2D, "2-D average pooling (TF.js `tf.layers.averagePooling2d`).")
average_pooling3d = _factory(AveragePooling3D, "3-D average pooling (TF.js `tf.layers.averagePooling3d`).")
global_average_pooling1d = _factory(
    GlobalAveragePooling1D, "Mean over time (TF.js `tf.layers.globalAveragePooling1d`)."
)
global_average_pooling2d = _factory(
    GlobalAveragePooling2D, "Mean over space (TF.js `tf.layers.globalAveragePooling2d`)."
)
global_max_pooling1d = _factory(GlobalMaxPooling1D, "Max over time (TF.js `tf.layers.globalMaxPooling1d`).")
global_max_pooling2d = _factory(GlobalMaxPooling2D, "Max over space (TF.js `tf.layers.globalMaxPooling2d`).")
batch_normalization = _factory(
    BatchNormalization, "Batch normalization (TF.js `tf.layers.batchNormalization`)."
)
layer_normalization = _factory(
    LayerNormalization, "Layer normalization (TF.js `tf.layers.layerNormalization`)."
)
add = _factory(Add, "Sums its inputs (TF.js `tf.layers.add`).")
average = _factory(Average, "Averages its inputs (TF.js `tf.layers.average`).")
concatenate = _factory(Concatenate, "Concatenates its inputs (TF.js `tf.layers.concatenate`).")
dot = _factory(Dot, "Dot product of two inputs (TF.js `tf.layers.dot`).")
maximum = _factory(Maximum, "Element-wise maximum (TF.js `tf.layers.maximum`).")
minimum = _factory(Minimum, "Element-wise minimum (TF.js `tf.layers.minimum`).")
multiply = _factory(Multiply, "Element-wise product (TF.js `tf.layers.multiply`).")
subtract = _factory(Subtract, "Difference of two inputs (Keras's Subtract).")
re_lu = _factory(ReLU, "Rectified linear unit layer (TF.js `tf.layers.reLU`).")
leaky_re_lu = _factory(LeakyReLU, "Leaky ReLU layer (TF.js `tf.layers.leakyReLU`).")
p_re_lu = _factory(PReLU, "Parametric ReLU layer (TF.js `tf.layers.prelu`).")
prelu = p_re_lu
elu = _factory(ELU, "ELU layer (TF.js `tf.layers.elu`).")
thresholded_re_lu = _factory(ThresholdedReLU, "Thresholded ReLU layer (TF.js `tf.layers.thresholdedReLU`).")
softmax = _factory(Softmax, "Softmax layer (TF.js `tf.layers.softmax`).")
embedding = _factory(Embedding, "Embedding layer (TF.js `tf.layers.embedding`).")
simple_rnn = _factory(SimpleRNN, "Fully-connected RNN (TF.js `tf.layers.simpleRNN`).")
gru = _factory(GRU, "Gated recurrent unit layer (TF.js `tf.layers.gru`).")
lstm = _factory(LSTM, "Long short-term memory layer (TF.js `tf.layers.lstm`).")
rnn = _factory(RNN, "An RNN over a given cell (TF.js `tf.layers.rnn`).")
simple_rnn_cell = _factory(SimpleRNNCell, "A SimpleRNN step (TF.js `tf.layers.simpleRNNCell`).")
gru_cell = _factory(GRUCell, "A GRU step (TF.js `tf.layers.gruCell`).")
lstm_cell = _factory(LSTMCell, "An LSTM step (TF.js `tf.layers.lstmCell`).")
time_distributed = _factory(
    TimeDistributed, "Applies a layer to every time step (TF.js `tf.layers.timeDistributed`)."
)
bidirectional = _factory(Bidirectional, "A bidirectional RNN (TF.js `tf.layers.bidirectional`).")
conv3d_transpose = _factory(
    Conv3DTranspose, "Transposed 3-D convolution (TF.js `tf.layers.conv3dTranspose`)."
)
depthwise_conv2d = _factory(DepthwiseConv2D, "Depthwise 2-D convolution (TF.js `tf.layers.depthwiseConv2d`).")
separable_conv2d = _factory(SeparableConv2D, "Separable 2-D convolution (TF.js `tf.layers.separableConv2d`).")
gaussian_noise = _factory(
    GaussianNoise, "Additive Gaussian noise while training (TF.js `tf.layers.gaussianNoise`)."
)
gaussian_dropout = _factory(
    GaussianDropout, "Multiplicative Gaussian noise (TF.js `tf.layers.gaussianDropout`)."
)
alpha_dropout = _factory(AlphaDropout, "SELU-preserving dropout (TF.js `tf.layers.alphaDropout`).")
zero_padding2d = _factory(
    ZeroPadding2D, "Pads rows and columns with zeros (TF.js `tf.layers.zeroPadding2d`)."
)
rescaling = _factory(Rescaling, "x * scale + offset (TF.js `tf.layers.rescaling`).")
center_crop = _factory(CenterCrop, "Crops the centre of images (TF.js `tf.layers.centerCrop`).")
resizing = _factory(Resizing, "Resizes images (TF.js `tf.layers.resizing`).")
category_encoding = _factory(
    CategoryEncoding, "Categories as multi-hot/one-hot/counts (TF.js `tf.layers.categoryEncoding`)."
)
random_width = _factory(RandomWidth, "Resizes the width randomly (TF.js `tf.layers.randomWidth`).")
random_height = _factory(RandomHeight, "Resizes the height randomly (TF.js `tf.layers.randomHeight`).")
conv_lstm2d = _factory(ConvLSTM2D, "Convolutional LSTM (TF.js `tf.layers.convLstm2d`).")
conv_lstm2d_cell = _factory(ConvLSTM2DCell, "A ConvLSTM2D step (TF.js `tf.layers.convLstm2dCell`).")
# TF.js's alternative names of the pooling factories.
avg_pool1d = avg_pooling1d = average_pooling1d
avg_pool2d = avg_pooling2d = average_pooling2d
avg_pool3d = avg_pooling3d = average_pooling3d
max_pool1d, max_pool2d = max_pooling1d, max_pooling2d
global_max_pool1d, global_max_pool2d = global_max_pooling1d, global_max_pooling2d
stacked_rnn_cells = _factory(StackedRNNCells, "Cells run in sequence (TF.js `tf.layers.stackedRNNCells`).")

__all__ = [
    "InputLayer",
    "InputSpec",
    "Layer",
    "SymbolicTensor",
    "activation",
    "add",
    "alpha_dropout",
    "average",
    "average_pooling1d",
    "average_pooling2d",
    "average_pooling3d",
    "avg_pool1d",
    "avg_pool2d",
    "avg_pool3d",
    "avg_pooling1d",
    "avg_pooling2d",
    "avg_pooling3d",
    "batch_normalization",
    "bidirectional",
    "category_encoding",
    "center_crop",
    "concatenate",
    "conv1d",
    "conv2d",
    "conv2d_transpose",
    "conv3d",
    "conv3d_transpose",
    "conv_lstm2d",
    "conv_lstm2d_cell",
    "cropping2d",
    "dense",
    "depthwise_conv2d",
    "dot",
    "dropout",
    "elu",
    "embedding",
    "flatten",
    "gaussian_dropout",
    "gaussian_noise",
    "global_average_pooling1d",
    "global_average_pooling2d",
    "global_max_pool1d",
    "global_max_pool2d",
    "global_max_pooling1d",
    "global_max_pooling2d",
    "gru",
    "gru_cell",
    "input_layer",
    "layer_normalization",
    "leaky_re_lu",
    "lstm",
    "lstm_cell",
    "masking",
    "max_pool1d",
    "max_pool2d",
    "max_pooling1d",
    "max_pooling2d",
    "max_pooling3d",
    "maximum",
    "minimum",
    "multiply",
    "p_re_lu",
    "permute",
    "prelu",
    "random_height",
    "random_width",
    "re_lu",
    "repeat_vector",
    "rescaling",
    "reshape",
    "resizing",
    "rnn",
    "separable_conv2d",
    "simple_rnn",
    "simple_rnn_cell",
    "softmax",
    "spatial_dropout1d",
    "stacked_rnn_cells",
    "subtract",
    "thresholded_re_lu",
    "time_distributed",
    "up_sampling2d",
    "zero_padding2d",
]
