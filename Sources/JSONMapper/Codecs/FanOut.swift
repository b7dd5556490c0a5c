/// One JSON value that more than one handler wants: several properties mapped to the same
/// key whose value is an object or array, or a property and a key path through the same key
/// (YYModel's `_next` chain, for containers). The session captures the value once as a
/// ``JSONValue`` and feeds it to each handler in turn, as if each were alone.
enum FanOut {
    enum Target {
        /// A property that decodes the whole value (its binding, in the entry's links).
        case property(UnsafePointer<MapperEntry.Link>)
        /// A key path that descends into the value.
        case path(Unmanaged<_JSONFrameHandler>)
    }

    /// Captures the container that has just begun under the model frame on top of the
    /// session, then feeds it to every target.
    static func start(isObject: Bool, to targets: [Target], _ session: DecodingSession) {
        // The parent frame's address is stable (frames live in fixed blocks).
        let parent = session.topFrame
        session.capture(isObject: isObject) { (value) throws(JSONMapperError) in
            try deliver(value, to: targets, parent: parent, session)
        }
    }

    /// Feeds `value` to every target under the model frame `parent`.
    private static func deliver(_ value: JSONValue, to targets: [Target], parent: UnsafeMutablePointer<Frame>,
                        _ session: DecodingSession) throws(JSONMapperError) {
        let isObject = value.object != nil
        for target in targets {
            try session.emitContainer(value) { () throws(JSONMapperError) in
                session.enterContainer()
                switch target {
                case .property(let link):
                    parent.pointee.pending = link
                    try link.pointee.property.guaranteed { (property) throws(JSONMapperError) in
                        try property.begin(isObject: isObject, session)
                    }
                case .path(let handler):
                    session.pushBorrowed(handler: handler, storage: parent.pointee.storage, state: parent.pointee.state)
                }
            }
        }
    }
}
