"""Graph models: TF.js's converter (tfjs-converter) in Python. A model.json's nodes are
TF ops; each is run by a small mapper function onto this project's ops."""
