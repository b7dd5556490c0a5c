import Foundation

/// How a value is written into the slot begun last: the types Foundation's `JSONEncoder`
/// treats specially (scalars reached generically, `Date`, `Data`, `URL`, `Decimal`, arrays of
/// numbers or strings, `[String: T]` under a key strategy) directly, any other value through
/// its `encode(to:)` with a value encoder. The types are told apart by comparing metatypes,
/// which costs a few comparisons per value and no dynamic cast.
extension EncodingState {
    /// Writes `value` into the slot begun last in the innermost container (or, with `key`
    /// `nil`, into `encoder`'s own slot). `key` is the value's key in the coding path below
    /// `encoder`. A value that encodes nothing is written `{}` (`emptyIsObject`) or left out.
    func encodeValue<T: Encodable>(_ value: T, in encoder: EncodingValueEncoder, key: (any CodingKey)?, emptyIsObject: Bool = true) throws {
        if try writeScalar(value, in: encoder, key: key) { return }
        if try writeSpecial(value, in: encoder, key: key) { return }
        try encodeThroughEncoder(in: encoder, key: key, emptyIsObject: emptyIsObject) { try value.encode(to: $0) }
    }

    /// Runs `body` with the encoder of the slot begun last, then closes what it left open and
    /// writes `{}` if it wrote nothing (when `emptyIsObject`).
    func encodeThroughEncoder(
        in encoder: EncodingValueEncoder, key: (any CodingKey)?, emptyIsObject: Bool = true,
        _ body: (EncodingValueEncoder) throws -> Void
    ) throws {
        if key == nil {
            try withStackRoom { try body(encoder) }
            if emptyIsObject, state(encoder) { finishPendingValue() }
            return
        }
        var valueEncoder = self.valueEncoder(parent: encoder, key: key, place: nil)
        defer { recycle(&valueEncoder) }
        try withStackRoom { try body(valueEncoder) }
        if state(valueEncoder) { finishPendingValue() }
    }

    /// Runs a value's `encode(to:)`, on a fresh stack once ``containersPerStack`` containers
    /// opened on this one: the recursion through the values stays within any thread's stack
    /// (a 512 KiB secondary thread's too) up to ``maximumDepth``.
    private func withStackRoom(_ body: () throws -> Void) throws {
        guard top - stackBase >= Self.containersPerStack else { return try body() }
        let base = stackBase
        stackBase = top
        defer { stackBase = base }
        try runOnFreshStack(body)
    }

    /// Whether `encoder`'s slot still waits for its value (the innermost container is its).
    private func state(_ encoder: EncodingValueEncoder) -> Bool {
        focus(depth: encoder.slotDepth, serial: encoder.slotSerial) && valueIsPending
    }

    // MARK: Scalars

    /// Writes a scalar reached through the generic `encode`, as the typed `encode` would.
    private func writeScalar<T: Encodable>(_ value: T, in encoder: EncodingValueEncoder, key: (any CodingKey)?) throws -> Bool {
        if T.self == String.self {
            writeValue(unsafeBitCast(value, to: String.self))
        } else if T.self == Int.self {
            writeIntegerValue(unsafeBitCast(value, to: Int.self))
        } else if T.self == Double.self {
            try writeCheckedFloat(unsafeBitCast(value, to: Double.self), in: encoder, key: key)
        } else if T.self == Bool.self {
            writeValue(unsafeBitCast(value, to: Bool.self))
        } else if T.self == Int64.self {
            writeIntegerValue(unsafeBitCast(value, to: Int64.self))
        } else if T.self == Float.self {
            try writeCheckedFloat(unsafeBitCast(value, to: Float.self), in: encoder, key: key)
        } else if T.self == UInt64.self {
            writeIntegerValue(unsafeBitCast(value, to: UInt64.self))
        } else if T.self == Int32.self {
            writeIntegerValue(unsafeBitCast(value, to: Int32.self))
        } else if T.self == UInt32.self {
            writeIntegerValue(unsafeBitCast(value, to: UInt32.self))
        } else if T.self == UInt.self {
            writeIntegerValue(unsafeBitCast(value, to: UInt.self))
        } else if T.self == Int16.self {
            writeIntegerValue(unsafeBitCast(value, to: Int16.self))
        } else if T.self == UInt16.self {
            writeIntegerValue(unsafeBitCast(value, to: UInt16.self))
        } else if T.self == Int8.self {
            writeIntegerValue(unsafeBitCast(value, to: Int8.self))
        } else if T.self == UInt8.self {
            writeIntegerValue(unsafeBitCast(value, to: UInt8.self))
        } else {
            return false
        }
        return true
    }

    private func writeCheckedFloat<F: BinaryFloatingPoint & TextOutputStreamable>(
        _ value: F, in encoder: EncodingValueEncoder, key: (any CodingKey)?
    ) throws {
        try checkFloat(value, strategy: options.nonConformingFloatEncodingStrategy) { path(encoder, key) }
        writeFloat(value)
    }

    /// Throws Foundation's error for an infinite or NaN number the strategy does not convert.
    @inline(__always)
    func checkFloat<F: BinaryFloatingPoint>(
        _ value: F, strategy: JSONEncoder.NonConformingFloatEncodingStrategy, path: () -> [any CodingKey]
    ) throws {
        guard !value.isFinite else { return }
        if case .convertToString = strategy { return }
        throw EncodingError.invalidValue(value, EncodingError.Context(
            codingPath: path(), debugDescription: "Unable to encode \(F.self).\(value) directly in JSON."))
    }

    /// Writes a number ``checkFloat(_:strategy:path:)`` let through.
    func writeFloat<F: BinaryFloatingPoint & TextOutputStreamable>(_ value: F) {
        if value.isFinite {
            writer.writeDescription(ofFinite: value)
        } else if case .convertToString(let positiveInfinity, let negativeInfinity, let nan) = options.nonConformingFloatEncodingStrategy {
            writer.writeString(value.isNaN ? nan : value < 0 ? negativeInfinity : positiveInfinity)
        }
        valueWritten()
    }

    private func path(_ encoder: EncodingValueEncoder, _ key: (any CodingKey)?) -> [any CodingKey] {
        key.map { encoder.codingPath + [$0] } ?? encoder.codingPath
    }

    // MARK: Foundation's special types

    private func writeSpecial<T: Encodable>(_ value: T, in encoder: EncodingValueEncoder, key: (any CodingKey)?) throws -> Bool {
        if T.self == Date.self {
            try writeDate(unsafeBitCast(value, to: Date.self), in: encoder, key: key)
        } else if T.self == Data.self {
            try writeData(unsafeBitCast(value, to: Data.self), in: encoder, key: key)
        } else if T.self == URL.self {
            writeValue(unsafeBitCast(value, to: URL.self).absoluteString)
        } else if T.self == Decimal.self {
            try writeDecimal(unsafeBitCast(value, to: Decimal.self), in: encoder, key: key)
        } else if T.self == [Double].self {
            try writeArray(unsafeBitCast(value, to: [Double].self), in: encoder, key: key)
        } else if T.self == [Float].self {
            try writeArray(unsafeBitCast(value, to: [Float].self), in: encoder, key: key)
        } else if T.self == [String].self {
            writeStrings(unsafeBitCast(value, to: [String].self))
        } else if case .useDefaultKeys = options.keyEncodingStrategy {
            return false
        } else if let dictionary = value as? any EncodingStringKeyedDictionary {
            try dictionary.encodeEntries(into: self, in: encoder)
        } else {
            return false
        }
        return true
    }

    private func writeDate(_ date: Date, in encoder: EncodingValueEncoder, key: (any CodingKey)?) throws {
        switch options.dateEncodingStrategy {
        case .deferredToDate:
            try encodeThroughEncoder(in: encoder, key: key) { try date.encode(to: $0) }
        case .secondsSince1970:
            try writeDateNumber(date.timeIntervalSince1970, in: encoder, key: key)
        case .millisecondsSince1970:
            try writeDateNumber(1000.0 * date.timeIntervalSince1970, in: encoder, key: key)
        case .iso8601:
            writeISO8601(date)
        #if canImport(Darwin)
        case .formatted(let formatter):
            writeValue(formatter.string(from: date))
        #endif
        case .custom(let closure):
            try encodeThroughEncoder(in: encoder, key: key) { try closure(date, $0) }
        #if canImport(Darwin)
        @unknown default:
            throw JSONCodableEncoder.unsupported("this dateEncodingStrategy", value: date, path: path(encoder, key))
        #endif
        }
    }

    /// Foundation's `.iso8601` text of a date (`2014-08-31T00:29:15Z`). A whole second of the
    /// Gregorian calendar's years, which such text holds exactly, is written by hand, straight
    /// into the output; any other date by Foundation's formatter, whose way with a dropped
    /// fraction and whose Julian calendar (see ``ISO8601Text/firstGregorianYear``) are its own.
    private func writeISO8601(_ date: Date) {
        let seconds = date.timeIntervalSince1970
        guard seconds.rounded(.down) == seconds, seconds >= ISO8601Text.firstGregorianSecond,
              writer.writeISO8601(date, fraction: .omitted) else {
            writeValue(date.formatted(.iso8601))
            return
        }
        valueWritten()
    }

    /// Seconds of a date, which Foundation writes with the `.throw` strategy whatever the
    /// encoder's.
    private func writeDateNumber(_ seconds: Double, in encoder: EncodingValueEncoder, key: (any CodingKey)?) throws {
        try checkFloat(seconds, strategy: .throw) { path(encoder, key) }
        writer.writeDescription(ofFinite: seconds)
        valueWritten()
    }

    private func writeData(_ data: Data, in encoder: EncodingValueEncoder, key: (any CodingKey)?) throws {
        switch options.dataEncodingStrategy {
        case .deferredToData:
            try encodeThroughEncoder(in: encoder, key: key) { try data.encode(to: $0) }
        case .base64:
            writeValue(data.base64EncodedString())
        case .custom(let closure):
            try encodeThroughEncoder(in: encoder, key: key) { try closure(data, $0) }
        #if canImport(Darwin)
        @unknown default:
            throw JSONCodableEncoder.unsupported("this dataEncodingStrategy", value: data, path: path(encoder, key))
        #endif
        }
    }

    /// A decimal in its `description`, as Foundation writes it; NaN, which Foundation writes
    /// as the text `NaN` (not JSON), is refused.
    private func writeDecimal(_ decimal: Decimal, in encoder: EncodingValueEncoder, key: (any CodingKey)?) throws {
        guard !decimal.isNaN else {
            throw EncodingError.invalidValue(decimal, EncodingError.Context(
                codingPath: path(encoder, key), debugDescription: "Unable to encode Decimal.nan directly in JSON."))
        }
        writer.writeRawNumber(decimal.description)
        valueWritten()
    }

    /// An array of numbers written in one go, as its elements would be one by one; a number
    /// the strategy refuses fails with the element's path.
    private func writeArray<F: BinaryFloatingPoint & TextOutputStreamable>(_ array: [F], in encoder: EncodingValueEncoder, key: (any CodingKey)?) throws {
        let strategy = options.nonConformingFloatEncodingStrategy
        for (index, element) in array.enumerated() {
            try checkFloat(element, strategy: strategy) { path(encoder, key) + [IndexKey(index)] }
        }
        _ = pushContainer(isObject: false)
        for element in array {
            beginElement()
            writeFloat(element)
        }
        closeTop()
    }

    private func writeStrings(_ array: [String]) {
        _ = pushContainer(isObject: false)
        for element in array {
            beginElement()
            writeValue(element)
        }
        closeTop()
    }
}

/// A `[String: T]`, whose keys Foundation writes as they are whatever the key strategy.
protocol EncodingStringKeyedDictionary {
    func encodeEntries(into state: EncodingState, in encoder: EncodingValueEncoder) throws
}

extension Dictionary: EncodingStringKeyedDictionary where Key == String, Value: Encodable {
    func encodeEntries(into state: EncodingState, in encoder: EncodingValueEncoder) throws {
        try state.writeEntries(of: self, in: encoder)
    }
}

extension EncodingState {
    /// A `[String: T]` as an object. Its values' coding path is `encoder`'s and their key, as
    /// in Foundation (which leaves out the dictionary's own key there).
    fileprivate func writeEntries<V: Encodable>(of dictionary: [String: V], in encoder: EncodingValueEncoder) throws {
        let serial = pushContainer(isObject: true)
        let depth = top
        for (key, value) in dictionary {
            guard focus(depth: depth, serial: serial) else { break }
            beginMember(key)
            try encodeValue(value, in: encoder, key: JSONCodingKey(stringValue: key))
        }
        if focus(depth: depth, serial: serial) { closeTop() }
    }
}
