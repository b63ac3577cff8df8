// Sources/RongFuzzing/ContentBody.swift - the content target

import RongCodec

/// Content: decode ⇒ encode succeeds ⇒ strict re-decode equals ⇒ canonical bytes are a fixed
/// point; decoding through the registry gives the same value or the same error code; errors are
/// well-formed (a code content decoding may throw, an offset inside the input, a JSON path); the
/// content view agrees with the owned decode (``ContentViewAgreement``).
enum ContentBody {
    /// The options fuzzing decodes with: the protocol defaults.
    static let options = DecodingOptions()
    /// Decoding the canonical form again must not be limited by size: canonical bytes may be a
    /// little longer than the input (`1e300` is written `1e+300`).
    static let unlimited = DecodingOptions(maxContentBytes: .max, maxDepth: DecodingOptions.maximumDepthLimit)

    static func check(_ data: [UInt8]) -> [String] {
        guard let selector = data.first else { return [] }
        let types = BuiltInCatalog.types
        let type = types[Int(selector) % types.count]
        return check(type, Array(data.dropFirst()))
    }

    static func check<T: MessageContent>(_ type: T.Type, _ bytes: [UInt8]) -> [String] {
        // The borrowed view decodes alike: same acceptance, same error, same value.
        ContentViewAgreement.check(objectName: T.objectName, bytes: bytes, options: options) + checkOwned(type, bytes)
    }

    static func checkOwned<T: MessageContent>(_ type: T.Type, _ bytes: [UInt8]) -> [String] {
        let value: T
        do throws(CodecError) {
            value = try T(jsonBytes: bytes, options: options)
        } catch {
            var violations = error.problems(allowed: ErrorCodes.content, inputCount: bytes.count, what: T.objectName)
            do throws(CodecError) {
                _ = try ContentRegistry.builtIn.decode(objectName: T.objectName, bytes: bytes, options: options)
                violations.append("\(T.objectName): the registry accepts what direct decoding rejects (\(error.code))")
            } catch let viaRegistry {
                if viaRegistry.code != error.code {
                    violations.append("\(T.objectName): registry decode fails with \(viaRegistry.code), direct decode with \(error.code)")
                }
            }
            return violations
        }
        var violations = roundTrip(value)
        do throws(CodecError) {
            let viaRegistry = try ContentRegistry.builtIn.decode(objectName: T.objectName, bytes: bytes, options: options)
            if viaRegistry != .typed(AnyMessageContent(value)) { violations.append("\(T.objectName): registry decode differs") }
        } catch {
            violations.append("\(T.objectName): registry decode fails where direct decode succeeds: \(error)")
        }
        return violations
    }

    /// encode ⇒ strict re-decode equals ⇒ fixed point; the registry reads the canonical form the
    /// same way.
    static func roundTrip<T: MessageContent>(_ value: T) -> [String] {
        var violations: [String] = []
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
            let viaRegistry = try ContentRegistry.builtIn.decode(objectName: T.objectName, bytes: canonical, options: strict)
            if viaRegistry != .typed(AnyMessageContent(value)) { violations.append("\(T.objectName): registry decode of the canonical form differs") }
        } catch {
            violations.append("\(T.objectName): registry decode of the canonical form fails: \(error)")
        }
        return violations
    }
}
