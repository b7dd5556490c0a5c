import Foundation
import Testing
@testable import JSONMapper

extension CoercionUnitTests {
    @Test func rawRepresentableEnums() throws {
        #expect(try JSONMapDecoder().decode(Color.self, from: #""red""#) == .red)
        #expect(try JSONMapDecoder().decode(Color.self, from: #""blue""#) == .blue)
        #expect(try JSONMapDecoder().decode(Level.self, from: "2") == .high)
        #expect(try JSONMapDecoder().decode(Level.self, from: "1") == .low)
        #expect(try JSONMapDecoder().decode(Level.self, from: #""2""#) == .high)     // lenient raw Int from a string
        #expect(try JSONMapDecoder().decode(Level.self, from: "2.0") == .high)
        #expect(try JSONMapDecoder().decode([Color].self, from: #"["green","red"]"#) == [.green, .red])
        for (json, isColor) in [(#""purple""#, true), (#""RED""#, true), ("3", false), ("0", false)] {
            let error = isColor
                ? Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(Color.self, from: json) })
                : Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(Level.self, from: json) })
            #expect(Self.kind(error) == .invalidValue, "\(json): \(String(describing: error))")
        }
        let level = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(Level.self, from: #""high""#) })
        #expect(Self.kind(level) == .typeMismatch)
    }
}
