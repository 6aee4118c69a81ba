"""The layers engine: Layer, SymbolicTensor/Node, InputLayer, Container, LayersModel, Sequential."""
