// Sources/RongPeer/FileSystem.swift - the few file system calls the scenario loader needs

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

func isDirectory(_ path: String) -> Bool {
    var st = stat()
    return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
}

func fileExists(_ path: String) -> Bool {
    var st = stat()
    return stat(path, &st) == 0
}

/// Every regular file under `dir`, sorted, hidden names skipped.
func walk(_ dir: String) -> [String] {
    guard let d = opendir(dir) else { return [] }
    var names: [String] = []
    while let e = readdir(d) {
        let name = withUnsafePointer(to: e.pointee.d_name) { p in p.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) } }
        if !name.hasPrefix(".") { names.append(name) }
    }
    closedir(d)
    var out: [String] = []
    for name in names.sorted() {
        let path = dir.hasSuffix("/") ? dir + name : dir + "/" + name
        if isDirectory(path) { out += walk(path) } else { out.append(path) }
    }
    return out
}
