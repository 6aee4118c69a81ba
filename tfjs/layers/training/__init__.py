"""Training layers models: compile/fit/evaluate, callbacks, the data checks they share."""
