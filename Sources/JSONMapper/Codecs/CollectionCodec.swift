/// A collection built from the elements of a JSON array.
protocol ElementCollection: Sequence {
    /// Whether the collection has no order of its own (a set): equal collections may then
    /// iterate in different orders.
    static var isUnordered: Bool { get }
    /// The collection of the elements moved out of `list`, which is left empty. (A static
    /// function, not an initializer: its arguments are borrowed, so the session is not retained.)
    static func moving(_ list: inout ElementList, _ session: DecodingSession) -> Self
    /// Calls `body` with each element and its position. A requirement, so the loop runs in
    /// the collection's own code (no generic iterator or enumerated-sequence metadata per call).
    func forEachElement(_ body: (Int, Element) throws(JSONMapperError) -> Void) throws(JSONMapperError)
}

extension Array: ElementCollection {
    static var isUnordered: Bool { false }

    func forEachElement(_ body: (Int, Element) throws(JSONMapperError) -> Void) throws(JSONMapperError) {
        // Positions counted as `Int`s: `indices` here, unspecialized, looks its range's type up
        // at run time on every call.
        var index = 0
        while index < count {
            try body(index, self[index])
            index += 1
        }
    }

    static func moving(_ list: inout ElementList, _ session: DecodingSession) -> Self {
        // An empty array is the shared empty singleton: `unsafeUninitializedCapacity: 0` would
        // write its count (a harmless zero, but a data race to ThreadSanitizer).
        let count = list.count
        guard count > 0 else {
            list.recycle(session)
            return []
        }
        guard list.isLong else {
            // One buffer (nearly every array): one move, without the per-run calls below.
            let elements = list.elements(Element.self, session)
            let array = Self(unsafeUninitializedCapacity: count) { buffer, initialized in
                buffer.baseAddress!.moveInitialize(from: elements, count: count)
                initialized = count
            }
            list.recycle(session)
            return array
        }
        // The array is allocated at its final size and filled run by run while the list frees
        // each run it gives up: its pages are touched only as elements arrive.
        return Self(unsafeUninitializedCapacity: count) { buffer, initialized in
            list.moveOut(Element.self, session) { run, runCount in
                (buffer.baseAddress! + initialized).moveInitialize(from: run, count: runCount)
                initialized += runCount
            }
        }
    }
}

extension Set: ElementCollection {
    static var isUnordered: Bool { true }

    func forEachElement(_ body: (Int, Element) throws(JSONMapperError) -> Void) throws(JSONMapperError) {
        var position = 0
        for element in self {
            try body(position, element)
            position += 1
        }
    }

    static func moving(_ list: inout ElementList, _ session: DecodingSession) -> Self {
        var set = Self(minimumCapacity: list.count)
        list.moveOut(Element.self, session) { run, runCount in
            for i in 0..<runCount { set.insert((run + i).move()) }
        }
        return set
    }
}

/// `Array` and `Set` from JSON arrays; also the handler of the array's frame, whose storage
/// is an ``ElementList``.
final class CollectionCodec<Element, Collection: ElementCollection>: ValueCodec<Collection>
where Collection.Element == Element {
    private let element: ValueCodec<Element>

    init(element: ValueCodec<Element>) { self.element = element }

    override var expected: String { "an array of \(element.expected)" }

    override func begin(isObject: Bool, _ session: DecodingSession) throws(JSONMapperError) {
        guard !isObject else { return try session.containerMismatch(expected: expected, isObject: true) }
        session.pushOwned(ElementList(borrowing: session.borrowElementBlock()), by: self)
    }

    override func take(_ storage: FrameStorage, initializing destination: UnsafeMutablePointer<Collection>,
                       _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        destination.initialize(to: Collection.moving(&storage.pointer(to: ElementList.self).pointee, session))
        return true
    }

    override func take(_ storage: FrameStorage, assigning destination: UnsafeMutablePointer<Collection>,
                       _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        destination.pointee = Collection.moving(&storage.pointer(to: ElementList.self).pointee, session)
        return true
    }

    override func destroy(_ storage: FrameStorage, _ session: DecodingSession) {
        storage.pointer(to: ElementList.self).pointee.release(destroying: Element.self, session)
    }

    override func write(_ value: Collection, to writer: inout JSONWriter) throws(JSONMapperError) {
        if Collection.isUnordered && writer.options.ordersUnorderedElements {
            return try writeInTextOrder(value, to: &writer)
        }
        writer.beginArray()
        try value.forEachElement { (index, element) throws(JSONMapperError) in
            writer.element()
            do throws(JSONMapperError) {
                try self.element.write(element, to: &writer)
            } catch {
                throw error.prefixingPath(index: index)
            }
        }
        writer.endArray()
    }

    /// Writes the elements sorted by their JSON text, so equal sets write the same JSON.
    private func writeInTextOrder(_ value: Collection, to writer: inout JSONWriter) throws(JSONMapperError) {
        var written: [[UInt8]] = []
        try value.forEachElement { (index, element) throws(JSONMapperError) in
            var scratch = JSONWriter(options: writer.options, capacity: 64)
            scratch.modelsOnStack = writer.modelsOnStack
            do throws(JSONMapperError) {
                try self.element.write(element, to: &scratch)
            } catch {
                throw error.prefixingPath(index: index)
            }
            written.append(scratch.bytes)
        }
        writer.beginArray()
        for text in written.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            writer.element()
            writer.writeWritten(text)
        }
        writer.endArray()
    }

    // MARK: Frame events

    override func scalar(_ event: ScalarEvent, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        frame.pointee.index += 1
        let list = frame.pointee.storage.pointer(to: ElementList.self)
        if try element.initialize(event, at: list.pointee.nextSlot(Element.self, session), session) {
            list.pointee.commit()
        } else if case .null = event {
            // An element has no default to keep: a null in a non-optional array is reported.
            try session.coercionFailed(.mismatch, expected: element.expected, found: event)
        }
    }

    override func beginChild(isObject: Bool, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        frame.pointee.index += 1
        try element.begin(isObject: isObject, session)
    }

    override func childEnded(_ child: UnsafeMutablePointer<Frame>, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        let list = frame.pointee.storage.pointer(to: ElementList.self)
        if try element.take(child.pointee.storage, initializing: list.pointee.nextSlot(Element.self, session), session) {
            list.pointee.commit()
        }
    }

    override func pathComponent(of frame: UnsafePointer<Frame>) -> PathComponent? {
        frame.pointee.index > 0 ? .index(frame.pointee.index - 1) : nil
    }
}
