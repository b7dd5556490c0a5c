import Foundation
import Testing
@testable import JSONMapper

/// A frame's storage gives back the value it was made from, and in debug builds refuses to be
/// read as another type.
@Suite("Engine: frame storage")
struct FrameStorageTests {
    @Test func storageReadsBackTheValueItWasMadeFrom() {
        let value = UnsafeMutablePointer<[Int]>.allocate(capacity: 1)
        value.initialize(to: [1, 2])
        defer { value.deinitialize(count: 1); value.deallocate() }
        let storage = FrameStorage(value)
        #expect(storage.pointer(to: [Int].self) == value)
        storage.pointer(to: [Int].self).pointee.append(3)
        #expect(value.pointee == [1, 2, 3])
        #expect(storage.modelMemory == UnsafeMutableRawPointer(value))
    }

    @Test func rawStorageIsReadAsAsked() {
        let value = UnsafeMutablePointer<Int?>.allocate(capacity: 1)
        value.initialize(to: 7)
        defer { value.deallocate() }
        #expect(FrameStorage(unchecked: UnsafeMutableRawPointer(value)).pointer(to: Int?.self).pointee == 7)
    }

    #if DEBUG
    @Test func readingStorageAsAnotherTypeStopsTheProgram() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let value = UnsafeMutablePointer<Int>.allocate(capacity: 1)
            value.initialize(to: 1)
            _ = FrameStorage(value).pointer(to: Double.self)
        }
        #expect(String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
            .contains("frame storage of Int read as Double"))
    }
    #endif
}
