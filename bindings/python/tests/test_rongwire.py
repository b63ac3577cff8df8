# bindings/python/tests/test_rongwire.py - the Python package over librongwire.
#
#   RONGWIRE_LIB=$(swift build --show-bin-path)/libRongWireC.so python3 -m pytest bindings/python/tests
#
# Expectations are the documentation's examples (README.md, docs/cli.md) and vectors, written
# here by hand; the tests that compare with the `rongwire` command run the one next to
# RONGWIRE_LIB (the debug build's folder) or RONGWIRE_BIN.
import json
import os
import re
import subprocess
import threading

import pytest

import rongwire

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
TXT = b'{"content":"hi","user":{"id":"u1","icon":"a.png"}}'
BAD_TXT = b'{"content":"hi","user":{"id":"u1","name":5}}'
# docs/cli.md: `frame compose --to group:g1 RC:TxtMsg --push-content "Ann: hi"` and an echo.
PUBLISH = bytes.fromhex(
    "32000670674d7367500002673100010803120952433a5478744d73671a107b22636f6e74656e74223a226869227d2207416e6e3a2068694800")
ECHO = bytes.fromhex(
    "3b6553f100000670674d7367500002673100010803120952433a5478744d73671a107b22636f6e74656e74223a226869227d4800")


def cli():
    """The `rongwire` executable of the same build, or None."""
    explicit = os.environ.get("RONGWIRE_BIN")
    if explicit:
        return explicit
    lib = os.environ.get("RONGWIRE_LIB")
    candidate = os.path.join(os.path.dirname(lib), "rongwire") if lib else None
    return candidate if candidate and os.path.exists(candidate) else None


def run_cli(*args, stdin=b""):
    binary = cli()
    if binary is None:
        pytest.skip("no rongwire executable: set RONGWIRE_BIN, or RONGWIRE_LIB to the debug build's library")
    return subprocess.run([binary, *args], input=stdin, capture_output=True, check=True).stdout


def test_version_is_the_header_s_and_the_package_s():
    header = open(os.path.join(ROOT, "Sources", "CRongWire", "include", "rongwire.h"), encoding="utf-8").read()
    assert re.search(r'#define RONGWIRE_VERSION "([^"]+)"', header).group(1) == rongwire.version()
    assert rongwire.__version__ == rongwire.version()


def test_decode_content_reads_the_legacy_icon_key():
    assert rongwire.decode_content("RC:TxtMsg", TXT) == {"content": "hi", "user": {"id": "u1", "portrait": "a.png"}}
    assert rongwire.decode_content("RC:TxtMsg", TXT.decode(), raw=True) == \
        '{"content":"hi","user":{"id":"u1","portrait":"a.png"}}'


def test_an_error_carries_code_path_and_offset():
    with pytest.raises(rongwire.RongWireError) as caught:
        rongwire.decode_content("RC:TxtMsg", BAD_TXT)
    e = caught.value
    assert (e.code, e.path, e.offset) == ("typeMismatch", "$.user.name", 41)
    # The README's line, as `rongwire decode` prints it.
    assert str(e) == "error[typeMismatch]: expected a string, found number (at $.user.name, byte 41)"


def test_strict_mode_refuses_what_a_leniency_rule_reads():
    with pytest.raises(rongwire.RongWireError) as caught:
        rongwire.decode_content("RC:TxtMsg", TXT, strict=True)
    assert caught.value.code == "notNormalized"


def test_validate_reports_leniencies_and_the_decoder_s_errors():
    assert rongwire.validate_content("RC:TxtMsg", TXT) == ["avatarIcon"]
    assert rongwire.validate_content("RC:TxtMsg", b'{"content":"hi"}') == []
    with pytest.raises(rongwire.RongWireError) as caught:
        rongwire.validate_content("RC:TxtMsg", BAD_TXT)
    assert (caught.value.code, caught.value.path, caught.value.offset) == ("typeMismatch", "$.user.name", 41)


def test_normalize_gives_canonical_bytes():
    assert rongwire.normalize_content("RC:TxtMsg", TXT) == b'{"content":"hi","user":{"id":"u1","portrait":"a.png"}}'
    # RC:RLJoin's canonical empty content is zero bytes; its normalized value is {}.
    assert rongwire.normalize_content("RC:RLJoin", b"") == b""
    assert rongwire.decode_content("RC:RLJoin", b"") == {}
    # An unregistered type: bytes kept as they came, the value as plain JSON.
    assert rongwire.normalize_content("App:Custom", b'{ "a" : 1 }') == b'{ "a" : 1 }'
    assert rongwire.decode_content("App:Custom", b'{ "a" : 1 }', raw=True) == '{"a":1}'


def test_encode_content_needs_a_normalized_value():
    # docs/cli.md, Encode.
    assert rongwire.encode_content("RC:FileMsg", {"size": 1024, "name": "a.pdf", "type": "pdf"}) == \
        b'{"name":"a.pdf","size":1024,"type":"pdf"}'
    with pytest.raises(rongwire.RongWireError) as caught:
        rongwire.encode_content("RC:FileMsg", '{"size":"1024","name":"a.pdf"}')
    assert (caught.value.code, caught.value.path, caught.value.offset) == ("notNormalized", "$.size", 8)
    assert rongwire.encode_content("RC:FileMsg", '{"size":"1024","name":"a.pdf"}', lenient=True) == \
        b'{"name":"a.pdf","size":1024}'
    with pytest.raises(rongwire.RongWireError) as caught:
        rongwire.encode_content("App:Custom", {})
    assert caught.value.code == "unknownObjectName"


def test_the_kit_examples_register_the_live_room_types():
    # vectors/content/live-room.yaml, Optional.Content.LiveLikeMsg.CountWithSender.
    like = b'{"user":{"name":"Mei","id":"u7"},"count":12}'
    assert rongwire.decode_content("Live:LikeMsg", like, kit_examples=True, raw=True) == \
        '{"count":12,"user":{"id":"u7","name":"Mei"}}'
    # Without them Live:LikeMsg is unregistered: its content comes back as plain JSON, in its order.
    assert rongwire.decode_content("Live:LikeMsg", like, raw=True) == '{"user":{"name":"Mei","id":"u7"},"count":12}'
    with pytest.raises(rongwire.RongWireError) as caught:
        rongwire.decode_content("Live:LikeMsg", b'{"count":0}', kit_examples=True)
    assert caught.value.code == "numberOutOfRange"  # Optional.Content.LiveLikeMsg.CountZero


def test_types_is_the_catalog():
    catalog = rongwire.types()
    assert len(catalog) == 75  # docs/cli.md, Types
    by_name = {t["objectName"]: t for t in catalog}
    assert by_name["RC:TxtMsg"]["persistence"] == {"name": "ISCOUNTED", "value": 3}
    assert by_name["RC:RcCmd"]["command"] is True
    assert "RC:HQVcMsg" in by_name["RC:HQVCMsg"]["aliases"] and by_name["RC:HQVCMsg"]["media"] is True
    assert by_name["RC:ReferenceMsg"]["searchProps"] == ["content"] and "searchProps" not in by_name["RC:TxtMsg"]


def test_outputs_are_the_command_line_s():
    assert json.loads(run_cli("types", "--json")) == rongwire.types()
    assert run_cli("decode", "RC:TxtMsg", stdin=TXT).decode().strip() == rongwire.decode_content("RC:TxtMsg", TXT, raw=True)
    assert run_cli("frame", "decode", "--from", "client", "--hex", PUBLISH.hex()).decode().strip() == \
        rongwire.decode_frame(PUBLISH, "client", raw=True)
    assert run_cli("frame", "decode", "--from", "server", "--message", "--user-id", "me", "--hex", ECHO.hex()
                   ).decode().strip() == rongwire.read_message(ECHO, user_id="me", raw=True)


def test_frames_round_trip_and_messages_compose():
    packet = rongwire.decode_frame(PUBLISH, "client")
    assert packet["topic"] == "pgMsgP" and packet["body"]["pushText"] == "Ann: hi"
    assert rongwire.encode_frame(packet, "client") == PUBLISH
    message = {"conversationType": 3, "targetId": "g1", "objectName": "RC:TxtMsg",
               "content": '{"content":"hi"}', "messageId": 1, "pushContent": "Ann: hi"}
    assert rongwire.compose_message(message) == PUBLISH
    received = rongwire.read_message(ECHO, user_id="me")
    assert (received["senderUserId"], received["direction"], received["sync"]) == ("me", "sent", True)
    with pytest.raises(rongwire.RongWireError) as caught:
        rongwire.read_message(PUBLISH, "client")
    assert caught.value.code == "notAMessage"
    with pytest.raises(rongwire.RongWireError) as caught:
        rongwire.decode_frame(b"", "server")
    assert (caught.value.code, caught.value.offset) == ("truncated", 0)


def test_json_text_and_object_names():
    assert rongwire.parse_json(' { "a" : [ 1 , "x" ] } ', raw=True) == '{"a":[1,"x"]}'
    with pytest.raises(rongwire.RongWireError) as caught:
        rongwire.parse_json('{"a":1,"a":2}')
    assert caught.value.code == "duplicateKey"
    with pytest.raises(rongwire.RongWireError) as caught:
        rongwire.parse_json("[" * 100_000, max_bytes=200_000)
    assert (caught.value.code, caught.value.offset) == ("depthLimit", 64)
    assert rongwire.check_object_name("App:GiftMsg") == "App:GiftMsg"
    with pytest.raises(rongwire.RongWireError) as caught:
        rongwire.check_object_name("RC:GiftMsg")
    assert caught.value.code == "invalidObjectName"


def test_nim_records_convert_and_report_losses():
    # The README's example: a NIM audio message loses its local path and its millisecond precision.
    audio = (b'{"messageId":"m1","messageType":2,"from":"alice","session":{"sessionId":"t1","sessionType":1},'
             b'"timestamp":1700000000.5,"attachment":{"url":"https://n/a.aac","path":"/tmp/a.aac","duration":1500}}')
    converted = rongwire.convert_nim("to-rc", audio)
    assert converted["output"]["objectName"] == "RC:HQVCMsg"
    assert json.loads(converted["output"]["content"]) == {"remoteUrl": "https://n/a.aac", "duration": 2}
    assert sorted(loss["path"] for loss in converted["loss"]) == ["$.attachment.duration", "$.attachment.path"]
    with pytest.raises(rongwire.RongWireError) as caught:
        rongwire.convert_nim("to-rc", audio, strict=True)
    assert caught.value.code == "lossyConversion"
    back = rongwire.convert_nim("from-rc", json.dumps(converted["output"]))
    assert back["output"]["attachment"]["url"] == "https://n/a.aac"


def test_hostile_arguments_are_errors_not_crashes():
    with pytest.raises(rongwire.RongWireError) as caught:
        rongwire.decode_content(b"RC:\xff", b"{}")
    assert caught.value.code == "invalidObjectName"
    with pytest.raises(rongwire.RongWireError) as caught:
        rongwire.decode_content("RC:TxtMsg", b'{"content":"\xc3\x28"}')
    assert (caught.value.code, caught.value.offset) == ("invalidUTF8", 12)
    with pytest.raises(rongwire.RongWireError) as caught:
        rongwire.decode_content("RC:TxtMsg", b"{" + b" " * 200_000 + b"}")
    assert caught.value.code == "sizeLimit"
    with pytest.raises(rongwire.RongWireError) as caught:
        rongwire.parse_json("[]", max_depth=5000)
    assert caught.value.code == "invalidArgument"
    with pytest.raises(rongwire.RongWireError) as caught:
        rongwire.convert_nim("read", b"{}", form="fax")
    assert caught.value.code == "invalidArgument"
    with pytest.raises(ValueError):
        rongwire.decode_frame(b"\xc0", "sideways")
    with pytest.raises(TypeError):
        rongwire.decode_content("RC:TxtMsg", 42)
    # A name with U+0000 is a name like any other: no registered type has it.
    assert rongwire.decode_content("RC:Txt\x00Msg", b'{"content":"hi"}') == {"content": "hi"}


def test_ten_threads_agree_with_one():
    inputs = [("RC:TxtMsg", TXT), ("RC:TxtMsg", BAD_TXT), ("RC:FileMsg", b'{"size":"1024","name":"a.pdf"}')]

    def outcome(name, data):
        try:
            return rongwire.decode_content(name, data, raw=True)
        except rongwire.RongWireError as e:
            return str(e)

    reference = [outcome(n, d) for n, d in inputs]
    results = []

    def work():
        results.append(all(outcome(n, d) == r for _ in range(200) for (n, d), r in zip(inputs, reference)))

    threads = [threading.Thread(target=work) for _ in range(10)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [True] * 10
