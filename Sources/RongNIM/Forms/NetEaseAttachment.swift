// Sources/RongNIM/Forms/NetEaseAttachment.swift - NetEase's attachment JSON, shared by its forms

import RongCodec

/// The attachment JSON NetEase's server API (`body`, `attachment`), C SDK (`msg_attach`) and Web
/// SDK (`file`, `geo`) share (spec/nim.md, NIM-FORM-005): the keys of `nim_talk_def.h`
/// (『attach多媒体资源参数』) and of the server SDK's tests, read into the model's attachments and
/// written back from them.
enum NetEaseAttachment {
    /// Reads the attachment of a message of `type` from `raw` (an object) at `at`. `sender` is
    /// the message's sender and its input path: a team notification's operator.
    static func read(
        _ type: NIMMessageType, _ raw: JSONValue, at: String, sender: (String, String)?, _ r: inout NIMFormReader
    ) throws(CodecError) -> NIMMessageObject {
        let m = "$.attachment"
        r.map(m, at)
        switch type {
        case .image:
            var f = try JSONMemberReader(raw, path: at, what: "an image attachment")
            var o = NIMImageObject()
            o.displayName = try r.string(&f, "name")
            r.map(m + ".displayName", f.at("name"))
            o.md5 = try r.string(&f, "md5")
            o.url = try r.string(&f, "url")
            try readExtension(&f, name: o.displayName, url: o.url, &r)
            let w = try r.number(&f, "w"), h = try r.number(&f, "h")
            if let w, let h, w.doubleValue >= 0, h.doubleValue >= 0 {
                o.size = NIMSize(width: w, height: h)
                r.map(m + ".size", [f.at("w"), f.at("h")])
                r.map(m + ".size.width", f.at("w"))
                r.map(m + ".size.height", f.at("h"))
            } else {
                r.lose(w.map(JSONValue.number), at: f.at("w"))
                r.lose(h.map(JSONValue.number), at: f.at("h"))
            }
            o.fileLength = try r.integer(&f, "size", in: fileLengthRange)
            r.map(m + ".fileLength", f.at("size"))
            r.loseUnread(f)
            return .image(o)
        case .audio:
            var f = try JSONMemberReader(raw, path: at, what: "an audio attachment")
            var o = NIMAudioObject()
            o.duration = try r.integer(&f, "dur", in: durationRange)
            r.map(m + ".duration", f.at("dur"))
            o.md5 = try r.string(&f, "md5")
            o.url = try r.string(&f, "url")
            o.displayName = try r.string(&f, "name")
            r.map(m + ".displayName", f.at("name"))
            try readExtension(&f, name: o.displayName, url: o.url, &r)
            // NIMAudioObject has no length: `size` is lost (read through the lenient reader).
            r.lose(f.value("size"), at: f.at("size"))
            r.loseUnread(f)
            return .audio(o)
        case .video:
            var f = try JSONMemberReader(raw, path: at, what: "a video attachment")
            var o = NIMVideoObject()
            o.duration = try r.integer(&f, "dur", in: durationRange)
            r.map(m + ".duration", f.at("dur"))
            o.md5 = try r.string(&f, "md5")
            o.url = try r.string(&f, "url")
            o.displayName = try r.string(&f, "name")
            r.map(m + ".displayName", f.at("name"))
            try readExtension(&f, name: o.displayName, url: o.url, &r)
            o.fileLength = try r.integer(&f, "size", in: fileLengthRange)
            r.map(m + ".fileLength", f.at("size"))
            // The picture's size: NIMVideoObject has only its cover's (coverSize), which the SDK
            // computes; no source says they are the same, so `w` and `h` are lost.
            r.lose(f.value("w"), at: f.at("w"))
            r.lose(f.value("h"), at: f.at("h"))
            r.loseUnread(f)
            return .video(o)
        case .file:
            var f = try JSONMemberReader(raw, path: at, what: "a file attachment")
            var o = NIMFileObject()
            o.displayName = try r.string(&f, "name")
            r.map(m + ".displayName", f.at("name"))
            o.md5 = try r.string(&f, "md5")
            o.url = try r.string(&f, "url")
            try readExtension(&f, name: o.displayName, url: o.url, &r)
            o.fileLength = try r.integer(&f, "size", in: fileLengthRange)
            r.map(m + ".fileLength", f.at("size"))
            r.loseUnread(f)
            return .file(o)
        case .location:
            var f = try JSONMemberReader(raw, path: at, what: "a location attachment")
            guard let lat = try r.number(&f, "lat") else { throw CodecError(.missingRequiredField, "lat is required", path: f.at("lat")) }
            guard let lng = try r.number(&f, "lng") else { throw CodecError(.missingRequiredField, "lng is required", path: f.at("lng")) }
            guard (-90...90).contains(lat.doubleValue) else { throw f.invalid("lat", "lat \(lat) is outside -90...90") }
            guard (-180...180).contains(lng.doubleValue) else { throw f.invalid("lng", "lng \(lng) is outside -180...180") }
            r.map(m + ".latitude", f.at("lat"))
            r.map(m + ".longitude", f.at("lng"))
            let o = NIMLocationObject(latitude: lat, longitude: lng, title: try r.string(&f, "title"))
            r.loseUnread(f)
            return .location(o)
        case .notification:
            return .notification(try readNotification(raw, at: at, sender: sender, &r))
        case .robot:
            return .robot(try readRobot(raw, at: at, &r))
        case .rtcCallRecord:
            return .callRecord(try readCallRecord(raw, at: at, &r))
        default:
            throw CodecError(.invalidValue, "a \(type) message has no attachment object", path: at)
        }
    }

    /// `ext`, the file's extension: not information when it is the extension of `name` or of
    /// the URL's last path segment (the writers derive it so); lost otherwise.
    static func readExtension(_ f: inout JSONMemberReader, name: String?, url: String?, _ r: inout NIMFormReader) throws(CodecError) {
        guard let ext = try r.string(&f, "ext"), !ext.isEmpty else { return }
        if ext == NIMConverter.fileExtension(name) || ext == urlExtension(url) { return }
        r.losses.add("NIM-FORM-002", f.at("ext"))
    }

    /// The extension of a URL's last path segment (`https://x/a.aac?x=1` → `aac`).
    static func urlExtension(_ url: String?) -> String? {
        guard let url else { return nil }
        let path = url.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? url
        let noFragment = path.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? path
        return NIMConverter.fileExtension(noFragment.split(separator: "/").last.map(String.init))
    }

    // MARK: Notifications

    /// `NIMNotificationId` (`nim_msglog_def.h`): team operations 0-10 are `NIMTeamOperationType`
    /// itself; super team operations 401-411 name the same operations in another order.
    static let superTeamOperations: [Int64: Int] = [401: 0, 402: 1, 403: 2, 404: 3, 405: 4, 406: 6, 407: 7, 408: 8, 409: 10, 410: 5, 411: 9]

    /// A notification's `{"id", "data"}`: a team (or super team) operation, a net call (101-103),
    /// or another id, kept as received.
    static func readNotification(_ raw: JSONValue, at: String, sender: (String, String)?, _ r: inout NIMFormReader) throws(CodecError) -> NIMNotificationObject {
        var f = try JSONMemberReader(raw, path: at, what: "a notification attachment")
        let id = try r.requiredInteger(&f, "id", in: 0...Int64(Int32.max))
        let op: Int? = id <= 10 ? Int(id) : superTeamOperations[id]
        guard let op else {
            // A net call (101-103) or an id the model has no content for: the object as received.
            _ = f.value("data")
            let type = (101...103).contains(id) ? 2 : 0
            return NIMNotificationObject(notificationType: type, content: .other(f.object))
        }
        let m = "$.attachment.content"
        var t = NIMTeamNotificationContent(operationType: op)
        r.map(m + ".operationType", f.at("id"))
        if let (who, path) = sender {
            t.sourceID = who
            r.map(m + ".sourceID", path)
        }
        if let d = f.value("data") {
            var g = try JSONMemberReader(d, path: f.at("data"), what: "a notification's data")
            if let ids = try g.stringArray("ids") {
                t.targetIDs = ids
                r.map(m + ".targetIDs", g.at("ids"))
            } else if let one = try r.string(&g, "id") {
                t.targetIDs = [one]
                r.map(m + ".targetIDs", g.at("id"))
            }
            t.notifyExt = try r.string(&g, "attach")
            r.map(m + ".notifyExt", g.at("attach"))
            // The rest (team_info, name_cards, mute, leave, …) is kept as the model keeps it.
            let rest = g.unreadMembers()
            if !rest.isEmpty {
                t.attachment = JSONObject(rest)
                r.map(m + ".attachment", f.at("data"))
            }
        }
        r.loseUnread(f)
        return NIMNotificationObject(notificationType: 1, content: .team(t))
    }

    // MARK: Robot and call record

    /// `nim_talk_def.h` 『attach波特机器人类型』: `robotAccid`, `param` (JSON), and on a reply
    /// `msgOut`, `clientMsgId`, `robotMsg`.
    static func readRobot(_ raw: JSONValue, at: String, _ r: inout NIMFormReader) throws(CodecError) -> NIMRobotObject {
        var f = try JSONMemberReader(raw, path: at, what: "a robot attachment")
        let m = "$.attachment"
        let robotId = try r.requiredString(&f, "robotAccid")
        let isFromRobot = try r.bool(&f, "msgOut") ?? false
        var o = NIMRobotObject(robotId: robotId, isFromRobot: isFromRobot)
        r.map(m + ".robotId", f.at("robotAccid"))
        r.map(m + ".isFromRobot", f.at("msgOut"))
        if let p = f.value("param") {
            if case .string(let text) = p { o.param = text } else { o.param = String(decoding: try p.canonicalBytes(), as: UTF8.self) }
        }
        let reply = f.value("robotMsg")
        let question = try r.string(&f, "clientMsgId")
        if o.isFromRobot {
            if let reply { o.response = r.objectOrLose(reply, at: f.at("robotMsg")) }
            o.responseForMessageId = question
            r.map(m + ".response", f.at("robotMsg"))
            r.map(m + ".responseForMessageId", f.at("clientMsgId"))
        } else {
            r.lose(reply, at: f.at("robotMsg"))
            r.lose(question.map(JSONValue.string), at: f.at("clientMsgId"))
        }
        r.loseUnread(f)
        return o
    }

    /// The call record of type 12 as the SDKs write it (`callAttachmentToRaw` of the current
    /// mini-program SDK): `type`, `channelId`, `status`, `durations: [{"accid", "duration"}]`.
    static func readCallRecord(_ raw: JSONValue, at: String, _ r: inout NIMFormReader) throws(CodecError) -> NIMRtcCallRecordObject {
        var f = try JSONMemberReader(raw, path: at, what: "a call record attachment")
        let m = "$.attachment"
        let callType = try r.requiredInteger(&f, "type", in: NIMRtcCallRecordObject.numberRange)
        let callStatus = try r.requiredInteger(&f, "status", in: NIMRtcCallRecordObject.numberRange)
        var o = NIMRtcCallRecordObject(callType: Int(callType), callStatus: Int(callStatus))
        r.map(m + ".callType", f.at("type"))
        r.map(m + ".callStatus", f.at("status"))
        o.channelID = try r.string(&f, "channelId")
        r.map(m + ".channelID", f.at("channelId"))
        if let d = f.value("durations") {
            guard case .array(let items) = d else { throw f.mismatch("durations", "an array", d) }
            var list: [NIMRtcCallRecordObject.Duration] = []
            for (i, item) in items.enumerated() {
                var g = try JSONMemberReader(item, path: f.at("durations") + "[\(i)]", what: "a duration")
                let who = try r.requiredString(&g, "accid")
                let s = try r.requiredInteger(&g, "duration", in: NIMRtcCallRecordObject.secondsRange)
                r.map(JSONPath.member(m + ".durations", who), g.at("duration"))
                r.loseUnread(g)
                list.append(.init(accountId: who, seconds: s))
            }
            try NIMRtcCallRecordObject.checkUnique(list, path: f.at("durations"))
            o.durations = list
        }
        r.loseUnread(f)
        return o
    }

    // MARK: Writing

    /// The attachment JSON of a message's object for the server API's send forms, or nil when the
    /// form cannot send the type. Model members the JSON has no key for are reported lost
    /// (NIM-FORM-WRITE-001) at their path in the NIM message JSON form.
    static func write(_ object: NIMMessageObject, _ losses: inout LossList) -> JSONObject? {
        var o = JSONObject()
        let at = "$.attachment"
        func lose(_ key: String, _ v: JSONValue?) {
            if NIMConverter.isInformative(v) { losses.add("NIM-FORM-WRITE-001", at + "." + key) }
        }
        func ext(_ name: String?, _ url: String?) -> JSONValue? {
            (NIMConverter.fileExtension(name) ?? urlExtension(url)).map(JSONValue.string)
        }
        switch object {
        case .image(let i):
            o["name"] = i.displayName.map(JSONValue.string)
            o["md5"] = i.md5.map(JSONValue.string)
            o["url"] = i.url.map(JSONValue.string)
            o["ext"] = ext(i.displayName, i.url)
            o["w"] = i.size.map { .number($0.width) }
            o["h"] = i.size.map { .number($0.height) }
            o["size"] = i.fileLength.map { .number(JSONNumber($0)) }
            lose("thumbUrl", i.thumbUrl.map(JSONValue.string))
            lose("path", i.path.map(JSONValue.string))
            lose("thumbPath", i.thumbPath.map(JSONValue.string))
        case .audio(let a):
            o["dur"] = a.duration.map { .number(JSONNumber($0)) }
            o["md5"] = a.md5.map(JSONValue.string)
            o["url"] = a.url.map(JSONValue.string)
            o["ext"] = ext(a.displayName, a.url)
            o["name"] = a.displayName.map(JSONValue.string)
            lose("path", a.path.map(JSONValue.string))
        case .video(let v):
            o["dur"] = v.duration.map { .number(JSONNumber($0)) }
            o["md5"] = v.md5.map(JSONValue.string)
            o["url"] = v.url.map(JSONValue.string)
            o["ext"] = ext(v.displayName, v.url)
            o["size"] = v.fileLength.map { .number(JSONNumber($0)) }
            o["name"] = v.displayName.map(JSONValue.string)
            lose("path", v.path.map(JSONValue.string))
            lose("coverUrl", v.coverUrl.map(JSONValue.string))
            lose("coverPath", v.coverPath.map(JSONValue.string))
            lose("coverSize", v.coverSize.map { $0.jsonValue })
        case .file(let v):
            o["name"] = v.displayName.map(JSONValue.string)
            o["md5"] = v.md5.map(JSONValue.string)
            o["url"] = v.url.map(JSONValue.string)
            o["ext"] = ext(v.displayName, v.url)
            o["size"] = v.fileLength.map { .number(JSONNumber($0)) }
            lose("path", v.path.map(JSONValue.string))
        case .location(let l):
            o["title"] = l.title.map(JSONValue.string)
            o["lng"] = .number(l.longitude)
            o["lat"] = .number(l.latitude)
        default:
            return nil
        }
        return o
    }
}
