import Foundation
import Testing
@testable import JSONMapper

/// A long array is built without regrowing and copying its elements (R9 of issue 13): past a
/// megabyte the element list grows by segments that stay put, and the array is filled from
/// them while they are freed. The list counts the bytes it holds, and the array's bytes as
/// they are filled (an untouched page of a fresh allocation costs no memory), so the peak
/// below is the memory a decode of the array needs.
@Suite("Engine: element lists")
struct ElementListTests {
    static func build<E>(_ count: Int, _ element: (Int) -> E) -> (array: [E], peakBytes: Int) {
        let session = DecodingSession(options: DecodingOptions(), checksWholeDocument: true)
        var list = ElementList(borrowing: nil)
        for i in 0..<count {
            list.nextSlot(E.self, session).initialize(to: element(i))
            list.commit()
        }
        let array = [E].moving(&list, session)
        return (array, list.peakBytes)
    }

    @Test("a long array needs little more than its own size", arguments: [1 << 22, (1 << 22) + 12_345])
    func longArrayPeak(count: Int) {
        let (array, peak) = Self.build(count) { $0 }
        #expect(array.count == count)
        #expect(array.enumerated().allSatisfy { $0.offset == $0.element })
        let resultBytes = count * MemoryLayout<Int>.stride
        #expect(peak <= resultBytes + resultBytes / 4, "peak \(peak) for \(resultBytes) bytes of result")
    }

    @Test func elementsWithReferencesSurviveTheSegments() {
        let (array, _) = Self.build(200_000) { "s\($0)" }
        #expect(array.count == 200_000)
        #expect(array[0] == "s0" && array[65_536] == "s65536" && array[199_999] == "s199999")
    }

    @Test func longCollectionsDecode() throws {
        let count = 300_000
        let numbers = "[" + (0..<count).map(String.init).joined(separator: ",") + "]"
        #expect(try JSONMapDecoder().decode([Int].self, from: numbers) == Array(0..<count))
        #expect(try JSONMapDecoder().decode(Set<Int>.self, from: numbers) == Set(0..<count))
        let strings = "[" + (0..<count).map { "\"\($0)\"" }.joined(separator: ",") + "]"
        #expect(try JSONMapDecoder().decode([String].self, from: strings) == (0..<count).map(String.init))
        let object = "{" + (0..<count).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}"
        let dictionary = try JSONMapDecoder().decode([String: Int].self, from: object)
        #expect(dictionary.count == count && dictionary["k0"] == 0 && dictionary["k299999"] == 299_999)
    }

    @Test func aLongArrayThatFailsLateReleasesItsElements() {
        let count = 300_000
        let strings = "[" + (0..<count).map { "\"\($0)\"" }.joined(separator: ",") + ", 1.5, {}]"
        #expect(throws: JSONMapperError.self) { try JSONMapDecoder(options: .strict).decode([String].self, from: strings) }
    }
}
