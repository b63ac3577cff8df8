// Tests/RongSupportTests/FileIOTests.swift - bounded reads, complete writes, walks, file kinds

import RongCodec
import RongSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fresh folder under /tmp, removed when released.
final class Scratch {
    let path: String

    init() {
        var template = Array("/tmp/rongsupport-test-XXXXXX".utf8CString)
        _ = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func write(_ name: String, _ text: String) throws {
        if let slash = name.lastIndex(of: "/") { mkdir(path + "/" + name[..<slash], 0o755) }
        try FileIO.write(Array(text.utf8), toFile: path + "/" + name)
    }

    deinit { _ = system("rm -rf '\(path)'") }
}

@Suite("Support: files")
struct FileIOTests {
    @Test("a file reads back what was written; the limit is checked after limit + 1 bytes")
    func readWrite() throws {
        let dir = Scratch()
        try dir.write("a.txt", "hello")
        #expect(try FileIO.read(path: dir.path + "/a.txt", limit: 5) == Array("hello".utf8))
        #expect(throws: FileError.tooLarge(path: dir.path + "/a.txt", limit: 4)) { try FileIO.read(path: dir.path + "/a.txt", limit: 4) }
        try dir.write("a.txt", "")
        #expect(try FileIO.read(path: dir.path + "/a.txt", limit: 0) == [])
    }

    @Test("a missing file cannot be opened; a folder cannot be read")
    func failures() throws {
        let dir = Scratch()
        do {
            _ = try FileIO.read(path: dir.path + "/none", limit: 10)
            Issue.record("read a missing file")
        } catch {
            guard case .cannotOpen(let path, let reason) = error else { Issue.record("\(error)"); return }
            #expect(path == dir.path + "/none")
            #expect(reason == "No such file or directory")
        }
        do {
            _ = try FileIO.read(path: dir.path, limit: 10)
            Issue.record("read a folder")
        } catch {
            guard case .cannotRead = error else { Issue.record("\(error)"); return }
        }
        #expect(throws: FileError.self) { try FileIO.write([1], toFile: dir.path + "/no/such/folder") }
    }

    @Test("a loader's text: UTF-8 only, errors at line 0 in the loaders' words")
    func loaderText() throws {
        let dir = Scratch()
        try dir.write("ok.yaml", "a: é\n")
        #expect(try FileIO.text(ofFile: dir.path + "/ok.yaml", limit: 100) == "a: é\n")
        try FileIO.write([0x61, 0xFF], toFile: dir.path + "/bad.yaml")
        #expect(throws: LoadError(file: dir.path + "/bad.yaml", line: 0, message: "file is not valid UTF-8")) {
            try FileIO.text(ofFile: dir.path + "/bad.yaml", limit: 100)
        }
        #expect(throws: LoadError(file: dir.path + "/ok.yaml", line: 0, message: "file larger than 3 bytes")) {
            try FileIO.text(ofFile: dir.path + "/ok.yaml", limit: 3)
        }
        #expect(throws: LoadError(file: dir.path + "/none", line: 0, message: "cannot open: No such file or directory")) {
            try FileIO.text(ofFile: dir.path + "/none", limit: 3)
        }
    }

    @Test("walks are sorted, depth first, without hidden names; kinds by file name")
    func walk() throws {
        let dir = Scratch()
        for name in ["b.yaml", "a/z.yml", "a/x.scenario.yaml", ".hidden.yaml", "a/.h/c.yaml", "c.txt", "a/y.yaml"] {
            try dir.write(name, "x")
        }
        #expect(FileIO.names(in: dir.path) == ["a", "b.yaml", "c.txt"])
        #expect(FileIO.names(in: dir.path + "/none") == nil)
        let all = FileIO.files(under: dir.path).map { String($0.dropFirst(dir.path.count + 1)) }
        #expect(all == ["a/x.scenario.yaml", "a/y.yaml", "a/z.yml", "b.yaml", "c.txt"])
        let vectors = try DataFileKind.vectors.files(in: [dir.path]).map { String($0.dropFirst(dir.path.count + 1)) }
        #expect(vectors == ["a/y.yaml", "a/z.yml", "b.yaml"])
        let scenarios = try DataFileKind.scenarios.files(in: [dir.path, dir.path + "/c.txt"]).map { String($0.dropFirst(dir.path.count + 1)) }
        #expect(scenarios == ["a/x.scenario.yaml", "c.txt"])
        #expect(throws: LoadError(file: dir.path + "/none", line: 0, message: "no such file or directory")) {
            try DataFileKind.vectors.files(in: [dir.path + "/none"])
        }
    }

    @Test("descriptors: exact reads stop at the end; writes are complete")
    func descriptors() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        #expect(FileIO.write(Array("abcdef".utf8), to: fds[1]))
        close(fds[1])
        #expect(FileIO.readExactly(fd: fds[0], count: 4) == Array("abcd".utf8))
        #expect(FileIO.readExactly(fd: fds[0], count: 4) == nil)
        close(fds[0])
    }
}
