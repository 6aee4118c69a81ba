"""The TF op mappers, one module per category of TF.js's converter op list; importing a
module registers its mappers. This is the list of the modules."""
