import Foundation

extension JSONMapDecoder {
    /// Decodes one JSON document (an object, or an array for a schema of index paths) as a
    /// row of `schema`, with the schema's coercion.
    public func decode(_ schema: JSONSchema, from data: Data) throws(JSONMapperError) -> JSONRow {
        var options = options
        options.coercion = schema.coercion
        return try InputBytes.withBytes(of: data) { (bytes) throws(JSONMapperError) in
            try DecodeRun.decodeRoot(JSONRow.self, codec: schema.codec, options, checksWholeDocument: true) { (session) throws(JSONMapperError) in
                try JSONParser(sink: session, limits: options.parserLimits).parseDocument(bytes)
            }.value
        }
    }
}
