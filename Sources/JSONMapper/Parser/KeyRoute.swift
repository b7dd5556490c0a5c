import CYajlCallbacks

extension cyajl_plan_level {
    /// An object level over `keys`, each with its slot and child: writes each key's bytes at
    /// `text` (which moves past them; the caller's buffer has room for them all), appends the
    /// keys to `cKeys` and the level's hash table to `cBuckets`, and returns the level that finds
    /// them there (``cyajl_level_find``). The one builder of the C key tables, for record plans
    /// and key routes alike.
    static func object(keys: [(key: String, slot: Int32, child: Int32)], text: inout UnsafeMutablePointer<UInt8>,
                       cKeys: inout [cyajl_plan_key], cBuckets: inout [UInt32]) -> cyajl_plan_level {
        let firstKey = UInt32(cKeys.count)
        var bucketCount = 2
        while bucketCount < 2 * keys.count { bucketCount *= 2 }
        let firstBucket = cBuckets.count
        cBuckets.append(contentsOf: repeatElement(0, count: bucketCount))
        var keyLengths: UInt64 = 0
        for (number, key) in keys.enumerated() {
            let start = text
            for byte in key.key.utf8 {
                text.initialize(to: byte)
                text += 1
            }
            let length = text - start
            var head: UInt64 = 0, tail: UInt64 = 0
            cyajl_key_words(start, length, &head, &tail)
            cKeys.append(cyajl_plan_key(text: start, length: UInt32(length), head: head, tail: tail, slot: key.slot, child: key.child))
            keyLengths |= cyajlplan_length_bit(length)
            var bucket = Int(truncatingIfNeeded: cyajl_key_mix(length, head, tail)) & (bucketCount - 1)
            while cBuckets[firstBucket + bucket] != 0 { bucket = (bucket + 1) & (bucketCount - 1) }
            cBuckets[firstBucket + bucket] = UInt32(number + 1)
        }
        return cyajl_plan_level(isArray: 0, firstKey: firstKey, keyCount: UInt32(keys.count), firstBucket: UInt32(firstBucket),
                                bucketMask: UInt32(bucketCount - 1), keyLengths: keyLengths)
    }
}

/// The keys of an object a handler reads, in C (``cyajl_key_route``): while its frame is the
/// innermost, the parser's key callback looks each key up here and never calls Swift for it
/// (see ``DecodingSession``'s `routeKeys`). Immutable once built; freed with its owner.
final class KeyRoute {
    /// The route, as the parser's state takes it (``JSONEventSink/routeKeys(_:entry:depthAllowance:)``).
    var handle: Handle { Handle(route: route) }
    private let route: UnsafeMutablePointer<cyajl_key_route>
    private let keys: UnsafeMutableBufferPointer<cyajl_plan_key>
    private let buckets: UnsafeMutableBufferPointer<UInt32>
    private let values: UnsafeMutableBufferPointer<UnsafeMutableRawPointer?>
    private let keyBytes: UnsafeMutableBufferPointer<UInt8>

    /// A route to `values`, which must outlive it, by key.
    init(_ entries: [(key: String, value: UnsafeMutableRawPointer)]) {
        keyBytes = .allocate(capacity: max(entries.reduce(0) { $0 + $1.key.utf8.count }, 1))
        var text = keyBytes.baseAddress!
        var cKeys: [cyajl_plan_key] = []
        var cBuckets: [UInt32] = []
        let level = cyajl_plan_level.object(keys: entries.map { ($0.key, -1, -1) }, text: &text, cKeys: &cKeys, cBuckets: &cBuckets)
        keys = .frozenCopy(of: cKeys)
        buckets = .frozenCopy(of: cBuckets)
        values = .frozenCopy(of: entries.map { Optional($0.value) })
        route = .allocate(capacity: 1)
        route.initialize(to: cyajl_key_route(level: level, keys: UnsafePointer(keys.baseAddress), buckets: UnsafePointer(buckets.baseAddress),
                                             values: UnsafePointer(values.baseAddress)))
    }

    /// The value of `key`, or `nil`: the lookup the parser's key callback makes, for keys that
    /// come to Swift (from a tree, or over the string limit).
    @inline(__always)
    func value(for key: JSONBytes) -> UnsafeMutableRawPointer? {
        let number = cyajl_level_find(&route.pointee.level, keys.baseAddress, buckets.baseAddress, key.buffer.baseAddress, key.count)
        return number >= 0 ? values[Int(number)] : nil
    }

    /// A route for the parser's state, valid while its ``KeyRoute`` lives; opaque above this layer.
    struct Handle {
        fileprivate let route: UnsafeMutablePointer<cyajl_key_route>
    }

    deinit {
        route.deallocate()
        keys.deallocate()
        buckets.deallocate()
        values.deallocate()
        keyBytes.deallocate()
    }
}

extension JSONEventSink {
    /// Points the parser's C key callback at `route`, which writes each key's value from the
    /// route to `entry` (where a pointer-sized slot must be) and skips the value of a key the
    /// route lacks, `depthAllowance` containers deep at most. Without a parser (events from a
    /// tree) it does nothing.
    final func routeKeys(_ route: KeyRoute.Handle, entry: UnsafeMutableRawPointer, depthAllowance: Int) {
        guard let skipState else { return }
        skipState.pointee.keyRoute = UnsafePointer(route.route)
        skipState.pointee.keyEntry = entry.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
        skipState.pointee.keyDepthAllowance = depthAllowance
    }

    /// Has every key come to ``key(_:)`` again.
    final func stopRoutingKeys() {
        skipState?.pointee.keyRoute = nil
    }
}
