#!/usr/bin/env python3
"""A testee (spec/testee-protocol.md) that answers every vector kind through the Python package,
and so through librongwire's C interface:

    rongwire conform vectors --testee "python3 bindings/python/rongwire_testee.py"

It answers as `rongwire testee` does (Sources/RongConformance/Testees/CodecTestee.swift), with
the kit's example custom types and NIM mapping (kit_examples), so it passes the vectors the
in-process run passes. `RONGWIRE_LIB` names the library when it is not bundled or installed.
Values travel as JSON text: the library's output goes into the response unparsed, and input
values are written back with their numbers exactly as the runner sent them.
"""

import json
import struct
import sys

import rongwire

KINDS = [
    "decode", "roundtrip", "encode", "json-parse", "objectname", "persistence", "attributes",
    "frame-decode", "frame-encode", "message-decode", "message-encode",
    "nim-decode", "nim-read", "nim-to-rc", "rc-to-nim",
]
NIM_OPERATIONS = {"nim-decode": "decode", "nim-read": "read", "nim-to-rc": "to-rc", "rc-to-nim": "from-rc"}


class Number(str):
    """A JSON number's text, kept as the runner wrote it."""


def dump(value):
    """JSON text of a parsed request value, numbers as they came."""
    if isinstance(value, Number):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    if isinstance(value, list):
        return "[" + ",".join(dump(v) for v in value) + "]"
    return "{" + ",".join(json.dumps(k, ensure_ascii=False) + ":" + dump(v) for k, v in value.items()) + "}"


def accepted(value=None, data=None, leniencies=None):
    """An `accepted` response; `value` is JSON text."""
    parts = ['"result":"accepted"']
    if value is not None:
        parts.append('"value":' + value)
    if data is not None:
        parts.append('"hex":"' + data.hex() + '"')
    if leniencies is not None:
        parts.append('"leniencies":' + json.dumps(leniencies))
    return "{" + ",".join(parts) + "}"


def rejected(error):
    return json.dumps({"result": "rejected", "error": error.code, "message": str(error)})


def validator_rejects_too(name, data, strict, limits, error):
    """The rejection of a decode, after checking that the validator rejects the same bytes with
    the same code, offset and path (it promises exactly the decoder's errors)."""
    try:
        rongwire.validate_content(name, data, strict=strict, kit_examples=True, **limits)
    except rongwire.RongWireError as v:
        if (v.code, v.offset, v.path) == (error.code, error.offset, error.path):
            return rejected(error)
        return json.dumps({"result": "error", "message": "decoder: %s; validator: %s" % (error, v)})
    return json.dumps({"result": "error", "message": "the decoder rejected (%s), the validator accepted" % error})


def catalog_index():
    """objectName and alias → catalog entry, from rongwire.types()."""
    index = {}
    for entry in rongwire.types():
        index[entry["objectName"]] = entry
        for alias in entry["aliases"]:
            index[alias] = entry
    return index


def answer(request, catalog):
    kind = request["kind"]
    if kind == "hello":
        return json.dumps({"result": "hello", "name": "rongwire-python", "version": rongwire.version(),
                           "protocolVersion": 1, "kinds": KINDS})
    if kind not in KINDS:
        return json.dumps({"result": "skipped", "reason": "unknown kind " + kind})
    options = request.get("options", {})
    # The connection's protocol version, for the frame kinds (absent: 3).
    version = int(options["protocolVer"]) if "protocolVer" in options else None
    limits = {"max_bytes": int(options["maxBytes"]) if "maxBytes" in options else None,
              "max_depth": int(options["maxDepth"]) if "maxDepth" in options else None}
    strict = options.get("mode") == "strict"
    given = request.get("input", {})
    data = bytes.fromhex(given["hex"]) if "hex" in given else None
    value = dump(given["value"]) if "value" in given else None
    name = request.get("objectName")
    side = request.get("from")
    try:
        if kind in ("decode", "roundtrip"):
            try:
                text = rongwire.decode_content(name, data, strict=strict, kit_examples=True, raw=True, **limits)
            except rongwire.RongWireError as e:
                return validator_rejects_too(name, data, strict, limits, e)
            canonical = rongwire.normalize_content(name, data, strict=strict, kit_examples=True, **limits)
            # The validator must accept what the decoder accepts; its leniencies are reported.
            try:
                leniencies = rongwire.validate_content(name, data, strict=strict, kit_examples=True, **limits)
            except rongwire.RongWireError as e:
                return json.dumps({"result": "error", "message": "the decoder accepted, the validator: " + str(e)})
            return accepted(text, canonical, leniencies)
        if kind == "encode":
            return accepted(data=rongwire.encode_content(name, value, kit_examples=True, **limits))
        if kind in ("persistence", "attributes"):
            entry = catalog.get(data.decode("utf-8", "replace"))
            if entry is None:
                return json.dumps({"result": "rejected", "error": "unknownObjectName"})
            if kind == "persistence":
                return accepted(str(entry["persistence"]["value"]))
            return accepted(json.dumps({"command": entry["command"], "media": entry["media"]}))
        if kind == "objectname":
            return accepted(json.dumps(rongwire.check_object_name(data.decode("utf-8", "replace")), ensure_ascii=False))
        if kind == "json-parse":
            text = rongwire.parse_json(data, raw=True, **limits)
            return accepted(text, text.encode("utf-8"))
        if kind == "frame-decode":
            text = rongwire.decode_frame(data, side, query_topic=options.get("queryTopic"), kit_examples=True, raw=True,
                                         protocol_version=version)
            # Decode then encode must give the input back (spec/envelope.md).
            return accepted(text, rongwire.encode_frame(text, side, protocol_version=version))
        if kind == "frame-encode":
            return accepted(data=rongwire.encode_frame(value, side, protocol_version=version))
        if kind == "message-decode":
            text = rongwire.read_message(data, side, query_topic=options.get("queryTopic"),
                                         user_id=options.get("currentUserId"), kit_examples=True, raw=True)
            return accepted(text)
        if kind == "message-encode":
            return accepted(data=rongwire.compose_message(value, kit_examples=True))
        text = rongwire.convert_nim(NIM_OPERATIONS[kind], data, form=options.get("form"), strict=strict,
                                    kit_examples=True, raw=True, **limits)
        # A canonical NIM record's bytes are its JSON text.
        return accepted(text, text.encode("utf-8") if kind == "nim-decode" else None)
    except rongwire.RongWireError as e:
        if e.code == "invalidArgument":
            return json.dumps({"result": "error", "message": str(e)})
        return rejected(e)


def main():
    catalog = catalog_index()
    inp, out = sys.stdin.buffer, sys.stdout.buffer
    while True:
        head = inp.read(4)
        if len(head) < 4:
            break
        body = inp.read(struct.unpack("<I", head)[0])
        try:
            request = json.loads(body, parse_int=Number, parse_float=Number)
            response = answer(request, catalog)
        except Exception as e:  # a bug here is this testee's, reported as such (result: error)
            response = json.dumps({"result": "error", "message": "%s: %s" % (type(e).__name__, e)})
        encoded = response.encode("utf-8")
        out.write(struct.pack("<I", len(encoded)) + encoded)
        out.flush()


if __name__ == "__main__":
    main()
