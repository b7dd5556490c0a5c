/// A property whose type is a protocol (`any Shape`), decoded by choosing a concrete model
/// type per object, as ``JSONPolymorphic`` does for class hierarchies.
///
/// ```swift
/// enum ShapeFamily: JSONPolymorphicFamily {
///     static func mappedType(for object: JSONValue) -> any JSONMappable.Type {
///         object["type"] == "circle" ? Circle.self : Square.self
///     }
///     static func member(_ model: any JSONMappable) -> (any Shape)? { model as? any Shape }
/// }
/// Map(\.shapes, "shapes", family: ShapeFamily.self)   // var shapes: [any Shape] = []
/// ```
public protocol JSONPolymorphicFamily {
    /// The property's type, usually an existential such as `any Shape`.
    associatedtype Member

    /// The model type to decode `object` as.
    static func mappedType(for object: JSONValue) -> any JSONMappable.Type

    /// The decoded model as a member of the family, or `nil` if it is not one (reported as
    /// ``JSONMapperError/invalidValue(path:reason:)``).
    static func member(_ model: any JSONMappable) -> Member?
}

/// Decodes one member of a ``JSONPolymorphicFamily``: captures the object, chooses the type,
/// decodes it from the capture, and hands the member to the frame below through a frame that
/// opens and closes at once.
final class FamilyReader<Family: JSONPolymorphicFamily>: ValueReader<Family.Member>, @unchecked Sendable {
    override var expected: String { "an object (\(Family.self))" }

    override func begin(isObject: Bool, _ session: DecodingSession) throws(JSONMapperError) {
        guard isObject else { return try session.containerMismatch(expected: expected, isObject: false) }
        session.capture(isObject: true) { (object) throws(JSONMapperError) in
            try self.deliver(object, session)
        }
    }

    private func deliver(_ object: JSONValue, _ session: DecodingSession) throws(JSONMapperError) {
        let chosen = Family.mappedType(for: object)
        let model: any JSONMappable
        do throws(JSONMapperError) {
            model = try Self.decode(chosen, from: object, session.options)
        } catch {
            return try session.report(error.prefixingPath(session.currentPath()))
        }
        guard let member = Family.member(model) else {
            return try session.report(.invalidValue(path: session.currentPath(),
                                                    reason: "\(Family.self) chose \(chosen), which is not a \(Family.Member.self)"))
        }
        session.enterContainer()
        session.pushOwned(member, by: self)
        _ = session.endObject()
        if let failure = session.failure { throw failure }
    }

    private static func decode<Model: JSONMappable>(_ type: Model.Type, from object: JSONValue,
                                                    _ options: DecodingOptions) throws(JSONMapperError) -> any JSONMappable {
        try JSONMapper.decode(type, from: object, options: options)
    }

    override func take(_ storage: UnsafeMutableRawPointer, initializing destination: UnsafeMutablePointer<Family.Member>,
                       _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        destination.moveInitialize(from: storage.assumingMemoryBound(to: Family.Member.self), count: 1)
        return true
    }

    override func destroy(_ storage: UnsafeMutableRawPointer, _ session: DecodingSession) {
        storage.assumingMemoryBound(to: Family.Member.self).deinitialize(count: 1)
    }

    /// A member is written as the model it is.
    override func write(_ value: Family.Member, to writer: inout JSONWriter) throws(JSONMapperError) {
        guard let model = value as? any JSONMappable else {
            throw .invalidValue(path: "", reason: "\(type(of: value)) is not a JSONMappable model")
        }
        try Self.write(model, to: &writer)
    }

    private static func write<Model: JSONMappable>(_ model: Model, to writer: inout JSONWriter) throws(JSONMapperError) {
        try valueReader(for: Model.self).write(model, to: &writer)
    }
}

extension JSONMapperError {
    /// The same error with `prefix` put in front of its path (an error from a nested decode).
    func prefixingPath(_ prefix: String) -> JSONMapperError {
        func join(_ path: String) -> String {
            if prefix.isEmpty { return path }
            if path.isEmpty { return prefix }
            return path.hasPrefix("[") ? prefix + path : prefix + "." + path
        }
        switch self {
        case let .typeMismatch(path, expected, found): return .typeMismatch(path: join(path), expected: expected, found: found)
        case let .keyNotFound(path): return .keyNotFound(path: join(path))
        case let .invalidValue(path, reason): return .invalidValue(path: join(path), reason: reason)
        case let .depthLimitExceeded(path): return .depthLimitExceeded(path: join(path))
        case .emptyInput, .syntax, .limitExceeded, .ioFailed: return self
        }
    }
}

extension Map {
    /// Maps a protocol-typed property (`var shape: any Shape`) through a family that chooses
    /// each object's concrete type.
    public init<Family: JSONPolymorphicFamily>(_ keyPath: WritableKeyPath<Root, Family.Member>, _ key: String,
                                                required: Bool = false, family: Family.Type) {
        self.init(keyPath, [key], required: required) { FamilyReader<Family>() }
    }

    /// Maps an optional protocol-typed property through a family.
    public init<Family: JSONPolymorphicFamily>(_ keyPath: WritableKeyPath<Root, Family.Member?>, _ key: String,
                                                required: Bool = false, family: Family.Type) {
        self.init(keyPath, [key], required: required) {
            OptionalReader<Family.Member, Family.Member?>(wrapped: FamilyReader<Family>())
        }
    }

    /// Maps an array of protocol-typed members through a family.
    public init<Family: JSONPolymorphicFamily>(_ keyPath: WritableKeyPath<Root, [Family.Member]>, _ key: String,
                                                required: Bool = false, family: Family.Type) {
        self.init(keyPath, [key], required: required) {
            CollectionReader<Family.Member, [Family.Member]>(element: FamilyReader<Family>())
        }
    }
}
