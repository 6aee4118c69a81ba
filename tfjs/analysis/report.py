"""The `tfjs analyse --report` page: one self-contained HTML file (no network) with the
model's info tables, the benchmark per backend, the profile, the float16 findings and
charts drawn by matplotlib as inline SVG."""

from __future__ import annotations

import base64
import html
import io
import os
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

CHARTS_NOTE = "charts need matplotlib: pip install tfjs[report]"
_CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:2em auto;max-width:1100px;
 padding:0 1em;color:#222}
h1{font-size:1.5em;word-break:break-all}h2{margin-top:1.8em;border-bottom:1px solid #ccc}
table{border-collapse:collapse;margin:.6em 0}th,td{border:1px solid #ddd;padding:.25em .6em}
th{background:#f3f3f3;text-align:left}td.n{text-align:right;font-variant-numeric:tabular-nums}
.note{color:#a60;font-style:italic}pre.summary{font-size:.85em;overflow-x:auto}
.chart svg{max-width:100%;height:auto}
img.output{max-width:45%;border:1px solid #ccc;margin:.3em;image-rendering:pixelated}
"""


def format_bytes(n: int | float | None) -> str:
    """Bytes in the units people read: `1536` -> `'1.5 KiB'`.

    >>> format_bytes(1536), format_bytes(12)
    ('1.5 KiB', '12 B')
    """
    if n is None:
        return "n/a"
    value = float(n)
    for unit in ("B", "KiB", "MiB", "GiB"):
        if abs(value) < 1024 or unit == "GiB":
            return f"{int(value)} B" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1024
    raise AssertionError("unreachable")


def format_count(n: int | float | None) -> str:
    """A large count with its SI prefix: `2_500_000` -> `'2.50 M'`.

    >>> format_count(2_500_000), format_count(950), format_count(None)
    ('2.50 M', '950', 'n/a')
    """
    if n is None:
        return "n/a"
    for scale, prefix in ((1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")):
        if abs(n) >= scale:
            return f"{n / scale:.2f} {prefix}"
    return f"{n:g}"


def _table(headers: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    """An HTML table; every cell escaped, numbers right-aligned."""
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in headers)
    body = []
    for row in rows:
        cells = []
        for cell in row:
            numeric = isinstance(cell, int | float) and not isinstance(cell, bool)
            text = f"{cell:.3f}" if isinstance(cell, float) else str(cell)
            cells.append(f"<td{' class=n' if numeric else ''}>{html.escape(text)}</td>")
        body.append(f"<tr>{''.join(cells)}</tr>")
    return f"<table><tr>{head}</tr>{''.join(body)}</table>"


def _chart(draw: Callable[[Any], None], width: float = 7.0, height: float = 3.2) -> str:
    """`draw(axes)` rendered by matplotlib as an inline <svg>; a note where matplotlib is missing."""
    try:
        from matplotlib import rc_context
        from matplotlib.backends.backend_svg import FigureCanvasSVG
        from matplotlib.figure import Figure
    except ImportError:
        return f'<p class="note">{html.escape(CHARTS_NOTE)}</p>'
    with rc_context({"svg.fonttype": "path", "svg.hashsalt": "tfjs"}):
        figure = Figure(figsize=(width, height))
        FigureCanvasSVG(figure)
        draw(figure.add_subplot())
        figure.tight_layout()
        buffer = io.StringIO()
        figure.savefig(buffer, format="svg", metadata={"Date": None})
    svg = buffer.getvalue()
    svg = svg[svg.index("<svg") :]  # drop the XML declaration and DOCTYPE (an external DTD)
    svg = re.sub(r"<metadata>.*?</metadata>", "", svg, flags=re.S)
    return f'<div class="chart">{svg}</div>'


def _latency_chart(benches: Sequence[Any]) -> str:
    def draw(ax: Any) -> None:
        ax.boxplot([b.times_ms for b in benches], showmeans=True)
        ax.set_xticks(range(1, len(benches) + 1), [b.backend for b in benches])
        ax.set_ylabel("ms per inference (steady state)")
        ax.set_title("Latency distribution per backend")

    return _chart(draw, width=2.5 + 1.5 * len(benches), height=3.5)


def _bar_chart(labels: Sequence[str], values: Sequence[float], xlabel: str, title: str) -> str:
    def draw(ax: Any) -> None:
        positions = range(len(labels))
        ax.barh(positions, values, color="#4a7bb7")
        ax.set_yticks(positions, labels)
        ax.invert_yaxis()
        ax.set_xlabel(xlabel)
        ax.set_title(title)

    return _chart(draw, height=1.2 + 0.28 * max(len(labels), 1))


def _image_tag(path: str) -> str:
    with open(path, "rb") as file:
        data = base64.b64encode(file.read()).decode("ascii")
    name = html.escape(os.path.basename(path))
    image = f'<img class="output" alt="{name}" src="data:image/png;base64,{data}">'
    return f"<figure>{image}<figcaption>{name}</figcaption></figure>"


def _info_section(info: Any) -> list[str]:
    parts = [
        _table(
            ["field", "value"],
            [
                ["kind", info.kind],
                ["format", info.format or "n/a"],
                ["generated by", info.generated_by or "n/a"],
                ["converted by", info.converted_by or "n/a"],
                *(
                    [["keras version", info.keras_version or "n/a"], ["keras backend", info.backend or "n/a"]]
                    if info.kind == "layers-model"
                    else []
                ),
                ["estimated FLOPs per inference", format_count(info.flops)],
            ],
        ),
        "<h2>Inputs and outputs</h2>",
        _table(
            ["", "name", "shape", "dtype"],
            [["input", t.name, t.shape, t.dtype] for t in info.inputs]
            + [["output", t.name, t.shape, t.dtype] for t in info.outputs],
        ),
        "<h2>Weights</h2>",
        _table(
            ["weights", "parameters", "bytes"],
            [[info.weights, info.parameters, format_bytes(info.weight_bytes)]],
        ),
        _table(["stored dtype", "bytes"], [[d, format_bytes(b)] for d, b in info.bytes_by_dtype.items()]),
    ]
    if info.bytes_by_dtype:
        dtypes = list(info.bytes_by_dtype)
        parts.append(
            _bar_chart(dtypes, [info.bytes_by_dtype[d] for d in dtypes], "bytes", "Weight bytes by dtype")
        )
    if info.quantization:
        parts.append(_table(["quantized as", "weights"], list(info.quantization.items())))
    parts += [
        "<h2>Weight groups</h2>",
        _table(
            ["shards", "weights", "parameters", "bytes", "bytes by dtype"],
            [[", ".join(g.paths), g.weights, g.parameters, *_group_bytes(g)] for g in info.groups],
        ),
    ]
    if info.kind == "layers-model":
        parts += ["<h2>Layer classes</h2>", _table(["layer class", "count"], list(info.op_histogram.items()))]
    else:
        parts += ["<h2>Op histogram</h2>", _table(["op", "count"], list(info.op_histogram.items()))]
    if info.summary:
        text = html.escape("\n".join(line.rstrip() for line in info.summary))
        parts += ["<h2>Model summary</h2>", f'<pre class="summary">{text}</pre>']
    return parts


def _group_bytes(group: Any) -> list[str]:
    return [format_bytes(group.bytes), format_dtype_bytes(group.dtypes)]


def format_dtype_bytes(by_dtype: dict[str, int]) -> str:
    """Bytes per stored dtype on one line: `{"float16": 2048}` -> `'float16 2.0 KiB'`.

    >>> format_dtype_bytes({"float32": 432, "uint8": 4})
    'float32 432 B, uint8 4 B'
    """
    return ", ".join(f"{dtype} {format_bytes(n)}" for dtype, n in by_dtype.items()) or "none"


def _bench_section(benches: Sequence[Any]) -> list[str]:
    rows = [
        ["load (ms)", *[b.load_ms for b in benches]],
        ["runs as", *[b.runs_as for b in benches]],
        ["first call (ms)", *[b.first_ms for b in benches]],
        ["median (ms)", *[b.median_ms for b in benches]],
        ["p10 (ms)", *[b.p10_ms for b in benches]],
        ["p90 (ms)", *[b.p90_ms for b in benches]],
        ["first / median", *[f"{b.first_ratio:.2f}" for b in benches]],
        ["FPS", *[b.fps for b in benches]],
        ["peak bytes", *[format_bytes(b.peak_bytes) for b in benches]],
        ["weights bytes", *[format_bytes(b.weights_bytes) for b in benches]],
        [
            "largest live set",
            *["n/a" if b.live_bytes is None else format_bytes(b.live_bytes) for b in benches],
        ],
        [
            "peak / (weights + live)",
            *["n/a" if b.peak_ratio is None else f"{b.peak_ratio:.2f}" for b in benches],
        ],
        ["runs", *[len(b.times_ms) for b in benches]],
    ]
    return ["<h2>Benchmark</h2>", _table(["", *[b.backend for b in benches]], rows), _latency_chart(benches)]


def _profile_section(profile: Any, top: int = 20) -> list[str]:
    share = profile.total_ms or 1.0
    by_op = bool(profile.op_types)
    ranked = profile.op_types if by_op else profile.kernels
    parts = [
        f"<h2>Profile</h2><p>{profile.total_ms:.3f} ms in kernels for one inference.</p>",
        *([f'<p class="note">{html.escape(profile.note)}</p>'] if profile.note else []),
        _bar_chart(
            [k.name for k in ranked[:top]],
            [k.total_ms for k in ranked[:top]],
            "ms",
            f"Time by {profile.group}" if by_op else "Time by kernel",
        ),
    ]
    if by_op:
        parts += [
            f"<h3>By {html.escape(profile.group)}</h3>",
            _table(
                [profile.group, "calls", "total ms", "%"],
                [[k.name, k.calls, k.total_ms, 100 * k.total_ms / share] for k in profile.op_types],
            ),
        ]
    return [
        *parts,
        "<h3>By kernel</h3>",
        _table(
            ["kernel", "calls", "total ms", "%"],
            [[k.name, k.calls, k.total_ms, 100 * k.total_ms / share] for k in profile.kernels],
        ),
    ]


def _fp16_section(findings: Sequence[Any] | None) -> list[str]:
    parts = ["<h2>float16 check</h2>"]
    if findings is None:
        parts.append("<p>Not checked: run with <code>--check-fp16</code>.</p>")
    elif not findings:
        parts.append("<p>No node leaves float16's range or loses more than its precision.</p>")
    else:
        parts.append(
            _table(
                ["node", "op", "problem", "max |value|", "worst relative error"],
                [[f.node, f.op, f.problem, f.max_abs, f.worst_relative_error] for f in findings],
            )
        )
    return parts


def _run_section(run: Any) -> list[str]:
    parts = [
        "<h2>Run on the image</h2>",
        _table(["output", "shape", "dtype"], [[n, s, d] for n, s, d in run.outputs]),
    ]
    if run.labels:
        parts += [
            f"<h3>Top labels ({html.escape(os.path.basename(run.labels_file or ''))})</h3>",
            _table(["label", "score"], [[label, score] for label, score in run.labels]),
        ]
    parts += [_image_tag(p) for p in run.images if os.path.isfile(p)]
    parts += [f"<p>{html.escape(line)}</p>" for line in run.summary]
    return parts


def render_report(
    info: Any,
    benches: Sequence[Any] = (),
    profile: Any = None,
    fp16: Sequence[Any] | None = None,
    run: Any = None,
) -> str:
    """The analysis of one model as a self-contained HTML page (TF.js's model-inspector page).

    Args:
      info: the `ModelInfo` of `model_info(path)`.
      benches: one `BenchResult` per backend, shown side by side.
      profile: a `ProfileResult`, or None.
      fp16: the `check_fp16` findings, or None when not checked.
      run: the `RunResult` of `run_model`; its PNG outputs are embedded.
    Returns:
      The page's HTML.

    >>> from tfjs.analysis import model_info
    >>> page = render_report(model_info("tests/converter/fixtures/add_mul/model.json"))
    >>> page.startswith("<!DOCTYPE html>"), "Op histogram" in page
    (True, True)
    """
    title = f"tfjs analyse: {info.path}"
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{html.escape(title)}</title><style>{_CSS}</style></head><body>",
        f"<h1>{html.escape(title)}</h1>",
        *_info_section(info),
    ]
    if benches:
        parts += _bench_section(benches)
    if profile is not None:
        parts += _profile_section(profile)
    parts += _fp16_section(fp16)
    if run is not None:
        parts += _run_section(run)
    parts.append("</body></html>\n")
    return "\n".join(parts)


def write_report(path: str, info: Any, **sections: Any) -> str:
    """Writes `render_report(info, **sections)` to `path` (UTF-8); returns the path.

    Example: `write_report("report.html", model_info(path), benches=[bench(path)])`.
    """
    page = render_report(info, **sections)
    with open(path, "w", encoding="utf-8") as file:
        file.write(page)
    return path
