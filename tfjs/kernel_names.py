"""TF.js's kernel names: where ops, backends, gradients and the graph executor meet."""

ABS = "Abs"
ACOS = "Acos"
ACOSH = "Acosh"
ADD = "Add"
ADD_N = "AddN"
ALL = "All"
ANY = "Any"
ARG_MAX = "ArgMax"
ARG_MIN = "ArgMin"
ASIN = "Asin"
ASINH = "Asinh"
ATAN = "Atan"
ATAN2 = "Atan2"
ATANH = "Atanh"
AVG_POOL = "AvgPool"
AVG_POOL_3D = "AvgPool3D"
AVG_POOL_3D_GRAD = "AvgPool3DGrad"
AVG_POOL_GRAD = "AvgPoolGrad"
BATCH_MAT_MUL = "BatchMatMul"
BATCH_TO_SPACE_ND = "BatchToSpaceND"
BINCOUNT = "Bincount"
BITWISE_AND = "BitwiseAnd"
BROADCAST_ARGS = "BroadcastArgs"
CAST = "Cast"
CEIL = "Ceil"
CLIP_BY_VALUE = "ClipByValue"
COMPLEX = "Complex"
CONCAT = "Concat"
CONV2D = "Conv2D"
CONV2D_BACKPROP_FILTER = "Conv2DBackpropFilter"
CONV2D_BACKPROP_INPUT = "Conv2DBackpropInput"
CONV3D = "Conv3D"
CONV3D_BACKPROP_FILTER_V2 = "Conv3DBackpropFilterV2"
CONV3D_BACKPROP_INPUT_V2 = "Conv3DBackpropInputV2"
COS = "Cos"
COSH = "Cosh"
CROP_AND_RESIZE = "CropAndResize"
CUMPROD = "Cumprod"
CUMSUM = "Cumsum"
DENSE_BINCOUNT = "DenseBincount"
DEPTH_TO_SPACE = "DepthToSpace"
DEPTHWISE_CONV2D_NATIVE = "DepthwiseConv2dNative"
DEPTHWISE_CONV2D_NATIVE_BACKPROP_FILTER = "DepthwiseConv2dNativeBackpropFilter"
DEPTHWISE_CONV2D_NATIVE_BACKPROP_INPUT = "DepthwiseConv2dNativeBackpropInput"
DIAG = "Diag"
DILATION2D = "Dilation2D"
DILATION2D_BACKPROP_FILTER = "Dilation2DBackpropFilter"
DILATION2D_BACKPROP_INPUT = "Dilation2DBackpropInput"
DIV = "RealDiv"
EINSUM = "Einsum"
ELU = "Elu"
ELU_GRAD = "EluGrad"
EQUAL = "Equal"
ERF = "Erf"
EXP = "Exp"
EXPAND_DIMS = "ExpandDims"
EXPM1 = "Expm1"
FFT = "FFT"
FILL = "Fill"
FLIP_LEFT_RIGHT = "FlipLeftRight"
FLOOR = "Floor"
FLOOR_DIV = "FloorDiv"
FUSED_BATCH_NORM = "FusedBatchNorm"
FUSED_CONV2D = "FusedConv2D"
FUSED_DEPTHWISE_CONV2D = "FusedDepthwiseConv2D"
FUSED_MAT_MUL = "_FusedMatMul"
GATHER_ND = "GatherNd"
GATHER_V2 = "GatherV2"
GREATER = "Greater"
GREATER_EQUAL = "GreaterEqual"
IDENTITY = "Identity"
IFFT = "IFFT"
IMAG = "Imag"
IS_FINITE = "IsFinite"
IS_INF = "IsInf"
IS_NAN = "IsNan"
LEAKY_RELU = "LeakyRelu"
LESS = "Less"
LESS_EQUAL = "LessEqual"
LIN_SPACE = "LinSpace"
LOG = "Log"
LOG1P = "Log1p"
LOGICAL_AND = "LogicalAnd"
LOGICAL_NOT = "LogicalNot"
LOGICAL_OR = "LogicalOr"
LRN = "LRN"
LRN_GRAD = "LRNGrad"
MAX = "Max"
MAX_POOL = "MaxPool"
MAX_POOL_3D = "MaxPool3D"
MAX_POOL_3D_GRAD = "MaxPool3DGrad"
MAX_POOL_GRAD = "MaxPoolGrad"
MAX_POOL_WITH_ARGMAX = "MaxPoolWithArgmax"
MAXIMUM = "Maximum"
MEAN = "Mean"
MIN = "Min"
MINIMUM = "Minimum"
MIRROR_PAD = "MirrorPad"
MOD = "Mod"
MULTIPLY = "Multiply"
MULTINOMIAL = "Multinomial"
NEG = "Neg"
NON_MAX_SUPPRESSION_V3 = "NonMaxSuppressionV3"
NON_MAX_SUPPRESSION_V4 = "NonMaxSuppressionV4"
NON_MAX_SUPPRESSION_V5 = "NonMaxSuppressionV5"
NOT_EQUAL = "NotEqual"
ONES_LIKE = "OnesLike"
ONE_HOT = "OneHot"
PACK = "Pack"
PAD_V2 = "PadV2"
POW = "Pow"
PRELU = "Prelu"
PROD = "Prod"
RAGGED_GATHER = "RaggedGather"
RAGGED_RANGE = "RaggedRange"
RAGGED_TENSOR_TO_TENSOR = "RaggedTensorToTensor"
RANGE = "Range"
REAL = "Real"
RECIPROCAL = "Reciprocal"
RELU = "Relu"
RELU6 = "Relu6"
RESHAPE = "Reshape"
RESIZE_BILINEAR = "ResizeBilinear"
RESIZE_BILINEAR_GRAD = "ResizeBilinearGrad"
RESIZE_NEAREST_NEIGHBOR = "ResizeNearestNeighbor"
RESIZE_NEAREST_NEIGHBOR_GRAD = "ResizeNearestNeighborGrad"
REVERSE = "Reverse"
ROTATE_WITH_OFFSET = "RotateWithOffset"
ROUND = "Round"
RSQRT = "Rsqrt"
SCATTER_ND = "ScatterNd"
SEARCH_SORTED = "SearchSorted"
SELECT = "Select"
SELU = "Selu"
SIGMOID = "Sigmoid"
SIGN = "Sign"
SIN = "Sin"
SINH = "Sinh"
SLICE = "Slice"
SOFTMAX = "Softmax"
SOFTPLUS = "Softplus"
SPACE_TO_BATCH_ND = "SpaceToBatchND"
SPARSE_FILL_EMPTY_ROWS = "SparseFillEmptyRows"
SPARSE_RESHAPE = "SparseReshape"
SPARSE_SEGMENT_MEAN = "SparseSegmentMean"
SPARSE_SEGMENT_SUM = "SparseSegmentSum"
SPARSE_TO_DENSE = "SparseToDense"
SPLIT_V = "SplitV"
SQRT = "Sqrt"
SQUARE = "Square"
SQUARED_DIFFERENCE = "SquaredDifference"
STATIC_REGEX_REPLACE = "StaticRegexReplace"
STEP = "Step"
STRIDED_SLICE = "StridedSlice"
STRIDED_SLICE_GRAD = "StridedSliceGrad"
STRING_N_GRAMS = "StringNGrams"
STRING_SPLIT = "StringSplit"
STRING_TO_HASH_BUCKET_FAST = "StringToHashBucketFast"
SUB = "Sub"
SUM = "Sum"
TAN = "Tan"
TANH = "Tanh"
TENSOR_SCATTER_UPDATE = "TensorScatterUpdate"
TILE = "Tile"
TOPK = "TopK"
TRANSFORM = "Transform"
TRANSPOSE = "Transpose"
UNIQUE = "Unique"
UNPACK = "Unpack"
UNSORTED_SEGMENT_SUM = "UnsortedSegmentSum"
ZEROS_LIKE = "ZerosLike"
COMPLEX_ABS = "ComplexAbs"

# Kernels with no gradient, because their outputs are not differentiable functions of
# their inputs (integer, bool or string results, random draws, data-dependent selections).
# Every other kernel registers a gradient; asking a gradient through one of these raises
# an error naming the kernel.
NON_DIFFERENTIABLE: frozenset[str] = frozenset(
    {
        "All",
        "Any",
        "Bincount",
        "BitwiseAnd",
        "BroadcastArgs",
        "DenseBincount",
        "Equal",
        "Greater",
        "Less",
        "LessEqual",
        "NotEqual",
        "LogicalAnd",
        "LogicalNot",
        "LogicalOr",
        "Fill",
        "LinSpace",
        "Range",
        "Multinomial",
        "NonMaxSuppressionV3",
        "NonMaxSuppressionV4",
        "NonMaxSuppressionV5",
        "SearchSorted",
        "SparseFillEmptyRows",
        "SparseReshape",
        "StaticRegexReplace",
        "StringNGrams",
        "StringSplit",
        "StringToHashBucketFast",
        "Unique",
        "RaggedGather",
        # the gradients of dilation2d (their own gradient, a selection of ddx at each
        # window's maximum, is not needed: TF.js and TensorFlow have none)
        "Dilation2DBackpropFilter",
        "Dilation2DBackpropInput",
        "RaggedRange",
        # backward kernels of pooling and LRN: TF.js (and TensorFlow, for LRNGrad) has no
        # gradient for them, so no gradients of gradients through these ops
        "AvgPoolGrad",
        "AvgPool3DGrad",
        "LRNGrad",
        "MaxPoolGrad",
        "MaxPool3DGrad",
        # differentiable in the image, but TF.js has none and none is written yet
        # (TensorFlow's CropAndResizeGradImage/GradBoxes and its approximate, image-only
        # transform gradient are the models)
        "CropAndResize",
        "Transform",
    }
)
