// Sources/RongFuzzing/FuzzBodies.swift - what each fuzz target does with one input

import RongCodec
import RongConformance

/// The fuzz targets. Each body decodes one input and checks the codec's invariants; it returns
/// the violations instead of trapping, so `swift test` can replay saved inputs without
/// libFuzzer. The libFuzzer executables in `tools/fuzz/` trap on any violation.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// First byte picks a built-in objectName; the rest is content bytes.
    case content
    /// YAML text for the vector loader.
    case vectorLoader = "vector-loader"

    /// Runs the body on one input and returns the invariant violations (empty = fine).
    public func check(_ data: [UInt8]) -> [String] {
        switch self {
        case .content: FuzzBodies.content(data)
        case .vectorLoader: FuzzBodies.vectorLoader(data)
        }
    }
}

public enum FuzzBodies {
    /// The options fuzzing decodes with: the protocol defaults.
    static let options = DecodingOptions()
    /// Decoding the canonical form again must not be limited by size: canonical bytes may be a
    /// little longer than the input (`1e300` is written `1e+300`).
    static let unlimited = DecodingOptions(maxContentBytes: .max, maxDepth: DecodingOptions.maximumDepthLimit)

    /// Content: decode ⇒ encode succeeds ⇒ re-decode (strictly) equals ⇒ canonical bytes are a
    /// fixed point; decoding through the registry gives the same value; errors carry an offset
    /// inside the input.
    public static func content(_ data: [UInt8]) -> [String] {
        guard let selector = data.first else { return [] }
        let types = BuiltInCatalog.types
        let type = types[Int(selector) % types.count]
        return check(type, Array(data.dropFirst()))
    }

    static func check<T: MessageContent>(_ type: T.Type, _ bytes: [UInt8]) -> [String] {
        var violations: [String] = []
        let value: T
        do throws(CodecError) {
            value = try T(jsonBytes: bytes, options: options)
        } catch {
            if let offset = error.offset, offset < 0 || offset > max(bytes.count, options.maxContentBytes) {
                violations.append("\(T.objectName): error offset \(offset) outside the input of \(bytes.count) bytes")
            }
            return violations
        }
        let canonical: [UInt8]
        do throws(CodecError) {
            canonical = try value.jsonBytes(maxBytes: .max)
        } catch {
            return ["\(T.objectName): decoded but cannot encode: \(error)"]
        }
        var strict = unlimited
        strict.mode = .strict
        do throws(CodecError) {
            let again = try T(jsonBytes: canonical, options: strict)
            if again != value { violations.append("\(T.objectName): re-decoding the canonical form gives a different value") }
            let twice = try again.jsonBytes(maxBytes: .max)
            if twice != canonical { violations.append("\(T.objectName): canonical bytes are not a fixed point") }
        } catch {
            violations.append("\(T.objectName): canonical form does not decode strictly: \(error)")
        }
        do throws(CodecError) {
            let viaRegistry = try ContentRegistry.builtIn.decode(objectName: T.objectName, bytes: bytes, options: options)
            if viaRegistry != .typed(AnyMessageContent(value)) { violations.append("\(T.objectName): registry decode differs") }
        } catch {
            violations.append("\(T.objectName): registry decode fails where direct decode succeeds: \(error)")
        }
        return violations
    }

    /// The vector loader: any text either loads or gives a located error; loaded vectors are
    /// well-formed (ids have a level prefix, accept expectations have an output).
    public static func vectorLoader(_ data: [UInt8]) -> [String] {
        guard let text = String(validating: data, as: UTF8.self) else { return [] }
        do throws(VectorLoadError) {
            let vectors = try VectorLoader().load(yaml: text, file: "fuzz.yaml")
            for v in vectors where !v.id.hasPrefix(v.level.idPrefix + ".") {
                return ["loaded vector \(v.id) does not start with its level"]
            }
        } catch {
            if error.line < 0 { return ["negative line in \(error)"] }
        }
        return []
    }
}
