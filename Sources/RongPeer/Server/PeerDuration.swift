// Sources/RongPeer/Server/DurationParsing.swift - durations as the CLI, fixtures and control endpoints write them (500ms, 8d)

/// Parses a duration such as `500ms`, `30s`, `10m`, `2h`, `8d` or a plain number of milliseconds.
public func parseDurationMillis(_ text: String) -> Int64? {
    let units: [(String, Int64)] = [("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000), ("d", 86_400_000)]
    let t = text.trimmingCharacters(in: " ")
    for (suffix, factor) in units where t.hasSuffix(suffix) {
        let number = t.dropLast(suffix.count)
        // "ms" must not be read as minutes of "m" followed by an "s".
        if suffix == "s", number.hasSuffix("m") { continue }
        if let n = Double(number), n >= 0, n.isFinite { return Int64(n * Double(factor)) }
        return nil
    }
    if let n = Int64(t), n >= 0 { return n }
    return nil
}

extension String {
    /// Trims the given characters at both ends (Foundation-free).
    func trimmingCharacters(in set: Character) -> String {
        var s = Substring(self)
        while s.first == set { s = s.dropFirst() }
        while s.last == set { s = s.dropLast() }
        return String(s)
    }
}
