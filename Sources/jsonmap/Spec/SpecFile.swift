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
/// ```
///
/// Every problem is a one-line message naming the file and the place in it.
enum SpecFile {
    /// The schema in the file at `path`; `explode` (from the command line) replaces the
    /// spec's own.
    static func schema(at path: String, explode: JSONExplode? = nil) throws(CommandFailure) -> JSONSchema {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .usage("\(path): cannot read the spec: \(systemError())") }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        guard let data = try? handle.readToEnd() ?? Data(), let text = String(data: data, encoding: .utf8) else {
            throw .usage("\(path): cannot read the spec as UTF-8 text")
        }
        let root: SpecNode
        do {
            root = try parse(text, isYAML: isYAML(path: path, text: text), file: path)
            return try SpecReader.schema(from: root, explode: explode)
        } catch let problem as SpecProblem {
            throw .usage(problem.message(inFile: path))
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw .usage("\(path): \(error)")
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
                throw CommandFailure.usage("\(file): malformed JSON: \(error)")
            }
        }
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw CommandFailure.usage("\(file): malformed YAML: \(Self.oneLine(error))")
        }
        guard let node else { throw CommandFailure.usage("\(file): the spec is empty") }
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
