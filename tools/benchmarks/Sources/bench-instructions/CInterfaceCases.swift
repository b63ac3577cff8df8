// tools/benchmarks/Sources/bench-instructions/CInterfaceCases.swift - the mixed corpus through
// librongwire's C interface, and the Swift calls that give the same output, in the same build
//
// A C caller cannot hold a Swift value: `rongwire_decode_content` gives the normalized JSON text
// in a buffer the caller frees, and the leniency rules that fired. Its Swift counterpart is the
// decode plus the canonical bytes and the value's leniencies (`mixed-decode-json`); the
// difference between the two is what the boundary costs (arguments checked, the name made a
// String, the output copied into a malloc block and freed). instructions.sh prints the ratio.
// `rongwire_validate_content` is the check without a value, as `mixed-decode-view` is in Swift.

import BenchFixtures
import CRongWire
import RongCodec
import RongWireC

#if canImport(Glibc)
import Glibc
#endif

/// The corpus as a C caller holds it: objectNames as NUL-terminated C strings with their lengths.
struct CCorpusEntry {
    let name: UnsafeMutablePointer<CChar>
    let nameLength: Int
    let json: [UInt8]
}

/// The mixed corpus as C strings (made once per run, kept for the process's life).
func makeCCorpus() -> [CCorpusEntry] {
    Corpus.mixed.map { e in CCorpusEntry(name: strdup(e.objectName)!, nameLength: e.objectName.utf8.count, json: e.json) }
}

@MainActor
let cInterfaceCases: [String: () -> (Int) -> Void] = [
    // The Swift calls with the C call's output: decode, then the canonical (= normalized) bytes
    // and the leniencies.
    "mixed-decode-json": {
        let mixed = Corpus.mixed, registry = ContentRegistry.builtIn
        return { n in
            for _ in 0..<n {
                for e in mixed {
                    guard case .typed(let c) = try! registry.decode(objectName: e.objectName, bytes: e.json) else { fatalError("unregistered") }
                    blackHole(try! c.base.jsonBytes(maxBytes: .max, maxDepth: DecodingOptions.maximumDepthLimit))
                    blackHole(c.base.diagnostics.leniencies)
                }
            }
        }
    },
    "mixed-decode-capi": {
        let corpus = makeCCorpus()
        return { n in
            var r = rongwire_result()
            for _ in 0..<n {
                for e in corpus {
                    let status = e.json.withUnsafeBufferPointer { b in
                        rongwire_decode_content(e.name, e.nameLength, b.baseAddress, b.count, nil, &r)
                    }
                    precondition(status == RONGWIRE_OK)
                    blackHole(r.length)
                    rongwire_free(&r)
                }
            }
        }
    },
    "mixed-validate-capi": {
        let corpus = makeCCorpus()
        return { n in
            var r = rongwire_result()
            for _ in 0..<n {
                for e in corpus {
                    let status = e.json.withUnsafeBufferPointer { b in
                        rongwire_validate_content(e.name, e.nameLength, b.baseAddress, b.count, nil, &r)
                    }
                    precondition(status == RONGWIRE_OK)
                    rongwire_free(&r)
                }
            }
        }
    },
]
