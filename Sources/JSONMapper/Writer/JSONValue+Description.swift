extension JSONValue: CustomStringConvertible {
    /// The value as compact JSON text, members in their order.
    public var description: String {
        var writer = JSONWriter(options: EncodingOptions(), capacity: 64)
        writer.write(self)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
