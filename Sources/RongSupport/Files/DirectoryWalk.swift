// Sources/RongSupport/Files/DirectoryWalk.swift - what a path is, and the files under a folder

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import RongCodec

extension FileIO {
    /// Whether `path` names a folder (following links).
    package static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether anything exists at `path` (following links).
    package static func exists(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0
    }

    /// The names in folder `dir`, sorted, without hidden ones (`.` first); nil when `dir` cannot
    /// be opened as a folder.
    package static func names(in dir: String) -> [String]? {
        guard let d = opendir(dir) else { return nil }
        defer { closedir(d) }
        var names: [String] = []
        while let e = readdir(d) {
            let name = withUnsafePointer(to: e.pointee.d_name) { p in
                p.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: e.pointee.d_name)) { String(cString: $0) }
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }

    /// Every file under `dir` whose name `include` accepts, depth first, each folder's entries in
    /// name order; hidden names are skipped, unreadable folders are empty.
    package static func files(under dir: String, where include: (String) -> Bool = { _ in true }) -> [String] {
        var out: [String] = []
        for name in names(in: dir) ?? [] {
            let path = dir.hasSuffix("/") ? dir + name : dir + "/" + name
            if isDirectory(path) {
                out += files(under: path, where: include)
            } else if exists(path), include(name) {
                out.append(path)
            }
        }
        return out
    }
}

/// The kinds of YAML file RongWire reads, told apart by their names, so the vector loader and the
/// scenario loader find their own files in one tree (`vectors/` holds both) without knowing each
/// other: a `*.scenario.yaml` is a scenario (spec/scenarios.md), any other `*.yaml` or `*.yml` a
/// vector file (spec/vectors.md).
package enum DataFileKind: Sendable, CaseIterable {
    /// Conformance vectors.
    case vectors
    /// The mock peer's behaviour scenarios.
    case scenarios

    /// The kind of a file by its name, nil for other files.
    package static func of(fileName name: String) -> DataFileKind? {
        if name.hasSuffix(".scenario.yaml") { return .scenarios }
        if name.hasSuffix(".yaml") || name.hasSuffix(".yml") { return .vectors }
        return nil
    }

    /// The files of this kind under `paths`: folders are walked (sorted), files are taken as given;
    /// a path that does not exist is a ``LoadError`` at line 0.
    package func files(in paths: [String]) throws(LoadError) -> [String] {
        var out: [String] = []
        for p in paths {
            if FileIO.isDirectory(p) {
                out += FileIO.files(under: p) { Self.of(fileName: $0) == self }
            } else if FileIO.exists(p) {
                out.append(p)
            } else {
                throw LoadError(file: p, line: 0, message: "no such file or directory")
            }
        }
        return out
    }
}
