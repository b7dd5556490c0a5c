import ArgumentParser
import JSONMapper

/// `--columns`: how array records name their values. `header`: the first record is an array
/// of column names; `skip-header`: it is skipped and paths read values by position (`[0]`);
/// otherwise the names, comma-separated, in order.
struct ColumnsOption: ExpressibleByArgument {
    let columns: JSONRecordColumns

    static let help = ArgumentHelp(
        "How array records name their values: 'header' (the first record is an array of column names), "
            + "'skip-header' (it is skipped; paths such as [0] read by position), or NAME,NAME,… in order.",
        valueName: "header|skip-header|names")

    init?(argument: String) {
        switch argument {
        case "header": columns = .headerRecord
        case "skip-header": columns = .skippingHeaderRecord
        default:
            let names = argument.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard !names.contains(where: \.isEmpty), Set(names).count == names.count else { return nil }
            columns = .names(names)
        }
    }
}
