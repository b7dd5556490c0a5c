import Foundation
import Testing
@testable import JSONMapper

/// The byte-level helpers both engines share: the JSON path text, the key hash and comparison,
/// and the string scanner. Expected values are written out by hand.
@Suite("Parser: shared path text, key bytes and string scanner")
struct SharedScannerTests {
    // MARK: JSONPathText

    @Test func keysAreJoinedByDotsAndIndicesBracketed() {
        var path = JSONPathText()
        #expect(path.text == "")
        path.append(key: "statuses")
        path.append(index: 3)
        path.append(key: "user")
        path.append(key: "id")
        #expect(path.text == "statuses[3].user.id")
    }

    @Test func aTopLevelIndexHasNoDot() {
        var path = JSONPathText()
        path.append(index: 0)
        path.append(key: "name")
        #expect(path.text == "[0].name")
    }

    @Test func aPathBelowJoinsWithADotUnlessItStartsWithAnIndex() {
        var path = JSONPathText("a")
        path.append(path: "b.c")
        #expect(path.text == "a.b.c")
        path.append(path: "[2].d")
        #expect(path.text == "a.b.c[2].d")
        path.append(path: "")
        #expect(path.text == "a.b.c[2].d")
        var top = JSONPathText()
        top.append(path: "x.y")
        #expect(top.text == "x.y")
    }

    @Test func anErrorPassingOutGainsItsContainersPlaces() {
        let inner = JSONMapperError.invalidValue(path: "id", reason: "bad")
        #expect(inner.prefixingPath(index: 4).path == "[4].id")
        #expect(inner.prefixingPath(index: 4).prefixingPath("users").path == "users[4].id")
        #expect(JSONMapperError.invalidValue(path: "", reason: "bad").prefixingPath("top").path == "top")
    }

    // MARK: KeyBytes

    static func hash(_ text: String) -> UInt64 {
        Array(text.utf8).withUnsafeBufferPointer { KeyBytes.hash($0) }
    }

    static func equal(_ a: String, _ b: String) -> Bool {
        let (a, b) = (Array(a.utf8), Array(b.utf8))
        precondition(a.count == b.count)
        return a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in KeyBytes.equal(a.baseAddress, b.baseAddress, count: a.count) } }
    }

    @Test(arguments: ["", "a", "id", "abc", "name", "screen_name", "a_key_longer_than_sixteen_bytes"])
    func equalKeysHashAlikeWhereverTheyLie(_ key: String) {
        // The same bytes at another address, and at an odd offset, hash the same.
        let shifted = Array(("x" + key).utf8)
        let fromShifted = shifted.withUnsafeBufferPointer { KeyBytes.hash(UnsafeBufferPointer(rebasing: $0[1...])) }
        #expect(Self.hash(key) == fromShifted)
    }

    @Test func keysThatDifferHashApartInEveryLengthClass() {
        // Below four bytes, four to seven, eight and more (the first and last eight bytes).
        let pairs = [("a", "b"), ("ab", "ba"), ("name", "mane"), ("abcdefg", "abcdefh"), ("created_at", "updated_at"),
                     ("0123456789abcdefXY", "0123456789abcdefYX"), ("", "a")]
        for (a, b) in pairs { #expect(Self.hash(a) != Self.hash(b), "\(a) / \(b)") }
    }

    /// Whether a route over `keys` finds each key's own value.
    static func routeFindsEachKey(_ keys: [[UInt8]]) -> Bool {
        let values = keys.indices.map { UnsafeMutableRawPointer(bitPattern: $0 + 1)! }
        let route = KeyRoute(zip(keys, values).map { (String(decoding: $0, as: UTF8.self), $1) })
        return zip(keys, values).allSatisfy { key, value in
            (key + [0]).withUnsafeBufferPointer { route.value(for: JSONBytes(start: $0.baseAddress!, count: key.count)) } == value
        }
    }

    @Test func keysOfOneLengthUpToSixteenBytesAreToldApartByTheirWords() {
        // Key tables compare such keys by their words alone: every key over a small alphabet
        // at each length up to seven (the overlapping reads), and keys differing in one byte
        // at each position of every length up to sixteen.
        let alphabet = Array("ab\u{0}".utf8)
        for length in 0...7 {
            let total = Int(pow(Double(alphabet.count), Double(length)))
            let keys = (0..<total).map { index in
                var rest = index
                return (0..<length).map { _ in defer { rest /= alphabet.count }; return alphabet[rest % alphabet.count] }
            }
            #expect(Self.routeFindsEachKey(keys), "length \(length)")
        }
        for length in 1...16 {
            let key = [UInt8](repeating: UInt8(ascii: "k"), count: length)
            let others = (0..<length).map { position in
                var other = key
                other[position] = UInt8(ascii: "j")
                return other
            }
            #expect(Self.routeFindsEachKey([key] + others), "length \(length)")
        }
    }

    @Test func bytesCompareEightAtATimeAndThenOneByOne() {
        #expect(Self.equal("", ""))
        #expect(Self.equal("abc", "abc"))
        #expect(!Self.equal("abc", "abd"))
        #expect(Self.equal("0123456789abcdef_tail", "0123456789abcdef_tail"))
        #expect(!Self.equal("0123456789abcdef_tail", "0123456789abcdef_tali"))
        #expect(!Self.equal("x123456789abcdef_tail", "0123456789abcdef_tail"))
    }

    // MARK: JSONStringScanner

    static func end(of text: String, at start: Int = 0) -> Int {
        let bytes = Array(text.utf8)
        return JSONStringScanner.end(ofStringAt: start, count: bytes.count) { bytes[$0] }
    }

    @Test func aStringEndsJustPastItsClosingQuote() {
        #expect(Self.end(of: #""abc",1"#) == 5)
        #expect(Self.end(of: #""",1"#) == 2)
        #expect(Self.end(of: #"x:"k""#, at: 2) == 5)
    }

    @Test func anEscapedQuoteOrBackslashDoesNotEndIt() {
        #expect(Self.end(of: #""a\"b""#) == 6)
        #expect(Self.end(of: #""a\\"b"#) == 5)
        #expect(Self.end(of: #""\\\"""#) == 6)
    }

    @Test func bytesThatEndInsideAStringEndItThere() {
        #expect(Self.end(of: #""abc"#) == 4)
        #expect(Self.end(of: #""abc\"#) == 5)
    }

    @Test func theScannerIsReadyForTheNextStringOnceOneCloses() {
        var scanner = JSONStringScanner()
        let closes = Array(#"a\"b"c""#.utf8).map { scanner.closes(with: $0) }
        #expect(closes == [false, false, false, false, true, false, true])
    }
}
