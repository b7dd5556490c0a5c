import ArgumentParser
import Foundation
import JSONMapper

/// `jsonmap infer`: a spec (or a Swift model) from sampled records.
struct InferCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "infer",
        abstract: "Print a spec (or, with --swift, a JSONMappable model) for sampled JSON records.",
        discussion: """
            The spec has a column per key path seen (nested objects flattened), typed by the values \
            seen: int and double widen to double, other mixes to string, arrays and mixed containers \
            to json; a column is required when every sampled record has a non-null value for it. \
            Array records are read through their column names (--columns header or NAME,NAME,…); \
            convert them with the same --columns. With --explode PATH (or --explode-auto, the first \
            array of objects seen), the spec explodes that array: one row per element, the element's \
            keys as columns under PATH, an ordinal column, the other columns repeated.

            Examples:
              jsonmap infer events.jsonl > spec.json
              jsonmap infer events.jsonl --sample 10000 --swift Event > Event.swift
              jsonmap infer products.jsonl --columns header > spec.json
              jsonmap infer events.jsonl --explode payload.commits > commits.json
            """
    )

    @Argument(help: "The input file; '-' or none reads standard input.")
    var input: String?

    @Option(name: .long, help: ArgumentHelp("How many records to sample from the start.", valueName: "n"))
    var sample = 1000

    @Option(name: .long, help: ArgumentHelp("Print a JSONMappable Swift model of this name instead of a spec.", valueName: "type"))
    var swift: String?

    @Option(name: .long, help: ArgumentHelp("How records are laid out.", valueName: "framing"))
    var framing: RecordOptions.Framing = .auto

    @Option(name: .long, help: ColumnsOption.help)
    var columns: ColumnsOption?

    @Option(name: .long, help: ArgumentHelp("Propose a spec with one row per element of the array at this path.", valueName: "path"))
    var explode: String?

    @Flag(name: .long, help: "Propose a spec with one row per element of the first array of objects seen.")
    var explodeAuto = false

    func validate() throws {
        if explode != nil, explodeAuto { throw ValidationError("give either --explode PATH or --explode-auto, not both") }
        if swift != nil, explode != nil || explodeAuto { throw ValidationError("--explode and --explode-auto propose specs, not Swift models") }
        if sample < 1 { throw ValidationError("--sample must be at least 1") }
        if let swift, swift.isEmpty || !swift.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) || swift.first!.isNumber {
            throw ValidationError("--swift needs a Swift type name, such as Event")
        }
    }

    func run() throws {
        let inputFile = try InputFile.open(input.map { [$0] } ?? []).first!
        var shape = ValueShape()
        var sampled = 0
        var skipped = 0
        var arrays = 0
        let decoder = JSONRecordDecoder(framing: framing.recordFraming, workers: 1, columns: columns?.columns ?? .none)
        for result in decoder.records(JSONValue.self, from: inputFile.source, onRejection: { _ in skipped += 1 }) {
            switch result {
            case .success(let record):
                guard case .object = record.value else {
                    if case .array = record.value { arrays += 1 }
                    skipped += 1
                    continue
                }
                shape.add(record.value)
                sampled += 1
            case .failure(let error):
                throw CommandFailure.usage("\(inputFile.displayName): \(error)")
            }
            if sampled == sample { break }
        }
        if skipped > 0 {
            FileHandle.standardError.write(Data("jsonmap: skipped \(skipped) records that are malformed or not objects\n".utf8))
        }
        guard sampled > 0 else {
            let hint = arrays > 0 ? " (the records are arrays: name their values with --columns header, or --columns NAME,NAME,…)" : ""
            throw CommandFailure.usage("\(inputFile.displayName): no object records to infer from\(hint)")
        }
        if let swift {
            print(SwiftModelWriter.source(for: shape, named: swift, records: sampled), terminator: "")
        } else {
            let explode = try explodePath(in: shape, input: inputFile.displayName)
            print(SpecInference.specText(SpecInference.columns(of: shape, records: sampled, explode: explode), explode: explode), terminator: "")
        }
    }

    /// The array to explode: `--explode`'s, checked against the sample, or with
    /// `--explode-auto` the first array of objects seen.
    private func explodePath(in shape: ValueShape, input: String) throws(CommandFailure) -> String? {
        if explodeAuto {
            guard let path = SpecInference.firstArrayOfObjects(in: shape) else {
                throw .usage("\(input): no array of objects in the sampled records to explode")
            }
            return path
        }
        guard let explode else { return nil }
        guard SpecInference.hasArray(at: explode, in: shape) else {
            throw .usage("\(input): --explode \"\(explode)\": no array with elements at that path in the sampled records")
        }
        return explode
    }
}
