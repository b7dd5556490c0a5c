import Foundation

/// The generated files of the `Codable` shapes (``SparseRecord``, ``FlattenedRecord``,
/// ``ShapeShop``, ``ReversedRecord``, ``StampedRecord``, ``SnakeRecord``): records drawn from a
/// fixed seed and written by `JSONEncoder`, as a Swift service would write them, so every run
/// and machine gets the same bytes.
public enum ShapeCorpus {
    /// Records per generated file.
    public static let recordCount = 10_000

    /// `SparseRecord`s with 3 of their 23 optional properties present on average.
    public static func sparse(count: Int = recordCount) -> [SparseRecord] {
        var random = SplitMix64(seed: 0x5BA5_0001)
        return (0..<count).map { id in
            var record = SparseRecord(id: id)
            for _ in 0..<random.next(below: 6) { random.fillOne(of: &record) }
            return record
        }
    }

    /// `FlattenedRecord`s.
    public static func flattened(count: Int = recordCount) -> [FlattenedRecord] {
        var random = SplitMix64(seed: 0xF1A7_0002)
        return (0..<count).map { id in
            FlattenedRecord(id: id, userName: random.letters(8), city: random.letters(6),
                            latitude: random.coordinate(), longitude: random.coordinate(),
                            likes: random.next(below: 100_000), shares: random.next(below: 1_000))
        }
    }

    /// `ShapeShop`s, each three levels of `"super"` deep.
    public static func shops(count: Int = recordCount) -> [ShapeShop] {
        var random = SplitMix64(seed: 0x5409_0003)
        return (0..<count).map { id in
            ShapeShop(id: id, name: random.letters(10), latitude: random.coordinate(), longitude: random.coordinate(),
                      opens: random.next(below: 12), closes: 12 + random.next(below: 12), open: random.next(below: 2) == 1)
        }
    }

    /// `ReversedRecord`s.
    public static func reversed(count: Int = recordCount) -> [ReversedRecord] {
        var random = SplitMix64(seed: 0x4EE5_0004)
        return (0..<count).map { id in
            ReversedRecord(id: id, name: random.letters(9), email: random.letters(7) + "@example.com",
                           age: random.next(below: 100), score: random.coordinate(), active: random.next(below: 2) == 1,
                           city: random.letters(6), rank: random.next(below: 1_000_000), ratio: Double(random.next(below: 1000)) / 8,
                           note: random.letters(random.next(below: 30)))
        }
    }

    /// `StampedRecord`s: whole-second dates (ISO 8601 keeps no fraction) and 8–64 bytes of data.
    public static func stamped(count: Int = recordCount) -> [StampedRecord] {
        var random = SplitMix64(seed: 0x57A4_0005)
        return (0..<count).map { id in
            let created = Date(timeIntervalSince1970: Double(1_500_000_000 + random.next(below: 300_000_000)))
            return StampedRecord(id: id, created: created, modified: created.addingTimeInterval(Double(random.next(below: 86_400))),
                                 payload: random.bytes(8 + random.next(below: 57)), digest: random.bytes(20))
        }
    }

    /// `SnakeRecord`s.
    public static func snake(count: Int = recordCount) -> [SnakeRecord] {
        var random = SplitMix64(seed: 0x5AAE_0006)
        return (0..<count).map { id in
            SnakeRecord(userId: id, displayName: random.letters(12), emailAddress: random.letters(8) + "@example.org",
                        createdAtMs: 1_500_000_000_000 + Int64(random.next(below: 1 << 40)), isActive: random.next(below: 2) == 1,
                        followerCount: random.next(below: 50_000), profileImageUrl: "https://example.org/i/" + random.letters(16),
                        averageRating: Double(random.next(below: 500)) / 100)
        }
    }
}

/// A small, fast, seedable generator (SplitMix64), so generated files never change.
public struct SplitMix64: Sendable {
    private var state: UInt64

    /// A generator starting from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`.
    public mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// `count` lowercase ASCII letters.
    public mutating func letters(_ count: Int) -> String {
        String((0..<count).map { _ in Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(next(below: 26)))) })
    }

    /// A coordinate-like number with six decimals.
    mutating func coordinate() -> Double { Double(next(below: 360_000_000)) / 1_000_000 - 180 }

    /// `count` random bytes.
    mutating func bytes(_ count: Int) -> Data { Data((0..<count).map { _ in UInt8(truncatingIfNeeded: next()) }) }

    /// Sets one of `record`'s optional properties (perhaps one already set).
    mutating func fillOne(of record: inout SparseRecord) {
        switch next(below: 23) {
        case 0: record.name = letters(8)
        case 1: record.title = letters(12)
        case 2: record.email = letters(6) + "@example.com"
        case 3: record.phone = "+1-555-\(next(below: 10_000))"
        case 4: record.city = letters(7)
        case 5: record.country = letters(2)
        case 6: record.age = next(below: 100)
        case 7: record.rank = next(below: 1_000)
        case 8: record.score = next(below: 1_000_000)
        case 9: record.level = next(below: 10)
        case 10: record.votes = next(below: 5_000)
        case 11: record.parent = next(below: 10_000)
        case 12: record.latitude = coordinate() / 2
        case 13: record.longitude = coordinate()
        case 14: record.ratio = Double(next(below: 1000)) / 1000
        case 15: record.weight = Double(next(below: 100_000)) / 10
        case 16: record.active = next(below: 2) == 1
        case 17: record.verified = next(below: 2) == 1
        case 18: record.deleted = next(below: 2) == 1
        case 19: record.admin = next(below: 2) == 1
        case 20: record.tags = (0..<next(below: 4)).map { _ in letters(5) }
        case 21: record.sizes = (0..<next(below: 5)).map { _ in next(below: 50) }
        default: record.note = letters(next(below: 40))
        }
    }
}
