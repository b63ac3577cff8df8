// Sources/RongCodec/JSON/KeyDeduplicator.swift - detects a key seen twice in one object

/// Detects duplicate keys: linear for small objects, hashed beyond 16 keys so hostile input
/// with thousands of keys stays linear time. Keys are the same key only when their UTF-8 bytes
/// (after unescaping) are: NFC `é` and NFD `e◌́` are two keys (see ``UTF8Key``).
struct KeyDeduplicator {
    private var set: Set<UTF8Key>? = nil

    /// Returns false if `key` is already among `existing`'s keys (or the keys inserted so far).
    mutating func insert(_ key: String, existing: JSONObject) -> Bool {
        if set == nil {
            if existing.count < 16 {
                return !existing.members.contains(where: { utf8Equal($0.key, key) })
            }
            set = Set(existing.members.map { UTF8Key($0.key) })
        }
        return set!.insert(UTF8Key(key)).inserted
    }
}
