// Sources/RongNIM/Mapping/NIMLoss.swift - what a conversion could not carry over

import RongCodec

/// One piece of information a conversion dropped or changed (spec/nim.md, NIM-LOSS-001): the
/// mapping rule that says so and the JSON path of the part in the input (`$.attachment.md5`,
/// `$.content.isFull`; inside the RC content, paths continue into the content JSON).
public struct NIMLoss: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The requirement id of spec/nim.md that defines the loss (`NIM-MAP-IMAGE-001`).
    public var rule: String
    /// Where in the input the lost part is.
    public var path: String

    /// A loss under `rule` at `path`.
    public init(rule: String, path: String) {
        self.rule = rule
        self.path = path
    }

    /// By path (bytes), then rule: the order of a report.
    public static func < (a: NIMLoss, b: NIMLoss) -> Bool {
        a.path.utf8.lexicographicallyPrecedes(b.path.utf8) || (a.path.utf8.elementsEqual(b.path.utf8) && a.rule < b.rule)
    }

    /// `{"rule": …, "path": …}`.
    public var jsonValue: JSONValue { .object(JSONObject([.init(key: "rule", value: .string(rule)), .init(key: "path", value: .string(path))])) }

    /// `PATH (RULE)`.
    public var description: String { "\(path) (\(rule))" }
}

/// The result of converting one record: the output, nil when the record has no counterpart
/// at all (NIM-LOSS-003), and what was lost, in report order.
public struct NIMConversion<Output: Sendable>: Sendable {
    /// The converted record; nil when the input has no counterpart.
    public var output: Output?
    /// What was lost, sorted by path then rule, without duplicates.
    public var losses: [NIMLoss]

    /// A result; `losses` are sorted and deduplicated.
    public init(output: Output?, losses: [NIMLoss]) {
        self.output = output
        self.losses = Array(Set(losses)).sorted()
    }

    /// Whether nothing was lost.
    public var isLossless: Bool { losses.isEmpty }

    /// Throws `lossyConversion` naming the first loss, for `--strict` (NIM-LOSS-002).
    public func requireLossless() throws(CodecError) {
        guard let first = losses.first else { return }
        let more = losses.count > 1 ? " and \(losses.count - 1) more" : ""
        throw CodecError(.lossyConversion, "the conversion loses \(first.path) (\(first.rule))\(more)", path: first.path)
    }

    /// The report value of the conformance kinds: `{"output": … | null, "loss": [...]}`.
    public func reportValue(_ outputJSON: (Output) -> JSONValue) -> JSONValue {
        .object(JSONObject([
            .init(key: "output", value: output.map(outputJSON) ?? .null),
            .init(key: "loss", value: .array(losses.map(\.jsonValue))),
        ]))
    }
}

/// Collects losses while converting.
struct LossList {
    var items: [NIMLoss] = []

    mutating func add(_ rule: String, _ path: String) { items.append(NIMLoss(rule: rule, path: path)) }
}
