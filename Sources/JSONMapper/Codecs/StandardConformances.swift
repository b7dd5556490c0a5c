import Foundation

// The built-in mappable types. Codecs of scalar types are shared singletons; container
// codecs are built when a model's mapping is compiled (once per property).

private let intCodec = IntCodec()
private let int8Codec = Int8Codec()
private let int16Codec = Int16Codec()
private let int32Codec = Int32Codec()
private let int64Codec = Int64Codec()
private let uintCodec = UIntCodec()
private let uint8Codec = UInt8Codec()
private let uint16Codec = UInt16Codec()
private let uint32Codec = UInt32Codec()
private let uint64Codec = UInt64Codec()
private let doubleCodec = DoubleCodec()
private let floatCodec = FloatCodec()
private let boolCodec = BoolCodec()
private let stringCodec = StringCodec()
private let decimalCodec = DecimalCodec()
private let dateCodec = DateCodec()
private let urlCodec = URLCodec()
private let uuidCodec = UUIDCodec()
private let dataCodec = DataCodec()
private let jsonValueCodec = JSONValueCodec()

extension Int: JSONMappableValue {
    /// The decoder for `Int`. Do not call it.
    public static var _jsonCodec: _JSONFrameHandler { intCodec }
}
extension Int8: JSONMappableValue {
    /// The decoder for `Int8`. Do not call it.
    public static var _jsonCodec: _JSONFrameHandler { int8Codec }
}
extension Int16: JSONMappableValue {
    /// The decoder for `Int16`. Do not call it.
    public static var _jsonCodec: _JSONFrameHandler { int16Codec }
}
extension Int32: JSONMappableValue {
    /// The decoder for `Int32`. Do not call it.
    public static var _jsonCodec: _JSONFrameHandler { int32Codec }
}
extension Int64: JSONMappableValue {
    /// The decoder for `Int64`. Do not call it.
    public static var _jsonCodec: _JSONFrameHandler { int64Codec }
}
extension UInt: JSONMappableValue {
    /// The decoder for `UInt`. Do not call it.
    public static var _jsonCodec: _JSONFrameHandler { uintCodec }
}
extension UInt8: JSONMappableValue {
    /// The decoder for `UInt8`. Do not call it.
    public static var _jsonCodec: _JSONFrameHandler { uint8Codec }
}
extension UInt16: JSONMappableValue {
    /// The decoder for `UInt16`. Do not call it.
    public static var _jsonCodec: _JSONFrameHandler { uint16Codec }
}
extension UInt32: JSONMappableValue {
    /// The decoder for `UInt32`. Do not call it.
    public static var _jsonCodec: _JSONFrameHandler { uint32Codec }
}
extension UInt64: JSONMappableValue {
    /// The decoder for `UInt64`. Do not call it.
    public static var _jsonCodec: _JSONFrameHandler { uint64Codec }
}
extension Double: JSONMappableValue {
    /// The decoder for `Double`. Do not call it.
    public static var _jsonCodec: _JSONFrameHandler { doubleCodec }
}
extension Float: JSONMappableValue {
    /// The decoder for `Float`. Do not call it.
    public static var _jsonCodec: _JSONFrameHandler { floatCodec }
}
extension Bool: JSONMappableValue {
    /// The decoder for `Bool`. Do not call it.
    public static var _jsonCodec: _JSONFrameHandler { boolCodec }
}
extension String: JSONMappableValue {
    /// The decoder for `String`. Do not call it.
    public static var _jsonCodec: _JSONFrameHandler { stringCodec }
}
extension Decimal: JSONMappableValue {
    /// The decoder for `Decimal`. Do not call it.
    public static var _jsonCodec: _JSONFrameHandler { decimalCodec }
}
extension Date: JSONMappableValue {
    /// The decoder for `Date`. Do not call it.
    public static var _jsonCodec: _JSONFrameHandler { dateCodec }
}
extension URL: JSONMappableValue {
    /// The decoder for `URL`. Do not call it.
    public static var _jsonCodec: _JSONFrameHandler { urlCodec }
}
extension UUID: JSONMappableValue {
    /// The decoder for `UUID`. Do not call it.
    public static var _jsonCodec: _JSONFrameHandler { uuidCodec }
}
extension Data: JSONMappableValue {
    /// The decoder for `Data` (base64). Do not call it.
    public static var _jsonCodec: _JSONFrameHandler { dataCodec }
}

extension JSONValue: JSONMappableValue {
    /// The decoder for `JSONValue` (any JSON, kept as it is). Do not call it.
    public static var _jsonCodec: _JSONFrameHandler { jsonValueCodec }
}

extension Optional: JSONMappableValue where Wrapped: JSONMappableValue {
    /// The decoder for `Optional`. Do not call it.
    public static var _jsonCodec: _JSONFrameHandler { OptionalCodec<Wrapped, Self>(wrapped: valueCodec(for: Wrapped.self)) }
}
extension Array: JSONMappableValue where Element: JSONMappableValue {
    /// The decoder for `Array`. Do not call it.
    public static var _jsonCodec: _JSONFrameHandler { CollectionCodec<Element, Self>(element: valueCodec(for: Element.self)) }
}
extension Set: JSONMappableValue where Element: JSONMappableValue {
    /// The decoder for `Set`. Do not call it.
    public static var _jsonCodec: _JSONFrameHandler { CollectionCodec<Element, Self>(element: valueCodec(for: Element.self)) }
}
extension Dictionary: JSONMappableValue where Key == String, Value: JSONMappableValue {
    /// The decoder for `[String: Value]`. Do not call it.
    public static var _jsonCodec: _JSONFrameHandler { DictionaryCodec<Value, Self>(value: valueCodec(for: Value.self)) }
}
