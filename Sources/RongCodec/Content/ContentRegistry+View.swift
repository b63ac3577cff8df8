// Sources/RongCodec/Content/ContentRegistry+View.swift - decoding into a borrowed ContentView

extension ContentRegistry {
    /// Checks content by objectName as ``decode(objectName:bytes:options:)-(_,[UInt8],_)`` does and calls
    /// `body` with a ``ContentView`` of it: no owned value, no `String` until one is asked for.
    ///
    /// Throws exactly what the owned decode throws for the same bytes and options (code,
    /// offset, JSON path): the check is the registered type's own decoder with the value
    /// thrown away. An objectName no type claims gives a view with ``ContentView/isTyped``
    /// false, as the owned decode gives ``DecodedContent/unknown(_:)``. The bytes must stay
    /// alive and unchanged during the call; the view cannot escape it.
    @inlinable
    public func withDecodedView<R>(
        objectName: String,
        bytes: UnsafeRawBufferPointer,
        options: DecodingOptions = .default,
        _ body: (borrowing ContentView) throws(CodecError) -> R
    ) throws(CodecError) -> R {
        // Inlinable, and generic only here, so that the caller's specialization runs: the
        // generic function called across modules asked the runtime for metadata on every call,
        // about a fifth of the whole check.
        let view = try _makeView(objectName: objectName, bytes: bytes, options: options)
        return try body(view)
    }

    /// ``withDecodedView(objectName:bytes:options:_:)-(_,UnsafeRawBufferPointer,_,_)`` over an array's bytes.
    @inlinable
    public func withDecodedView<R>(
        objectName: String,
        bytes: [UInt8],
        options: DecodingOptions = .default,
        _ body: (borrowing ContentView) throws(CodecError) -> R
    ) throws(CodecError) -> R {
        let result: Result<R, CodecError> = bytes.withUnsafeBytes { raw in
            do throws(CodecError) {
                return .success(try withDecodedView(objectName: objectName, bytes: raw, options: options, body))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The check behind ``withDecodedView(objectName:bytes:options:_:)-(_,UnsafeRawBufferPointer,_,_)``: not generic. The view
    /// is built where it is returned, so that its member table is written once and not copied.
    @usableFromInline
    func _makeView(objectName: String, bytes: UnsafeRawBufferPointer, options: DecodingOptions) throws(CodecError) -> ContentView {
        guard let entry = try entry(objectName, options) else {
            return ContentView(objectName: objectName, entry: nil, original: bytes, options: options)
        }
        var view = ContentView(objectName: entry.type.type.objectName, entry: entry, original: bytes, options: options)
        let result: Result<ContentValidation, CodecError> = withUnsafeMutablePointer(to: &view.members) { p in
            do throws(CodecError) {
                return .success(try entry.type.validate(bytes, options, p))
            } catch {
                return .failure(error)
            }
        }
        switch try result.get() {
        case .direct(let leniencies):
            view.leniencies = leniencies
        case .doubleEncoded(let inner, let leniencies):
            view.leniencies = leniencies
            let text = ContentText(inner)
            view.text = text
            view.json = text.json
        }
        if entry.isAlias { view.leniencies.insert(.objectNameAlias) }
        return view
    }
}

/// The unescaped text of double-encoded content, kept at a fixed address while a view reads it.
final class ContentText {
    private let bytes: UnsafeMutableRawBufferPointer
    private let count: Int

    init(_ text: [UInt8]) {
        bytes = .allocate(byteCount: max(1, text.count), alignment: 1)
        bytes.copyBytes(from: text)
        count = text.count
    }

    var json: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: bytes.baseAddress, count: count) }

    deinit { bytes.deallocate() }
}
