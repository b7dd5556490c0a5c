import Foundation
import Testing
import CorpusModels
import JSONMapper

/// `JSONCodableDecoder` against Foundation's `JSONDecoder`, live: the same input through both,
/// and the same value, or the same `DecodingError` case with the same coding path.
@Suite struct CodableDecoderParityTests {
    // MARK: Harness

    /// What a decode gave: a value, or an error reduced to what parity compares.
    enum Outcome<T: Equatable>: Equatable {
        case value(T)
        case error(kind: String, path: [String])

        static func of(_ body: () throws -> T) -> Outcome {
            do { return .value(try body()) } catch { return describe(error) }
        }

        static func describe(_ error: any Error) -> Outcome {
            guard let error = error as? DecodingError else { return .error(kind: "\(type(of: error))", path: []) }
            switch error {
            case let .typeMismatch(_, context): return .error(kind: "typeMismatch", path: steps(context.codingPath))
            case let .valueNotFound(_, context): return .error(kind: "valueNotFound", path: steps(context.codingPath))
            case let .keyNotFound(key, context): return .error(kind: "keyNotFound(\(key.stringValue))", path: steps(context.codingPath))
            case let .dataCorrupted(context): return .error(kind: "dataCorrupted", path: steps(context.codingPath))
            @unknown default: return .error(kind: "unknown", path: [])
            }
        }

        static func steps(_ path: [any CodingKey]) -> [String] {
            path.map { key in key.intValue.map { "\(key.stringValue)#\($0)" } ?? key.stringValue }
        }
    }

    /// Decodes `json` as `T` with both decoders, configured alike, and expects the same outcome.
    @discardableResult
    func expectParity<T: Decodable & Equatable>(
        _ type: T.Type, _ json: String,
        configure: (JSONDecoder, JSONCodableDecoder) -> Void = { _, _ in },
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Outcome<T> {
        let foundation = JSONDecoder()
        let ours = JSONCodableDecoder()
        configure(foundation, ours)
        let expected = Outcome<T>.of { try foundation.decode(T.self, from: Data(json.utf8)) }
        let actual = Outcome<T>.of { try ours.decode(T.self, from: Data(json.utf8)) }
        #expect(actual == expected, "decoding \(json) as \(T.self)", sourceLocation: sourceLocation)
        return actual
    }

    // MARK: Numbers

    struct Box<Value: Codable & Equatable>: Codable, Equatable {
        var value: Value
    }

    @Test func integersAtTheirLimitsAndPastThem() {
        expectParity(Box<Int8>.self, #"{"value":127}"#)
        expectParity(Box<Int8>.self, #"{"value":-128}"#)
        expectParity(Box<Int8>.self, #"{"value":128}"#)
        expectParity(Box<UInt8>.self, #"{"value":-1}"#)
        expectParity(Box<Int64>.self, #"{"value":9223372036854775807}"#)
        expectParity(Box<Int64>.self, #"{"value":-9223372036854775808}"#)
        expectParity(Box<Int64>.self, #"{"value":9223372036854775808}"#)
        expectParity(Box<UInt64>.self, #"{"value":18446744073709551615}"#)
        expectParity(Box<UInt64>.self, #"{"value":18446744073709551616}"#)
        expectParity(Box<Int>.self, #"{"value":1.0}"#)
        expectParity(Box<Int>.self, #"{"value":1e2}"#)
        expectParity(Box<Int>.self, #"{"value":-0}"#)
        expectParity(Box<Int>.self, #"{"value":1.5}"#)
        expectParity(Box<Int>.self, #"{"value":"1"}"#)
        expectParity(Box<Int>.self, #"{"value":true}"#)
        expectParity(Box<UInt16>.self, #"{"value":65535}"#)
        expectParity(Box<Int32>.self, #"{"value":-2147483649}"#)
    }

    @Test func floatingPointAndDecimalText() {
        expectParity(Box<Double>.self, #"{"value":0.1}"#)
        expectParity(Box<Double>.self, #"{"value":-1.7976931348623157e308}"#)
        expectParity(Box<Double>.self, #"{"value":5e-324}"#)
        expectParity(Box<Double>.self, #"{"value":1e400}"#)
        expectParity(Box<Double>.self, #"{"value":1e-400}"#)
        expectParity(Box<Double>.self, #"{"value":0e-400}"#)
        expectParity(Box<Double>.self, #"{"value":12345678901234567890}"#)
        expectParity(Box<Float>.self, #"{"value":0.1}"#)
        expectParity(Box<Float>.self, #"{"value":3.4028235e38}"#)
        expectParity(Box<Float>.self, #"{"value":1e39}"#)
        expectParity(Box<Float>.self, #"{"value":"nan"}"#)
        expectParity(Box<Decimal>.self, #"{"value":3.14159265358979323846}"#)
        expectParity(Box<Decimal>.self, #"{"value":1.25e2}"#)
        expectParity(Box<Decimal>.self, #"{"value":-0.0001}"#)
        expectParity(Box<Decimal>.self, #"{"value":"1"}"#)
        expectParity(Box<Decimal>.self, #"{"value":null}"#)
    }

    @Test func nonConformingFloatStrings() {
        let convert: (JSONDecoder, JSONCodableDecoder) -> Void = {
            $0.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "NaN")
            $1.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "NaN")
        }
        expectParity([Double].self, #"["+inf", "-inf", 1.5]"#, configure: convert)
        expectParity([Float].self, #"["+inf", "-inf"]"#, configure: convert)
        expectParity([Double].self, #"["inf"]"#, configure: convert)
        expectParity([Double].self, #"["+inf"]"#)
        expectParity([Double].self, #"["\u002binf"]"#, configure: convert)
        let nan = Outcome<[Double]>.of {
            let decoder = JSONCodableDecoder()
            decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "NaN")
            return try decoder.decode([Double].self, from: #"["NaN"]"#)
        }
        guard case .value(let values) = nan else {
            Issue.record("NaN did not decode: \(nan)")
            return
        }
        #expect(values.count == 1 && values[0].isNaN)
    }

    // MARK: Keys and optionals

    struct Person: Codable, Equatable {
        var name: String
        var age: Int?
        var nickname: String?
        var tags: [String]?
    }

    @Test func absentKeysNullsAndDecodeIfPresent() {
        expectParity(Person.self, #"{"name":"Ann"}"#)
        expectParity(Person.self, #"{"name":"Ann","age":null,"nickname":null}"#)
        expectParity(Person.self, #"{"name":"Ann","age":"x"}"#)
        expectParity(Person.self, #"{"age":3}"#)
        expectParity(Person.self, #"{"name":null}"#)
        expectParity(Person.self, #"{"name":"Ann","tags":["a",null]}"#)
        expectParity(Person.self, #"{"tags":[],"nickname":"x","age":40,"name":"Bo"}"#)
        expectParity(Person.self, #"{"name":"first","name":"second"}"#)
        expectParity(Person.self, #"{"name":"first","age":1,"name":"second"}"#)
        expectParity(Person.self, #"{"age":1,"name":"first","age":2,"nickname":"n","age":3}"#)
        expectParity(Person.self, #"[]"#)
        expectParity(Person.self, #"null"#)
        expectParity(Person?.self, #"null"#)
        expectParity([Person].self, #"[{"name":"a"},{"name":"b","age":true}]"#)
    }

    struct Snake: Codable, Equatable {
        var firstName: String
        var imageURL: String?
        var _private: Int?
        var labels: [String: Int]
    }

    @Test func keyDecodingStrategies() {
        let snake: (JSONDecoder, JSONCodableDecoder) -> Void = {
            $0.keyDecodingStrategy = .convertFromSnakeCase
            $1.keyDecodingStrategy = .convertFromSnakeCase
        }
        expectParity(Snake.self, #"{"first_name":"a","image_u_r_l":"u","__private":1,"labels":{"a_b":1}}"#, configure: snake)
        expectParity(Snake.self, #"{"first_name":"a","firstName":"b","labels":{}}"#, configure: snake)
        expectParity(Snake.self, #"{"firstName":"a","labels":{"x":1}}"#, configure: snake)
        expectParity(Snake.self, #"{"first_name":"a","labels":null}"#, configure: snake)
        let upper: (JSONDecoder, JSONCodableDecoder) -> Void = {
            let convert: @Sendable ([any CodingKey]) -> any CodingKey = { path in
                let last = path.last!.stringValue
                return AnyKey(stringValue: last.prefix(1).lowercased() + last.dropFirst())
            }
            $0.keyDecodingStrategy = .custom(convert)
            $1.keyDecodingStrategy = .custom(convert)
        }
        expectParity(Snake.self, #"{"FirstName":"a","Labels":{"K":1}}"#, configure: upper)
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    @Test func dictionariesWithStringAndIntKeys() {
        expectParity([String: Int].self, #"{"a":1,"b":2}"#)
        expectParity([String: Int].self, #"{"a":1,"b":"2"}"#)
        expectParity([Int: String].self, #"{"1":"a","-2":"b"}"#)
        expectParity([Int: String].self, #"{"x":"a"}"#)
        expectParity([String: [Int]].self, #"{"a":[1,2],"b":[]}"#)
        expectParity([String: Int].self, #"[1]"#)
        expectParity([String: Int].self, #"null"#)
        expectParity([String: [String: Int]].self, #"{"a":null}"#)
        expectParity([String: [String: Int]].self, #"{"a":"x"}"#)
        // A repeated key keeps its first value; with the default keys a later value is never
        // decoded, under a key strategy every value is.
        expectParity([String: Int].self, #"{"a":1,"b":2,"a":3}"#)
        expectParity([String: Int].self, #"{"a":1,"a":"x"}"#)
        let snake: (JSONDecoder, JSONCodableDecoder) -> Void = {
            $0.keyDecodingStrategy = .convertFromSnakeCase
            $1.keyDecodingStrategy = .convertFromSnakeCase
        }
        expectParity([String: Int].self, #"{"a":1,"b":2,"a":3}"#, configure: snake)
        expectParity([String: Int].self, #"{"a":1,"a":"x"}"#, configure: snake)
        // An entry's key in a coding path: with the integer its text spells (default keys).
        expectParity([String: Int].self, #"{"7":"x"}"#)
        expectParity([String: Int].self, #"{"7":"x"}"#, configure: snake)
    }

    // MARK: Containers

    struct Nested: Decodable, Equatable {
        var id: Int
        var point: [Double]
        var inner: String
        var keys: [String]
        var hasZ: Bool
        var extra: Int

        enum CodingKeys: String, CodingKey { case id, point, info }
        enum InfoKeys: String, CodingKey { case inner, z, list }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Int.self, forKey: .id)
            var point = try container.nestedUnkeyedContainer(forKey: .point)
            var coordinates: [Double] = []
            while !point.isAtEnd { coordinates.append(try point.decode(Double.self)) }
            self.point = coordinates
            let info = try container.nestedContainer(keyedBy: InfoKeys.self, forKey: .info)
            inner = try info.decode(String.self, forKey: .inner)
            keys = info.allKeys.map(\.stringValue).sorted()
            hasZ = info.contains(.z)
            var list = try info.nestedUnkeyedContainer(forKey: .list)
            extra = try list.decode(Int.self) + (try list.decodeIfPresent(Int.self) ?? 0)
            _ = try list.decodeNil()
        }
    }

    @Test func nestedContainersAllKeysAndContains() {
        expectParity(Nested.self, #"{"id":1,"point":[1.5,2],"info":{"inner":"x","z":null,"list":[1,2,null],"other":0}}"#)
        expectParity(Nested.self, #"{"id":1,"point":[1.5,"2"],"info":{"inner":"x","list":[1]}}"#)
        expectParity(Nested.self, #"{"id":1,"point":[],"info":{"inner":"x","list":[]}}"#)
        expectParity(Nested.self, #"{"id":1,"point":{},"info":{}}"#)
        expectParity(Nested.self, #"{"id":1,"point":[],"info":{"inner":3,"list":[1]}}"#)
        expectParity(Nested.self, #"{"id":1,"point":[],"info":null}"#)
        // A repeated key: listed once, and its first value counts wherever the lookup starts.
        expectParity(Nested.self, #"{"id":1,"point":[],"info":{"list":[1],"inner":"x","z":0,"list":[2],"inner":"y"}}"#)
        expectParity([Int: String].self, #"{"1":"a","2":"b","1":"c"}"#)
        // Past the keys the tape compares: looked up in an index of the object's keys.
        let many = (0..<200).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
        expectParity(Person.self, #"{"age":1,"#+many+#","name":"a","age":2,"name":"b"}"#)
        expectParity([Int: Int].self, "{" + (0..<200).map { #""\#($0 % 150)":\#($0)"# }.joined(separator: ",") + "}")
    }

    class Animal: Codable, Equatable {
        var name: String
        init(name: String) { self.name = name }
        static func == (left: Animal, right: Animal) -> Bool { left.isEqual(to: right) }
        func isEqual(to other: Animal) -> Bool { name == other.name && type(of: self) == type(of: other) }
    }

    final class Dog: Animal {
        var barks: Int
        enum CodingKeys: String, CodingKey { case barks }
        init(name: String, barks: Int) {
            self.barks = barks
            super.init(name: name)
        }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            barks = try container.decode(Int.self, forKey: .barks)
            try super.init(from: container.superDecoder())
        }
        override func isEqual(to other: Animal) -> Bool { super.isEqual(to: other) && barks == (other as? Dog)?.barks }
    }

    final class Cat: Animal {
        var lives: Int
        enum CodingKeys: String, CodingKey { case lives }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            lives = try container.decode(Int.self, forKey: .lives)
            try super.init(from: decoder)
        }
        override func isEqual(to other: Animal) -> Bool { super.isEqual(to: other) && lives == (other as? Cat)?.lives }
    }

    @Test func classesWithSuperInitAndSuperDecoders() {
        expectParity(Dog.self, #"{"barks":3,"super":{"name":"Rex"}}"#)
        expectParity(Dog.self, #"{"barks":3}"#)
        expectParity(Dog.self, #"{"barks":3,"super":{"name":1}}"#)
        expectParity(Cat.self, #"{"lives":9,"name":"Tom"}"#)
        expectParity(Cat.self, #"{"lives":9}"#)
    }

    enum Shape: Codable, Equatable {
        case circle(radius: Double)
        case rectangle(width: Double, height: Double)
        case empty
        case labelled(String, Int)
    }

    @Test func enumsWithAssociatedValues() {
        expectParity([Shape].self, #"[{"circle":{"radius":2}},{"rectangle":{"width":1,"height":2}},{"empty":{}},{"labelled":{"_0":"a","_1":1}}]"#)
        expectParity(Shape.self, #"{"circle":{"radius":"x"}}"#)
        expectParity(Shape.self, #"{"square":{}}"#)
        expectParity(Shape.self, #"{"circle":{"radius":1},"empty":{}}"#)
    }

    @propertyWrapper
    struct Clamped: Codable, Equatable {
        var wrappedValue: Int
        init(wrappedValue: Int) { self.wrappedValue = min(max(wrappedValue, 0), 10) }
        init(from decoder: any Decoder) throws {
            self.init(wrappedValue: try decoder.singleValueContainer().decode(Int.self))
        }
    }

    struct Wrapped: Codable, Equatable {
        @Clamped var level: Int
        var name: String
    }

    @Test func propertyWrappersAndSingleValueContainers() {
        expectParity(Wrapped.self, #"{"level":42,"name":"x"}"#)
        expectParity(Wrapped.self, #"{"level":"high","name":"x"}"#)
        expectParity(Wrapped.self, #"{"name":"x"}"#)
        expectParity(Int.self, "7")
        expectParity(String.self, #""a\u00e9\ud83d\ude00""#)
        // Strings with escapes stay escaped on the tape and are unescaped when read.
        expectParity([String].self, #"["\"\\\/\b\f\n\r\t", "x\u0000y", "\u00E9\u20ac\uD834\uDD1E", "\\", "\\\"", "end\\"]"#)
        expectParity([String: String].self, #"{"a\nb": "c\td", "\u0041": "\"q\""}"#)
        expectParity(Bool.self, "false")
        expectParity([Int?].self, "[1,null,3]")
    }

    // MARK: Foundation types

    struct Stamp: Codable, Equatable {
        var at: Date
        var blob: Data?
        var link: URL?
    }

    @Test func dateStrategies() {
        expectParity(Stamp.self, #"{"at":1000.5}"#)
        for strategy in [JSONDecoder.DateDecodingStrategy.secondsSince1970, .millisecondsSince1970, .iso8601] {
            let configure: (JSONDecoder, JSONCodableDecoder) -> Void = {
                $0.dateDecodingStrategy = strategy
                $1.dateDecodingStrategy = strategy
            }
            expectParity(Stamp.self, #"{"at":1700000000}"#, configure: configure)
            expectParity(Stamp.self, #"{"at":"2024-02-29T12:30:00Z"}"#, configure: configure)
            expectParity(Stamp.self, #"{"at":"2024-02-29T12:30:00.25+01:00"}"#, configure: configure)
            expectParity(Stamp.self, #"{"at":null}"#, configure: configure)
        }
        let custom: (JSONDecoder, JSONCodableDecoder) -> Void = {
            let read: @Sendable (any Decoder) throws -> Date = { decoder in
                Date(timeIntervalSince1970: Double(try decoder.singleValueContainer().decode(String.self).count))
            }
            $0.dateDecodingStrategy = .custom(read)
            $1.dateDecodingStrategy = .custom(read)
        }
        expectParity(Stamp.self, #"{"at":"abc"}"#, configure: custom)
        expectParity(Stamp.self, #"{"at":3}"#, configure: custom)
        let formatted: (JSONDecoder, JSONCodableDecoder) -> Void = {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "yyyy-MM-dd"
            $0.dateDecodingStrategy = .formatted(formatter)
            $1.dateDecodingStrategy = .formatted(formatter)
        }
        expectParity(Stamp.self, #"{"at":"2024-01-31"}"#, configure: formatted)
        expectParity(Stamp.self, #"{"at":"31/01/2024"}"#, configure: formatted)
    }

    @Test func dataStrategiesAndURLs() {
        expectParity(Stamp.self, #"{"at":0,"blob":"aGVsbG8=","link":"https://example.com/a?b=c"}"#)
        expectParity(Stamp.self, #"{"at":0,"blob":"not base64!"}"#)
        expectParity(Stamp.self, #"{"at":0,"blob":12}"#)
        expectParity(Stamp.self, #"{"at":0,"link":"http://[::1"}"#)
        let deferred: (JSONDecoder, JSONCodableDecoder) -> Void = {
            $0.dataDecodingStrategy = .deferredToData
            $1.dataDecodingStrategy = .deferredToData
        }
        expectParity(Stamp.self, #"{"at":0,"blob":[104,105]}"#, configure: deferred)
        expectParity(Stamp.self, #"{"at":0,"blob":[300]}"#, configure: deferred)
        let custom: (JSONDecoder, JSONCodableDecoder) -> Void = {
            let read: @Sendable (any Decoder) throws -> Data = { Data(try $0.singleValueContainer().decode(String.self).utf8.reversed()) }
            $0.dataDecodingStrategy = .custom(read)
            $1.dataDecodingStrategy = .custom(read)
        }
        expectParity(Stamp.self, #"{"at":0,"blob":"abc"}"#, configure: custom)
    }

    @Test func userInfoReachesInitFromDecoder() throws {
        struct Reader: Decodable, Equatable {
            var seen: String
            init(from decoder: any Decoder) throws {
                seen = decoder.userInfo[CodingUserInfoKey(rawValue: "tag")!] as? String ?? "none"
            }
        }
        let decoder = JSONCodableDecoder()
        decoder.userInfo[CodingUserInfoKey(rawValue: "tag")!] = "here"
        #expect(try decoder.decode(Reader.self, from: "{}").seen == "here")
    }

    // MARK: The corpus

    @Test func corpusModelsDecodeAsFoundationDecodesThem() throws {
        try expectSameModels(TwitterTimeline.self, CorpusFile.twitter.data())
        try expectSameModels(CitmCatalog.self, CorpusFile.citm.data())
        try expectSameModels(CanadaFeatureCollection.self, CorpusFile.canada.data())
        let github = CorpusFile.canada.url.deletingLastPathComponent().appendingPathComponent("github_events.json")
        try expectSameModels([GitHubEvent].self, Data(contentsOf: github))
    }

    private func expectSameModels<T: Decodable & Equatable>(_ type: T.Type, _ data: Data) throws {
        #expect(try JSONCodableDecoder().decode(T.self, from: data) == JSONDecoder().decode(T.self, from: data))
    }
}

extension CodableDecoderParityTests {
    /// What only this decoder says: where a syntax error is, and the JSON5 switches refused.
    @Suite struct Differences {
        @Test func syntaxErrorsAreCorruptDataWithTheirPlace() throws {
            let error = #expect(throws: DecodingError.self) {
                try JSONCodableDecoder().decode([Int].self, from: "[1,\n 2,,3]")
            }
            guard case let .dataCorrupted(context) = error else {
                Issue.record("not dataCorrupted: \(String(describing: error))")
                return
            }
            #expect(context.codingPath.isEmpty)
            let underlying = try #require(context.underlyingError as? JSONMapperError)
            #expect(underlying.location?.line == 2)
            #expect(underlying.location?.column == 4)
            #expect(underlying.location?.offset == 7)
            #expect(context.debugDescription.contains("line 2"))
        }

        @Test func json5OptionsThrowInsteadOfBeingIgnored() {
            let decoder = JSONCodableDecoder()
            decoder.allowsJSON5 = true
            #expect(throws: DecodingError.self) { try decoder.decode([Int].self, from: "[1]") }
            decoder.allowsJSON5 = false
            decoder.assumesTopLevelDictionary = true
            #expect(throws: DecodingError.self) { try decoder.decode([Int].self, from: "[1]") }
            decoder.assumesTopLevelDictionary = false
            #expect((try? decoder.decode([Int].self, from: "[1]")) == [1])
        }

        @Test func depthBeyondTheLimitIsCorruptData() {
            let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
            #expect(throws: DecodingError.self) { try JSONCodableDecoder().decode(Nest.self, from: deep) }
        }

        indirect enum Nest: Decodable {
            case list([Nest])
            init(from decoder: any Decoder) throws { self = .list(try [Nest](from: decoder)) }
        }

        @Test func aKeptDecoderReadsTheInputAfterTheDecode() throws {
            final class Keeper: Decodable, @unchecked Sendable {
                let container: KeyedDecodingContainer<AnyKey>
                init(from decoder: any Decoder) throws { container = try decoder.container(keyedBy: AnyKey.self) }
            }
            var bytes = Array(#"{"name":"kept"}"#.utf8)
            let keeper = try JSONCodableDecoder().decode(Keeper.self, from: bytes)
            bytes.replaceSubrange(0..<bytes.count, with: repeatElement(UInt8(ascii: "x"), count: bytes.count))
            #expect(try keeper.container.decode(String.self, forKey: AnyKey(stringValue: "name")) == "kept")
        }
    }
}

extension CodableDecoderParityTests.Differences {
    typealias AnyKey = CodableDecoderParityTests.AnyKey
}
