#!/usr/bin/env python3
"""Writes a batch of mixed NIM messages in the NIM message JSON form of spec/nim.md, one per line
(JSON Lines), for trying and timing `rongwire nim to-rc` on a migration-sized input.

    python3 tools/nim/gen-batch.py [COUNT] [--seed N] > batch.jsonl
    rongwire nim to-rc --types tools/nim/example-types.json --quiet batch.jsonl > rc.jsonl

The same COUNT and seed give the same bytes on every run (random.Random(seed), no clock).
Every type of seed 003 appears (text, image, audio, video, file, location, tip, team and
chatroom notifications, robot, custom: mapped, unmapped and non-JSON), in P2P, team, chatroom,
SuperTeam and QChat sessions, with settings, push fields, remoteExt, chatroom extensions,
local state and revoke notifications. About a quarter of the records lose something in
conversion (mostly image sizes; also rounded durations, unmapped and non-JSON custom payloads,
chatroom notifications), so the loss report has content.
It does not call RongWire.
"""
import json
import random
import sys

WORDS = "hello lunch meeting ok thanks 好的 收到 明天见 photo trip 😀 weather report".split()


def session(r):
    kind = r.choice(["p2p"] * 6 + ["team"] * 3 + ["chatroom", "superteam", "qchat"])
    if kind == "p2p":
        return {"sessionId": f"user{r.randrange(500)}", "sessionType": 0}
    if kind == "team":
        return {"sessionId": f"team{r.randrange(50)}", "sessionType": 1}
    if kind == "chatroom":
        return {"sessionId": f"room{r.randrange(5)}", "sessionType": 2}
    if kind == "superteam":
        return {"sessionId": f"st{r.randrange(5)}", "sessionType": 5}
    return {"sessionId": f"ch{r.randrange(9)}", "sessionType": 6, "qchatServerId": f"srv{r.randrange(3)}"}


def text(r, n=6):
    return " ".join(r.choice(WORDS) for _ in range(r.randrange(1, n)))


def attachment(r, t, sess):
    url = f"https://nim.example.com/{r.randrange(10**9):09d}"
    if t == 1:
        a = {"displayName": f"IMG_{r.randrange(9999)}.jpg", "url": url + ".jpg", "thumbUrl": url + "_t.jpg",
             "size": {"width": r.randrange(100, 4000), "height": r.randrange(100, 4000)}}
        if r.random() < 0.3:
            a["fileLength"] = r.randrange(10**4, 10**7)
        return a
    if t == 2:
        return {"url": url + ".aac", "duration": r.choice([r.randrange(1, 60) * 1000, r.randrange(300, 60000)])}
    if t == 3:
        a = {"displayName": f"VID_{r.randrange(9999)}.mp4", "url": url + ".mp4", "coverUrl": url + ".jpg",
             "duration": r.randrange(1, 120) * 1000, "fileLength": r.randrange(10**5, 10**8)}
        if r.random() < 0.3:
            a["md5"] = "%032x" % r.getrandbits(128)
        return a
    if t == 6:
        ext = r.choice(["pdf", "docx", "zip", "txt"])
        return {"displayName": f"file{r.randrange(999)}.{ext}", "url": f"{url}.{ext}", "fileLength": r.randrange(1, 10**8)}
    if t == 4:
        return {"latitude": round(r.uniform(-89, 89), 6), "longitude": round(r.uniform(-179, 179), 6), "title": text(r, 3)}
    if t == 5:
        if sess["sessionType"] == 2:
            return {"notificationType": 3, "content": {"eventType": r.choice([301, 302, 305]), "source": {"userId": "u1", "nick": "Ann"}}}
        return {"notificationType": 1, "content": {"sourceID": "owner", "operationType": r.choice([0, 1, 2, 3, 4, 6]),
                                                   "targetIDs": [f"user{r.randrange(500)}" for _ in range(r.randrange(1, 4))]}}
    if t == 11:
        if r.random() < 0.5:
            return {"robotId": "bot1", "content": text(r, 3)}
        return {"robotId": "bot1", "isFromRobot": True, "response": {"answer": text(r, 4)}, "responseForMessageId": f"m{r.randrange(10**6)}"}
    if t == 100:
        kind = r.random()
        if kind < 0.4:
            return json.dumps({"type": "redPacket", "amount": r.randrange(1, 200), "greeting": text(r, 4)}, ensure_ascii=False, separators=(",", ":"))
        if kind < 0.7:
            return json.dumps({"type": 2, "gift": r.choice(["rose", "car", "rocket"]), "count": r.randrange(1, 99)}, separators=(",", ":"))
        if kind < 0.9:
            return json.dumps({"type": "poll", "q": text(r, 5), "options": ["a", "b"]}, ensure_ascii=False, separators=(",", ":"))
        return "v1|" + text(r, 4)  # not JSON: NIM-MAP-CUSTOM-003
    raise ValueError(t)


def message(r, i):
    sess = session(r)
    t = r.choice([0] * 30 + [1] * 10 + [2] * 6 + [3] * 3 + [6] * 3 + [4] * 3 + [10] * 3 + [5] * 2 + [11] * 1 + [100] * 12)
    m = {"messageId": f"m{i:08d}", "messageType": t, "from": f"user{r.randrange(500)}", "session": sess,
         "timestamp": 1700000000 + i * 7 + r.randrange(1000) / 1000}
    if t in (0, 10, 11):
        m["text"] = text(r)
    if t not in (0, 10):
        m["attachment"] = attachment(r, t, sess)
    if r.random() < 0.1:
        m["setting"] = r.choice([{"shouldBeCounted": False}, {"apnsEnabled": False}, {"historyEnabled": False}])
    if r.random() < 0.15:
        m["remoteExt"] = {"ref": r.randrange(10**6), "tag": r.choice(WORDS)}
    if r.random() < 0.1:
        m["apnsContent"] = text(r, 4)
    if sess["sessionType"] == 2 and r.random() < 0.5:
        m["messageExt"] = {"roomNickname": r.choice(["Ann", "Bob", "小明"]), "roomAvatar": "https://nim.example.com/a.png"}
    if r.random() < 0.2:
        m["isOutgoingMsg"] = r.random() < 0.5
        m["deliveryState"] = 2
    if r.random() < 0.01:
        m["isDeleted"] = True
    return m


def revoke(r, i):
    sess = {"sessionId": f"user{r.randrange(500)}", "sessionType": 0}
    return {"revoke": {"fromUserId": "user1", "messageFromUserId": "user1", "session": sess,
                       "timestamp": 1700000000 + i * 7, "message": {"messageId": f"m{i - 1:08d}", "messageType": 0, "text": text(r)}}}


def main(argv):
    count, seed = 10000, 1
    args = list(argv)
    if "--seed" in args:
        k = args.index("--seed")
        seed = int(args[k + 1])
        del args[k:k + 2]
    if args:
        count = int(args[0])
    r = random.Random(seed)
    out = sys.stdout
    for i in range(count):
        record = revoke(r, i) if r.random() < 0.01 else message(r, i)
        out.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
