// Sources/RongFuzzing/PeerLoaderBody.swift - the peer-loader target: fixtures and scenarios

import RongCodec
import RongPeer

/// The mock peer's loaders on YAML text: the same text is loaded as a fixture (as `--fixture`
/// and `POST /control/reset` load one) and as a scenario file. Bytes that are not UTF-8 are read
/// as the reset body reads them (each bad sequence a U+FFFD), so the target also covers the
/// reset path. For each loader: it loads, or fails with an error that names the file and a line
/// and column inside the text (never line 0: the text is given, so every problem has a place).
/// A loaded fixture, and every scenario's fixture, written back with `yamlText()` loads again to
/// an equal value (that text is what a scenario sends to an external peer). Loaded scenarios
/// start on a line of the text, and their ids are unique.
enum PeerLoaderBody {
    static let fixtureFile = "fuzz.fixture.yaml"
    static let scenarioFile = "fuzz.scenario.yaml"

    /// Fixtures with more users than this are not written back (each user is a line of text and
    /// a node to compose again; `generatedUsers` may ask for 100,000).
    static let roundTripUsers = 2_000

    static func check(_ data: [UInt8]) -> [String] {
        run(data).violations
    }

    /// The violations, and the bytes the text asked to generate beyond its own size (the users of
    /// `generatedUsers`, the bytes of a scenario's `raw` `count`), which the limit invariant allows
    /// on top of the budget: the loaders build what a file describes, by design, up to documented
    /// caps (100,000 users, 8 MiB of raw bytes).
    static func run(_ data: [UInt8]) -> (violations: [String], allowance: Int) {
        let text = String(decoding: data, as: UTF8.self)
        let lines = VectorLoaderBody.lineLengths(text)
        var violations: [String] = []
        var fixtureUsers = 0
        var scenarioUsers = 0

        do throws(LoadError) {
            let fixture = try PeerFixture.load(yaml: text, file: fixtureFile)
            fixtureUsers = fixture.users.count
            violations += roundTrip(fixture, what: "the fixture")
        } catch {
            violations += located(error, fixtureFile, lines)
        }

        do throws(LoadError) {
            let scenarios = try Scenario.load(yaml: text, file: scenarioFile)
            var ids: Set<String> = []
            for s in scenarios {
                if s.file != scenarioFile || s.line < 1 || s.line > lines.count {
                    violations.append("scenario \(s.id) is placed at \(s.file):\(s.line), outside the \(lines.count) lines of the text")
                }
                if !ids.insert(s.id).inserted { violations.append("scenario id \(s.id) loaded twice") }
                if s.spec.isEmpty { violations.append("scenario \(s.id) loaded without a requirement") }
                scenarioUsers += s.fixture.users.count
                violations += roundTrip(s.fixture, what: "the fixture of scenario \(s.id)")
            }
        } catch {
            violations += located(error, scenarioFile, lines)
        }
        // The fixture is gone when the scenarios load; the scenarios' fixtures live together.
        return (violations, max(fixtureUsers, scenarioUsers) * bytesPerUser + rawAllowance(text))
    }

    /// Heap bytes one generated user may take (its entry in the users table, its token list, the
    /// token index built while loading): about 200 measured, with headroom for table growth.
    static let bytesPerUser = 1024

    /// A `raw` step repeats its `fill` byte `count` times (at most 8 MiB): the bytes exist twice
    /// while they are appended. The largest number written in the text bounds any count.
    static func rawAllowance(_ text: String) -> Int {
        var largest = 0
        var current = 0
        for b in text.utf8 {
            if b >= 0x30 && b <= 0x39 {
                current = min(current * 10 + Int(b - 0x30), 8 << 20)
                largest = max(largest, current)
            } else {
                current = 0
            }
        }
        return 3 * largest
    }

    /// `yamlText()` of a fixture loads back to the same fixture.
    static func roundTrip(_ fixture: PeerFixture, what: String) -> [String] {
        guard fixture.users.count <= roundTripUsers else { return [] }
        let text = fixture.yamlText()
        do throws(LoadError) {
            let again = try PeerFixture.load(yaml: text, file: "written")
            return again == fixture ? [] : ["\(what) written with yamlText() loads back different: \(text)"]
        } catch {
            return ["\(what) written with yamlText() does not load: \(error)\n\(text)"]
        }
    }

    /// The error names the file and a position inside the text (its end included).
    static func located(_ error: LoadError, _ file: String, _ lines: [Int]) -> [String] {
        var violations: [String] = []
        if error.file != file { violations.append("error names file \(error.file), not \(file): \(error)") }
        if error.message.isEmpty { violations.append("error without a message: \(error)") }
        if error.line == lines.count + 1 {
            if error.column != 1 { violations.append("error at the end of the text, column \(error.column): \(error)") }
        } else if error.line < 1 || error.line > lines.count {
            violations.append("error line \(error.line) outside the \(lines.count) lines of the text: \(error)")
        } else if error.column < 1 || error.column > lines[error.line - 1] + 1 {
            violations.append("error column \(error.column) outside line \(error.line) (\(lines[error.line - 1]) characters): \(error)")
        }
        return violations
    }
}
