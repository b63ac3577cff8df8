// Tests/RongTestSupport/Shell.swift - running a command line and collecting what it prints

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `command` with /bin/sh and returns its combined stdout and stderr (without the last
/// line break) and its exit status; the call returns when the command has exited.
package func shell(_ command: String) -> (output: String, status: Int32) {
    guard let p = popen(command + " 2>&1; printf '\\n%d' $?", "r") else { return ("", -1) }
    var out: [UInt8] = []
    var buf = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = fread(&buf, 1, buf.count, p)
        if n <= 0 { break }
        out += buf[0..<n]
    }
    pclose(p)
    var text = String(decoding: out, as: UTF8.self)
    let status = Int32(text.split(separator: "\n").last.map(String.init) ?? "") ?? -1
    if let nl = text.lastIndex(of: "\n") { text = String(text[..<nl]) }
    return (text.hasSuffix("\n") ? String(text.dropLast()) : text, status)
}
