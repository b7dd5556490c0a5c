import Foundation

/// The options of one decode, read once from the ``JSONCodableDecoder``.
struct CodableDecodingOptions: Sendable {
    var keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys
    var dateDecodingStrategy: JSONDecoder.DateDecodingStrategy = .deferredToDate
    var dataDecodingStrategy: JSONDecoder.DataDecodingStrategy = .base64
    var nonConformingFloatDecodingStrategy: JSONDecoder.NonConformingFloatDecodingStrategy = .throw
    var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    var limits = DecodingOptions()
    /// Set for the records of a stream, which reports the library's errors: a type mismatch
    /// then carries the library's error as its underlying error, for the stream to report
    /// (see ``JSONMapperError/init(decoding:)``). A document decode leaves it unset, so its
    /// errors are Foundation's to the letter.
    var carriesLibraryErrors = false

    /// Whether JSON keys are used as they are (no conversion, so keys are compared as bytes).
    var usesDefaultKeys: Bool {
        if case .useDefaultKeys = keyDecodingStrategy { return true }
        return false
    }
}

/// The `Decoder` of one decode: a value on the tape (``Tape``) and its coding path. Nested
/// values are decoded by this same object, its value and path set around the call
/// (``decodeNested(_:at:path:)``), as Foundation's decoder does; containers keep the tape
/// indices of their members and the path of their own value.
///
/// Every conversion from a tape entry to a Swift value is in this file, with Foundation's
/// results and errors: the same `DecodingError` case and coding path, the same treatment of
/// `Date`, `Data`, `URL`, `Decimal` and string-keyed dictionaries under a key strategy.
final class TapeDecoder: Decoder, SingleValueDecodingContainer {
    let tape: Tape
    let options: CodableDecodingOptions
    /// The value being decoded.
    private(set) var index: Int
    private(set) var path: CodingPathNode
    /// Where the last key lookups ended (see ``KeyHint``): one slot per depth, so the objects
    /// open at once (each inside the last) never share one. Owned by this decoder,
    /// read and written only by ``find(_:inObject:end:)`` (a pointer, so that a lookup pays
    /// no exclusivity check).
    private let keyHints: UnsafeMutablePointer<KeyHint>
    /// The keys of ``path``, once a failure or `codingPath` has made them (see ``keys(_:_:)``).
    private var ownKeys: [any CodingKey]?
    /// The conversions of ``camelCased(_:)``, by JSON key.
    private var snakeCaseKeys: [String: String] = [:]

    init(tape: Tape, options: CodableDecodingOptions, index: Int, path: CodingPathNode) {
        self.tape = tape
        self.options = options
        self.index = index
        self.path = path
        self.keyHints = .allocate(capacity: Self.keyHintSlots)
        self.keyHints.initialize(repeating: KeyHint(container: -1, next: 0), count: Self.keyHintSlots)
    }

    deinit {
        keyHints.deallocate()
    }

    var codingPath: [any CodingKey] { keys(path, NoKey()) }
    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    /// Decodes the value at `index` as `T` with this decoder moved there for the call.
    @inline(__always)
    func decodeNested<T>(_ decode: () throws -> T, at index: Int, path: CodingPathNode) rethrows -> T {
        let saved = moveTo(index, path: path)
        defer { restore(saved) }
        return try decode()
    }

    /// Moves the decoder to the value at `index`, returning where it was.
    @inline(__always)
    private func moveTo(_ index: Int, path: CodingPathNode) -> (Int, CodingPathNode) {
        defer {
            self.index = index
            self.path = path
            ownKeys = nil
        }
        return (self.index, self.path)
    }

    @inline(__always)
    private func restore(_ saved: (Int, CodingPathNode)) {
        (index, path) = saved
        ownKeys = nil
    }

    /// The keys of the path of the value at `key` in the container at `container`. A `NoKey`
    /// step is the decoder's own value (`container` is ``path``), whose keys are made once per
    /// stay there: a try-each `init(from:)` fails at one value several times.
    func keys<K: CodingKey>(_ container: CodingPathNode, _ key: K) -> [any CodingKey] {
        guard K.self == NoKey.self else { return container.keys(appending: key) }
        if let ownKeys { return ownKeys }
        let keys = container.keys
        ownKeys = keys
        return keys
    }

    // MARK: Containers

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        switch tape.kind(at: index) {
        case .beginObject:
            return KeyedDecodingContainer(try TapeKeyedContainer<Key>(decoder: self, begin: index, path: path))
        default:
            throw kindMismatch([String: Any].self, at: index, codingPath: codingPath,
                               nullDescription: "Cannot get keyed decoding container -- found null value instead")
        }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try checkArray(at: index, path: path)
        return TapeUnkeyedContainer(decoder: self, begin: index, path: path)
    }

    /// Throws what `unkeyedContainer()` throws for a value that is not an array.
    func checkArray(at index: Int, path: CodingPathNode) throws {
        switch tape.kind(at: index) {
        case .beginArray:
            return
        default:
            throw kindMismatch([Any].self, at: index, codingPath: path.keys,
                               nullDescription: "Cannot get unkeyed decoding container -- found null value instead")
        }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    // MARK: Single value

    func decodeNil() -> Bool { tape.kind(at: index) == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try bool(at: index, in: path, NoKey()) }
    func decode(_ type: String.Type) throws -> String { try string(at: index, in: path, NoKey()) }
    func decode(_ type: Double.Type) throws -> Double { try floatingPoint(at: index, in: path, NoKey()) }
    func decode(_ type: Float.Type) throws -> Float { try floatingPoint(at: index, in: path, NoKey()) }
    func decode(_ type: Int.Type) throws -> Int { try integer(at: index, in: path, NoKey()) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(at: index, in: path, NoKey()) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(at: index, in: path, NoKey()) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(at: index, in: path, NoKey()) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(at: index, in: path, NoKey()) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(at: index, in: path, NoKey()) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(at: index, in: path, NoKey()) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(at: index, in: path, NoKey()) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(at: index, in: path, NoKey()) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(at: index, in: path, NoKey()) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try value(T.self, at: index, in: path, NoKey()) }

    // MARK: Values
    //
    // Each takes the value's tape index, the path of its container and the step to it, so the
    // value's own path is made only for an error or a nested decoder.

    /// Any `Decodable`: the scalar types on their own paths (they are the elements of most
    /// arrays, which reach here through the generic `decode`), Foundation's special types,
    /// arrays, then the type's own `init(from:)` with this decoder at the value.
    func value<T: Decodable, K: CodingKey>(_ type: T.Type, at index: Int, in container: CodingPathNode, _ key: K) throws -> T {
        if T.self == String.self { return cast(try string(at: index, in: container, key), to: T.self) }
        if T.self == Int.self { return cast(try integer(at: index, in: container, key) as Int, to: T.self) }
        if T.self == Double.self { return cast(try floatingPoint(at: index, in: container, key) as Double, to: T.self) }
        if T.self == Bool.self { return cast(try bool(at: index, in: container, key), to: T.self) }
        if T.self == Int64.self { return cast(try integer(at: index, in: container, key) as Int64, to: T.self) }
        if T.self == Float.self { return cast(try floatingPoint(at: index, in: container, key) as Float, to: T.self) }
        if T.self == Int32.self { return cast(try integer(at: index, in: container, key) as Int32, to: T.self) }
        if T.self == UInt64.self { return cast(try integer(at: index, in: container, key) as UInt64, to: T.self) }
        if T.self == UInt.self { return cast(try integer(at: index, in: container, key) as UInt, to: T.self) }
        if T.self == Int16.self { return cast(try integer(at: index, in: container, key) as Int16, to: T.self) }
        if T.self == Int8.self { return cast(try integer(at: index, in: container, key) as Int8, to: T.self) }
        if T.self == UInt32.self { return cast(try integer(at: index, in: container, key) as UInt32, to: T.self) }
        if T.self == UInt16.self { return cast(try integer(at: index, in: container, key) as UInt16, to: T.self) }
        if T.self == UInt8.self { return cast(try integer(at: index, in: container, key) as UInt8, to: T.self) }
        return try compound(T.self, at: index, in: container, key)
    }

    /// Any `Decodable` but the standard library's scalars.
    private func compound<T: Decodable, K: CodingKey>(_ type: T.Type, at index: Int, in container: CodingPathNode, _ key: K) throws -> T {
        if T.self == Date.self { return cast(try date(at: index, in: container, key), to: T.self) }
        if T.self == Data.self { return cast(try data(at: index, in: container, key), to: T.self) }
        if T.self == URL.self { return cast(try url(at: index, in: container, key), to: T.self) }
        if T.self == Decimal.self { return cast(try decimal(at: index, in: container, key), to: T.self) }
        if let collection = T.self as? any CollectionOnTape.Type {
            return cast(try collection.decode(from: self, at: index, path: container.appending(key)), to: T.self)
        }
        return try decodeNested({ try T(from: self) }, at: index, path: container.appending(key))
    }

    /// `value` as `T`, which the caller has checked is its type.
    @inline(__always)
    private func cast<Value, T>(_ value: Value, to type: T.Type) -> T {
        unsafeBitCast(value, to: T.self)
    }

    // Each scalar comes in two parts: the conversion, specialized for its type and failing with
    // a ``ScalarFailure`` only, and an inlined wrapper that turns the failure into the
    // `DecodingError` with the value's path. (A conversion generic over the key too would run
    // unspecialized from every container, whose key type is generic.)

    @inline(__always)
    func bool<K: CodingKey>(at index: Int, in container: CodingPathNode, _ key: K) throws -> Bool {
        do { return try boolValue(at: index) } catch { throw decodingError(error, Bool.self, at: index, in: container, key) }
    }

    @inline(__always)
    func string<K: CodingKey>(at index: Int, in container: CodingPathNode, _ key: K) throws -> String {
        do { return try stringValue(at: index) } catch { throw decodingError(error, String.self, at: index, in: container, key) }
    }

    @inline(__always)
    func integer<I: FixedWidthInteger, K: CodingKey>(at index: Int, in container: CodingPathNode, _ key: K) throws -> I {
        do { return try integerValue(at: index) } catch { throw decodingError(error, I.self, at: index, in: container, key) }
    }

    @inline(__always)
    func floatingPoint<F: BinaryFloatingPoint, K: CodingKey>(at index: Int, in container: CodingPathNode, _ key: K) throws -> F {
        do { return try floatingPointValue(at: index) } catch { throw decodingError(error, F.self, at: index, in: container, key) }
    }

    /// The number at `index` through its type's coercion, under Foundation's policy; the
    /// caller has checked that the value is a number (the tape keeps a string's text escaped,
    /// which no coercion reads: the Foundation policy converts no string to another type).
    @inline(__always)
    private func coercedNumber<V>(at index: Int, _ coercion: (ScalarEvent) throws(CoercionFailure) -> V?) throws(ScalarFailure) -> V {
        do throws(CoercionFailure) {
            // The Foundation policy gives a value or throws: it keeps no default.
            guard let value = try coercion(.number(tape.text(at: index))) else { throw .mismatch }
            return value
        } catch .mismatch {
            throw .mismatch
        } catch {
            throw .notRepresentable
        }
    }

    /// `true` or `false`: Foundation takes no other value for a `Bool`.
    func boolValue(at index: Int) throws(ScalarFailure) -> Bool {
        switch tape.kind(at: index) {
        case .true: true
        case .false: false
        default: throw .mismatch
        }
    }

    func stringValue(at index: Int) throws(ScalarFailure) -> String {
        guard tape.kind(at: index) == .string else { throw .mismatch }
        return tape.string(at: index)
    }

    /// An integer from a number's text: plain digits on the fast path; an integral value written
    /// with a fraction or exponent (`1.0`, `1e2`) exactly, as Foundation accepts them. A number
    /// that is not one (`1.5`, a try-each decode's `Int64` try of a coordinate) fails without
    /// the coercion's message, which the error does not carry.
    func integerValue<I: FixedWidthInteger>(at index: Int) throws(ScalarFailure) -> I {
        guard tape.kind(at: index) == .number else { throw .mismatch }
        let text = tape.text(at: index).buffer
        if let value = IntegerCoercion.plainInteger(text, as: I.self) ?? NumberText(text)?.exactInteger(I.self, in: text) {
            return value
        }
        throw .notRepresentable
    }

    /// A floating-point value from a number's text, or from a string the non-conforming float
    /// strategy names. A number beyond the type's range, or one that rounds to zero without
    /// being zero, is corrupt data, as in Foundation.
    func floatingPointValue<F: BinaryFloatingPoint>(at index: Int) throws(ScalarFailure) -> F {
        switch tape.kind(at: index) {
        case .number:
            if F.self == Float.self {
                return F(try coercedNumber(at: index) { (scalar) throws(CoercionFailure) in
                    try FloatingPointCoercion.float(from: scalar, policy: .foundation, allowNonFinite: false)
                })
            }
            return F(try coercedNumber(at: index) { (scalar) throws(CoercionFailure) in
                try FloatingPointCoercion.double(from: scalar, policy: .foundation, allowNonFinite: false)
            })
        case .string:
            // Foundation compares the names with strings written without escapes only.
            if case let .convertFromString(positiveInfinity, negativeInfinity, nan) = options.nonConformingFloatDecodingStrategy,
               !tape.hasEscapes(at: index) {
                let text = tape.text(at: index)
                if Self.bytes(text, equal: positiveInfinity) { return F.infinity }
                if Self.bytes(text, equal: negativeInfinity) { return -F.infinity }
                if Self.bytes(text, equal: nan) { return F.nan }
            }
            throw .mismatch
        default:
            throw .mismatch
        }
    }

    func decimal<K: CodingKey>(at index: Int, in container: CodingPathNode, _ key: K) throws -> Decimal {
        switch tape.kind(at: index) {
        case .null:
            throw mismatch(Decimal.self, at: index, in: container, key)
        case .number:
            do {
                return try coercedNumber(at: index) { (scalar) throws(CoercionFailure) in try DecimalCoercion.decimal(from: scalar, policy: .foundation) }
            } catch {
                throw notRepresentable(tape.text(at: index).buffer, as: Decimal.self, at: index, in: container, key)
            }
        default:
            throw DecodingError.typeMismatch(Decimal.self, DecodingError.Context(codingPath: container.keys(appending: key), debugDescription: ""))
        }
    }

    func url<K: CodingKey>(at index: Int, in container: CodingPathNode, _ key: K) throws -> URL {
        let text = try string(at: index, in: container, key)
        guard let url = URL(string: text) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: container.keys(appending: key), debugDescription: "Invalid URL string."))
        }
        return url
    }

    func date<K: CodingKey>(at index: Int, in container: CodingPathNode, _ key: K) throws -> Date {
        if tape.kind(at: index) == .null { throw mismatch(Date.self, at: index, in: container, key) }
        switch options.dateDecodingStrategy {
        case .deferredToDate:
            return try decodeNested({ try Date(from: self) }, at: index, path: container.appending(key))
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try floatingPoint(at: index, in: container, key))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try floatingPoint(at: index, in: container, key) / 1000)
        case .iso8601:
            if tape.kind(at: index) == .string, !tape.hasEscapes(at: index),
               let date = ISO8601Text.wholeSecondUTC(tape.text(at: index).buffer) {
                return date
            }
            let text = try string(at: index, in: container, key)
            guard let date = try? Date.ISO8601FormatStyle().parse(text) else {
                // Foundation names the container's path here, not the value's.
                throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: container.keys, debugDescription: "Expected date string to be ISO8601-formatted."))
            }
            return date
        #if canImport(Darwin)
        case .formatted(let formatter):
            let text = try string(at: index, in: container, key)
            guard let date = formatter.date(from: text) else {
                throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: container.keys(appending: key),
                                                                        debugDescription: "Date string does not match format expected by formatter."))
            }
            return date
        #endif
        case .custom(let decode):
            return try decodeNested({ try decode(self) }, at: index, path: container.appending(key))
        @unknown default:
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: container.keys(appending: key),
                                                                    debugDescription: "JSONCodableDecoder does not know this date decoding strategy."))
        }
    }

    func data<K: CodingKey>(at index: Int, in container: CodingPathNode, _ key: K) throws -> Data {
        if tape.kind(at: index) == .null { throw mismatch(Data.self, at: index, in: container, key) }
        switch options.dataDecodingStrategy {
        case .deferredToData:
            return try decodeNested({ try Data(from: self) }, at: index, path: container.appending(key))
        case .base64:
            let text = try string(at: index, in: container, key)
            guard let data = Data(base64Encoded: text) else {
                throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: container.keys(appending: key),
                                                                        debugDescription: "Encountered Data is not valid Base64."))
            }
            return data
        case .custom(let decode):
            return try decodeNested({ try decode(self) }, at: index, path: container.appending(key))
        @unknown default:
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: container.keys(appending: key),
                                                                    debugDescription: "JSONCodableDecoder does not know this data decoding strategy."))
        }
    }

    // MARK: Errors

    /// Why a scalar did not convert, before its path is known.
    enum ScalarFailure: Error {
        /// The JSON value is of another kind (or null).
        case mismatch
        /// A number the type cannot hold.
        case notRepresentable
    }

    /// The `DecodingError` for a scalar that did not convert to `type`.
    func decodingError<K: CodingKey>(_ failure: ScalarFailure, _ type: Any.Type, at index: Int, in container: CodingPathNode, _ key: K) -> DecodingError {
        switch failure {
        case .mismatch: mismatch(type, at: index, in: container, key)
        case .notRepresentable: notRepresentable(tape.text(at: index).buffer, as: type, at: index, in: container, key)
        }
    }

    /// `valueNotFound` for a null, `typeMismatch` for any other value, in Foundation's words;
    /// with the library's error under it for a stream's record.
    func mismatch<K: CodingKey>(_ type: Any.Type, at index: Int, in container: CodingPathNode, _ key: K) -> DecodingError {
        kindMismatch(type, at: index, codingPath: keys(container, key))
    }

    /// A value of another kind than `type` at `index`, in Foundation's words (`nullDescription`
    /// says what a null missed, when that is not a value of `type`); with the library's error
    /// under it for a stream's record.
    func kindMismatch(_ type: Any.Type, at index: Int, codingPath: [any CodingKey], nullDescription: String? = nil) -> DecodingError {
        let found = foundKind(at: index)
        let underlying = options.carriesLibraryErrors
            ? JSONMapperError.typeMismatch(path: CodingPathText.path(codingPath), expected: "\(type)", found: found.name) : nil
        // Foundation reads a `Bool` by the value's case, so a null is one more mismatch.
        if found == .null, type != Bool.self {
            return DecodingError.valueNotFound(type, DecodingError.Context(
                codingPath: codingPath, debugDescription: nullDescription ?? MismatchText.valueNotFound(type), underlyingError: underlying))
        }
        return DecodingError.typeMismatch(type, DecodingError.Context(
            codingPath: codingPath, debugDescription: MismatchText.typeMismatch(type, found: found), underlyingError: underlying))
    }

    /// A number the type cannot hold. Foundation reports it as corrupt data at the top of the
    /// document (an empty coding path) with no more words than that, and so does a document
    /// decode here; a stream's record also names the number and its path, in the description
    /// and in the library's error under it, for the stream to report.
    private func notRepresentable<K: CodingKey>(_ text: UnsafeBufferPointer<UInt8>, as type: Any.Type, at index: Int,
                                  in container: CodingPathNode, _ key: K) -> DecodingError {
        guard options.carriesLibraryErrors else {
            return DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: "The given data was not valid JSON."))
        }
        let number = String(decoding: text, as: UTF8.self)
        let path = CodingPathText.describe(container.keys(appending: key))
        return DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: [],
            debugDescription: "The given data was not valid JSON. Number \(number) at \(path) is not representable as \(type).",
            underlyingError: JSONMapperError.invalidValue(path: path, reason: "\(number) is not representable as \(type)")))
    }

    /// The kind of the value at `index`, as Foundation's messages name it.
    func foundKind(at index: Int) -> MismatchText.Found {
        switch tape.kind(at: index) {
        case .string: .string
        case .number: .number
        case .true, .false: .bool
        case .null: .null
        case .beginArray: .array
        default: .dictionary
        }
    }

    // MARK: Helpers

    private static func bytes(_ text: JSONBytes, equal string: String) -> Bool {
        var string = string
        return string.withUTF8 { utf8 in utf8.count == text.count && utf8.elementsEqual(text.buffer) }
    }

    // MARK: Finding keys

    /// The tape index of the value of the key `name` in the object from `begin` to `end`, its
    /// bytes compared with the keys' from where the object's last lookup ended
    /// (``KeyHint``). A name with characters beyond ASCII is also compared as a `String`
    /// (canonical equivalence), as Foundation compares keys.
    func valueIndex(named name: String, inObject begin: Int, end: Int) -> Int? {
        var name = name
        let (found, isASCII) = name.withUTF8 { wanted in (find(wanted, inObject: begin, end: end), !wanted.contains { $0 >= 0x80 }) }
        if found != nil || isASCII { return found }
        var index = begin + 1
        while index < end {
            if tape.text(at: index).string == name { return index + 1 }
            index = tape.next(after: index + 1)
        }
        return nil
    }

    /// Looks at the key after the hint, then, unless the object's key filter rules the key out,
    /// from there to the end and from the first key to the hint (the object's keys are
    /// distinct: a keyed container indexes any other object).
    private func find(_ wanted: UnsafeBufferPointer<UInt8>, inObject begin: Int, end: Int) -> Int? {
        let slot = keyHints + (tape.depth(at: begin) & (Self.keyHintSlots - 1))
        let start = slot.pointee.container == begin ? slot.pointee.next : begin + 1
        let found: Int
        if let next = scan(from: start, to: min(start + 1, end), for: wanted) {
            // `init(from:)` asking in document order: the key is where the last one left off.
            found = next
        } else {
            // An absent key (an optional property the object leaves out) usually ends here.
            guard tape.objectMayHaveKey(wanted, endingAt: end),
                  let scanned = scan(from: start, to: end, for: wanted) ?? scan(from: begin + 1, to: start, for: wanted)
            else { return nil }
            found = scanned
        }
        slot.pointee = KeyHint(container: begin, next: tape.next(after: found))
        return found
    }

    /// The value after the first key in `start..<limit` (both key entries, or the end) whose
    /// bytes are `wanted`.
    @inline(__always)
    private func scan(from start: Int, to limit: Int, for wanted: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = start
        while index < limit {
            let key = tape.text(at: index)
            if key.count == wanted.count, KeyBytes.equal(key.start, wanted.baseAddress, count: key.count) { return index + 1 }
            index = tape.next(after: index + 1)
        }
        return nil
    }

    private static let keyHintSlots = 64

    // MARK: Converting keys

    /// `key` as `.convertFromSnakeCase` makes it, remembered for the rest of the decode: the
    /// objects of a document mostly repeat a few keys, and converting one costs several times
    /// looking it up. Past ``snakeCaseMemoLimit`` distinct keys (a document keyed by data), the
    /// others are converted each time.
    func camelCased(_ key: String) -> String {
        if let converted = snakeCaseKeys[key] { return converted }
        let converted = SnakeCase.camelCased(key)
        if snakeCaseKeys.count < Self.snakeCaseMemoLimit { snakeCaseKeys[key] = converted }
        return converted
    }

    private static let snakeCaseMemoLimit = 4096

    /// A decoder of its own for the value at `index`, for a caller that may keep it (a super
    /// decoder), sharing the tape.
    func detachedDecoder(at index: Int, path: CodingPathNode) -> TapeDecoder {
        TapeDecoder(tape: tape, options: options, index: index, path: path)
    }
}

/// Where a keyed container's next key lookup starts: just after the member found last, since
/// `init(from:)` usually asks for keys in the order the encoder wrote them. An object may find
/// the hint of another one at its depth (a sibling still in use, or one 64 levels apart): the
/// hint names its object and is ignored then.
struct KeyHint {
    /// The tape index of the object the hint is for.
    var container: Int
    /// The tape index of the key to look at first.
    var next: Int
}

/// A coding path in the library's JSON path syntax (`statuses[3].user.id`).
enum CodingPathText {
    /// The path as the library's errors write it: empty at the top level.
    static func path(_ keys: [any CodingKey]) -> String {
        var path = JSONPathText()
        for key in keys {
            if key is IndexKey, let index = key.intValue {
                path.append(index: index)
            } else {
                path.append(key: key.stringValue)
            }
        }
        return path.text
    }

    /// The path for a message: "the top level" when empty.
    static func describe(_ keys: [any CodingKey]) -> String {
        let text = path(keys)
        return text.isEmpty ? "the top level" : text
    }
}
