import json, struct, sys
inp, out = sys.stdin.buffer, sys.stdout.buffer
print("python-json-testee: started", file=sys.stderr)  # stdout carries only protocol messages
while True:
    head = inp.read(4)
    if len(head) < 4:
        break
    req = json.loads(inp.read(struct.unpack("<I", head)[0]))
    if req["kind"] == "hello":
        resp = {"result": "hello", "name": "python-json", "protocolVersion": 1, "kinds": ["json-parse"]}
    elif req["kind"] != "json-parse":
        resp = {"result": "skipped", "reason": "only json-parse"}
    else:
        try:
            resp = {"result": "accepted", "value": json.loads(bytes.fromhex(req["input"]["hex"]))}
        except ValueError as e:
            resp = {"result": "rejected", "error": "invalid", "message": str(e)}
    body = json.dumps(resp).encode()
    out.write(struct.pack("<I", len(body)) + body)
    out.flush()
