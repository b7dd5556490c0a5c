/// The part of a JSON number read so far, by the RFC 8259 grammar: tells whether the next byte
/// continues the number (yajl's lexer ends a number at the first byte that does not).
struct NumberPrefix {
    /// Bytes read so far.
    private(set) var count = 0
    private var state = State.start

    private enum State {
        case start, minus, zero, integer, point, fraction, exponent, exponentSign, exponentDigits
    }

    /// Whether any digit continues the number as it is (in its integer, fraction or exponent
    /// digits), so a run of digits can be taken at once with ``acceptDigits(_:)``.
    var continuesWithDigits: Bool { state == .integer || state == .fraction || state == .exponentDigits }

    /// Reads `count` digits, when ``continuesWithDigits``.
    mutating func acceptDigits(_ count: Int) { self.count += count }

    /// Reads `byte` into the number if it continues it; returns `false` (reading nothing) if
    /// the number ends before it.
    mutating func accepts(_ byte: UInt8) -> Bool {
        guard let next = Self.state(after: state, reading: byte) else { return false }
        state = next
        count += 1
        return true
    }

    /// The number prefix made of `bytes`, or `nil` if they are not the start of one number.
    init?(_ bytes: UnsafeRawBufferPointer) {
        for byte in bytes where !accepts(byte) { return nil }
    }

    init() {}

    private static func state(after state: State, reading byte: UInt8) -> State? {
        let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        let isExponent = byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
        switch state {
        case .start where byte == UInt8(ascii: "-"): return .minus
        case .start, .minus: return isDigit ? (byte == UInt8(ascii: "0") ? .zero : .integer) : nil
        case .zero, .integer:
            if isDigit { return state == .integer ? .integer : nil }
            if byte == UInt8(ascii: ".") { return .point }
            return isExponent ? .exponent : nil
        case .point, .fraction:
            if isDigit { return .fraction }
            return state == .fraction && isExponent ? .exponent : nil
        case .exponent where byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-"): return .exponentSign
        case .exponent, .exponentSign, .exponentDigits: return isDigit ? .exponentDigits : nil
        }
    }
}
