"""RongWire from Python: the content codec, the envelope and the NIM converter of RongWire, the
reference codec of the RongCloud IM protocol, through its C library (librongwire) with ctypes.

    >>> import rongwire
    >>> rongwire.decode_content("RC:TxtMsg", b'{"content":"hi","user":{"id":"u1","icon":"a.png"}}')
    {'content': 'hi', 'user': {'id': 'u1', 'portrait': 'a.png'}}

Every function gives what the `rongwire` command of the same name prints, and raises
`RongWireError` (with the stable error `code`, the byte `offset` and the JSON `path`) on bad
input. The library is found at `$RONGWIRE_LIB`, else next to this file (the wheel bundles it),
else on the system's library path. Functions may be called from any number of threads (ctypes
releases the GIL during a call).
"""

import ctypes
import ctypes.util
import json
import os

__version__ = "0.1.0"

__all__ = [
    "RongWireError",
    "version",
    "decode_content",
    "normalize_content",
    "validate_content",
    "encode_content",
    "types",
    "decode_frame",
    "encode_frame",
    "compose_message",
    "read_message",
    "parse_json",
    "check_object_name",
    "convert_nim",
]


class RongWireError(Exception):
    """Bad input (or a bad argument: code `invalidArgument`), as the library reports it.

    `code` is stable (spec/vectors.md: `typeMismatch`, `truncated`, `unknownObjectName`, ...),
    `message` is for people, `offset` the byte offset into the input (or None), `path` the JSON
    path of the value at fault (`$.user.name`, or None)."""

    def __init__(self, code, message, offset=None, path=None):
        self.code = code
        self.message = message
        self.offset = offset
        self.path = path
        super().__init__(code, message, offset, path)

    def __str__(self):
        where = []
        if self.path is not None:
            where.append("at " + self.path)
        if self.offset is not None:
            where.append("byte %d" % self.offset)
        return "error[%s]: %s%s" % (self.code, self.message, " (%s)" % ", ".join(where) if where else "")


# rongwire.h, field for field.
class _Options(ctypes.Structure):
    _fields_ = [
        ("max_bytes", ctypes.c_size_t),
        ("max_depth", ctypes.c_uint32),
        ("flags", ctypes.c_uint32),
        ("query_topic", ctypes.c_char_p),
        ("query_topic_length", ctypes.c_size_t),
        ("user_id", ctypes.c_char_p),
        ("user_id_length", ctypes.c_size_t),
        ("protocol_version", ctypes.c_uint32),
    ]


class _Result(ctypes.Structure):
    _fields_ = [
        ("data", ctypes.c_void_p),
        ("length", ctypes.c_size_t),
        ("error_code", ctypes.c_void_p),
        ("error_message", ctypes.c_void_p),
        ("error_path", ctypes.c_void_p),
        ("error_offset", ctypes.c_int64),
        ("leniencies", ctypes.c_void_p),
        ("info", ctypes.c_uint32),
    ]


_OK = 0
_STRICT, _LENIENT, _PRETTY, _CANONICAL, _RAW_BODY, _KIT_EXAMPLES = 0x01, 0x02, 0x04, 0x08, 0x10, 0x20
_INFO_UNREGISTERED = 0x01
_SIDES = {"client": 1, "server": 2}
_NIM_OPERATIONS = {"decode": 1, "read": 2, "to-rc": 3, "from-rc": 4}


def _load():
    explicit = os.environ.get("RONGWIRE_LIB")
    if explicit:
        return ctypes.CDLL(explicit)
    bundled = os.path.join(os.path.dirname(os.path.abspath(__file__)), "librongwire.so")
    if os.path.exists(bundled):
        return ctypes.CDLL(bundled)
    found = ctypes.util.find_library("rongwire")
    if found:
        return ctypes.CDLL(found)
    raise ImportError(
        "librongwire not found: set RONGWIRE_LIB to its path, install the wheel that bundles it, "
        "or put it on the library path (tools/release/build.sh builds it)"
    )


_lib = _load()
_P = ctypes.c_char_p  # bytes in (no copy), or None
_N = ctypes.c_size_t
_O = ctypes.POINTER(_Options)
_R = ctypes.POINTER(_Result)
for _name, _args in {
    "rongwire_decode_content": [_P, _N, _P, _N, _O, _R],
    "rongwire_validate_content": [_P, _N, _P, _N, _O, _R],
    "rongwire_encode_content": [_P, _N, _P, _N, _O, _R],
    "rongwire_types": [_O, _R],
    "rongwire_decode_frame": [ctypes.c_int, _P, _N, _O, _R],
    "rongwire_encode_frame": [ctypes.c_int, _P, _N, _O, _R],
    "rongwire_compose_message": [_P, _N, _O, _R],
    "rongwire_read_message": [ctypes.c_int, _P, _N, _O, _R],
    "rongwire_parse_json": [_P, _N, _O, _R],
    "rongwire_check_object_name": [_P, _N, _O, _R],
    "rongwire_convert_nim": [ctypes.c_int, _P, _N, _P, _N, _P, _N, _O, _R],
}.items():
    getattr(_lib, _name).argtypes = _args
    getattr(_lib, _name).restype = ctypes.c_int
_lib.rongwire_free.argtypes = [_R]
_lib.rongwire_free.restype = None
_lib.rongwire_version.argtypes = []
_lib.rongwire_version.restype = ctypes.c_char_p


def version():
    """The library's version (`rongwire --version` of the same release)."""
    return _lib.rongwire_version().decode()


def _bytes(value, what):
    """Bytes of an input: bytes-like as they are, str as UTF-8."""
    if isinstance(value, str):
        return value.encode("utf-8")
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value)
    raise TypeError("%s must be bytes or str, not %s" % (what, type(value).__name__))


def _json_text(value, what):
    """A JSON input: bytes or str are the JSON text; anything else is serialized with json."""
    if isinstance(value, (str, bytes, bytearray, memoryview)):
        return _bytes(value, what)
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _options(max_bytes=None, max_depth=None, flags=0, query_topic=None, user_id=None, protocol_version=None):
    o = _Options()
    o.max_bytes = max_bytes or 0
    o.max_depth = max_depth or 0
    o.flags = flags
    if query_topic is not None:
        t = _bytes(query_topic, "query_topic")
        o.query_topic, o.query_topic_length = t, len(t)
    if user_id is not None:
        u = _bytes(user_id, "user_id")
        o.user_id, o.user_id_length = u, len(u)
    if protocol_version is not None:
        o.protocol_version = protocol_version
    return o


def _call(function, *args):
    """Calls a library function with a fresh result; returns (output bytes, leniencies, info)
    or raises RongWireError. The result is always freed."""
    r = _Result()
    status = function(*args, ctypes.byref(r))
    try:
        if status == _OK:
            data = ctypes.string_at(r.data, r.length) if r.length else b""
            leniencies = ctypes.string_at(r.leniencies).decode().split(",") if r.leniencies else []
            return data, leniencies, r.info
        code = ctypes.string_at(r.error_code).decode() if r.error_code else "invalidArgument"
        message = ctypes.string_at(r.error_message).decode("utf-8", "replace") if r.error_message else code
        path = ctypes.string_at(r.error_path).decode("utf-8", "replace") if r.error_path else None
        offset = r.error_offset if r.error_offset >= 0 else None
        raise RongWireError(code, message, offset, path)
    finally:
        _lib.rongwire_free(ctypes.byref(r))


def _json_out(data, raw):
    text = data.decode("utf-8")
    return text if raw else json.loads(text)


def _side(side):
    try:
        return _SIDES[side]
    except KeyError:
        raise ValueError("side must be 'client' or 'server', not %r" % (side,)) from None


def _mode(strict):
    return _STRICT if strict else 0


def decode_content(object_name, content, *, strict=False, max_bytes=None, max_depth=None, kit_examples=False,
                   raw=False):
    """Content bytes of type `object_name` → the normalized value (`rongwire decode`): canonical
    key names and types, unknown keys kept. An unregistered type gives its content as plain JSON.
    `raw=True` returns the JSON text instead of Python values."""
    name = _bytes(object_name, "object_name")
    data = _bytes(content, "content")
    flags = _mode(strict) | (_KIT_EXAMPLES if kit_examples else 0)
    out, _, _ = _call(_lib.rongwire_decode_content, name, len(name), data, len(data),
                      ctypes.byref(_options(max_bytes, max_depth, flags)))
    return _json_out(out, raw)


def normalize_content(object_name, content, *, strict=False, max_bytes=None, max_depth=None, kit_examples=False):
    """Content bytes → the canonical content bytes of the same value: what a sender writes and a
    store keeps (an unregistered type's bytes come back as they are)."""
    name = _bytes(object_name, "object_name")
    data = _bytes(content, "content")
    flags = _mode(strict) | _CANONICAL | (_KIT_EXAMPLES if kit_examples else 0)
    out, _, _ = _call(_lib.rongwire_decode_content, name, len(name), data, len(data),
                      ctypes.byref(_options(max_bytes, max_depth, flags)))
    return out


def validate_content(object_name, content, *, strict=False, max_bytes=None, max_depth=None, kit_examples=False):
    """Checks content bytes as `decode_content` would, without building the value; returns the
    leniency rules that fired (spec/content-common.md), raises RongWireError when invalid."""
    name = _bytes(object_name, "object_name")
    data = _bytes(content, "content")
    flags = _mode(strict) | (_KIT_EXAMPLES if kit_examples else 0)
    _, leniencies, _ = _call(_lib.rongwire_validate_content, name, len(name), data, len(data),
                             ctypes.byref(_options(max_bytes, max_depth, flags)))
    return leniencies


def encode_content(object_name, value, *, lenient=False, max_bytes=None, max_depth=None, kit_examples=False):
    """A normalized value (Python values, or JSON text as str or bytes) → canonical content
    bytes (`rongwire encode`). The value must be normalized unless `lenient`."""
    name = _bytes(object_name, "object_name")
    text = _json_text(value, "value")
    flags = (_LENIENT if lenient else 0) | (_KIT_EXAMPLES if kit_examples else 0)
    out, _, _ = _call(_lib.rongwire_encode_content, name, len(name), text, len(text),
                      ctypes.byref(_options(max_bytes, max_depth, flags)))
    return out


def types(*, raw=False):
    """The content type catalog (`rongwire types --json`): one dict per type with objectName,
    swiftType, persistence {name, value}, command, media, officialRegistry, open, aliases, keys."""
    out, _, _ = _call(_lib.rongwire_types, None)
    return _json_out(out, raw)


def decode_frame(frame, side, *, query_topic=None, raw_body=False, kit_examples=False, max_bytes=None, raw=False,
                 protocol_version=None):
    """The bytes of one RMTP packet sent by `side` ('client' or 'server') → the packet JSON form
    of spec/envelope.md (`rongwire frame decode`). `query_topic`: for a QUERYACK, the topic of
    the QUERY it answers; `protocol_version`: the connection's, 3 (default) or 4, which decides
    a CONNACK's layout."""
    data = _bytes(frame, "frame")
    flags = (_RAW_BODY if raw_body else 0) | (_KIT_EXAMPLES if kit_examples else 0)
    out, _, _ = _call(_lib.rongwire_decode_frame, _side(side), data, len(data),
                      ctypes.byref(_options(max_bytes, None, flags, query_topic, None, protocol_version)))
    return _json_out(out, raw)


def encode_frame(packet, side, *, max_bytes=None, protocol_version=None):
    """The packet JSON form (a dict, or JSON text) → the packet's bytes (`rongwire frame encode`);
    `protocol_version` as for `decode_frame`."""
    text = _json_text(packet, "packet")
    out, _, _ = _call(_lib.rongwire_encode_frame, _side(side), text, len(text),
                      ctypes.byref(_options(max_bytes, None, 0, None, None, protocol_version)))
    return out


def compose_message(message, *, kit_examples=False, max_bytes=None):
    """A message in the outbound message JSON form of spec/envelope.md (a dict, or JSON text:
    conversationType, targetId, objectName, content, messageId, ...) → the bytes of the client
    PUBLISH that sends it."""
    text = _json_text(message, "message")
    flags = _KIT_EXAMPLES if kit_examples else 0
    out, _, _ = _call(_lib.rongwire_compose_message, text, len(text), ctypes.byref(_options(max_bytes, None, flags)))
    return out


def read_message(frame, side="server", *, query_topic=None, user_id=None, kit_examples=False, max_bytes=None,
                 raw=False):
    """A received message: a server PUBLISH → the inbound message JSON form, a QUERYACK answering
    pullMsg or chrmPull (give `query_topic`) → the pull result (`rongwire frame decode --message`).
    `user_id`: the current user, shown as the sender of the user's own echoed messages."""
    data = _bytes(frame, "frame")
    flags = _KIT_EXAMPLES if kit_examples else 0
    out, _, _ = _call(_lib.rongwire_read_message, _side(side), data, len(data),
                      ctypes.byref(_options(max_bytes, None, flags, query_topic, user_id)))
    return _json_out(out, raw)


def parse_json(text, *, max_bytes=None, max_depth=None, raw=False):
    """One JSON text by the codec's strict rules (no duplicate keys, no lone surrogates, limits)."""
    data = _bytes(text, "text")
    out, _, _ = _call(_lib.rongwire_parse_json, data, len(data), ctypes.byref(_options(max_bytes, max_depth)))
    return _json_out(out, raw)


def check_object_name(object_name):
    """Checks an objectName against RongCloud's naming rules for custom types; returns it."""
    name = _bytes(object_name, "object_name")
    out, _, _ = _call(_lib.rongwire_check_object_name, name, len(name), None)
    return out.decode("utf-8")


def convert_nim(operation, record, *, form=None, types=None, strict=False, kit_examples=False, max_bytes=None,
                max_depth=None, raw=False):
    """NIM ↔ RongCloud records (spec/nim.md, `rongwire nim`). `operation`: 'decode' (a record in
    RongWire's NIM form → canonical form), 'read' (any NIM form → {form, record, loss}), 'to-rc'
    and 'from-rc' (→ {output, loss}). `form`: the NIM form read or written; `types`: a
    custom-type mapping (dict or JSON text); `strict`: any loss raises lossyConversion."""
    try:
        op = _NIM_OPERATIONS[operation]
    except KeyError:
        raise ValueError("operation must be one of %s, not %r" % (", ".join(_NIM_OPERATIONS), operation)) from None
    data = _bytes(record, "record")
    form_bytes = _bytes(form, "form") if form is not None else None
    types_text = _json_text(types, "types") if types is not None else None
    flags = _mode(strict) | (_KIT_EXAMPLES if kit_examples else 0)
    out, _, _ = _call(_lib.rongwire_convert_nim, op, form_bytes, len(form_bytes or b""), types_text,
                      len(types_text or b""), data, len(data), ctypes.byref(_options(max_bytes, max_depth, flags)))
    return _json_out(out, raw)
