import CYajlCallbacks

/// A schema's columns as the plan the C recorder follows through each record (see
/// `cyajl_plan.h`): the keys and indexes the columns' paths take, level by level, and the slot
/// each path's value is noted in. A path read by several columns has one slot; a column reads
/// its paths' slots in priority order.
///
/// With an explode, the exploded array is a level of its own whose every element is read by
/// the element columns, into element slots the recorder keeps per element.
///
/// Only schemas whose every path starts at a key of the record's object have a plan
/// (``init(columns:explode:)`` returns `nil` otherwise); so does a schema whose paths
/// would need one key to hold both an object and an array. Such schemas are read the general
/// way.
// Sendable: immutable once built; the C arrays are written only while it is made.
final class RecordPlan: @unchecked Sendable {
    /// What a column reads: its paths' slots, in priority order, in the record or in each
    /// element of the exploded array; or the element's position (no slots). A struct, not an
    /// enum with the slots as payloads: a payload's pointer carries the case in spare bits,
    /// where LeakSanitizer does not see it as a pointer.
    struct Column {
        enum Source { case record, element, ordinal }
        let source: Source
        let slots: [UInt32]

        static func record(slots: [UInt32]) -> Column { Column(source: .record, slots: slots) }
        static func element(slots: [UInt32]) -> Column { Column(source: .element, slots: slots) }
        static let ordinal = Column(source: .ordinal, slots: [])
    }

    let columns: [Column]
    /// The slot of the exploded array, if any.
    let explodeSlot: UInt32?
    /// The plan handed to the recorders.
    let plan: UnsafeMutablePointer<cyajl_plan>
    private let levels: UnsafeMutableBufferPointer<cyajl_plan_level>
    private let keys: UnsafeMutableBufferPointer<cyajl_plan_key>
    private let buckets: UnsafeMutableBufferPointer<UInt32>
    /// The keys' bytes, back to back; `keys` point into them.
    private let keyBytes: UnsafeMutableBufferPointer<UInt8>

    /// The plan of a schema's columns, or `nil` when they have none (see the type's comment).
    init?(columns schemaColumns: [JSONColumn], explode: JSONExplode?) {
        guard let layout = PlanLayout(columns: schemaColumns, explode: explode) else { return nil }
        columns = layout.columns
        explodeSlot = layout.explodeSlot
        (levels, keys, buckets, keyBytes) = layout.tree.compiled()
        plan = .allocate(capacity: 1)
        plan.initialize(to: cyajl_plan(levels: UnsafePointer(levels.baseAddress), keys: UnsafePointer(keys.baseAddress),
                                       buckets: UnsafePointer(buckets.baseAddress), slotCount: layout.tree.slotCount,
                                       elementSlotBase: explode == nil ? layout.tree.slotCount : layout.tree.elementSlotBase))
    }

    deinit {
        plan.deallocate()
        levels.deallocate()
        keys.deallocate()
        buckets.deallocate()
        keyBytes.deallocate()
    }
}

/// What a plan is made of, worked out from the columns before the plan is built (so that a
/// schema without a plan gives up before any of the plan's memory exists).
private struct PlanLayout {
    let columns: [RecordPlan.Column]
    let explodeSlot: UInt32?
    let tree: PlanTree

    /// The columns' paths laid out as levels and slots, or `nil` when they have no plan.
    init?(columns schemaColumns: [JSONColumn], explode: JSONExplode?) {
        var tree = PlanTree()
        var explodeSteps: [KeyPathSpec.Step] = []
        var explodeLevel = 0
        var explodeSlot: UInt32?
        if let explode {
            guard let path = try? KeyPathSpec(explode.path, strategy: .useDeclaredKeys),
                  let (slot, level) = tree.explode(at: path.steps) else { return nil }
            (explodeSteps, explodeLevel, explodeSlot) = (path.steps, level, slot)
        }
        var paths: [[KeyPathSpec]] = []
        for column in schemaColumns {
            guard case .success(let keys) = JSONSchema.keys(of: column) else { return nil }
            paths.append(keys)
        }
        // An ordinal column reads no path (and needs an explode: the schema checked that).
        var columns: [RecordPlan.Column?] = schemaColumns.map { if case .ordinal = $0.type { RecordPlan.Column.ordinal } else { nil } }
        func isElementColumn(_ index: Int) -> Bool {
            explode != nil && paths[index].contains { $0.steps.starts(with: explodeSteps) }
        }
        // Record slots first: element slots are those from the base on.
        for index in schemaColumns.indices where columns[index] == nil && !isElementColumn(index) {
            var slots: [UInt32] = []
            for path in paths[index] {
                guard let slot = tree.slot(for: path.steps, from: 0) else { return nil }
                slots.append(slot)
            }
            columns[index] = .record(slots: slots)
        }
        tree.elementSlotBase = tree.slotCount
        for index in schemaColumns.indices where columns[index] == nil && isElementColumn(index) {
            var slots: [UInt32] = []
            for path in paths[index] {
                let steps = [.index(0)] + path.steps.dropFirst(explodeSteps.count)
                guard let slot = tree.slot(for: steps, from: explodeLevel) else { return nil }
                slots.append(slot)
            }
            columns[index] = .element(slots: slots)
        }
        self.explodeSlot = explodeSlot
        self.columns = columns.map { $0! }
        self.tree = tree
    }

}

/// The plan's levels while they are collected from the columns' paths.
private struct PlanTree {
    struct Entry {
        var slot: Int32 = -1
        var child: Int32 = -1
    }

    struct Level {
        var isArray: Bool
        /// The exploded array: an array level whose one entry, index 0, reads every element.
        var isExploded = false
        /// An object level's keys in the order first seen.
        var keyOrder: [String] = []
        var byKey: [String: Entry] = [:]
        /// An array level's indexes.
        var byIndex: [Int: Entry] = [:]
    }

    /// Level 0 is the record's object.
    var levels = [Level(isArray: false)]
    var slotCount: UInt32 = 0
    var elementSlotBase: UInt32 = 0

    /// The slot of the exploded array at `steps` and its level, made before any column's.
    mutating func explode(at steps: [KeyPathSpec.Step]) -> (slot: UInt32, level: Int)? {
        guard let slot = slot(for: steps, from: 0) else { return nil }
        var level = 0
        for step in steps.dropLast() { level = Int(self[level, step]!.child) }
        var entry = self[level, steps.last!]!
        entry.child = Int32(levels.count)
        levels.append(Level(isArray: true, isExploded: true))
        self[level, steps.last!] = entry
        return (slot, Int(entry.child))
    }

    /// The slot of the value at `steps` from level `start`, made on first use; `nil` when the
    /// steps start the record at an index or need a level to be both an object and an array
    /// (or another exploded array's element to be read at an index but 0).
    mutating func slot(for steps: [KeyPathSpec.Step], from start: Int) -> UInt32? {
        if start == 0, case .index = steps.first { return nil }
        var level = start
        for (position, step) in steps.enumerated() {
            guard var entry = self[level, step] else { return nil }
            if position == steps.count - 1 {
                if entry.slot < 0 {
                    entry.slot = Int32(slotCount)
                    slotCount += 1
                }
                self[level, step] = entry
                return UInt32(entry.slot)
            }
            let childIsArray: Bool
            if case .index = steps[position + 1] { childIsArray = true } else { childIsArray = false }
            if entry.child < 0 {
                entry.child = Int32(levels.count)
                levels.append(Level(isArray: childIsArray))
                self[level, step] = entry
            } else if levels[Int(entry.child)].isArray != childIsArray {
                return nil
            }
            level = Int(entry.child)
        }
        return nil
    }

    /// The entry of `step` at a level: an empty one when new, `nil` when the step's kind is not
    /// the level's (an index in an object, a key in an array).
    subscript(level: Int, step: KeyPathSpec.Step) -> Entry? {
        get {
            switch step {
            case .key(let key): levels[level].isArray ? nil : levels[level].byKey[key] ?? Entry()
            case .index(let index):
                levels[level].isArray && !(levels[level].isExploded && index != 0) ? levels[level].byIndex[index] ?? Entry() : nil
            }
        }
        set {
            guard let newValue else { return }
            switch step {
            case .key(let key):
                if levels[level].byKey.updateValue(newValue, forKey: key) == nil { levels[level].keyOrder.append(key) }
            case .index(let index):
                levels[level].byIndex[index] = newValue
            }
        }
    }

    /// The C arrays of the plan: levels, keys (an array level's indexes from 0 to its largest),
    /// object levels' hash tables, and the keys' bytes.
    func compiled() -> (UnsafeMutableBufferPointer<cyajl_plan_level>, UnsafeMutableBufferPointer<cyajl_plan_key>,
                        UnsafeMutableBufferPointer<UInt32>, UnsafeMutableBufferPointer<UInt8>) {
        let textCount = levels.reduce(0) { count, level in level.keyOrder.reduce(count) { $0 + $1.utf8.count } }
        let keyBytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(textCount, 1))
        var text = keyBytes.baseAddress!
        var cLevels: [cyajl_plan_level] = []
        var cKeys: [cyajl_plan_key] = []
        var cBuckets: [UInt32] = []
        for level in levels {
            let firstKey = UInt32(cKeys.count)
            if level.isArray {
                let count = (level.byIndex.keys.max() ?? -1) + 1
                for index in 0..<count {
                    let entry = level.byIndex[index] ?? Entry()
                    cKeys.append(cyajl_plan_key(text: nil, length: 0, head: 0, tail: 0, slot: entry.slot, child: entry.child))
                }
                cLevels.append(cyajl_plan_level(isArray: level.isExploded ? UInt32(CYAJL_PLAN_EXPLODED) : 1, firstKey: firstKey,
                                                keyCount: UInt32(count), firstBucket: 0, bucketMask: 0, keyLengths: 0))
                continue
            }
            let keys = level.keyOrder.map { key in (key, level.byKey[key]!.slot, level.byKey[key]!.child) }
            cLevels.append(.object(keys: keys, text: &text, cKeys: &cKeys, cBuckets: &cBuckets))
        }
        return (.frozenCopy(of: cLevels), .frozenCopy(of: cKeys), .frozenCopy(of: cBuckets), keyBytes)
    }
}
