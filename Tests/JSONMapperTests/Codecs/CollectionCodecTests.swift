import Foundation
import Testing
@testable import JSONMapper

extension CoercionUnitTests {
    @Test func setsFromArrays() throws {
        #expect(try JSONMapDecoder().decode(Set<Int>.self, from: "[3,1,3,2]") == [1, 2, 3])
        #expect(try JSONMapDecoder().decode(Set<String>.self, from: #"["a","b","a"]"#) == ["a", "b"])
        #expect(try JSONMapDecoder().decode(Set<Color>.self, from: #"["red","red"]"#) == [.red])
        for json in ["5", #""a""#, #"{"a":1}"#] {
            let error = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(Set<Int>.self, from: json) })
            #expect(Self.kind(error) == .typeMismatch, "\(json)")
        }
    }
}
