import Foundation
import Testing
@testable import JSONMapper

extension CoercionUnitTests {
    // MARK: - Bool

    @Test(arguments: [("0", false), ("1", true), ("2", true), ("-1", true), ("0.0", false), ("-0", false), ("0e10", false),
                      ("0.001", true), ("1e-300", true), ("100", true)])
    func boolFromNumber(_ json: String, _ expected: Bool) throws {
        #expect(try JSONMapDecoder().decode(Bool.self, from: json) == expected, "\(json)")
    }

    @Test(arguments: [("true", true), ("TRUE", true), ("True", true), ("tRuE", true), ("false", false), ("FALSE", false),
                      ("False", false), ("yes", true), ("YES", true), ("Yes", true), ("no", false), ("NO", false), ("No", false),
                      ("1", true), ("0", false)])
    func boolFromString(_ word: String, _ expected: Bool) throws {
        #expect(try JSONMapDecoder().decode(Bool.self, from: "\"\(word)\"") == expected, "\(word)")
    }

    @Test(arguments: ["maybe", "2", "", "on", "off", "y", "n", "truefalse", "-1"])
    func boolFromOtherStringsIsTypeMismatch(_ word: String) {
        let error = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(Bool.self, from: "\"\(word)\"") })
        #expect(Self.kind(error) == .typeMismatch, "\(word): \(String(describing: error))")
    }

    @Test func boolFromBool() throws {
        #expect(try JSONMapDecoder().decode(Bool.self, from: "true") == true)
        #expect(try JSONMapDecoder().decode(Bool.self, from: "false") == false)
        #expect(try JSONMapDecoder(options: Self.strict).decode(Bool.self, from: "true") == true)
    }
}
