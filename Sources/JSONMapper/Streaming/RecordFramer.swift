/// Cuts the bytes of a stream, as they arrive, into blocks of whole records (``RecordBlock``).
///
/// Bytes go into one buffer. Each block takes the buffer's complete records, and the start of
/// the record still arriving moves to the next buffer (a reused one, see ``BlockBufferPool``),
/// so memory holds at most the blocks in flight and one partial record. A record that grows
/// past `maxRecordBytes` before it ends is not buffered further: its first bytes are kept for
/// the rejection, the rest are scanned for its end and dropped.
///
/// The framer also skips a UTF-8 byte order mark at the start, and chooses the framing when
/// asked to (``JSONRecordFraming/automatic``). It never blocks and does no I/O: drivers put
/// bytes in (``reserve(_:)`` and ``commit(_:)``, or ``append(_:)``), end the input, and take
/// items out with ``nextItem()``.
final class RecordFramer {
    /// What the framer hands on, in stream order.
    enum Item {
        /// Whole records.
        case block(RecordBlock)
        /// A record longer than `maxRecordBytes`, read past but not kept.
        case oversized(Oversized)
        /// The end of the stream: its structure is broken, or reading it failed.
        case failure(JSONMapperError)
    }

    /// A record over the size limit: where it lies, and its first bytes.
    struct Oversized {
        var origin: InputOrigin
        var end: Int
        var head: [UInt8]
    }

    /// Sizes the framer works with.
    struct Limits {
        /// The room made for each read.
        var chunkSize: Int
        var maxRecordBytes: Int
        /// How many of a rejected record's bytes are kept.
        var maxRejectedBytes: Int

        /// How many bytes of a record over the size limit are kept: no more than the limit, so
        /// that the rejection is the same whether the record was read past or cut whole.
        var oversizedHeadLength: Int { min(maxRejectedBytes, maxRecordBytes) }
    }

    /// The framing in use: ``JSONRecordFraming/automatic`` until the first bytes decide it.
    private(set) var framing: JSONRecordFraming
    /// Bytes put in so far.
    private(set) var bytesReceived = 0
    /// Whether every item has been handed out.
    private(set) var isFinished = false
    /// Whether each block holds one record (a line, for JSON Lines), as while a stream's
    /// header record is awaited; otherwise blocks take every whole record at hand.
    var cutsSingleRecords = false

    private let limits: Limits
    /// The buffers of the blocks: room for a read and a record left over from the last block.
    private let pool: BlockBufferPool
    /// The buffer, and whether it is one of the pool's: every other buffer is larger (a record
    /// longer than a read, or a buffer grown past one). Unused while the bytes are a mapped
    /// file's, read where they lie (`mapped`): then nothing is written to them.
    private var buffer: UnsafeMutableRawPointer
    private var isPooled = true
    private var mapped: MappedFile?
    /// The first byte not yet cut off, in `buffer` (its start, unless a read's buffer was
    /// adopted), and the room from there to the buffer's end.
    private var base: UnsafeMutableRawPointer
    private var capacity: Int
    private var count = 0
    /// Bytes of the buffer (from `base`) a reading thread found to pass the raw input check
    /// (see ``PooledChunk/checked``); empty when none are known to.
    private var checked: Range<Int> = 0..<0
    /// The stream offset of the buffer's first byte.
    private var bufferOffset = 0
    /// Bytes at the start of the buffer already searched for line ends or scanned.
    private var examined = 0
    private var inputEnded = false
    /// Whether ``endInput(failure:)`` has been called: no more bytes will come.
    var hasInputEnded: Bool { inputEnded }
    private var readError: JSONMapperError?
    private var startChecked = false
    private var scanner: ValueScanner?
    private var scannerFinished = false
    /// Whole records found in the buffer and not yet handed on (value framings).
    private var spans: [RecordSpan] = []
    /// The record over the size limit whose end is being looked for.
    private var skipping: Oversized?
    /// An error to hand on once the block before it has been.
    private var pendingFailure: JSONMapperError?

    /// A framer of `framing` within `limits`, for a stream that keeps up to `blocksInFlight`
    /// blocks queued or being decoded (their buffers are reused once decoded).
    init(framing: JSONRecordFraming, limits: Limits, blocksInFlight: Int) {
        self.framing = framing
        self.limits = limits
        // Two reads' room: a block's leftover (a record's start) and the next read fit in one
        // buffer unless that record is longer than a read. As many idle buffers as the stream
        // keeps blocks in flight ahead of its workers.
        pool = BlockBufferPool(capacity: 2 * max(limits.chunkSize, 1), limit: blocksInFlight)
        buffer = pool.take()
        base = buffer
        capacity = pool.capacity
    }

    deinit { releaseBuffer() }

    /// The pool of the framer's buffers, for a reading thread to read into (see ``adopt(_:)``).
    var bufferPool: BlockBufferPool { pool }

    /// Frees the framer's buffer, or gives it back to the pool (a mapped file's bytes are the
    /// file's, which its blocks keep mapped).
    private func releaseBuffer() {
        if mapped != nil {
            mapped = nil
        } else if isPooled {
            pool.giveBack(buffer)
        } else {
            buffer.deallocate()
        }
    }

    /// Makes `newBuffer` the framer's buffer, its bytes from `start` on, the old one released.
    private func replaceBuffer(with newBuffer: UnsafeMutableRawPointer, isPooled: Bool, start: UnsafeMutableRawPointer, capacity: Int) {
        releaseBuffer()
        buffer = newBuffer
        self.isPooled = isPooled
        base = start
        self.capacity = capacity
    }

    // MARK: Input

    /// Room for at least `minimum` more bytes at the end of the buffer, to read into; then
    /// ``commit(_:)`` what was written.
    func reserve(_ minimum: Int) -> UnsafeMutableRawBufferPointer {
        if capacity - count < minimum {
            let grown = max(capacity * 2, count + minimum)
            let bigger = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 16)
            bigger.copyMemory(from: base, byteCount: count)
            replaceBuffer(with: bigger, isPooled: false, start: bigger, capacity: grown)
        }
        return UnsafeMutableRawBufferPointer(start: base + count, count: capacity - count)
    }

    /// Adds the `count` bytes written into the room ``reserve(_:)`` gave.
    func commit(_ count: Int) {
        self.count += count
        bytesReceived += count
    }

    /// Adds a copy of `bytes`.
    func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count).baseAddress!.copyMemory(from: source, byteCount: bytes.count)
        commit(bytes.count)
    }

    /// Adds the bytes of `chunk` by taking over its buffer: the bytes not yet cut off (the
    /// start of a record) move into the room before the chunk's, so the chunk is not copied.
    /// When they do not fit there, or the chunk is of another pool, the chunk is copied after
    /// them.
    func adopt(_ chunk: PooledChunk) {
        let chunkStart = count
        if chunk.pool === pool, count <= chunk.offset {
            let start = chunk.offset - count
            let adopted = chunk.takeBuffer()
            (adopted + start).copyMemory(from: base, byteCount: count)
            replaceBuffer(with: adopted, isPooled: true, start: adopted + start, capacity: pool.capacity - start)
            commit(chunk.count)
        } else {
            append(chunk.bytes)
        }
        if !chunk.checked.isEmpty { checked = (chunkStart + chunk.checked.lowerBound)..<(chunkStart + chunk.checked.upperBound) }
    }

    /// Adds the `count` bytes of `file` from `offset` on where they lie: blocks are cut from
    /// the mapping, not copied. The bytes must follow the framer's in the file, as a read's
    /// would; they are copied after bytes that lie elsewhere.
    func adopt(_ file: MappedFile, from offset: Int, count: Int) {
        let start = file.bytes.baseAddress! + offset
        if mapped === file, UnsafeRawPointer(base) + self.count == start {
            capacity += count
        } else if self.count == 0 {
            releaseBuffer()
            mapped = file
            base = UnsafeMutableRawPointer(mutating: start)
            buffer = base
            capacity = count
            checked = 0..<0
        } else {
            append(UnsafeRawBufferPointer(start: start, count: count))
            return
        }
        commit(count)
    }

    /// Marks the end of the input: at its end, or (with `error`) where reading failed. After a
    /// failure, the records already whole are handed on, then the error.
    func endInput(failure error: JSONMapperError? = nil) {
        inputEnded = true
        readError = error
    }

    // MARK: Output

    /// The next item, or `nil` when more input is needed (or ``isFinished``).
    func nextItem() -> Item? {
        if isFinished { return nil }
        if let failure = pendingFailure {
            isFinished = true
            return .failure(failure)
        }
        guard skipByteOrderMark(), chooseFraming() else { return nil }
        return framing == .jsonLines ? nextLines() : nextValues()
    }

    /// Skips a UTF-8 byte order mark at the start; `false` until there are bytes enough to tell.
    private func skipByteOrderMark() -> Bool {
        if startChecked { return true }
        guard count >= 3 || inputEnded else { return false }
        startChecked = true
        if count >= 3, base.load(as: UInt8.self) == 0xEF, base.load(fromByteOffset: 1, as: UInt8.self) == 0xBB,
           base.load(fromByteOffset: 2, as: UInt8.self) == 0xBF {
            drop(3)
        }
        return true
    }

    /// Chooses the framing from the stream's first `maxRecordBytes + 1` bytes at most, so that
    /// the choice needs no more memory than a record and does not depend on how the bytes
    /// arrive.
    private func chooseFraming() -> Bool {
        guard framing == .automatic else { return true }
        let window = min(count, limits.maxRecordBytes + 1)
        let bytes = UnsafeRawBufferPointer(start: base, count: window)
        let isComplete = inputEnded || window > limits.maxRecordBytes
        guard let chosen = FramingDetector.framing(of: bytes, isComplete: isComplete) else { return false }
        framing = chosen
        return true
    }

    // MARK: JSON Lines

    private func nextLines() -> Item? {
        if skipping != nil { return skipOversizedLine() }
        if cutsSingleRecords, let newline = firstNewline(from: 0) {
            return .block(cutBlock(at: newline + 1, spans: nil))
        }
        if let newline = lastNewline() {
            examined = count
            return .block(cutBlock(at: newline + 1, spans: nil))
        }
        examined = count
        if inputEnded {
            if let readError {
                isFinished = true
                return .failure(readError)
            }
            if count == 0 {
                isFinished = true
                return nil
            }
            return .block(cutBlock(at: count, spans: nil))
        }
        // The buffer holds only the line still arriving (whole lines were cut off); a final
        // carriage return may yet turn out to be its line ending.
        let lastIsCarriageReturn = count > 0 && base.load(fromByteOffset: count - 1, as: UInt8.self) == 0x0D
        if count - (lastIsCarriageReturn ? 1 : 0) > limits.maxRecordBytes {
            skipping = Oversized(origin: linesOrigin,
                                 end: 0, head: head(from: 0))
            return skipOversizedLine()
        }
        return nil
    }

    /// Looks for the end of the line being skipped; hands it on once found.
    private func skipOversizedLine() -> Item? {
        guard var record = skipping else { return nil }
        if let newline = firstNewline(from: 0) {
            let carriageReturn = newline > 0 && base.load(fromByteOffset: newline - 1, as: UInt8.self) == 0x0D
            record.end = bufferOffset + newline - (carriageReturn ? 1 : 0)
            drop(newline + 1)
            skipping = nil
            return .oversized(record)
        }
        // Keep a final carriage return: it may precede the line's newline in the next read.
        let lastIsCarriageReturn = count > 0 && base.load(fromByteOffset: count - 1, as: UInt8.self) == 0x0D
        drop(lastIsCarriageReturn ? count - 1 : count)
        guard inputEnded else { return nil }
        record.end = bufferOffset + count
        drop(count)
        skipping = nil
        return .oversized(record)
    }

    /// The last newline in the bytes not yet searched.
    private func lastNewline() -> Int? {
        guard count > examined, let found = lastOccurrence(of: 0x0A, in: base + examined, count: count - examined) else { return nil }
        return found - UnsafeRawPointer(base)
    }

    private func firstNewline(from start: Int) -> Int? {
        guard count > start, let found = firstOccurrence(of: 0x0A, in: base + start, count: count - start) else { return nil }
        return found - UnsafeRawPointer(base)
    }

    // MARK: Values

    private func nextValues() -> Item? {
        if scanner == nil {
            scanner = ValueScanner(layout: framing == .array ? .array : .concatenated,
                                   origin: InputOrigin(offset: bufferOffset, line: 1, lineStart: bufferOffset))
        }
        let bytes = UnsafeRawBufferPointer(start: base, count: count)
        while true {
            let found = scanner!.scan(bytes, from: &examined, bufferOffset: bufferOffset)
            guard case .value(let span) = found else {
                if case .error(let error) = found { return endWith(error) }
                break
            }
            if var record = skipping {
                record.end = bufferOffset + span.range.upperBound
                skipping = nil
                drop(span.range.upperBound)
                return .oversized(record)
            }
            spans.append(span)
            if cutsSingleRecords { return .block(cutBlock(at: span.range.upperBound, spans: takeSpans())) }
        }
        if inputEnded {
            if let readError { return endWith(readError) }
            // The value still open ends here; then the structure must be complete.
            while !scannerFinished {
                switch scanner!.finish(bytes, bufferOffset: bufferOffset) {
                case .value(let span):
                    if var record = skipping {
                        record.end = bufferOffset + span.range.upperBound
                        skipping = nil
                        drop(count)
                        return .oversized(record)
                    }
                    spans.append(span)
                case .error(let error):
                    scannerFinished = true
                    return endWith(error)
                case nil:
                    scannerFinished = true
                }
            }
            guard spans.isEmpty else { return .block(cutBlock(at: count, spans: takeSpans())) }
            isFinished = true
            return nil
        }
        if let last = spans.last {
            return .block(cutBlock(at: last.range.upperBound, spans: takeSpans()))
        }
        if skipping != nil {
            drop(count)
        } else if scanner!.isInValue, count - scanner!.valueStart > limits.maxRecordBytes {
            skipping = Oversized(origin: scanner!.openValueOrigin, end: 0, head: head(from: scanner!.valueStart))
            drop(count)
        }
        return nil
    }

    /// Hands on the records found before `error`, then the error.
    private func endWith(_ error: JSONMapperError) -> Item {
        guard let last = spans.last else {
            isFinished = true
            return .failure(error)
        }
        pendingFailure = error
        return .block(cutBlock(at: last.range.upperBound, spans: takeSpans()))
    }

    private func takeSpans() -> [RecordSpan] {
        defer { spans = [] }
        return spans
    }

    // MARK: Buffer

    /// Makes a block of the first `cut` bytes, which it takes with the buffer; the rest moves
    /// to a new buffer. (A mapped file's block takes its bytes where they lie, and the rest
    /// stays there.)
    private func cutBlock(at cut: Int, spans: [RecordSpan]?) -> RecordBlock {
        let origin = linesOrigin
        if let mapped {
            let offset = mappedOffset(of: mapped)
            let block = RecordBlock(mappedFrom: mapped, offset: offset, count: cut, origin: origin, spans: spans)
            mapped.blockCut(at: offset, framerAt: offset + cut)
            advanceMapped(by: cut)
            forget(cut)
            return block
        }
        let block = RecordBlock(taking: buffer, bytesAt: base, count: cut, origin: origin, spans: spans,
                                checked: checked.clamped(to: 0..<cut), pool: isPooled ? pool : nil)
        let rest = count - cut
        let needed = rest + limits.chunkSize
        isPooled = needed <= pool.capacity
        capacity = max(needed, pool.capacity)
        let fresh = isPooled ? pool.take() : UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        fresh.copyMemory(from: base + cut, byteCount: rest)
        buffer = fresh
        base = fresh
        count = rest
        forget(cut)
        return block
    }

    /// Forgets the first `n` bytes of the buffer (a byte order mark, or a record being skipped).
    private func drop(_ n: Int) {
        if let mapped {
            advanceMapped(by: n)
            mapped.framerMoved(to: mappedOffset(of: mapped))
        } else {
            base.copyMemory(from: base + n, byteCount: count - n)
            count -= n
        }
        forget(n)
    }

    /// Where the framer's bytes start in `file`.
    private func mappedOffset(of file: MappedFile) -> Int {
        UnsafeRawPointer(base) - file.bytes.baseAddress!
    }

    /// Moves the start of the framer's bytes `n` bytes on in the mapped file.
    private func advanceMapped(by n: Int) {
        base += n
        buffer = base
        count -= n
        capacity -= n
    }

    /// Moves the stream positions the framer keeps past the `n` bytes just cut or dropped.
    private func forget(_ n: Int) {
        bufferOffset += n
        examined = max(0, examined - n)
        scanner?.rebase(droppingFirst: n)
        forgetChecked(droppingFirst: n)
    }

    /// Moves the checked bytes' range back by the `n` bytes cut off the buffer's start.
    private func forgetChecked(droppingFirst n: Int) {
        let kept = checked.clamped(to: n..<max(n, checked.upperBound))
        checked = (kept.lowerBound - n)..<(kept.upperBound - n)
    }

    /// The first bytes of a record over the size limit, from `start` in the buffer: as many as
    /// a rejection keeps (see ``Limits/oversizedHeadLength``).
    private func head(from start: Int) -> [UInt8] {
        let length = min(limits.oversizedHeadLength, count - start)
        return Array(UnsafeRawBufferPointer(start: base + start, count: max(length, 0)))
    }

    /// Where the buffer starts, a line's start (every block of lines starts one), on a
    /// provisional line: the stream numbers it when it delivers the block (see ``BlockLines``).
    private var linesOrigin: InputOrigin {
        InputOrigin(offset: bufferOffset, line: BlockLines.provisionalFirst, lineStart: bufferOffset)
    }
}
