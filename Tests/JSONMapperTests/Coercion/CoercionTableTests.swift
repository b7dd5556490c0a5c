import Foundation
import Testing
@testable import JSONMapper

/// The whole coercion table of the OptionsAndCoercion article, cell by cell: every target type × every JSON kind
/// (number, string, bool, null, object, array), lenient and strict. Each cell decodes
/// `{"v": <json>}` into a one-property model under `.collect` and pins the outcome: the value
/// (for `null`, "keeps" is the property's default left as it was), or the error kind.
@Suite("Coercion: the lenient and strict table")
struct CoercionTableTests {
    enum Outcome<T: Equatable & Sendable>: Equatable, Sendable, CustomStringConvertible {
        case value(T)
        case mismatch
        case invalid

        var description: String {
            switch self {
            case .value(let value): "\(value)"
            case .mismatch: "typeMismatch"
            case .invalid: "invalidValue"
            }
        }
    }

    typealias Sample = CoercionTableSample

    struct Box<T: Sample>: JSONMappable {
        var v = T.initial
        static var jsonMapping: JSONMapping<Box> { JSONMapping { JSONMap(\.v, "v") } }
    }

    static func outcome<T: Sample>(_: T.Type, _ json: String, strict: Bool) -> Outcome<T> {
        let decoder = JSONMapDecoder(options: DecodingOptions(coercion: strict ? .strict : .lenient, invalidValuePolicy: .collect))
        do throws(JSONMapperError) {
            let (box, issues) = try decoder.decodeReportingIssues(Box<T>.self, from: #"{"v": \#(json)}"#)
            switch issues.first {
            case nil: return .value(box.v)
            case .typeMismatch?: return .mismatch
            default: return .invalid
            }
        } catch {
            Issue.record("\(json) into \(T.self) threw \(error)")
            return .invalid
        }
    }

    /// One cell: the JSON, then the outcome when lenient and when strict.
    struct Cell<T: Sample>: Sendable {
        let json: String
        let lenient: Outcome<T>
        let strict: Outcome<T>
        init(_ json: String, _ lenient: Outcome<T>, strict: Outcome<T>? = nil) {
            self.json = json
            self.lenient = lenient
            self.strict = strict ?? lenient
        }
    }

    static func check<T: Sample>(_ type: T.Type, _ cells: [Cell<T>], sourceLocation: SourceLocation = #_sourceLocation) {
        for cell in cells {
            #expect(outcome(type, cell.json, strict: false) == cell.lenient, "lenient \(cell.json) → \(T.self)", sourceLocation: sourceLocation)
            #expect(outcome(type, cell.json, strict: true) == cell.strict, "strict \(cell.json) → \(T.self)", sourceLocation: sourceLocation)
        }
    }

    /// Objects and arrays are never scalars; `null` keeps the default when lenient.
    static func containersAndNull<T: Sample>(_: T.Type) -> [Cell<T>] {
        [Cell("null", .value(T.initial), strict: .mismatch), Cell(#"{"a": 1}"#, .mismatch), Cell("[1]", .mismatch)]
    }

    @Test func integers() {
        let cells: [Cell<Int>] = [
            Cell("42", .value(42)), Cell("-7", .value(-7)),
            Cell("20.0", .value(20), strict: .mismatch), Cell("2e1", .value(20), strict: .mismatch),
            Cell("1.5", .invalid, strict: .mismatch), Cell("1e100", .invalid, strict: .mismatch),
            Cell("9223372036854775808", .invalid),
            Cell(#""42""#, .value(42), strict: .mismatch), Cell(#"" 2e1 ""#, .value(20), strict: .mismatch),
            Cell(#""+7""#, .value(7), strict: .mismatch), Cell(#""1.5""#, .invalid, strict: .mismatch),
            Cell(#""abc""#, .mismatch), Cell(#""""#, .mismatch),
            Cell("true", .value(1), strict: .mismatch), Cell("false", .value(0), strict: .mismatch),
        ]
        Self.check(Int.self, cells + Self.containersAndNull(Int.self))
        Self.check(UInt8.self, [Cell("255", .value(255)), Cell("256", .invalid), Cell("-1", .invalid),
                                Cell(#""200""#, .value(200), strict: .mismatch), Cell("true", .value(1), strict: .mismatch)]
                   + Self.containersAndNull(UInt8.self))
    }

    @Test func floatingPoint() {
        let cells: [Cell<Double>] = [
            Cell("1.5", .value(1.5)), Cell("42", .value(42)), Cell("1e400", .invalid),
            Cell(#""1.5""#, .value(1.5), strict: .mismatch), Cell(#"" 1e3 ""#, .value(1000), strict: .mismatch),
            Cell(#""nan""#, .mismatch), Cell(#""abc""#, .mismatch),
            Cell("true", .value(1), strict: .mismatch), Cell("false", .value(0), strict: .mismatch),
        ]
        Self.check(Double.self, cells + Self.containersAndNull(Double.self))
        Self.check(Float.self, [Cell("0.5", .value(0.5)), Cell(#""0.5""#, .value(0.5), strict: .mismatch),
                                Cell("true", .value(1), strict: .mismatch)] + Self.containersAndNull(Float.self))
    }

    @Test func booleans() {
        let cells: [Cell<Bool>] = [
            Cell("true", .value(true)), Cell("false", .value(false)),
            Cell("1", .value(true), strict: .mismatch), Cell("2", .value(true), strict: .mismatch),
            Cell("-0.5", .value(true), strict: .mismatch), Cell("0", .value(false), strict: .mismatch),
            Cell("0.0", .value(false), strict: .mismatch),
            Cell(#""true""#, .value(true), strict: .mismatch), Cell(#""YES""#, .value(true), strict: .mismatch),
            Cell(#""1""#, .value(true), strict: .mismatch), Cell(#"" no ""#, .value(false), strict: .mismatch),
            Cell(#""False""#, .value(false), strict: .mismatch), Cell(#""0""#, .value(false), strict: .mismatch),
            Cell(#""2""#, .mismatch), Cell(#""on""#, .mismatch),
        ]
        Self.check(Bool.self, cells + Self.containersAndNull(Bool.self))
    }

    @Test func strings() {
        let cells: [Cell<String>] = [
            Cell(#""abc""#, .value("abc")), Cell(#""""#, .value("")),
            Cell("42", .value("42"), strict: .mismatch), Cell("1.50", .value("1.50"), strict: .mismatch),
            Cell("-1e3", .value("-1e3"), strict: .mismatch),
            Cell("true", .value("true"), strict: .mismatch), Cell("false", .value("false"), strict: .mismatch),
        ]
        Self.check(String.self, cells + Self.containersAndNull(String.self))
    }

    @Test func decimals() {
        let cells: [Cell<Decimal>] = [
            Cell("1.10", .value(Decimal(string: "1.1")!)), Cell("12e-1", .value(Decimal(string: "1.2")!)),
            Cell(#""1.5""#, .value(Decimal(string: "1.5")!), strict: .mismatch), Cell(#""abc""#, .mismatch),
            Cell("true", .mismatch),
        ]
        Self.check(Decimal.self, cells + Self.containersAndNull(Decimal.self))
    }

    @Test func dates() {
        let cells: [Cell<Date>] = [
            Cell("86400", .value(Date(timeIntervalSince1970: 86400))),
            Cell("1.5", .value(Date(timeIntervalSince1970: 1.5))),
            Cell(#""1970-01-02T00:00:00Z""#, .value(Date(timeIntervalSince1970: 86400))),
            Cell(#""1970-01-02""#, .value(Date(timeIntervalSince1970: 86400))),
            Cell(#""Fri, 02 Jan 1970 00:00:00 +0000""#, .value(Date(timeIntervalSince1970: 86400))),
            Cell(#""yesterday""#, .invalid), Cell(#""86400""#, .invalid),
            Cell("true", .mismatch),
        ]
        Self.check(Date.self, cells + Self.containersAndNull(Date.self))
    }

    @Test func urlsUUIDsAndData() {
        let url = URL(string: "https://example.com/a")!
        Self.check(URL.self, [
            Cell(#""https://example.com/a""#, .value(url)), Cell(#"" https://example.com/a ""#, .value(url)),
            Cell(#""""#, .value(URL.initial)), Cell("42", .mismatch), Cell("true", .mismatch),
        ] + Self.containersAndNull(URL.self))
        let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        Self.check(UUID.self, [
            Cell(#""E621E1F8-C36C-495A-93FC-0C247A3E6E5F""#, .value(uuid)), Cell(#""nope""#, .invalid),
            Cell("42", .mismatch), Cell("true", .mismatch),
        ] + Self.containersAndNull(UUID.self))
        Self.check(Data.self, [
            Cell(#""AQID""#, .value(Data([1, 2, 3]))), Cell(#""AQI""#, .invalid),
            Cell("42", .mismatch), Cell("true", .mismatch),
        ] + Self.containersAndNull(Data.self))
    }

    enum Level: String, Sample {
        case low, high
        static let initial = Level.low
    }

    enum Code: Int, Sample {
        case one = 1, two = 2
        static let initial = Code.one
    }

    @Test func enumsFollowTheirRawValue() {
        Self.check(Level.self, [
            Cell(#""high""#, .value(.high)), Cell(#""medium""#, .invalid),
            Cell("1", .invalid, strict: .mismatch), Cell("true", .invalid, strict: .mismatch),
        ] + Self.containersAndNull(Level.self))
        Self.check(Code.self, [
            Cell("2", .value(.two)), Cell("3", .invalid), Cell(#""2""#, .value(.two), strict: .mismatch),
            Cell("true", .value(.one), strict: .mismatch), Cell("2.0", .value(.two), strict: .mismatch),
        ] + Self.containersAndNull(Code.self))
    }

    @Test func optionalsTakeNullAsNil() {
        Self.check(Int?.self, [Cell("null", .value(nil)), Cell("5", .value(5)), Cell(#""5""#, .value(5), strict: .mismatch),
                               Cell(#"{"a": 1}"#, .mismatch), Cell("[1]", .mismatch)])
        Self.check(URL?.self, [Cell(#""  ""#, .value(nil)), Cell("null", .value(nil))])
    }

    @Test func collectionsAndModels() {
        Self.check([Int].self, [
            Cell("[1, 2]", .value([1, 2])), Cell(#"["1", 2]"#, .value([1, 2]), strict: .mismatch),
            Cell("[1, null]", .mismatch), Cell("1", .mismatch), Cell(#""[1]""#, .mismatch), Cell("true", .mismatch),
            Cell(#"{"a": 1}"#, .mismatch), Cell("null", .value([]), strict: .mismatch),
        ])
        Self.check([String: Int].self, [
            Cell(#"{"a": 1}"#, .value(["a": 1])), Cell("[1]", .mismatch), Cell("1", .mismatch), Cell(#""x""#, .mismatch),
            Cell("true", .mismatch), Cell("null", .value([:]), strict: .mismatch),
        ])
        Self.check(Inner.self, [
            Cell(#"{"n": 3}"#, .value(Inner(n: 3))), Cell("[1]", .mismatch), Cell("1", .mismatch), Cell(#""x""#, .mismatch),
            Cell("true", .mismatch), Cell("null", .value(Inner()), strict: .mismatch),
        ])
    }

    struct Inner: JSONMappable, Sample {
        var n = 0
        static let initial = Inner()
        static let jsonMapping = JSONMapping<Inner> { JSONMap(\.n, "n") }
    }
}

/// A target type of the coercion table, with the default its property starts from.
protocol CoercionTableSample: JSONMappableValue, Equatable, Sendable {
    /// The property's default, which `null` keeps.
    static var initial: Self { get }
}

extension Int: CoercionTableSample { static var initial: Int { -1 } }
extension UInt8: CoercionTableSample { static var initial: UInt8 { 9 } }
extension Double: CoercionTableSample { static var initial: Double { -1 } }
extension Float: CoercionTableSample { static var initial: Float { -1 } }
extension Bool: CoercionTableSample { static var initial: Bool { false } }
extension String: CoercionTableSample { static var initial: String { "default" } }
extension Decimal: CoercionTableSample { static var initial: Decimal { -1 } }
extension Date: CoercionTableSample { static var initial: Date { Date(timeIntervalSince1970: -1) } }
extension URL: CoercionTableSample { static var initial: URL { URL(string: "https://default.invalid")! } }
extension UUID: CoercionTableSample { static var initial: UUID { UUID(uuidString: "00000000-0000-0000-0000-000000000001")! } }
extension Data: CoercionTableSample { static var initial: Data { Data([9]) } }
extension Optional: CoercionTableSample where Wrapped: CoercionTableSample { static var initial: Wrapped? { .some(Wrapped.initial) } }
extension Array: CoercionTableSample where Element: CoercionTableSample { static var initial: [Element] { [] } }
extension Dictionary: CoercionTableSample where Key == String, Value: CoercionTableSample { static var initial: [String: Value] { [:] } }
