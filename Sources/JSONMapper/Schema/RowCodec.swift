/// Decodes a record into a ``JSONRow`` through a schema's compiled ``ModelMeta``: the model
/// codec's job for a storage type built at run time. Each record starts from the schema's
/// row of defaults, and its object (or, for a schema of index paths only, its array) is read
/// by the meta's key-tree handlers.
final class RowCodec: OwnedValueCodec<JSONRow> {
    let meta: ModelMeta
    /// The row of defaults each record starts from, a frozen copy (see `frozenCopy(of:)`):
    /// every worker copies its cells into each fresh row.
    private let template: UnsafeMutableBufferPointer<JSONCell>
    private let objectHandler: Unmanaged<_JSONFrameHandler>?
    private let arrayHandler: Unmanaged<_JSONFrameHandler>?

    init(meta: ModelMeta, template: JSONRow) {
        self.meta = meta
        self.template = .frozenCopy(of: template.cells)
        ObjectHandler.attachHandlers(to: meta)
        objectHandler = meta.readsObjects ? .passUnretained(meta.root.handler!) : nil
        arrayHandler = meta.rootArray.map { .passUnretained($0.handler!) }
    }

    /// The row of defaults each record starts from.
    var templateCells: [JSONCell] { Array(template) }

    deinit {
        template.deinitialize()
        template.deallocate()
    }

    override var expected: String {
        switch (objectHandler != nil, arrayHandler != nil) {
        case (true, true): "an object or an array (a row of \(meta.typeName))"
        case (false, _): "an array (a row of \(meta.typeName))"
        case (true, false): "an object (a row of \(meta.typeName))"
        }
    }

    override func begin(isObject: Bool, _ session: DecodingSession) throws(JSONMapperError) {
        guard let handler = isObject ? objectHandler : arrayHandler else {
            return try session.containerMismatch(expected: expected, isObject: isObject)
        }
        session.pushOwned(JSONRow(cells: Array(template)), handler: handler, owner: self, stateBytes: meta.stateCount)
    }
}

extension ModelHooks {
    /// No hooks: a runtime schema's rows have none.
    init() {}
}
