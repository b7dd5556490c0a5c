import Foundation
import Testing
@testable import JSONMapper

@Suite struct CodableDecoderParityTests {
    struct Small: Codable, Equatable {
        var a: Int
        var b: [String]
        var c: Inner?
        struct Inner: Codable, Equatable { var x: Double }
    }

    @Test func smoke() throws {
        let json = #"{"a":1,"b":["x","y\n"],"c":{"x":1.5}}"#
        let tape = Tape()
        try json.utf8CString.withUnsafeBytes { raw in
            let bytes = UnsafeRawBufferPointer(rebasing: raw.dropLast())
            try tape.record(bytes, limits: .none, maxDepth: 512, origin: .start)
            for i in 0...tape.count { print(i, tape.kind(at: i), tape.memberCount(at: i), tape.next(after: i)) }
        }
        let value = try JSONCodableDecoder().decode(Small.self, from: json)
        #expect(value == (try JSONDecoder().decode(Small.self, from: Data(json.utf8))))
    }
}
