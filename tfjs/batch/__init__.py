"""`tf.batch`: a model over a whole dataset, each record's outputs written by its id, in
this process by default or on a Ray cluster (`pip install 'tfjs[ray]'`)."""

from tfjs.batch.records import Record, list_records
from tfjs.batch.run import BatchSummary, run
from tfjs.batch.sinks import read_results

__all__ = ["BatchSummary", "Record", "list_records", "read_results", "run"]
