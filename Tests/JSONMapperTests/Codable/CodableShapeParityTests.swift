import CorpusModels
import Foundation
import JSONMapper
import Testing

/// `JSONCodableDecoder` and `JSONCodableEncoder` against Foundation's coders, live, on the
/// shapes real code decodes through besides plain structs in document order: the try-each
/// "any JSON" enum, optionals, nested containers, super decoders, keys out of order, date and
/// data strategies, snake_case keys. Errors are compared whole: case, type, coding path and
/// description, including those a `try?` throws away.
@Suite struct CodableShapeParityTests {
    // MARK: Harness

    /// A decode's error as parity compares it, every part spelled out.
    ///
    /// Inside `init(from:)`, Foundation throws a number the type cannot hold (`1.5` as `Int`) as
    /// its internal `JSONError`, which its `decode` turns into the `dataCorrupted` it reports; no
    /// other decoder can throw that type, so the drop-in throws that `dataCorrupted` at once,
    /// and it is what the internal error is compared as here.
    static func describe(_ error: any Error) -> String {
        if "\(type(of: error))" == "JSONError" { return "dataCorrupted  | The given data was not valid JSON." }
        guard let error = error as? DecodingError else { return "\(type(of: error))" }
        func steps(_ context: DecodingError.Context) -> String {
            context.codingPath.map { key in key.intValue.map { "\(key.stringValue)#\($0)" } ?? key.stringValue }
                .joined(separator: "/") + " | " + context.debugDescription
                + (context.underlyingError == nil ? "" : " | underlying")
        }
        switch error {
        case let .typeMismatch(type, context): return "typeMismatch(\(type)) \(steps(context))"
        case let .valueNotFound(type, context): return "valueNotFound(\(type)) \(steps(context))"
        case let .keyNotFound(key, context): return "keyNotFound(\(key.stringValue)) \(steps(context))"
        case let .dataCorrupted(context): return "dataCorrupted \(steps(context))"
        @unknown default: return "unknown"
        }
    }

    enum Outcome<T: Equatable>: Equatable {
        case value(T)
        case error(String)

        static func of(_ body: () throws -> T) -> Outcome {
            do { return .value(try body()) } catch { return .error(CodableShapeParityTests.describe(error)) }
        }
    }

    @discardableResult
    func expectParity<T: Decodable & Equatable>(
        _ type: T.Type, _ json: String,
        configure: (JSONDecoder, JSONCodableDecoder) -> Void = { _, _ in },
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Outcome<T> {
        expectParity(type, Data(json.utf8), configure: configure, sourceLocation: sourceLocation)
    }

    @discardableResult
    func expectParity<T: Decodable & Equatable>(
        _ type: T.Type, _ data: Data,
        configure: (JSONDecoder, JSONCodableDecoder) -> Void = { _, _ in },
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Outcome<T> {
        let foundation = JSONDecoder(), ours = JSONCodableDecoder()
        configure(foundation, ours)
        let expected = Outcome<T>.of { try foundation.decode(T.self, from: data) }
        let actual = Outcome<T>.of { try ours.decode(T.self, from: data) }
        #expect(actual == expected, "decoding as \(T.self)", sourceLocation: sourceLocation)
        return actual
    }

    /// Tries every scalar type and container on a single value, keeping each try's outcome:
    /// what a try-each `init(from:)` throws away, for the two decoders' to be compared.
    struct EveryTry: Decodable, Equatable {
        var outcomes: [String] = []

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            func attempt<T: Decodable>(_ type: T.Type) {
                do {
                    outcomes.append("\(T.self): \(try container.decode(T.self))")
                } catch {
                    outcomes.append(CodableShapeParityTests.describe(error))
                }
            }
            outcomes.append("nil: \(container.decodeNil())")
            attempt(Bool.self)
            attempt(Int64.self)
            attempt(Int.self)
            attempt(UInt8.self)
            attempt(Int32.self)
            attempt(Double.self)
            attempt(Float.self)
            attempt(String.self)
            attempt([Int].self)
            attempt([String: Int].self)
            attempt(Date.self)
            attempt(Data.self)
            attempt(Decimal.self)
        }
    }

    // MARK: The try-each enum

    static let everyKind = #"""
        {"s":"text","e":"caf\u00e9","i":42,"n":-7,"big":9223372036854775808,"huge":1e300,"f":1.5,"z":0.0,"x":2e2,
         "t":true,"b":false,"nul":null,"a":[1,"two",[3.5,null],{"k":false}],"o":{"inner":{"deep":[]}},"empty":{}}
        """#

    /// Decodes `json` as `[EveryTry]` with both decoders and expects the same outcome of each
    /// try, one by one.
    func expectSameTries(_ json: String, configure: (JSONDecoder, JSONCodableDecoder) -> Void = { _, _ in },
                         sourceLocation: SourceLocation = #_sourceLocation) {
        let foundation = JSONDecoder(), ours = JSONCodableDecoder()
        configure(foundation, ours)
        do {
            let expected = try foundation.decode([EveryTry].self, from: Data(json.utf8)).flatMap(\.outcomes)
            let actual = try ours.decode([EveryTry].self, from: Data(json.utf8)).flatMap(\.outcomes)
            #expect(actual.count == expected.count, sourceLocation: sourceLocation)
            for (ours, theirs) in zip(actual, expected) {
                #expect(ours == theirs, sourceLocation: sourceLocation)
            }
        } catch {
            Issue.record("a decode threw: \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func everyFailedTryThrowsFoundationsError() {
        expectSameTries(#"["text", "caf\u00e9", 42, -7, 9223372036854775808, 1e300, 1.5, 0.0, 2e2, true, false, null, [1, "two"], {"k": false}, {}]"#)
        expectSameTries(#"[1, "a", null, true, 1.25, [1], {"a": 1}, -0, 18446744073709551615, -1]"#)
        expectSameTries(#"[1.5, {"x": "y"}, "2020-01-01T00:00:00Z"]"#) {
            $0.dateDecodingStrategy = .iso8601
            $1.dateDecodingStrategy = .iso8601
        }
        expectParity([String: [EveryTry]].self, #"{"a": [12, null], "b": [[true]]}"#)
    }

    @Test func theEnumDecodesAsFoundationDecodesItInEveryOrder() throws {
        expectParity(AnyJSON<BoolFirst>.self, Self.everyKind)
        expectParity(AnyJSON<StringFirst>.self, Self.everyKind)
        expectParity(AnyJSON<IntFirst>.self, Self.everyKind)
        expectParity([String: AnyJSON<BoolFirst>].self, Self.everyKind)
        expectParity([AnyJSON<IntFirst>].self, #"[1, 1.0, 1e2, 1.5, -0, "1", true]"#)
        expectParity(AnyJSON<BoolFirst>.self, "{}")
        expectParity(AnyJSON<BoolFirst>.self, "[]")
    }

    @Test func theEnumOnCorpusFiles() throws {
        let canada = try CorpusFile.canada.data(), twitter = try CorpusFile.twitter.data()
        if case .value(let value) = expectParity(AnyJSON<BoolFirst>.self, canada) { try expectSameBytes(value) }
        if case .value(let value) = expectParity(AnyJSON<StringFirst>.self, twitter) { try expectSameBytes(value) }
        expectParity([String: AnyJSON<BoolFirst>].self, twitter)
    }

    // MARK: Other shapes

    @Test func optionalsMostlyAbsent() throws {
        let records = ShapeCorpus.sparse(count: 300)
        let data = try JSONEncoder().encode(records)
        expectParity([SparseRecord].self, data)
        try expectSameBytes(records)
        expectParity(SparseRecord.self, #"{"id":1,"age":"old"}"#)
        expectParity(SparseRecord.self, #"{"id":1,"tags":[1]}"#)
        expectParity(SparseRecord.self, #"{"id":1,"sizes":null,"age":null}"#)
        expectParity(SparseRecord.self, #"{"name":"no id"}"#)
        expectParity(SparseRecord.self, #"{"id":null}"#)
    }

    @Test func nestedContainersFlattenedIntoOneStruct() throws {
        let records = ShapeCorpus.flattened(count: 200)
        expectParity([FlattenedRecord].self, try JSONEncoder().encode(records))
        try expectSameBytes(records)
        expectParity(FlattenedRecord.self, #"{"id":1,"user":[],"stats":[1,2]}"#)
        expectParity(FlattenedRecord.self, #"{"id":1,"user":{"name":"a","address":{"city":"c","location":{}}},"stats":[1,2]}"#)
        expectParity(FlattenedRecord.self, #"{"id":1,"user":{"name":"a","address":{"city":"c","location":[1]}},"stats":[1,2]}"#)
        expectParity(FlattenedRecord.self, #"{"id":1,"user":{"name":"a","address":null},"stats":[1,2]}"#)
        expectParity(FlattenedRecord.self, #"{"id":1,"user":{"name":"a","address":{"city":"c","location":[1,2]}},"stats":[1,"x"]}"#)
        expectParity(FlattenedRecord.self, #"{"id":1,"user":{"name":"a"},"stats":[1,2]}"#)
    }

    @Test func classHierarchiesThroughSuperDecoders() throws {
        let shops = ShapeCorpus.shops(count: 200)
        expectParity([ShapeShop].self, try JSONEncoder().encode(shops))
        try expectSameBytes(shops)
        expectParity(ShapeShop.self, #"{"opens":1,"closes":2,"open":true}"#)
        expectParity(ShapeShop.self, #"{"opens":1,"closes":2,"open":null}"#)
        expectParity([Bool].self, "[true, null]")
        expectParity([Int].self, "[1, null]")
        expectParity(ShapeShop.self, #"{"opens":1,"closes":2,"open":true,"super":{"latitude":1,"longitude":2}}"#)
        expectParity(ShapeShop.self, #"{"opens":1,"closes":2,"open":true,"super":{"latitude":1,"longitude":2,"super":{"id":"x","name":"n"}}}"#)
        expectParity(ShapeShop.self, #"{"opens":1,"closes":2,"open":true,"super":[]}"#)
    }

    @Test func keysOutOfDocumentOrder() throws {
        let records = ShapeCorpus.reversed(count: 200)
        expectParity([ReversedRecord].self, try JSONEncoder().encode(records))
        try expectSameBytes(records)
        expectParity(ReversedRecord.self, #"{"id":1,"name":"n","email":"e","age":3,"score":1,"active":true,"city":"c","rank":1,"ratio":"r","note":"x"}"#)
        expectParity(ReversedRecord.self, #"{"note":"x","id":1}"#)
    }

    @Test func dateAndDataStrategies() throws {
        let records = ShapeCorpus.stamped(count: 200)
        let strategies: [(JSONDecoder.DateDecodingStrategy, JSONEncoder.DateEncodingStrategy)] = [
            (.iso8601, .iso8601), (.secondsSince1970, .secondsSince1970), (.millisecondsSince1970, .millisecondsSince1970),
        ]
        for (decoding, encoding) in strategies {
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = encoding
            let data = try encoder.encode(records)
            expectParity([StampedRecord].self, data) { $0.dateDecodingStrategy = decoding; $1.dateDecodingStrategy = decoding }
            try expectSameBytes(records, EncoderSettings(dates: encoding))
        }
        let iso: (JSONDecoder, JSONCodableDecoder) -> Void = { $0.dateDecodingStrategy = .iso8601; $1.dateDecodingStrategy = .iso8601 }
        expectParity(StampedRecord.self, #"{"id":1,"created":"2020-02-30T00:00:00Z","modified":"x","payload":"","digest":""}"#, configure: iso)
        expectParity(StampedRecord.self, #"{"id":1,"created":12,"modified":"x","payload":"","digest":""}"#, configure: iso)
        expectParity(StampedRecord.self, #"{"id":1,"created":"2020-01-01T00:00:00Z","modified":"2020-01-01T00:00:00Z","payload":"!!","digest":""}"#,
                     configure: iso)
        expectParity(StampedRecord.self, #"{"id":1,"created":"2020-01-01T00:00:00Z","modified":"2020-01-01T00:00:00Z","payload":null,"digest":""}"#,
                     configure: iso)
    }

    @Test func iso8601TextsAsFoundationReadsThem() {
        let texts = ["2020-02-29T23:59:59Z", "1970-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "1583-01-01T00:00:00Z",
                     "1582-12-31T23:59:59Z", "1200-06-01T12:00:00Z", "2021-02-29T00:00:00Z", "2020-04-31T00:00:00Z",
                     "2020-01-01T24:00:00Z", "2020-01-01T00:60:00Z", "2020-01-01T00:00:60Z", "2020-13-01T00:00:00Z",
                     "2020-00-10T00:00:00Z", "2020-1-01T00:00:00Z", "2020-01-01t00:00:00Z", "2020-01-01T00:00:00z",
                     "2020-01-01T00:00:00+00:00", "2020-01-01T00:00:00.5Z", "2020-01-01 00:00:00Z", "+2020-01-01T00:00:00Z",
                     #"2020-01-01T00:00:00\u005A"#, "２020-01-01T00:00:00Z"]
        for text in texts {
            expectParity([Date].self, "[\"\(text)\"]") { $0.dateDecodingStrategy = .iso8601; $1.dateDecodingStrategy = .iso8601 }
        }
    }

    @Test func iso8601TextOfDatesAcrossTheYears() throws {
        var random = SplitMix64(seed: 0x1508_8601)
        var dates: [Date] = [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: -1), Date(timeIntervalSince1970: 0.5),
                             Date(timeIntervalSince1970: -0.5), Date(timeIntervalSinceReferenceDate: 0)]
        for _ in 0..<300 {
            // From year 1000 to 9999, whole seconds and fractions.
            let seconds = Double(random.next(below: 283_000_000_000)) - 30_610_224_000
            dates.append(Date(timeIntervalSince1970: seconds))
            dates.append(Date(timeIntervalSince1970: seconds + Double(random.next(below: 1000)) / 1000))
        }
        try expectSameBytes(dates, EncoderSettings(dates: .iso8601))
    }

    @Test func snakeCaseKeys() throws {
        let records = ShapeCorpus.snake(count: 200)
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let snake: (JSONDecoder, JSONCodableDecoder) -> Void = {
            $0.keyDecodingStrategy = .convertFromSnakeCase
            $1.keyDecodingStrategy = .convertFromSnakeCase
        }
        expectParity([SnakeRecord].self, try encoder.encode(records), configure: snake)
        try expectSameBytes(records, EncoderSettings(keys: .convertToSnakeCase))
        let one = #""user_id":1,"display_name":"d","email_address":"e","created_at_ms":2,"is_active":true,"follower_count":3,"#
            + #""profile_image_url":"u","average_rating":1.5"#
        expectParity(SnakeRecord.self, "{" + one + "}", configure: snake)
        expectParity(SnakeRecord.self, "{" + one + #","userId":7}"#, configure: snake)
        expectParity(SnakeRecord.self, #"{"userId":7,"_user_id_":1,"user_id":2}"#, configure: snake)
        expectParity(SnakeRecord.self, "{" + one.replacingOccurrences(of: "is_active", with: "is__active") + "}", configure: snake)
        expectParity([SnakeRecord].self, "[{" + one + "},{" + one.replacingOccurrences(of: "\"d\"", with: "4") + "}]", configure: snake)
    }
}
