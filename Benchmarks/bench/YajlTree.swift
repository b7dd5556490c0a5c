import CYajl
import Foundation

/// yajl's own DOM: `yajl_tree_parse` builds the tree (every number converted with `strtoll` /
/// `strtod`, every string and key copied), `yajl_tree_free` frees it. What a C program that
/// "just parses into a tree" pays; the timed run does both.
enum YajlTree {
    struct ParseError: Error, CustomStringConvertible {
        let description: String
    }

    /// The input as yajl_tree_parse wants it: NUL-terminated (made once, before timing).
    static func nulTerminated(_ data: Data) -> [CChar] {
        var text = [CChar](repeating: 0, count: data.count + 1)
        text.withUnsafeMutableBytes { buffer in _ = data.copyBytes(to: buffer) }
        return text
    }

    /// Parses and frees the tree; returns the number of top-level members or elements, so
    /// the work stays observable.
    static func parse(_ text: [CChar]) throws -> Int {
        try withTree(text) { root in
            switch root.pointee.type {
            case yajl_t_object: root.pointee.u.object.len
            case yajl_t_array: root.pointee.u.array.len
            default: 1
            }
        }
    }

    /// Scalar values (strings, numbers, booleans, nulls; keys excluded) in the tree, for the
    /// correctness check.
    static func leafCount(_ text: [CChar]) throws -> Int {
        try withTree(text) { leaves($0) }
    }

    private static func withTree<T>(_ text: [CChar], _ body: (yajl_val) -> T) throws -> T {
        var error = [CChar](repeating: 0, count: 256)
        let root = text.withUnsafeBufferPointer { input in
            error.withUnsafeMutableBufferPointer { yajl_tree_parse(input.baseAddress, $0.baseAddress, $0.count) }
        }
        guard let root else {
            let message = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw ParseError(description: "yajl_tree_parse: " + message.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        defer { yajl_tree_free(root) }
        return body(root)
    }

    private static func leaves(_ node: yajl_val) -> Int {
        switch node.pointee.type {
        case yajl_t_object:
            let object = node.pointee.u.object
            return (0..<object.len).reduce(0) { $0 + leaves(object.values[$1]!) }
        case yajl_t_array:
            let array = node.pointee.u.array
            return (0..<array.len).reduce(0) { $0 + leaves(array.values[$1]!) }
        default:
            return 1
        }
    }
}
