import Foundation

// The built-in mappable types. Readers of scalar types are shared singletons; container
// readers are built when a model's mapping is compiled (once per property).

private let intReader = IntReader()
private let int8Reader = Int8Reader()
private let int16Reader = Int16Reader()
private let int32Reader = Int32Reader()
private let int64Reader = Int64Reader()
private let uintReader = UIntReader()
private let uint8Reader = UInt8Reader()
private let uint16Reader = UInt16Reader()
private let uint32Reader = UInt32Reader()
private let uint64Reader = UInt64Reader()
private let doubleReader = DoubleReader()
private let floatReader = FloatReader()
private let boolReader = BoolReader()
private let stringReader = StringReader()
private let decimalReader = DecimalReader()
private let dateReader = DateReader()
private let urlReader = URLReader()
private let uuidReader = UUIDReader()
private let dataReader = DataReader()

extension Int: JSONMappableValue {
    /// The decoder for `Int`. Do not call it.
    public static var _jsonReader: _JSONReader { intReader }
}
extension Int8: JSONMappableValue {
    /// The decoder for `Int8`. Do not call it.
    public static var _jsonReader: _JSONReader { int8Reader }
}
extension Int16: JSONMappableValue {
    /// The decoder for `Int16`. Do not call it.
    public static var _jsonReader: _JSONReader { int16Reader }
}
extension Int32: JSONMappableValue {
    /// The decoder for `Int32`. Do not call it.
    public static var _jsonReader: _JSONReader { int32Reader }
}
extension Int64: JSONMappableValue {
    /// The decoder for `Int64`. Do not call it.
    public static var _jsonReader: _JSONReader { int64Reader }
}
extension UInt: JSONMappableValue {
    /// The decoder for `UInt`. Do not call it.
    public static var _jsonReader: _JSONReader { uintReader }
}
extension UInt8: JSONMappableValue {
    /// The decoder for `UInt8`. Do not call it.
    public static var _jsonReader: _JSONReader { uint8Reader }
}
extension UInt16: JSONMappableValue {
    /// The decoder for `UInt16`. Do not call it.
    public static var _jsonReader: _JSONReader { uint16Reader }
}
extension UInt32: JSONMappableValue {
    /// The decoder for `UInt32`. Do not call it.
    public static var _jsonReader: _JSONReader { uint32Reader }
}
extension UInt64: JSONMappableValue {
    /// The decoder for `UInt64`. Do not call it.
    public static var _jsonReader: _JSONReader { uint64Reader }
}
extension Double: JSONMappableValue {
    /// The decoder for `Double`. Do not call it.
    public static var _jsonReader: _JSONReader { doubleReader }
}
extension Float: JSONMappableValue {
    /// The decoder for `Float`. Do not call it.
    public static var _jsonReader: _JSONReader { floatReader }
}
extension Bool: JSONMappableValue {
    /// The decoder for `Bool`. Do not call it.
    public static var _jsonReader: _JSONReader { boolReader }
}
extension String: JSONMappableValue {
    /// The decoder for `String`. Do not call it.
    public static var _jsonReader: _JSONReader { stringReader }
}
extension Decimal: JSONMappableValue {
    /// The decoder for `Decimal`. Do not call it.
    public static var _jsonReader: _JSONReader { decimalReader }
}
extension Date: JSONMappableValue {
    /// The decoder for `Date`. Do not call it.
    public static var _jsonReader: _JSONReader { dateReader }
}
extension URL: JSONMappableValue {
    /// The decoder for `URL`. Do not call it.
    public static var _jsonReader: _JSONReader { urlReader }
}
extension UUID: JSONMappableValue {
    /// The decoder for `UUID`. Do not call it.
    public static var _jsonReader: _JSONReader { uuidReader }
}
extension Data: JSONMappableValue {
    /// The decoder for `Data` (base64). Do not call it.
    public static var _jsonReader: _JSONReader { dataReader }
}

extension Optional: JSONMappableValue where Wrapped: JSONMappableValue {
    /// The decoder for `Optional`. Do not call it.
    public static var _jsonReader: _JSONReader { OptionalReader<Wrapped, Self>(wrapped: valueReader(for: Wrapped.self)) }
}
extension Array: JSONMappableValue where Element: JSONMappableValue {
    /// The decoder for `Array`. Do not call it.
    public static var _jsonReader: _JSONReader { CollectionReader<Element, Self>(element: valueReader(for: Element.self)) }
}
extension Set: JSONMappableValue where Element: JSONMappableValue {
    /// The decoder for `Set`. Do not call it.
    public static var _jsonReader: _JSONReader { CollectionReader<Element, Self>(element: valueReader(for: Element.self)) }
}
extension Dictionary: JSONMappableValue where Key == String, Value: JSONMappableValue {
    /// The decoder for `[String: Value]`. Do not call it.
    public static var _jsonReader: _JSONReader { DictionaryReader<Value, Self>(value: valueReader(for: Value.self)) }
}

private let jsonValueReader = JSONValueReader()

extension JSONValue: JSONMappableValue {
    /// The decoder for `JSONValue`. Do not call it.
    public static var _jsonReader: _JSONReader { jsonValueReader }
}
