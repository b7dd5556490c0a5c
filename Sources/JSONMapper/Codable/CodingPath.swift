/// A coding key the coders make themselves: an array index (`"Index 3"`, as Foundation names
/// it), `super`, or a key read from the JSON.
struct JSONCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = "\(intValue)"
        self.intValue = intValue
    }

    init(index: Int) {
        self.stringValue = "Index \(index)"
        self.intValue = index
    }

    static let `super` = JSONCodingKey(stringValue: "super")
}

/// The coding path of a container, kept as a list that shares its prefix with the path of the
/// container around it.
indirect enum CodingPathNode {
    case root
    case key(any CodingKey, CodingPathNode)
    case index(Int, CodingPathNode)

    var keys: [any CodingKey] {
        var keys: [any CodingKey] = []
        var node = self
        while true {
            switch node {
            case .root: return keys.reversed()
            case let .key(key, parent):
                keys.append(key)
                node = parent
            case let .index(index, parent):
                keys.append(JSONCodingKey(index: index))
                node = parent
            }
        }
    }
}

/// The last step of a value's path: the key or index it sits at in its container.
enum CodingStep {
    case none
    case key(any CodingKey)
    case index(Int)
}

/// The path of one value: its container's path and the step to it. Only a value that becomes
/// a container which decodes a nested value needs the step as a node of its own, so most
/// values (every scalar) cost no allocation for their path.
struct ValuePath {
    let parent: CodingPathNode
    let last: CodingStep

    static var root: ValuePath { ValuePath(parent: .root, last: .none) }

    /// The path as a node, for a container that keeps it.
    var node: CodingPathNode {
        switch last {
        case .none: parent
        case .key(let key): .key(key, parent)
        case .index(let index): .index(index, parent)
        }
    }

    /// The path of a value one step further in.
    func appending(_ component: CodingStep) -> ValuePath {
        ValuePath(parent: node, last: component)
    }

    var keys: [any CodingKey] {
        var keys = parent.keys
        switch last {
        case .none: break
        case .key(let key): keys.append(key)
        case .index(let index): keys.append(JSONCodingKey(index: index))
        }
        return keys
    }

    /// The keys of the value at `component` in the container at this path.
    func keys(appending component: CodingStep) -> [any CodingKey] {
        var keys = self.keys
        switch component {
        case .none: break
        case .key(let key): keys.append(key)
        case .index(let index): keys.append(JSONCodingKey(index: index))
        }
        return keys
    }
}
