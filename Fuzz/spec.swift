import Foundation
import JSONMapper
import JsonmapSpec

// libFuzzer target: runtime schemas from untrusted text. The input's first byte chooses what
// the rest is: the text of a `jsonmap` spec file read as YAML, as JSON, or by its first
// character, or columns built from the bytes (names, paths, types, date formats, defaults).
// Each gives a typed error or a schema, never a trap; a schema then decodes sample records,
// and its rows are written in every format.

/// Records every schema decodes: objects with nested objects and arrays, an array, a scalar.
/// (Text, made into `Data` per use: LeakSanitizer cannot see the tagged storage pointer of a
/// `Data` kept in a global, and would report it.)
let sampleRecords = [
    #"{"id":1,"name":"a","a":{"b":[1,{"c":"x"}],"d":"2024-02-29T23:59:59Z"},"list":[[0],{"k":null}],"n":-1.5e3}"#,
    #"[1,"two",{"three":3},[4],null,true]"#,
    #"{"id":"7","name":{"first":"b"},"a":[],"list":{},"date":"07/01/2013","n":"12"}"#,
    #""text""#,
]

/// Decodes the samples with `schema` and writes each row in every format.
func exercise(_ schema: JSONSchema) {
    var writers = JSONRowFormat.allCases.map { JSONRowWriter(schema: schema, format: $0) }
    for record in sampleRecords {
        guard let row = try? JSONMapDecoder().decode(schema, from: Data(record.utf8)) else { continue }
        for index in writers.indices {
            _ = try? writers[index].write(row)
            _ = try? writers[index].formatted(row)
        }
    }
    for index in writers.indices { writers[index].writeFooter() }
}

/// Reads values off the front of the fuzzer's bytes.
struct ByteReader {
    var bytes: ArraySlice<UInt8>

    var isEmpty: Bool { bytes.isEmpty }

    mutating func byte() -> UInt8 { bytes.popFirst() ?? 0 }

    /// Text of up to 15 characters, mostly from the characters paths and date patterns are
    /// made of, sometimes any byte.
    mutating func text() -> String {
        let alphabet = Array("ab.[]0123\\ -yMdHmsSZ'".utf8)
        let count = Int(byte() & 15)
        var result: [UInt8] = []
        for _ in 0..<count {
            let b = byte()
            result.append(b < 200 ? alphabet[Int(b) % alphabet.count] : b)
        }
        return String(decoding: result, as: UTF8.self)
    }

    mutating func type() -> JSONColumnType {
        switch byte() % 10 {
        case 0: .int
        case 1: .double
        case 2: .decimal
        case 3: .bool
        case 4: .date()
        case 5: .date(format: text(), outputFormat: byte() & 1 == 0 ? nil : text())
        case 6: .json
        case 7: .count
        default: .string
        }
    }

    mutating func defaultValue() -> JSONValue? {
        switch byte() % 8 {
        case 0: .string(text())
        case 1: JSONNumber(text: text()).map(JSONValue.number) ?? 0
        case 2: .bool(true)
        case 3: .null
        case 4: .array([.string(text())])
        case 5: .object(JSONObject([(text(), JSONValue.bool(false))]))
        default: nil
        }
    }

    /// Columns until the bytes run out (at most 12).
    mutating func columns() -> [JSONColumn] {
        var columns: [JSONColumn] = []
        while !isEmpty, columns.count < 12 {
            let name = text()
            let paths = (0..<Int(byte() % 4)).map { _ in text() }
            columns.append(JSONColumn(name, paths: paths, type: type(), required: byte() & 1 == 1, default: defaultValue()))
        }
        return columns
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpec(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 1 else { return 0 }
    let rest = UnsafeBufferPointer(start: data + 1, count: size - 1)
    let file = ["spec.yaml", "spec.json", "spec"][Int(data[0] % 4) % 3]
    if data[0] % 4 == 3 {
        var reader = ByteReader(bytes: Array(rest)[...])
        let coercion: DecodingOptions.Coercion = reader.byte() & 1 == 0 ? .lenient : .strict
        do {
            exercise(try JSONSchema(columns: reader.columns(), coercion: coercion))
        } catch {
            require(!error.message.isEmpty, "a schema error without a message")
        }
        return 0
    }
    do {
        exercise(try SpecFile.schema(text: String(decoding: rest, as: UTF8.self), file: file))
    } catch {
        require(error.message.hasPrefix(file + ": "), "a spec error that does not name its file: \(error.message)")
    }
    return 0
}
