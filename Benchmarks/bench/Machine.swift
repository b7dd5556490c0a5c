import Foundation

/// What the numbers were measured on, for the JSON report.
struct Machine: Encodable {
    let cpu: String?
    let cores: Int
    let activeCores: Int
    let memoryBytes: UInt64
    let os: String
    let kernel: String?
    let swift: String
    let build: String

    static func current() -> Machine {
        let info = ProcessInfo.processInfo
        return Machine(
            cpu: cpuModel(),
            cores: info.processorCount,
            activeCores: info.activeProcessorCount,
            memoryBytes: info.physicalMemory,
            os: osName() ?? info.operatingSystemVersionString,
            kernel: kernel(),
            swift: swiftVersion,
            build: buildConfiguration
        )
    }

    var summary: String {
        "\(cpu ?? "unknown CPU"), \(activeCores) cores, \(os), \(swift)"
    }

    private static func cpuModel() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            if let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    private static func osName() -> String? {
        guard let text = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("PRETTY_NAME=") {
            return line.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return nil
    }

    private static func kernel() -> String? {
        var name = utsname()
        guard uname(&name) == 0 else { return nil }
        func field<T>(_ value: T) -> String {
            withUnsafeBytes(of: value) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        return "\(field(name.sysname)) \(field(name.release)) \(field(name.machine))"
    }
}

/// The compiler that built this binary, known at compile time.
let swiftVersion: String = {
    #if compiler(>=7.0)
    return "Swift compiler >= 7.0"
    #elseif compiler(>=6.5)
    return "Swift compiler 6.5"
    #elseif compiler(>=6.4)
    return "Swift compiler 6.4"
    #elseif compiler(>=6.3)
    return "Swift compiler 6.3"
    #elseif compiler(>=6.2)
    return "Swift compiler 6.2"
    #elseif compiler(>=6.1)
    return "Swift compiler 6.1"
    #else
    return "Swift compiler 6.0"
    #endif
}()

let buildConfiguration: String = {
    #if DEBUG
    return "debug"
    #else
    return "release"
    #endif
}()
