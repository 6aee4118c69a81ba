"""Layer families (tfjs-layers' src/layers/*.ts), one module per family."""
