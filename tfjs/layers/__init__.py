"""TF.js's Layers API (tfjs-layers): layers, models, training, saving.

The `tf.layers` namespace; its factories are added by the layers' own modules.
"""
