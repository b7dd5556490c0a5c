import Foundation
import JSONMapper

/// What the correctness check found for one file.
struct VerificationResult {
    /// Disagreements that forbid timing.
    var failures: [String] = []
    /// Accepted deviations worth reporting (e.g. a Foundation parser's rounding), with the
    /// contenders each concerns.
    var notes: [(libraries: [Library], text: String)] = []
    /// Records in the file, counted in JSONMapper's model.
    var records: Int?
}

/// How far `JSONSerialization`'s doubles may be from `JSONDecoder`'s before the hand-written
/// contender fails the check. swift-corelibs-foundation's `JSONSerialization` does not round
/// every decimal to the nearest double (canada.json: about half its coordinates are off by
/// 1–5 ulp), which is no fault of the hand-written mapping; anything further off, or any other
/// difference, still fails.
let handwrittenDoubleTolerance: UInt64 = 16

/// Decodes the file once with each contender and compares (the parsed trees stay in `inputs` for
/// the decode-dictionary timing that follows; the caller releases them):
///
/// - from bytes: JSONMapper == JSONDecoder (exactly) == hand-written (exactly, or doubles within
///   ``handwrittenDoubleTolerance`` ulp, since it reads `JSONSerialization`'s doubles); the yajl
///   floor's scalar count and yajl_tree's leaf count == the leaf count of `JSONSerialization`'s tree;
/// - from trees: JSONMapper-dictionary == hand-written (exactly: both read the same tree), every
///   extra contender == hand-written (exactly), JSONMapper-jsonvalue == JSONMapper (exactly);
/// - the macro-declared models write back the same sorted JSON as JSONMapper's.
func verifyModels<Root: BenchRoot>(_ spec: ModelSpec<Root>, inputs: SharedInputs,
                                   extras: [ExtraContender<Root>]) -> VerificationResult {
    let file = spec.file, data = inputs.data
    var result = VerificationResult()
    func attempt<T>(_ library: some CustomStringConvertible, _ body: () throws -> T) -> T? {
        do { return try body() } catch {
            result.failures.append("\(file): \(library) threw: \(error)")
            return nil
        }
    }
    func exact(_ left: Root?, _ leftName: Library, _ right: Root?, _ rightName: Library) {
        guard let left, let right, left != right else { return }
        let where_ = StructuralComparison(doubleULPs: 0).firstDifference(left, right)
        result.failures.append("\(file): \(leftName) != \(rightName): "
            + (where_.map { "\($0) (left: \(leftName), right: \(rightName))" } ?? "no field-level difference found"))
    }

    let mapper = attempt(Library.jsonMapper) { try JSONMapDecoder().decode(Root.self, from: data) }
    let decoder = attempt(Library.jsonDecoder) { try JSONDecoder().decode(Root.self, from: data) }
    let tree = attempt("JSONSerialization") { try inputs.tree() }
    let manual = tree.flatMap { tree in attempt(Library.handwritten) { try spec.handwritten(tree) } }
    result.records = mapper.map(spec.records)

    exact(mapper, Library.jsonMapper, decoder, Library.jsonDecoder)
    if spec.operations.contains(.decode) {
        let codable = attempt(Library.jsonMapperCodable) { try JSONCodableDecoder().decode(Root.self, from: data) }
        exact(codable, Library.jsonMapperCodable, decoder, Library.jsonDecoder)
    }
    if let decoder, let manual, decoder != manual {
        let comparison = StructuralComparison(doubleULPs: handwrittenDoubleTolerance)
        if let difference = comparison.firstDifference(manual, decoder) {
            result.failures.append("\(file): \(Library.handwritten) != \(Library.jsonDecoder): \(difference) "
                + "(left: hand-written, right: JSONDecoder)")
        } else if comparison.inexactDoubles > 0 {
            result.notes.append(([Library.handwritten, Library.handwrittenDictionary],
                "\(file): JSONSerialization rounded \(comparison.inexactDoubles) of \(comparison.doubles) "
                + "doubles differently from JSONDecoder (at most \(comparison.worstULPs) ulp apart; first at "
                + "\(comparison.example ?? "?")); accepted as JSONSerialization's parsing, everything else is "
                + "equal (JSONMapper-dictionary reads the exact text of JSONSerialization's NSDecimalNumbers and "
                + "agrees with JSONDecoder)"))
        } else {
            result.failures.append("\(file): \(Library.handwritten) != \(Library.jsonDecoder), "
                + "but no field-level difference was found")
        }
    }

    if spec.operations.contains(.decode), let tree {
        let leaves = countLeaves(tree)
        if let floor = attempt(Library.yajl, { try YajlFloor.parse(data) }), floor.scalars != leaves {
            result.failures.append("\(file): yajl floor counted \(floor.scalars) scalars, "
                + "JSONSerialization's tree holds \(leaves) leaf values")
        }
        if let count = attempt(Library.yajlTree, { try YajlTree.leafCount(YajlTree.nulTerminated(data)) }), count != leaves {
            result.failures.append("\(file): yajl_tree_parse's tree holds \(count) leaf values, "
                + "JSONSerialization's tree holds \(leaves)")
        }
    }

    if spec.operations.contains(.decodeDictionary), let tree {
        // From the same tree as the hand-written mapping, but corelibs' JSONSerialization keeps long
        // numbers as NSDecimalNumber, whose exact text JSONMapper reads (where `as? Double` rounds
        // through Decimal): so it must equal either the bytes decoders or the hand-written mapping
        // exactly, or else be within the same ulp tolerance of the hand-written one.
        let dictionary = attempt(Library.jsonMapperDictionary) { try JSONMapDecoder().decode(Root.self, fromJSONObject: tree) }
        if let dictionary, dictionary != (mapper ?? decoder), dictionary != manual, let manual {
            let comparison = StructuralComparison(doubleULPs: handwrittenDoubleTolerance)
            if let difference = comparison.firstDifference(dictionary, manual) {
                result.failures.append("\(file): \(Library.jsonMapperDictionary) != \(Library.handwrittenDictionary): \(difference) "
                    + "(left: JSONMapper-dictionary, right: hand-written)")
            } else {
                result.notes.append(([Library.jsonMapperDictionary],
                    "\(file): JSONMapper-dictionary and the hand-written mapping read \(comparison.inexactDoubles) doubles "
                    + "of the same tree differently (at most \(comparison.worstULPs) ulp apart); everything else is equal"))
            }
        }
        let fromValue = attempt(Library.jsonMapperJSONValue) { try JSONMapDecoder().decode(Root.self, from: inputs.value()) }
        exact(fromValue, Library.jsonMapperJSONValue, mapper ?? decoder, mapper != nil ? Library.jsonMapper : Library.jsonDecoder)
        for extra in extras {
            exact(attempt(extra.contender.library, extra.output), extra.contender.library, manual, Library.handwrittenDictionary)
        }
    }

    if let macro = spec.macroDeclared, let mapper {
        let written = attempt(Library.jsonMapperMacro) { try macro.sortedJSON(data) }
        let reference = attempt(Library.jsonMapper) { try sortedEncoder.encode(mapper, as: String.self) }
        if let written, let reference, written != reference {
            result.failures.append("\(file): \(Library.jsonMapperMacro) writes its model back differently from \(Library.jsonMapper)")
        }
    }

    if spec.operations.contains(.encode), let model = mapper ?? decoder {
        result.failures += verifyEncoding(file: file, model: model)
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
        let here = path.isEmpty ? "(root)" : path
        // Fast paths for the bulk of canada.json (Mirror costs seconds on 111k doubles).
        if let a = lhs as? [[Double]], let b = rhs as? [[Double]] {
            if a.count != b.count { return "\(here): \(a.count) elements vs \(b.count)" }
            for (i, (x, y)) in zip(a, b).enumerated() {
                if let d = firstDifference(x, y, path: "\(path)[\(i)]") { return d }
            }
            return nil
        }
        if let a = lhs as? [Double], let b = rhs as? [Double] {
            if a.count != b.count { return "\(here): \(a.count) elements vs \(b.count)" }
            for (i, (x, y)) in zip(a, b).enumerated() {
                if let d = compare(x, y, at: "\(path)[\(i)]") { return d }
            }
            return nil
        }
        let left = Mirror(reflecting: lhs), right = Mirror(reflecting: rhs)

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
