// Sources/RongPeer/Scenarios/ScenarioRawPayload.swift - a `raw` step's bytes as the file writes them, generated in chunks when sent

/// The payload of a scenario's `raw` step, kept as the file describes it: runs of literal bytes
/// (`hex`, `fill`) and repeats (`count`). A step may describe up to 8 MiB in a line; loading keeps
/// the description (about the size of the text), and sending generates the bytes a chunk at a
/// time, so 25 such steps cost kilobytes to load instead of 200 MB (PEER-HOSTILE-006).
struct ScenarioRawPayload: Sendable, Equatable {
    enum Run: Sendable, Equatable {
        case bytes([UInt8])
        case repeated(UInt8, count: Int)
    }

    /// The most bytes one step may describe: `count` repeats `fill` at most 8 MiB times.
    static let maxCount = 8 << 20

    private(set) var runs: [Run] = []
    /// The payload's length.
    private(set) var count = 0

    /// Appends literal bytes.
    mutating func append(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        runs.append(.bytes(bytes))
        count += bytes.count
    }

    /// The last byte, for `count`.
    var last: UInt8? {
        switch runs.last {
        case .bytes(let b)?: b.last
        case .repeated(let b, _)?: b
        case nil: nil
        }
    }

    /// Appends `n` more copies of the last byte.
    mutating func repeatLast(_ n: Int) {
        guard n > 0, let b = last else { return }
        runs.append(.repeated(b, count: n))
        count += n
    }

    /// Bytes held in memory (the literal runs), for tests of the bound.
    var storedBytes: Int { runs.reduce(0) { if case .bytes(let b) = $1 { $0 + b.count } else { $0 } } }

    /// Consecutive pieces of the payload, each `size` bytes but the last, in order.
    func chunks(of size: Int) -> Chunks { Chunks(runs: runs, size: max(1, size)) }

    /// The pieces of ``chunks(of:)``, made one at a time.
    struct Chunks: IteratorProtocol, Sequence {
        let runs: [Run]
        let size: Int
        private var run = 0
        private var offset = 0

        init(runs: [Run], size: Int) {
            self.runs = runs
            self.size = size
        }

        mutating func next() -> [UInt8]? {
            var chunk: [UInt8] = []
            while chunk.count < size, run < runs.count {
                let want = size - chunk.count
                switch runs[run] {
                case .bytes(let b):
                    let n = Swift.min(want, b.count - offset)
                    chunk += b[offset..<(offset + n)]
                    offset += n
                    if offset == b.count { (run, offset) = (run + 1, 0) }
                case .repeated(let byte, let count):
                    let n = Swift.min(want, count - offset)
                    chunk += repeatElement(byte, count: n)
                    offset += n
                    if offset == count { (run, offset) = (run + 1, 0) }
                }
            }
            return chunk.isEmpty ? nil : chunk
        }
    }

    /// The whole payload (small payloads, tests).
    var bytes: [UInt8] { chunks(of: 65_536).reduce(into: []) { $0 += $1 } }
}
