import Foundation
import Testing
@testable import JSONMapper

/// The three policies of each shared coercion entry: lenient and strict (mapped models), and
/// Foundation's (the Codable drop-in), on scalars written out here.
@Suite("Coercion: lenient, strict and Foundation's policies")
struct CoercionPolicyTests {
    enum Outcome<V: Equatable>: Equatable {
        case value(V?)
        case mismatch
        case invalid
    }

    /// The coercion of `scalar` (bytes written as JSON text for numbers and strings).
    static func outcome<V: Equatable>(_ body: () throws(CoercionFailure) -> V?) -> Outcome<V> {
        do throws(CoercionFailure) {
            return .value(try body())
        } catch .mismatch {
            return .mismatch
        } catch {
            return .invalid
        }
    }

    static func withScalar<R>(_ kind: String, _ text: String, _ body: (ScalarEvent) -> R) -> R {
        var text = text
        return text.withUTF8 { bytes in
            let json = JSONBytes(start: bytes.baseAddress!, count: bytes.count)
            return body(kind == "number" ? .number(json) : .string(json))
        }
    }

    static func integer(_ kind: String, _ text: String, _ policy: CoercionPolicy) -> Outcome<Int8> {
        withScalar(kind, text) { scalar in Self.outcome { () throws(CoercionFailure) in try IntegerCoercion.integer(from: scalar, policy: policy) } }
    }

    @Test func integers() {
        #expect(Self.integer("number", "42", .foundation) == .value(42))
        #expect(Self.integer("number", "1e2", .foundation) == .value(100))
        #expect(Self.integer("number", "1e2", .strict) == .mismatch)
        #expect(Self.integer("number", "1e2", .lenient) == .value(100))
        #expect(Self.integer("number", "300", .foundation) == .invalid)
        #expect(Self.integer("string", "42", .lenient) == .value(42))
        #expect(Self.integer("string", "42", .strict) == .mismatch)
        #expect(Self.integer("string", "42", .foundation) == .mismatch)
    }

    @Test func nullKeepsTheDefaultOnlyWhenLenient() {
        func null(_ policy: CoercionPolicy) -> Outcome<Bool> {
            Self.outcome { () throws(CoercionFailure) in try BoolCoercion.bool(from: .null, policy: policy) }
        }
        #expect(null(.lenient) == .value(nil))
        #expect(null(.strict) == .mismatch)
        #expect(null(.foundation) == .mismatch)
    }

    @Test func boolsAndStrings() {
        func bool(_ scalar: ScalarEvent, _ policy: CoercionPolicy) -> Outcome<Bool> {
            Self.outcome { () throws(CoercionFailure) in try BoolCoercion.bool(from: scalar, policy: policy) }
        }
        #expect(bool(.bool(true), .foundation) == .value(true))
        #expect(Self.withScalar("number", "1") { bool($0, .lenient) } == .value(true))
        #expect(Self.withScalar("number", "1") { bool($0, .foundation) } == .mismatch)
        func string(_ scalar: ScalarEvent, _ policy: CoercionPolicy) -> Outcome<String> {
            Self.outcome { () throws(CoercionFailure) in try StringLikeCoercion.string(from: scalar, policy: policy) }
        }
        #expect(Self.withScalar("number", "12") { string($0, .lenient) } == .value("12"))
        #expect(Self.withScalar("number", "12") { string($0, .strict) } == .mismatch)
        #expect(Self.withScalar("string", "ab") { string($0, .foundation) } == .value("ab"))
    }

    @Test func decimalsAndStringKinds() {
        func decimal(_ kind: String, _ text: String, _ policy: CoercionPolicy) -> Outcome<Decimal> {
            Self.withScalar(kind, text) { scalar in
                Self.outcome { () throws(CoercionFailure) in try DecimalCoercion.decimal(from: scalar, policy: policy) }
            }
        }
        #expect(decimal("number", "1.5", .foundation) == .value(Decimal(string: "1.5")))
        #expect(decimal("string", "1.5", .lenient) == .value(Decimal(string: "1.5")))
        #expect(decimal("string", "1.5", .foundation) == .mismatch)
        let digits = String(repeating: "1", count: 40)
        #expect(decimal("number", digits, .strict) == .invalid)
        #expect(decimal("number", digits, .foundation) != .invalid)
        func uuid(_ scalar: ScalarEvent, _ policy: CoercionPolicy) -> Outcome<UUID> {
            Self.outcome { () throws(CoercionFailure) in try StringLikeCoercion.uuid(from: scalar, policy: policy) }
        }
        #expect(uuid(.null, .lenient) == .value(nil))
        #expect(uuid(.null, .foundation) == .mismatch)
        #expect(uuid(.bool(true), .lenient) == .mismatch)
    }

    @Test func aNumberRoundingToAZeroItIsNotIsInvalidOnlyAsFoundation() {
        func double(_ text: String, _ policy: CoercionPolicy) -> Outcome<Double> {
            Self.withScalar("number", text) { scalar in
                Self.outcome { () throws(CoercionFailure) in try FloatingPointCoercion.double(from: scalar, policy: policy, allowNonFinite: false) }
            }
        }
        #expect(double("1e-400", .foundation) == .invalid)
        #expect(double("1e-400", .lenient) == .value(0))
        #expect(double("0.0e-400", .foundation) == .value(0))
        #expect(double("1e400", .foundation) == .invalid)
        #expect(double("2.5", .foundation) == .value(2.5))
        func float(_ text: String) -> Outcome<Float> {
            Self.withScalar("number", text) { scalar in
                Self.outcome { () throws(CoercionFailure) in try FloatingPointCoercion.float(from: scalar, policy: .foundation, allowNonFinite: false) }
            }
        }
        #expect(float("1e-50") == .invalid)
        #expect(float("0.5") == .value(0.5))
    }
}
