"""String kernels: StringNGrams, StringSplit, StringToHashBucketFast, StaticRegexReplace.

TF.js keeps strings as UTF-8 bytes, and these kernels work on the bytes (a split at a
delimiter byte, a hash of the bytes), so they do too: each value is encoded, worked on,
and stored back as `str` when its bytes are valid UTF-8 (else as `bytes`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from tfjs.backends.backend import TensorInfo
from tfjs.backends.cpu.backend_cpu import CpuBackend
from tfjs.backends.cpu.kernels.sparse import run_positions
from tfjs.kernel_names import STATIC_REGEX_REPLACE, STRING_N_GRAMS, STRING_SPLIT, STRING_TO_HASH_BUCKET_FAST
from tfjs.kernel_registry import kernel


def encode(value: str | bytes) -> bytes:
    return value.encode("utf-8") if isinstance(value, str) else bytes(value)


def decode(value: bytes) -> str | bytes:
    """`value` as a str when it is valid UTF-8, else the bytes themselves."""
    try:
        return value.decode("utf-8")
    except UnicodeDecodeError:
        return value


def _strings(values: Sequence[bytes]) -> np.ndarray:
    out = np.empty(len(values), dtype=object)
    out[:] = [decode(v) for v in values]
    return out


# ---- StringNGrams -------------------------------------------------------------------


@kernel(STRING_N_GRAMS, "cpu")
def string_n_grams(
    backend: CpuBackend,
    data: Any,
    data_splits: Any,
    *,
    separator: str,
    n_gram_widths: Sequence[int],
    left_pad: str,
    right_pad: str,
    pad_width: int,
    preserve_short_sequences: bool,
) -> list[TensorInfo]:
    tokens = [encode(v) for v in backend.values(data).reshape(-1)]
    splits = backend.values(data_splits).astype(np.int64).reshape(-1)
    size = len(tokens)
    if splits.size:
        if splits[0] != 0:
            raise ValueError(f"string_n_grams: First split value must be 0, got {splits[0]}")
        previous = np.r_[splits[0], splits[:-1]]
        bad = np.flatnonzero((splits < previous) | (splits > size))
        if bad.size:
            i = bad[0]
            raise ValueError(
                f"string_n_grams: Invalid split value {splits[i]}, must be in [{splits[i - 1]}, {size}]"
            )
        if splits[-1] != size:
            raise ValueError(
                f"string_n_grams: Last split value must be data size. Expected {size}, got {splits[-1]}"
            )
    if size == 0 or splits.size == 0:
        return [
            backend.make_output(np.full(size, "", dtype=object), "string"),
            backend.make_output(np.zeros(data_splits.shape), "int32"),
        ]
    maker = _NGrams(encode(separator), encode(left_pad), encode(right_pad), pad_width)
    grams: list[bytes] = []
    out_splits = [0]
    for begin, end in zip(splits[:-1].tolist(), splits[1:].tolist(), strict=True):
        before = len(grams)
        for width in n_gram_widths:
            maker.add(tokens, begin, width, maker.count(end - begin, width), grams)
        if preserve_short_sequences and len(grams) == before and end > begin:
            maker.add(tokens, begin, end - begin + 2 * pad_width, 1, grams)
        out_splits.append(len(grams))
    return [
        backend.make_output(_strings(grams), "string"),
        backend.make_output(np.asarray(out_splits).reshape(data_splits.shape), "int32"),
    ]


class _NGrams:
    """TF.js's StringNGramsOp: the n-grams of one row, padded at both ends."""

    def __init__(self, separator: bytes, left_pad: bytes, right_pad: bytes, pad_width: int) -> None:
        self.separator, self.left_pad, self.right_pad, self.pad_width = (
            separator,
            left_pad,
            right_pad,
            pad_width,
        )

    def pad(self, width: int) -> int:
        return min(width - 1 if self.pad_width < 0 else self.pad_width, width - 1)

    def count(self, length: int, width: int) -> int:
        return max(0, length + 2 * self.pad(width) - width + 1)

    def add(self, tokens: list[bytes], begin: int, width: int, count: int, out: list[bytes]) -> None:
        """Appends the `count` n-grams of `width` of the row starting at `tokens[begin]`."""
        pad = self.pad(width)
        for k in range(count):
            left = max(0, pad - k)
            right = max(0, pad - (count - (k + 1)))
            num_tokens = width - (left + right)
            first = begin + (0 if left > 0 else k - pad)
            parts = (
                [self.left_pad] * left + tokens[first : first + max(num_tokens, 0)] + [self.right_pad] * right
            )
            out.append(self.separator.join(parts))


# ---- StringSplit --------------------------------------------------------------------


@kernel(STRING_SPLIT, "cpu")
def string_split(backend: CpuBackend, input: Any, delimiter: Any, *, skip_empty: bool) -> list[TensorInfo]:  # noqa: A002
    delimiters = encode(backend.values(delimiter).reshape(-1)[0])
    rows = [_split(encode(v), delimiters, skip_empty) for v in backend.values(input).reshape(-1)]
    counts = np.array([len(r) for r in rows], dtype=np.int64)
    row, column = run_positions(counts)
    tokens = [token for r in rows for token in r]
    return [
        backend.make_output(np.stack([row, column], axis=1).reshape(len(tokens), 2), "int32"),
        backend.make_output(_strings(tokens), "string"),
        backend.make_output(np.array([len(rows), counts.max(initial=0)]), "int32"),
    ]


def _split(text: bytes, delimiters: bytes, skip_empty: bool) -> list[bytes]:
    """Splits at every byte of `delimiters` (into single bytes when it is empty)."""
    if not text:
        return []
    if not delimiters:
        return [text[i : i + 1] for i in range(len(text))]
    if len(delimiters) > 1:
        text = text.translate(bytes.maketrans(delimiters[1:], delimiters[:1] * (len(delimiters) - 1)))
    tokens = text.split(delimiters[:1])
    return [t for t in tokens if t] if skip_empty else tokens


# ---- StringToHashBucketFast ---------------------------------------------------------


@kernel(STRING_TO_HASH_BUCKET_FAST, "cpu")
def string_to_hash_bucket_fast(backend: CpuBackend, input: Any, *, num_buckets: int) -> TensorInfo:  # noqa: A002
    values = backend.values(input)
    buckets = [(fingerprint64(encode(v)) % num_buckets) & 0xFFFFFFFF for v in values.reshape(-1)]
    return backend.make_output(np.array(buckets, dtype=np.int64).reshape(values.shape), "int32")


MASK = (1 << 64) - 1
K0, K1, K2 = 0xC3A5C85C97CB3127, 0xB492B66FBE98F273, 0x9AE16A3B2F90404F
K_MUL = 0x9DDFEA08EB382D69


def _fetch(s: bytes, offset: int, size: int) -> int:
    return int.from_bytes(s[offset : offset + size], "little")


def _rotate(value: int, shift: int) -> int:
    return value if shift == 0 else ((value >> shift) | (value << (64 - shift))) & MASK


def _shift_mix(value: int) -> int:
    return value ^ (value >> 47)


def _hash16(u: int, v: int, mul: int = K_MUL) -> int:
    a = ((u ^ v) * mul) & MASK
    a ^= a >> 47
    b = ((v ^ a) * mul) & MASK
    b ^= b >> 47
    return (b * mul) & MASK


def _hash0to16(s: bytes) -> int:
    n = len(s)
    if n >= 8:
        mul = K2 + n * 2
        a = (_fetch(s, 0, 8) + K2) & MASK
        b = _fetch(s, n - 8, 8)
        c = (_rotate(b, 37) * mul + a) & MASK
        d = ((_rotate(a, 25) + b) * mul) & MASK
        return _hash16(c, d, mul)
    if n >= 4:
        mul = K2 + n * 2
        return _hash16(((_fetch(s, 0, 4) << 3) + n) & MASK, _fetch(s, n - 4, 4), mul)
    if n > 0:
        y = s[0] + (s[n >> 1] << 8)
        z = n + (s[n - 1] << 2)
        return (_shift_mix(((K2 * y) ^ (K0 * z)) & MASK) * K2) & MASK
    return K2


def _hash17to32(s: bytes) -> int:
    n = len(s)
    mul = K2 + n * 2
    a = (_fetch(s, 0, 8) * K1) & MASK
    b = _fetch(s, 8, 8)
    c = (_fetch(s, n - 8, 8) * mul) & MASK
    d = (_fetch(s, n - 16, 8) * K2) & MASK
    return _hash16(
        (_rotate((a + b) & MASK, 43) + _rotate(c, 30) + d) & MASK,
        (a + _rotate((b + K2) & MASK, 18) + c) & MASK,
        mul,
    )


def _hash33to64(s: bytes) -> int:
    n = len(s)
    mul = K2 + n * 2
    a = (_fetch(s, 0, 8) * K2) & MASK
    b = _fetch(s, 8, 8)
    c = (_fetch(s, n - 8, 8) * mul) & MASK
    d = (_fetch(s, n - 16, 8) * K2) & MASK
    y = (_rotate((a + b) & MASK, 43) + _rotate(c, 30) + d) & MASK
    z = _hash16(y, (a + _rotate((b + K2) & MASK, 18) + c) & MASK, mul)
    e = (_fetch(s, 16, 8) * mul) & MASK
    f = _fetch(s, 24, 8)
    g = ((y + _fetch(s, n - 32, 8)) * mul) & MASK
    h = ((z + _fetch(s, n - 24, 8)) * mul) & MASK
    return _hash16(
        (_rotate((e + f) & MASK, 43) + _rotate(g, 30) + h) & MASK,
        (e + _rotate((f + a) & MASK, 18) + g) & MASK,
        mul,
    )


def _weak32(s: bytes, offset: int, a: int, b: int) -> tuple[int, int]:
    w, x, y, z = (_fetch(s, offset + 8 * i, 8) for i in range(4))
    a = (a + w) & MASK
    b = _rotate((b + a + z) & MASK, 21)
    c = a
    a = (a + x + y) & MASK
    b = (b + _rotate(a, 44)) & MASK
    return (a + z) & MASK, (b + c) & MASK


def fingerprint64(s: bytes) -> int:
    """Farmhash's Fingerprint64 of `s`, as TF.js's hash_util computes it (unsigned)."""
    n = len(s)
    if n <= 16:
        return _hash0to16(s)
    if n <= 32:
        return _hash17to32(s)
    if n <= 64:
        return _hash33to64(s)
    seed = 81
    x = seed
    y = (seed * K1 + 113) & MASK
    z = (_shift_mix((y * K2 + 113) & MASK) * K2) & MASK
    v, w = (0, 0), (0, 0)
    x = (x * K2 + _fetch(s, 0, 8)) & MASK
    end = ((n - 1) >> 6) * 64
    last64 = end + ((n - 1) & 63) - 63
    offset = 0
    while True:
        x = (_rotate((x + y + v[0] + _fetch(s, offset + 8, 8)) & MASK, 37) * K1) & MASK
        y = (_rotate((y + v[1] + _fetch(s, offset + 48, 8)) & MASK, 42) * K1) & MASK
        x ^= w[1]
        y = (y + v[0] + _fetch(s, offset + 40, 8)) & MASK
        z = (_rotate((z + w[0]) & MASK, 33) * K1) & MASK
        v = _weak32(s, offset, (v[1] * K1) & MASK, (x + w[0]) & MASK)
        w = _weak32(s, offset + 32, (z + w[1]) & MASK, (y + _fetch(s, offset + 16, 8)) & MASK)
        z, x = x, z
        offset += 64
        if offset == end:
            break
    mul = K1 + ((z & 0xFF) << 1)
    offset = last64
    w0 = (w[0] + ((n - 1) & 63)) & MASK
    v0 = (v[0] + w0) & MASK
    w0 = (w0 + v0) & MASK
    v, w = (v0, v[1]), (w0, w[1])
    x = (_rotate((x + y + v[0] + _fetch(s, offset + 8, 8)) & MASK, 37) * mul) & MASK
    y = (_rotate((y + v[1] + _fetch(s, offset + 48, 8)) & MASK, 42) * mul) & MASK
    x ^= (w[1] * 9) & MASK
    y = (y + v[0] * 9 + _fetch(s, offset + 40, 8)) & MASK
    z = (_rotate((z + w[0]) & MASK, 33) * mul) & MASK
    v = _weak32(s, offset, (v[1] * mul) & MASK, (x + w[0]) & MASK)
    w = _weak32(s, offset + 32, (z + w[1]) & MASK, (y + _fetch(s, offset + 16, 8)) & MASK)
    z, x = x, z
    return _hash16(
        (_hash16(v[0], w[0], mul) + _shift_mix(y) * K0 + z) & MASK,
        (_hash16(v[1], w[1], mul) + x) & MASK,
        mul,
    )


# ---- StaticRegexReplace -------------------------------------------------------------


@kernel(STATIC_REGEX_REPLACE, "cpu")
def static_regex_replace(
    backend: CpuBackend, x: Any, *, pattern: str, rewrite: str, replace_global: bool
) -> TensorInfo:
    # JavaScript matches UTF-16 code units (`.` takes half of an emoji), so the matching
    # runs on strings of code units; a lone surrogate left over becomes U+FFFD when the
    # result is stored, as TF.js's UTF-8 encoder makes it.
    regex = js_regex(_code_units(pattern))
    replace = js_replacement(_code_units(rewrite))
    values = backend.values(x)
    out = np.empty(values.shape, dtype=object)
    count = 0 if replace_global else 1
    out.flat[:] = [_from_code_units(regex.sub(replace, _code_units(v), count=count)) for v in values.flat]
    return backend.make_output(out, "string")


def _code_units(value: str | bytes) -> str:
    text = value if isinstance(value, str) else value.decode("utf-8", errors="replace")
    if text.isascii():
        return text
    return "".join(map(chr, np.frombuffer(text.encode("utf-16-le"), "<u2").tolist()))


def _from_code_units(text: str) -> str:
    return (
        text if text.isascii() else text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
    )


_CLASS_ESCAPES = {
    "d": "0-9",
    "w": "A-Za-z0-9_",
    "s": " \\t\\n\\v\\f\\r\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff",
}
_LINE_TERMINATORS = "\\n\\r\\u2028\\u2029"


def js_regex(pattern: str) -> re.Pattern[str]:
    """Compiles a JavaScript regular expression (no flags) as a Python one with the same
    meaning: ASCII \\d \\w \\b, JavaScript's \\s, `.` stopping at any line terminator, `$`
    only at the very end, `(?<name>`, `\\k<name>`, `[^]`, `\\cX`."""
    out: list[str] = []
    i, n, in_class = 0, len(pattern), False
    while i < n:
        ch = pattern[i]
        if ch == "\\" and i + 1 < n:
            nxt = pattern[i + 1]
            i += 2
            if nxt in "dws":
                out.append(_CLASS_ESCAPES[nxt] if in_class else f"[{_CLASS_ESCAPES[nxt]}]")
            elif nxt in "DWS":
                body = _CLASS_ESCAPES[nxt.lower()]
                # A negated set inside a class has no Python spelling; TF.js's patterns
                # rarely have one, and Python's own (Unicode) class is the nearest.
                out.append(f"\\{nxt}" if in_class else f"[^{body}]")
            elif nxt == "b" and not in_class:
                out.append("(?:(?<=[A-Za-z0-9_])(?![A-Za-z0-9_])|(?<![A-Za-z0-9_])(?=[A-Za-z0-9_]))")
            elif nxt == "B" and not in_class:
                out.append("(?:(?<=[A-Za-z0-9_])(?=[A-Za-z0-9_])|(?<![A-Za-z0-9_])(?![A-Za-z0-9_]))")
            elif nxt == "k" and i < n and pattern[i] == "<":
                close = pattern.index(">", i)
                out.append(f"(?P={pattern[i + 1 : close]})")
                i = close + 1
            elif nxt == "c" and i < n and pattern[i].isascii() and pattern[i].isalpha():
                out.append(re.escape(chr(ord(pattern[i]) % 32)))
                i += 1
            elif nxt == "b":  # [\b] is a backspace
                out.append("\\x08")
            elif nxt.isdigit() or nxt in "tnvfrxu0" or not (nxt.isascii() and nxt.isalpha()):
                out.append("\\" + nxt)
            else:  # an identity escape: \a is "a"
                out.append(re.escape(nxt))
            continue
        if in_class:
            if ch == "]":
                in_class = False
            # Literal in both; escaped so Python does not warn of set operations.
            out.append("\\" + ch if ch in "[&~|" else ch)
        elif ch == "[":
            if pattern.startswith("[^]", i):
                out.append("[\\s\\S]")
                i += 3
                continue
            if pattern.startswith("[]", i):
                out.append("(?!)")
                i += 2
                continue
            in_class = True
            out.append(ch)
            if i + 1 < n and pattern[i + 1] == "^":
                out.append("^")
                i += 1
        elif ch == ".":
            out.append(f"[^{_LINE_TERMINATORS}]")
        elif ch == "$":
            out.append("\\Z")
        elif pattern.startswith("(?<", i) and i + 3 < n and pattern[i + 3] not in "=!":
            out.append("(?P<")
            i += 3
            continue
        else:
            out.append(ch)
        i += 1
    try:
        return re.compile("".join(out))
    except re.error as error:
        raise ValueError(f"static_regex_replace: Invalid regular expression: /{pattern}/: {error}") from None


def js_replacement(rewrite: str) -> Callable[[re.Match[str]], str]:
    """The replacement function for a JavaScript replacement string: $$, $&, $`, $', $n,
    $nn and $<name> as String.prototype.replace reads them."""

    def replace(match: re.Match[str]) -> str:
        groups = match.re.groups
        named = match.re.groupindex
        text = match.string
        out: list[str] = []
        i, n = 0, len(rewrite)
        while i < n:
            ch = rewrite[i]
            if ch != "$" or i + 1 == n:
                out.append(ch)
                i += 1
                continue
            nxt = rewrite[i + 1]
            if nxt == "$":
                out.append("$")
                i += 2
            elif nxt == "&":
                out.append(match.group(0))
                i += 2
            elif nxt == "`":
                out.append(text[: match.start()])
                i += 2
            elif nxt == "'":
                out.append(text[match.end() :])
                i += 2
            elif nxt.isdigit():
                two = rewrite[i + 1 : i + 3]
                if len(two) == 2 and two.isdigit() and 1 <= int(two) <= groups:
                    out.append(match.group(int(two)) or "")
                    i += 3
                elif 1 <= int(nxt) <= groups:
                    out.append(match.group(int(nxt)) or "")
                    i += 2
                else:
                    out.append("$")
                    i += 1
            elif nxt == "<" and named and ">" in rewrite[i + 2 :]:
                close = rewrite.index(">", i + 2)
                name = rewrite[i + 2 : close]
                out.append((match.group(name) or "") if name in named else "")
                i = close + 1
            else:
                out.append("$")
                i += 1
        return "".join(out)

    return replace
