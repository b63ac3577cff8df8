#!/usr/bin/env python3
"""tools/vectorgen/har_example.py - writes the example HAR of a Web app's session

    python3 tools/vectorgen/har_example.py          # (re)writes examples/captures/web-session.har
    python3 tools/vectorgen/har_example.py --check  # fails if the file differs

A HAR (HTTP Archive 1.2) as Chrome's DevTools exports it ("Export HAR (with content)"): the
navigation request, a RongCloud WebSocket whose `_webSocketMessages` hold the frames of a short
session, and a WebSocket of another service. Every frame is built with the encoders of
envelope_vectors.py from the layouts of spec/envelope.md, not by RongWire: the server's CONNACK
with its user (ENV-PKT-002), the client's PUBLISH of an RC:TxtMsg on ppMsgP (ENV-PKT-004) and the
server's PUBACK (ENV-PKT-007), a private message pushed on s_msg (ENV-PKT-005) and the client's
PUBACK (ENV-PKT-006), PINGREQ and PINGRESP (ENV-PKT-011). `rongwire har` reads it in the README,
and Tests/RongProxyTests/CaptureFileTests.swift checks the decoded values against the values
written here.

Standard library only.
"""

import base64
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from envelope_vectors import ROOT, connack, down, header_only, id_only, server_publish, server_puback, up, addressed  # noqa: E402

OUT = os.path.join(ROOT, "examples", "captures", "web-session.har")

APP_KEY = "8luwapkvucoil"
TOKEN = "alice-token/xyz=@cn.rongnav.com;cn.rongcfg.com"
T0 = 1764403200.125  # 2025-11-29 08:00:00.125 UTC
DATE = 1764403200

# (seconds after T0, type, opcode, payload bytes): the session, in order.
MESSAGES = [
    (0.081, "receive", 2, connack(0, tail=("alice", "s-8a6f", 1764403200201))[0]),
    (1.502, "send", 2, addressed("PUBLISH", "ppMsgP", "bob", 1, up(3, content='{"content":"hi Bob"}').b, qos=1)[0]),
    (1.547, "receive", 2, server_puback(1, DATE + 1, 0, 672, "CFQ8-A1B2-C3D4-0001")[0]),
    (3.214, "receive", 2, server_publish(DATE + 3, "s_msg", "alice", 7,
                                         down(channel="PERSON", from_user="bob", group_id=None, content='{"content":"hi Alice"}',
                                              data_time=1764403203180, msg_id="CFQ8-A1B2-C3D4-0002").b)[0]),
    (3.216, "send", 2, id_only("PUBACK", 7)[0]),
    (4.000, "send", 1, b'{"type":"heartbeat"}'),
    (30.001, "send", 2, header_only("PINGREQ")[0]),
    (30.040, "receive", 2, header_only("PINGRESP")[0]),
]


def ws_message(offset, kind, opcode, payload):
    data = payload.decode("utf-8") if opcode == 1 else base64.b64encode(payload).decode("ascii")
    return {"type": kind, "time": round(T0 + offset, 3), "opcode": opcode, "data": data}


def request(url, query):
    return {"method": "GET", "url": url, "httpVersion": "HTTP/1.1", "headers": [],
            "queryString": [{"name": k, "value": v} for k, v in query], "cookies": [], "headersSize": -1, "bodySize": 0}


def entry(url, query, started, resource_type, messages=None, status=101):
    e = {"_resourceType": resource_type, "startedDateTime": started, "time": 12.5, "request": request(url, query),
         "response": {"status": status, "statusText": "Switching Protocols" if status == 101 else "OK", "httpVersion": "HTTP/1.1",
                      "headers": [], "cookies": [], "content": {"size": 0, "mimeType": "x-unknown"}, "redirectURL": "",
                      "headersSize": -1, "bodySize": -1},
         "cache": {}, "timings": {"send": 0, "wait": 12.5, "receive": 0}}
    if messages is not None:
        e["_webSocketMessages"] = messages
    return e


def har():
    pct_token = TOKEN.replace("/", "%2F").replace("=", "%3D").replace("@", "%40").replace(";", "%3B")
    ws_query = [("appId", APP_KEY), ("token", TOKEN), ("sdkVer", "5.7.2"), ("pid", ""), ("apiVer", "browser"),
                ("protocolVer", "3")]
    ws_url = ("wss://cn-ws.example.invalid/websocket?appId=" + APP_KEY + "&token=" + pct_token
              + "&sdkVer=5.7.2&pid=&apiVer=browser&protocolVer=3")
    navi_query = [("appId", APP_KEY), ("token", TOKEN), ("callBack", "getServerEndpoint"), ("v", "5.7.2"), ("r", "1")]
    navi_url = ("https://nav.example.invalid/navi.js?appId=" + APP_KEY + "&token=" + pct_token
                + "&callBack=getServerEndpoint&v=5.7.2&r=1")
    entries = [
        entry(navi_url, navi_query, "2025-11-29T07:59:59.900Z", "script", status=200),
        entry(ws_url, ws_query, "2025-11-29T08:00:00.020Z", "websocket", [ws_message(*m) for m in MESSAGES]),
        entry("wss://live.example.invalid/socket", [], "2025-11-29T08:00:00.400Z", "websocket",
              [ws_message(0.5, "receive", 1, b'{"online":3}')]),
    ]
    return {"log": {"version": "1.2", "creator": {"name": "WebInspector", "version": "537.36"}, "pages": [], "entries": entries}}


def main():
    text = json.dumps(har(), indent=1, ensure_ascii=False) + "\n"
    if "--check" in sys.argv[1:]:
        try:
            same = open(OUT, encoding="utf-8").read() == text
        except FileNotFoundError:
            same = False
        if not same:
            print("stale: examples/captures/web-session.har", file=sys.stderr)
            sys.exit(1)
        print("examples/captures/web-session.har up to date")
        return
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(text)
    print("examples/captures/web-session.har")


if __name__ == "__main__":
    main()
