#!/usr/bin/env python3
"""Replays the attacks of issue 21 ("the peer under attack") against a `rongwire peer` process
and prints, per probe, what happened: the HTTP status or close code, how long it took, the
peer's memory (VmRSS / VmHWM from /proc) and how a normal client fared meanwhile (the round
trip of an RMTP PINGREQ from a second connection, every 20 ms: median and maximum).

    tools/peer/hostile-repro.py --rongwire .build/debug/rongwire [--item N ...] [--json FILE]

Items (numbers as in the issue): 1 durations that overflow, 2 WebSocket ping flood, 3 YAML
alias keys, 4 timeouts and the descriptor limit, 5 loader amplification, 6 GET /state with many
users, 7 inputs accepted that should be refused, 8 unclear answers. Linux only (/proc); Python 3
standard library only. It starts and stops its own peers on free ports; it never kills anything
it did not start.
"""
import argparse
import base64
import json
import os
import resource
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time

ROWS = []


def row(item, probe, outcome, seconds=None, rss=None, client=None):
    r = {"item": item, "probe": probe, "outcome": outcome}
    if seconds is not None:
        r["seconds"] = round(seconds, 3)
    if rss is not None:
        r["rssMB"] = rss
    if client is not None:
        r["normalClient"] = client
    ROWS.append(r)
    extra = []
    if seconds is not None:
        extra.append(f"{seconds:.3f} s")
    if rss is not None:
        extra.append("RSS " + rss)
    if client is not None:
        extra.append("normal client " + client)
    print(f"[{item}] {probe}: {outcome}" + (f"  ({'; '.join(extra)})" if extra else ""), flush=True)


# ---------------------------------------------------------------------------------------------
# The peer process


class Peer:
    def __init__(self, rongwire, args=(), nofile=None, startup=120):
        self.rongwire = rongwire
        self.out = tempfile.NamedTemporaryFile(prefix="hostile-peer-", suffix=".out", delete=False)
        self.err = tempfile.NamedTemporaryFile(prefix="hostile-peer-", suffix=".err", delete=False)

        def limit():
            if nofile:
                resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))

        cmd = [rongwire, "peer", "--port", "0", "--manual-clock", "--log-level", "error", *args]
        self.proc = subprocess.Popen(cmd, stdout=self.out, stderr=self.err, preexec_fn=limit)
        deadline = time.time() + startup
        self.port = None
        while time.time() < deadline and self.proc.poll() is None:
            text = open(self.out.name).read()
            if "listening on ws://" in text:
                self.port = int(text.split("listening on ws://", 1)[1].split("/", 1)[0].rsplit(":", 1)[1])
                break
            time.sleep(0.05)
        if self.port is None:
            raise RuntimeError(f"peer did not start: {self.stderr()}")

    def alive(self):
        return self.proc.poll() is None

    def status(self):
        """'alive', or how it ended (signal name or exit status)."""
        code = self.proc.poll()
        if code is None:
            return "alive"
        return f"died (signal {-code})" if code < 0 else f"exited {code}"

    def stderr(self):
        return open(self.err.name, errors="replace").read()[-600:]

    def rss(self):
        try:
            fields = dict(line.split(":", 1) for line in open(f"/proc/{self.proc.pid}/status"))
            return int(fields["VmRSS"].split()[0]) // 1024, int(fields["VmHWM"].split()[0]) // 1024
        except (OSError, KeyError):
            return None

    def rss_text(self):
        r = self.rss()
        return f"{r[0]} MB (peak {r[1]} MB)" if r else "n/a"

    def cpu_seconds(self):
        f = open(f"/proc/{self.proc.pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        for f in (self.out, self.err):
            os.unlink(f.name)


# ---------------------------------------------------------------------------------------------
# HTTP and WebSocket by hand (the point is to send what well-behaved libraries never send)


def http(port, method, path, body=b"", timeout=30, headers=()):
    """(status, headers text, body bytes, seconds); status 0 when the peer closed without answer."""
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    t0 = time.time()
    head = f"{method} {path} HTTP/1.1\r\nHost: x\r\nContent-Length: {len(body)}\r\n"
    head += "".join(f"{k}: {v}\r\n" for k, v in headers)
    s.sendall(head.encode() + b"\r\n" + body)
    data = b""
    try:
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    except (socket.timeout, ConnectionResetError):
        pass
    s.close()
    seconds = time.time() - t0
    if not data.startswith(b"HTTP/1.1 "):
        return 0, "", data, seconds
    head, _, rest = data.partition(b"\r\n\r\n")
    return int(head[9:12]), head.decode(errors="replace"), rest, seconds


KEY = "dGhlIHNhbXBsZSBub25jZQ=="


def ws_request(path="/websocket?appId=rongwire-demo&token=alice-token", method="GET", key=KEY, version="13", extra=""):
    return (f"{method} {path} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: {version}\r\n{extra}\r\n").encode()


def read_head(s):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = s.recv(4096)
        if not chunk:
            break
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    return head.decode(errors="replace"), rest


def ws_connect(port, token="alice-token", rcvbuf=None, timeout=10):
    s = socket.socket()
    if rcvbuf:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    s.settimeout(timeout)
    s.connect(("127.0.0.1", port))
    s.sendall(ws_request(f"/websocket?appId=rongwire-demo&token={token}"))
    head, rest = read_head(s)
    if not head.startswith("HTTP/1.1 101"):
        raise RuntimeError("not upgraded: " + head.splitlines()[0] if head else "no answer")
    return s, rest


def frame(payload, opcode=2, fin=True, rsv=0, mask=True, length_form=None):
    b0 = (0x80 if fin else 0) | (rsv << 4) | opcode
    n = len(payload)
    form = length_form or (7 if n < 126 else 16 if n < 65536 else 64)
    m = 0x80 if mask else 0
    if form == 7:
        head = bytes([b0, m | n])
    elif form == 16:
        head = bytes([b0, m | 126]) + struct.pack(">H", n)
    else:
        head = bytes([b0, m | 127]) + struct.pack(">Q", n)
    if not mask:
        return head + payload
    return head + b"\0\0\0\0" + payload  # mask key 0: the payload is unchanged


class FrameReader:
    def __init__(self, sock, rest=b""):
        self.s = sock
        self.buf = rest

    def _need(self, n):
        while len(self.buf) < n:
            chunk = self.s.recv(65536)
            if not chunk:
                raise EOFError
            self.buf += chunk

    def next(self):
        self._need(2)
        op = self.buf[0] & 0x0F
        n = self.buf[1] & 0x7F
        off = 2
        if n == 126:
            self._need(4)
            n = struct.unpack(">H", self.buf[2:4])[0]
            off = 4
        elif n == 127:
            self._need(10)
            n = struct.unpack(">Q", self.buf[2:10])[0]
            off = 10
        self._need(off + n)
        payload = self.buf[off:off + n]
        self.buf = self.buf[off + n:]
        return op, payload


def outcome_after(sock, rest, wait=3.0):
    """What the peer does after a probe: DISCONNECT statuses, the close code, whether it closed."""
    sock.settimeout(wait)
    r = FrameReader(sock, rest)
    seen = []
    try:
        while True:
            op, payload = r.next()
            if op == 8:
                code = struct.unpack(">H", payload[:2])[0] if len(payload) >= 2 else None
                seen.append(f"close {code}")
            elif op == 2 and payload[0] >> 4 == 14:
                seen.append(f"DISCONNECT {payload[2] if len(payload) > 2 else '?'}")
            elif op == 2 and payload[:1] == b"\xd0":
                seen.append("PINGRESP")
            elif op == 2 and payload[0] >> 4 == 2:
                if len(payload) > 1 and payload[1] != 0:
                    seen.append(f"CONNACK {payload[1]}")
            elif op == 2 and payload[0] >> 4 == 4:
                seen.append(f"PUBACK status {struct.unpack('>H', payload[7:9])[0]}")
            elif op == 2 and payload[0] >> 4 == 6:
                seen.append(f"QUERYACK status {struct.unpack('>H', payload[7:9])[0]}")
            elif op == 10:
                seen.append("pong")
    except EOFError:
        seen.append("TCP closed")
    except socket.timeout:
        seen.append(f"nothing more within {wait:.0f} s (connection open)")
    except ConnectionResetError:
        seen.append("TCP reset")
    return ", ".join(seen)


class NormalClient:
    """A second user doing RMTP ping round trips every 20 ms while an attack runs."""

    def __init__(self, port, token="bob-token"):
        self.port, self.token = port, token
        self.latencies = []
        self.failures = 0
        self.stopping = False
        self.thread = threading.Thread(target=self.run, daemon=True)

    def __enter__(self):
        self.thread.start()
        time.sleep(0.2)
        return self

    def run(self):
        try:
            s, rest = ws_connect(self.port, self.token, timeout=60)
        except Exception:
            self.failures += 1
            return
        r = FrameReader(s, rest)
        while not self.stopping:
            t0 = time.time()
            try:
                s.sendall(frame(b"\xc0"))
                while True:
                    op, payload = r.next()
                    if op == 2 and payload[:1] == b"\xd0":
                        break
                self.latencies.append(time.time() - t0)
            except Exception:
                # A round trip that never completed counts with the time it was waited for.
                self.latencies.append(time.time() - t0)
                self.failures += 1
                return
            time.sleep(0.02)
        s.close()

    def __exit__(self, *a):
        self.stopping = True
        self.thread.join(15)

    def summary(self):
        if not self.latencies:
            return f"no round trip ({self.failures} failures)"
        ms = [x * 1000 for x in self.latencies]
        return f"{len(ms)} pings, median {statistics.median(ms):.1f} ms, max {max(ms):.0f} ms" + (
            f", {self.failures} failures" if self.failures else "")


def run_cli(rongwire, args, timeout=600):
    """(exit status or signal text, seconds, peak RSS MB of the child, stderr tail)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    t0 = time.time()
    try:
        p = subprocess.run([rongwire, *args], capture_output=True, timeout=timeout)
        code = p.returncode
        err = p.stderr.decode(errors="replace").strip()
    except subprocess.TimeoutExpired:
        return "timed out", time.time() - t0, None, ""
    seconds = time.time() - t0
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    status = f"died (signal {-code})" if code < 0 else f"exit {code}"
    # ru_maxrss of children is the largest child so far: report it only when this child raised it.
    rss = f"{peak // 1024} MB" if peak > before else f"<= {before // 1024} MB"
    return status, seconds, rss, err.splitlines()[-1][:160] if err else ""


def write_temp(text, suffix):
    f = tempfile.NamedTemporaryFile("wb", suffix=suffix, delete=False)
    f.write(text if isinstance(text, bytes) else text.encode())
    f.close()
    return f.name


# ---------------------------------------------------------------------------------------------
# The items


def item1(rw):
    probes = [
        ("POST /control/faults delay=0.5:99999999999999999999ms", "POST", "/control/faults", b"delay=0.5:99999999999999999999ms"),
        ("POST /control/reset offlineRetention: 1e300d", "POST", "/control/reset", b"app: {offlineRetention: 1e300d}\n"),
        ("POST /control/reset historyRetention: 9223372036854775807ms", "POST", "/control/reset", b"app: {historyRetention: 9223372036854775807ms}\n"),
        ("POST /control/advance?by=1e300d", "POST", "/control/advance?by=1e300d", b""),
        ("POST /control/advance?by=9223372036854775807", "POST", "/control/advance?by=9223372036854775807", b""),
    ]
    for name, method, path, body in probes:
        peer = Peer(rw)
        try:
            status, _, answer, sec = http(peer.port, method, path, body)
            time.sleep(0.3)
            row(1, name, f"HTTP {status or 'none'} {answer[:90].decode(errors='replace').strip()!r}; peer {peer.status()}", sec)
        finally:
            peer.stop()
    peer = Peer(rw)
    try:
        results = []
        for _ in range(2):
            status, _, _, _ = http(peer.port, "POST", "/control/advance?by=5000000000000000000", b"")
            results.append(str(status or "none"))
        time.sleep(0.3)
        row(1, "POST /control/advance?by=5000000000000000000 twice", f"HTTP {', '.join(results)}; peer {peer.status()}")
    finally:
        peer.stop()
    fixture = write_temp("app: {offlineRetention: 1e300d}\n", ".yaml")
    status, sec, _, err = run_cli(rw, ["peer", "--port", "0", "--fixture", fixture], timeout=5)
    row(1, "rongwire peer --fixture (offlineRetention: 1e300d)", f"{status} {err!r}", sec)
    for step in ("wait: 1e300d", "advance: 9223372036854775807ms"):
        scen = write_temp(
            "scenarios:\n  - id: d\n    spec: [PEER-OBS-002]\n    steps:\n      - connect: alice\n      - " + step + "\n", ".scenario.yaml")
        status, sec, _, err = run_cli(rw, ["scenario", scen], timeout=30)
        row(1, f"rongwire scenario ({step})", f"{status} {err!r}", sec)
        os.unlink(scen)
    os.unlink(fixture)


def item2(rw, pings):
    peer = Peer(rw)
    try:
        base = peer.rss_text()
        with NormalClient(peer.port) as nc:
            s, _ = ws_connect(peer.port, "alice-token", rcvbuf=4096)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 1 << 20)
            ping = frame(b"p" * 125, opcode=9)
            batch = ping * 1000
            sent = 0
            t0 = time.time()
            cut = None
            s.settimeout(10)
            try:
                while sent < pings:
                    s.sendall(batch)
                    sent += 1000
            except (BrokenPipeError, ConnectionResetError, socket.timeout) as e:
                cut = type(e).__name__
            sec = time.time() - t0
            during = peer.rss_text()
        row(2, f"{sent} pings of 125 bytes, never reading (RSS before {base})",
            f"{'cut by the peer (' + cut + ')' if cut else 'never cut'}", sec, during, nc.summary())
        s.close()
        time.sleep(1)
        row(2, "after the flooder closed", f"peer {peer.status()}", rss=peer.rss_text())
    finally:
        peer.stop()


def alias_bomb(levels=8):
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, levels + 1):
        p = f"*a{i - 1}"
        lines.append(f"a{i}: &a{i} [{', '.join([p] * 10)}]")
    lines.append(f"? *a{levels}\n: 1")
    return ("\n".join(lines) + "\n").encode()


def item3(rw):
    body = alias_bomb(6)
    peer = Peer(rw)
    try:
        with NormalClient(peer.port) as nc:
            status, _, answer, sec = http(peer.port, "POST", "/control/reset", body, timeout=120)
        row(3, f"POST /control/reset, {len(body)}-byte alias-key body",
            f"HTTP {status} {answer[:100].decode(errors='replace').strip()!r}", sec, peer.rss_text(), nc.summary())
        results = []
        with NormalClient(peer.port) as nc:
            t0 = time.time()
            threads = [threading.Thread(target=lambda: results.append(http(peer.port, "POST", "/control/reset", body, timeout=300)[0])) for _ in range(8)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            sec = time.time() - t0
        row(3, "8 such bodies at once", f"HTTP {sorted(set(results))}", sec, peer.rss_text(), nc.summary())
    finally:
        peer.stop()


def time_until_closed(sock, limit):
    sock.settimeout(limit)
    t0 = time.time()
    data = b""
    try:
        while True:
            chunk = sock.recv(4096)
            if not chunk:
                return time.time() - t0, data, "closed"
            data += chunk
    except socket.timeout:
        return time.time() - t0, data, f"still open after {limit:.0f} s"
    except ConnectionResetError:
        return time.time() - t0, data, "reset"


def item4(rw):
    peer = Peer(rw)
    try:
        probes = [
            ("incomplete request head (GET /state, no blank line)", b"GET /state HTTP/1.1\r\nHost: x\r\n"),
            ("incomplete body (Content-Length 100, 3 bytes sent)", b"POST /control/reset HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabc"),
            ("idle socket (nothing sent)", b""),
            ("request answered 400 (garbage request line)", b"GARBAGE\r\n\r\n"),
        ]
        for name, data in probes:
            s = socket.create_connection(("127.0.0.1", peer.port))
            if data:
                s.sendall(data)
            sec, got, how = time_until_closed(s, 40)
            first = got.split(b"\r\n", 1)[0].decode(errors="replace")
            row(4, name, f"{how}" + (f"; answered {first!r}" if first else ""), sec)
            s.close()
    finally:
        peer.stop()
    peer = Peer(rw, nofile=128)
    try:
        idle = []
        for _ in range(200):
            try:
                idle.append(socket.create_connection(("127.0.0.1", peer.port), timeout=2))
            except OSError:
                break
        time.sleep(1)
        cpu0 = peer.cpu_seconds()
        t0 = time.time()
        try:
            s, _ = ws_connect(peer.port, "bob-token", timeout=10)
            served = f"served in {time.time() - t0:.3f} s"
            s.close()
        except Exception as e:
            served = f"not served ({type(e).__name__}) after {time.time() - t0:.1f} s"
        time.sleep(max(0, 3 - (time.time() - t0)))
        cpu = (peer.cpu_seconds() - cpu0) / (time.time() - t0)
        row(4, f"{len(idle)} idle sockets under ulimit -n 128, then a normal client",
            f"{served}; peer CPU {cpu * 100:.0f}% of a core; peer {peer.status()}", rss=peer.rss_text())
        for s in idle:
            s.close()
    finally:
        peer.stop()


def item5(rw):
    content = "{" + ", ".join(["a: *l%d" % 5] * 1) + "}"
    levels = ["l0: &l0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 6):
        levels.append(f"l{i}: &l{i} [{', '.join(['*l%d' % (i - 1)] * 10)}]")
    text = ("scenarios:\n  - id: bomb\n    spec: [PEER-OBS-002]\n    description: |\n      x\n    steps:\n"
            "      - connect: alice\n      - send:\n          from: alice\n          to: bob\n          content:\n"
            + "".join("            " + line + "\n" for line in levels) + "            a: *l5\n")
    path = write_temp(text, ".scenario.yaml")
    status, sec, rss, err = run_cli(rw, ["scenario", path], timeout=300)
    row(5, f"rongwire scenario: {len(text)}-byte file, aliases in content (10^6 nodes)", f"{status} {err!r}", sec, rss)
    os.unlink(path)
    steps = "".join(f"      - raw: {{client: alice, hex: \"32\", fill: \"41\", count: 8388608}}\n" for _ in range(25))
    text = "scenarios:\n  - id: raw\n    spec: [PEER-HOSTILE-002]\n    steps:\n      - connect: alice\n" + steps
    path = write_temp(text, ".scenario.yaml")
    status, sec, rss, err = run_cli(rw, ["scenario", path], timeout=600)
    row(5, f"rongwire scenario: {len(text)}-byte file, 25 raw steps of 8 MiB", f"{status} {err!r}", sec, rss)
    os.unlink(path)


def item6(rw, million):
    peer = Peer(rw, ["--generate-users", "100000"])
    try:
        with NormalClient(peer.port) as nc:
            status, _, body, sec = http(peer.port, "GET", "/state", timeout=300)
        row(6, "GET /state with 100,000 users", f"HTTP {status}, {len(body) // 1024} KiB", sec, peer.rss_text(), nc.summary())
        with NormalClient(peer.port) as nc:
            status, _, body, sec = http(peer.port, "GET", "/state?user=load5", timeout=300)
        row(6, "GET /state?user=load5 with 100,000 users", f"HTTP {status}, {len(body)} bytes", sec, None, nc.summary())
    finally:
        peer.stop()
    if not million:
        return
    peer = Peer(rw, ["--generate-users", "1000000"], startup=600)
    try:
        with NormalClient(peer.port) as nc:
            status, _, body, sec = http(peer.port, "GET", "/state?user=load5", timeout=300)
        row(6, "GET /state?user=load5 with 1,000,000 users", f"HTTP {status}, {len(body)} bytes", sec, peer.rss_text(), nc.summary())
    finally:
        peer.stop()


def ws_probe(port, data, wait=2.0):
    s, rest = ws_connect(port)
    s.sendall(data)
    out = outcome_after(s, rest, wait)
    s.close()
    return out


def handshake(port, request):
    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    s.sendall(request)
    head, _ = read_head(s)
    s.close()
    lines = head.splitlines()
    version = [l for l in lines if l.lower().startswith("sec-websocket-version")]
    return (lines[0] if lines else "no answer") + (f" [{version[0]}]" if version else "")


def item7(rw):
    peer = Peer(rw)
    try:
        # The WebSocket probes first: an accepted reset would change the users they log in as.
        ping = b"\xc0"
        row(7, "unmasked frame (PINGREQ)", ws_probe(peer.port, frame(ping, mask=False)))
        row(7, "RSV1 set (PINGREQ)", ws_probe(peer.port, frame(ping, rsv=4)))
        row(7, "non-minimal length (1 byte in the 16-bit form)", ws_probe(peer.port, frame(ping, length_form=16)))
        row(7, "unknown opcode 3, then a PINGREQ", ws_probe(peer.port, frame(ping, opcode=3) + frame(ping)))
        row(7, "handshake key 'abc'", handshake(peer.port, ws_request(key="abc")))
        row(7, "handshake key of 15 bytes", handshake(peer.port, ws_request(key=base64.b64encode(b"x" * 15).decode())))
        row(7, "upgrade over POST", handshake(peer.port, ws_request(method="POST")))
        publish = bytes.fromhex("32 0006") + b"ppMsgP" + bytes.fromhex("0003") + b"bob" + bytes.fromhex("0001 0803 1209") + b"RC:TxtMsg" + bytes.fromhex("1a02fffe")
        row(7, "PUBLISH RC:TxtMsg whose content is ff fe", ws_probe(peer.port, frame(publish), wait=1.0))
        status, _, answer, _ = http(peer.port, "POST", "/control/reset", b"app: {history: !!str false}\n")
        row(7, "reset body with a tag (!!str false)", f"HTTP {status} {answer[:100].decode(errors='replace').strip()!r}")
        status, _, answer, _ = http(peer.port, "POST", "/control/reset", b"users: [{id: \"al\xffice\"}]\n")
        row(7, "reset body with invalid UTF-8", f"HTTP {status} {answer[:100].decode(errors='replace').strip()!r}")
    finally:
        peer.stop()
    status, sec, _, err = run_cli(rw, ["peer", "--port", "0", "--fixture", tempfile.gettempdir()], timeout=3)
    row(7, f"rongwire peer --fixture {tempfile.gettempdir()} (a directory)", "started (killed after 3 s)" if status == "timed out" else f"{status} {err!r}", sec)


def item8(rw):
    peer = Peer(rw)
    try:
        row(8, "handshake Sec-WebSocket-Version: 12", handshake(peer.port, ws_request(version="12")))
        row(8, "GET /websocket without upgrade headers", handshake(peer.port, b"GET /websocket HTTP/1.1\r\nHost: x\r\n\r\n"))
        row(8, "malformed packet (PUBLISH cut short)", ws_probe(peer.port, frame(bytes.fromhex("32 0006 70704d"))))
        row(8, "frame above --max-frame-size (139,265 bytes)", ws_probe(peer.port, frame(b"\x32" + b"\0" * 139_264)))
        row(8, "text message", ws_probe(peer.port, frame(b"hello", opcode=1)))
        query = bytes.fromhex("52 0005") + b"xyzzy" + bytes.fromhex("0005") + b"alice" + bytes.fromhex("0001")
        row(8, "QUERY on an unknown topic (xyzzy)", ws_probe(peer.port, frame(query), wait=1.0))
    finally:
        peer.stop()
    peer = Peer(rw, ["--generate-users", "50"])
    try:
        url = f"ws://127.0.0.1:{peer.port}/websocket"
        for run in (1, 2):
            p = subprocess.run([rw, "peer-load", "--url", url, "--clients", "50", "--messages", "2000", "--drain", "10"],
                               capture_output=True, text=True, timeout=300)
            line = next((l for l in p.stdout.splitlines() if l.startswith("delivered")), p.stderr.strip()[-200:])
            row(8, f"peer-load --url, run {run} against the same peer", f"exit {p.returncode}: {line}")
    finally:
        peer.stop()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rongwire", required=True)
    ap.add_argument("--item", type=int, action="append", help="run only these items (1-8)")
    ap.add_argument("--pings", type=int, default=600_000, help="pings of item 2 (default 600000)")
    ap.add_argument("--million", action="store_true", help="item 6 also with 1,000,000 users (slow, about 2 GB)")
    ap.add_argument("--json", help="write the rows here")
    a = ap.parse_args()
    rw = os.path.abspath(a.rongwire)
    items = a.item or list(range(1, 9))
    runs = {1: lambda: item1(rw), 2: lambda: item2(rw, a.pings), 3: lambda: item3(rw), 4: lambda: item4(rw),
            5: lambda: item5(rw), 6: lambda: item6(rw, a.million), 7: lambda: item7(rw), 8: lambda: item8(rw)}
    for i in items:
        try:
            runs[i]()
        except Exception as e:  # a probe that cannot run is a finding too
            row(i, "probe failed", f"{type(e).__name__}: {e}")
    if a.json:
        json.dump(ROWS, open(a.json, "w"), indent=1)


if __name__ == "__main__":
    main()
