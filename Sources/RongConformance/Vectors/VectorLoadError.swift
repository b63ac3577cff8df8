// Sources/RongConformance/Vectors/VectorLoadError.swift - the former name of a vector file's load error

import RongCodec

/// A vector file that cannot be loaded: now RongCodec's `LoadError`, the one load error of every
/// RongWire loader (the same fields and text).
@available(*, deprecated, renamed: "LoadError", message: "every RongWire loader throws RongCodec's LoadError")
public typealias VectorLoadError = LoadError
