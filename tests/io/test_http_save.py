"""Saving a model over HTTP as TF.js's `tf.io.http(url).save` sends it: one POST whose
multipart form holds model.json (its manifest naming ./model.weights.bin) and
model.weights.bin; the model loads back from those two files with the same outputs."""

from __future__ import annotations

import email.parser
import email.policy
import http.server
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import numpy as np
import pytest

import tfjs as tf


class _Receiver(http.server.BaseHTTPRequestHandler):
    received: ClassVar[list[dict]] = []  # (each fixture gives its subclass a list of its own)
    status = 200

    def log_message(self, *args):
        pass

    def _receive(self) -> None:
        body = self.rfile.read(int(self.headers["Content-Length"]))
        header = f"Content-Type: {self.headers['Content-Type']}\r\n\r\n".encode()
        form = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(header + body)
        parts = {p.get_param("name", header="content-disposition"): p for p in form.iter_parts()}
        self.received.append(
            {
                "method": self.command,
                "headers": dict(self.headers),
                "files": {
                    name: (p.get_filename(), p.get_content_type(), p.get_payload(decode=True))
                    for name, p in parts.items()
                },
            }
        )
        self.send_response(self.status)
        self.end_headers()

    do_POST = do_PUT = _receive


@pytest.fixture
def receiver() -> Iterator[tuple[str, type[_Receiver]]]:
    handler = type("Receiver", (_Receiver,), {"received": [], "status": 200})
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/upload", handler
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join()


def _model() -> tf.LayersModel:
    model = tf.sequential()
    model.add(tf.layers.dense(units=3, input_shape=[2], activation="relu", name="hs_dense"))
    model.add(tf.layers.dense(units=1, name="hs_out"))
    return model


def test_save_posts_model_json_and_weights_that_load_back(receiver, tmp_path: Path) -> None:
    url, handler = receiver
    model, x = _model(), tf.tensor2d([[1.0, -2.0], [0.5, 3.0]])
    result = model.save(url)
    assert result.model_artifacts_info.weight_data_bytes == (2 * 3 + 3 + 3 + 1) * 4
    (request,) = handler.received
    assert request["method"] == "POST"
    assert request["headers"]["Content-Type"].startswith("multipart/form-data; boundary=")
    files = request["files"]
    assert sorted(files) == ["model.json", "model.weights.bin"]
    name, content_type, model_json = files["model.json"]
    assert (name, content_type) == ("model.json", "application/json")
    manifest = json.loads(model_json)["weightsManifest"]
    assert [group["paths"] for group in manifest] == [["./model.weights.bin"]]
    assert files["model.weights.bin"][:2] == ("model.weights.bin", "application/octet-stream")
    (tmp_path / "model.json").write_bytes(model_json)
    (tmp_path / "model.weights.bin").write_bytes(files["model.weights.bin"][2])
    reloaded = tf.load_layers_model(str(tmp_path / "model.json"))
    want, got = model.predict(x), reloaded.predict(x)
    np.testing.assert_array_equal(got.numpy(), want.numpy())
    tf.dispose([x, want, got])
    model.dispose()
    reloaded.dispose()


def test_method_and_headers_from_request_init_and_a_refused_save(receiver) -> None:
    url, handler = receiver
    model = _model()
    model.save(tf.io.http(url, request_init={"method": "PUT", "headers": {"X-Token": "t1"}}))
    assert handler.received[0]["method"] == "PUT" and handler.received[0]["headers"]["X-Token"] == "t1"
    handler.status = 403
    with pytest.raises(
        OSError, match=r"BrowserHTTPRequest.save\(\) failed: .*/upload failed with status code 403"
    ):
        model.save(url)
    with pytest.raises(
        OSError, match=r"BrowserHTTPRequest.save\(\) failed: Request to http://127.0.0.1:9/m failed"
    ):
        model.save(tf.io.http("http://127.0.0.1:9/m", timeout=2))
    model.dispose()
