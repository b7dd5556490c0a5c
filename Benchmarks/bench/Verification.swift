import Foundation
import JSONMapper

/// What the correctness check found for one file.
struct VerificationResult {
    /// Disagreements that forbid timing.
    var failures: [String] = []
    /// Accepted deviations worth reporting (e.g. a Foundation parser's rounding), with the
    /// contender each concerns.
    var notes: [(library: String, text: String)] = []
}

/// How far `JSONSerialization`'s doubles may be from `JSONDecoder`'s before the hand-written
/// contender fails the check. swift-corelibs-foundation's `JSONSerialization` does not round
/// every decimal to the nearest double (canada.json: about half its coordinates are off by
/// 1–5 ulp), which is no fault of the hand-written mapping; anything further off, or any other
/// difference, still fails.
let handwrittenDoubleTolerance: UInt64 = 16

/// Decodes `data` once with each contender and compares: JSONMapper == JSONDecoder (exactly) ==
/// hand-written (exactly, or doubles within ``handwrittenDoubleTolerance`` ulp), and the yajl
/// floor's scalar count == the number of leaf values in `JSONSerialization`'s tree.
func verifyModels<Root: JSONMappableRoot>(
    file: String, data: Data, root: Root.Type, handwritten: (Any) throws -> Root
) -> VerificationResult {
    var result = VerificationResult()
    func attempt<T>(_ library: String, _ body: () throws -> T) -> T? {
        do { return try body() } catch {
            result.failures.append("\(file): \(library) threw: \(error)")
            return nil
        }
    }
    let mapper = attempt(Library.jsonMapper) { try JSONMapper.decode(Root.self, from: data) }
    let decoder = attempt(Library.jsonDecoder) { try JSONDecoder().decode(Root.self, from: data) }
    let tree = attempt("JSONSerialization") { try JSONSerialization.jsonObject(with: data) }
    let manual = tree.flatMap { tree in attempt(Library.handwritten) { try handwritten(tree) } }
    let floor = attempt(Library.yajl) { try YajlFloor.parse(data) }

    if let mapper, let decoder, mapper != decoder {
        let where_ = StructuralComparison(doubleULPs: 0).firstDifference(mapper, decoder)
        result.failures.append("\(file): \(Library.jsonMapper) != \(Library.jsonDecoder): "
            + (where_ ?? "no field-level difference found (left: JSONMapper, right: JSONDecoder)")
            + (where_ == nil ? "" : " (left: JSONMapper, right: JSONDecoder)"))
    }
    if let decoder, let manual, decoder != manual {
        let comparison = StructuralComparison(doubleULPs: handwrittenDoubleTolerance)
        if let difference = comparison.firstDifference(manual, decoder) {
            result.failures.append("\(file): \(Library.handwritten) != \(Library.jsonDecoder): \(difference) "
                + "(left: hand-written, right: JSONDecoder)")
        } else if comparison.inexactDoubles > 0 {
            result.notes.append((Library.handwritten, "\(file): JSONSerialization rounded \(comparison.inexactDoubles) of \(comparison.doubles) "
                + "doubles differently from JSONDecoder (at most \(comparison.worstULPs) ulp apart; first at "
                + "\(comparison.example ?? "?")); accepted as JSONSerialization's parsing, everything else is equal"))
        } else {
            result.failures.append("\(file): \(Library.handwritten) != \(Library.jsonDecoder), "
                + "but no field-level difference was found")
        }
    }
    if let tree, let floor {
        let leaves = countLeaves(tree)
        if floor.scalars != leaves {
            result.failures.append("\(file): yajl floor counted \(floor.scalars) scalars, "
                + "JSONSerialization's tree holds \(leaves) leaf values")
        }
    }
    return result
}

/// The number of scalar values (strings, numbers, booleans, nulls) in a `JSONSerialization` tree.
func countLeaves(_ node: Any) -> Int {
    if let object = node as? [String: Any] {
        return object.values.reduce(0) { $0 + countLeaves($1) }
    }
    if let array = node as? [Any] {
        return array.reduce(0) { $0 + countLeaves($1) }
    }
    return 1
}

/// Walks two values with `Mirror` to find where they differ, for messages that name the field.
/// Doubles may be allowed to differ by a few units in the last place; those are counted.
final class StructuralComparison {
    let doubleULPs: UInt64
    private(set) var doubles = 0
    private(set) var inexactDoubles = 0
    private(set) var worstULPs: UInt64 = 0
    private(set) var example: String?

    init(doubleULPs: UInt64) { self.doubleULPs = doubleULPs }

    /// The first difference as "path: left vs right", or nil when none shows (beyond tolerated
    /// doubles).
    func firstDifference(_ lhs: Any, _ rhs: Any, path: String = "") -> String? {
        let left = Mirror(reflecting: lhs), right = Mirror(reflecting: rhs)
        let here = path.isEmpty ? "(root)" : path

        if left.displayStyle == .optional || right.displayStyle == .optional {
            let l: Any? = left.displayStyle == .optional ? left.children.first?.value : lhs
            let r: Any? = right.displayStyle == .optional ? right.children.first?.value : rhs
            switch (l, r) {
            case (nil, nil): return nil
            case let (l?, r?): return firstDifference(l, r, path: path)
            default: return "\(here): \(describe(l)) vs \(describe(r))"
            }
        }
        switch left.displayStyle {
        case .collection?:
            let l = Array(left.children), r = Array(right.children)
            if l.count != r.count { return "\(here): \(l.count) elements vs \(r.count)" }
            for (i, (a, b)) in zip(l, r).enumerated() {
                if let d = firstDifference(a.value, b.value, path: "\(path)[\(i)]") { return d }
            }
            return nil
        case .dictionary?:
            let l = keyed(left), r = keyed(right)
            if Set(l.keys) != Set(r.keys) {
                let onlyLeft = Set(l.keys).subtracting(r.keys).sorted().prefix(3)
                let onlyRight = Set(r.keys).subtracting(l.keys).sorted().prefix(3)
                return "\(here): keys differ (only left: \(Array(onlyLeft)), only right: \(Array(onlyRight)))"
            }
            for key in l.keys.sorted() {
                if let d = firstDifference(l[key]!, r[key]!, path: "\(path)[\"\(key)\"]") { return d }
            }
            return nil
        case .set?:
            let l = left.children.map { String(reflecting: $0.value) }.sorted()
            let r = right.children.map { String(reflecting: $0.value) }.sorted()
            return l == r ? nil : "\(here): sets differ"
        default:
            break
        }
        if let a = lhs as? Double, let b = rhs as? Double {
            return compare(a, b, at: here)
        }
        let l = Array(left.children), r = Array(right.children)
        if l.isEmpty || r.isEmpty || l.count != r.count {
            let a = String(reflecting: lhs), b = String(reflecting: rhs)
            return a == b ? nil : "\(here): \(describe(lhs)) vs \(describe(rhs))"
        }
        for (index, (a, b)) in zip(l, r).enumerated() {
            let name = a.label ?? "\(index)"
            if let d = firstDifference(a.value, b.value, path: path.isEmpty ? name : "\(path).\(name)") { return d }
        }
        return nil
    }

    private func compare(_ a: Double, _ b: Double, at path: String) -> String? {
        doubles += 1
        if a == b || (a.isNaN && b.isNaN) { return nil }
        let ulps = a.isFinite && b.isFinite && a.sign == b.sign
            ? UInt64(abs(Int64(bitPattern: a.bitPattern &- b.bitPattern))) : .max
        if ulps > doubleULPs { return "\(path): \(a) vs \(b)" }
        inexactDoubles += 1
        worstULPs = max(worstULPs, ulps)
        if example == nil { example = "\(path): \(a) vs \(b)" }
        return nil
    }

    private func keyed(_ mirror: Mirror) -> [String: Any] {
        var result: [String: Any] = [:]
        for child in mirror.children {
            let pair = Array(Mirror(reflecting: child.value).children)
            guard pair.count == 2 else { continue }
            result[String(describing: pair[0].value)] = pair[1].value
        }
        return result
    }

    private func describe(_ value: Any?) -> String {
        guard let value else { return "nil" }
        let text = String(reflecting: value)
        return text.count > 120 ? String(text.prefix(117)) + "..." : text
    }
}
