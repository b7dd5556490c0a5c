import Foundation
import JSONMapper
import Yams

/// Reads a spec file, JSON or YAML (the same shape), into a compiled ``JSONSchema``:
///
/// ```yaml
/// coercion: lenient            # or strict
/// columns:
///   - {name: id, path: id, type: string, required: true}
///   - {name: login, path: [actor.login, actor.name], default: ""}
///   - {name: day, path: created_at, type: date, format: "yyyy-MM-dd'T'HH:mm:ssZ", outputFormat: yyyy-MM-dd}
/// explode: payload.commits     # or {path: payload.commits, outer: true}: one row per element
/// to: parquet                  # convert's output format when --to is not given
/// ```
///
/// Every problem is a ``SpecError``: one line naming the file and the place in it.
package enum SpecFile {
    /// The schema in the file at `path`; `explode` (from the command line) replaces the
    /// spec's own.
    package static func schema(at path: String, explode: JSONExplode? = nil) throws(SpecError) -> JSONSchema {
        try schema(text: text(at: path), file: path, explode: explode)
    }

    /// The output format the spec at `path` names in `to` (`csv`, `tsv`, `ndjson`, `json`,
    /// `parquet`), or `nil` when it names none.
    package static func outputFormat(at path: String) throws(SpecError) -> String? {
        let text = try text(at: path)
        do {
            return try SpecReader.outputFormat(from: parse(text, isYAML: isYAML(path: path, text: text), file: path))
        } catch let problem as SpecProblem {
            throw SpecError(problem.message(inFile: path))
        } catch let error as SpecError {
            throw error
        } catch {
            throw SpecError("\(path): \(error)")
        }
    }

    private static func text(at path: String) throws(SpecError) -> String {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw SpecError("\(path): cannot read the spec: \(String(cString: strerror(errno)))") }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        guard let data = try? handle.readToEnd() ?? Data(), let text = String(data: data, encoding: .utf8) else {
            throw SpecError("\(path): cannot read the spec as UTF-8 text")
        }
        return text
    }

    /// The schema in `text`, the contents of the spec file `file`: YAML or JSON by its
    /// extension (by its first character when it has neither), named in every error;
    /// `explode`, when given, replaces the spec's own.
    package static func schema(text: String, file: String, explode: JSONExplode? = nil) throws(SpecError) -> JSONSchema {
        do {
            return try SpecReader.schema(from: parse(text, isYAML: isYAML(path: file, text: text), file: file), explode: explode)
        } catch let problem as SpecProblem {
            throw SpecError(problem.message(inFile: file))
        } catch let error as SpecError {
            throw error
        } catch {
            throw SpecError("\(file): \(error)")
        }
    }

    /// YAML by extension; otherwise JSON when the text starts like a JSON object.
    private static func isYAML(path: String, text: String) -> Bool {
        let ext = (path as NSString).pathExtension.lowercased()
        if ext == "yaml" || ext == "yml" { return true }
        if ext == "json" { return false }
        return text.first(where: { !$0.isWhitespace }) != "{"
    }

    private static func parse(_ text: String, isYAML: Bool, file: String) throws -> SpecNode {
        guard isYAML else {
            do {
                return SpecNode(try JSONValue(parsing: Data(text.utf8)))
            } catch {
                throw SpecError("\(file): malformed JSON: \(error)")
            }
        }
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw SpecError("\(file): malformed YAML: \(Self.oneLine(error))")
        }
        guard let node else { throw SpecError("\(file): the spec is empty") }
        return try SpecNode(node)
    }

    /// A YAML error on one line: `line 3, column 5: mapping values are not allowed in this context`.
    private static func oneLine(_ error: YamlError) -> String {
        switch error {
        case let .scanner(_, problem, mark, _), let .parser(_, problem, mark, _), let .composer(_, problem, mark, _):
            return "line \(mark.line), column \(mark.column): \(problem)"
        default:
            return String(describing: error).split(separator: "\n").first.map(String.init) ?? "unreadable"
        }
    }
}

/// Why a spec cannot be read, in one line naming the file and the place in it:
/// `spec.yaml: columns[2].type (line 7, column 11): unknown type "integer"…`.
package struct SpecError: Error, CustomStringConvertible {
    package let message: String

    init(_ message: String) { self.message = message }

    package var description: String { message }
}
