import Foundation

extension CanonicalEncoding {
    /// The `Encoder` a value encodes itself to: its containers fill `node`.
    struct NodeEncoder: Encoder {
        let node: Node
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if node.shape == .empty { node.shape = .keyed }
            return KeyedEncodingContainer(Keyed<Key>(node: node, codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if node.shape == .empty { node.shape = .unkeyed }
            return Unkeyed(node: node, codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            Single(node: node, codingPath: codingPath)
        }
    }

    /// Encodes a nested value into its own node under `key`, unless it is a scalar.
    fileprivate static func encode(
        _ value: some Encodable, key: String, in node: Node, codingPath: [any CodingKey]
    ) throws {
        let start = node.scalars.count
        if writeScalar(value, to: &node.scalars) {
            node.entries.append(Node.Entry(key: key, range: start..<node.scalars.count, child: nil))
        } else {
            try value.encode(to: NodeEncoder(node: node.child(key), codingPath: codingPath))
        }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        let codingPath: [any CodingKey]

        mutating func encodeNil(forKey key: Key) throws { node.scalar(key.stringValue, writeNull) }
        mutating func encode(_ value: Bool, forKey key: Key) throws {
            node.scalar(key.stringValue) { write(value, to: &$0) }
        }
        mutating func encode(_ value: String, forKey key: Key) throws {
            node.scalar(key.stringValue) { write(value, to: &$0) }
        }
        mutating func encode(_ value: Double, forKey key: Key) throws {
            node.scalar(key.stringValue) { write(value, to: &$0) }
        }
        mutating func encode(_ value: Float, forKey key: Key) throws {
            node.scalar(key.stringValue) { write(value, to: &$0) }
        }
        mutating func encode(_ value: Int, forKey key: Key) throws {
            node.scalar(key.stringValue) { write(Int64(value), to: &$0) }
        }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try CanonicalEncoding.encode(value, key: key.stringValue, in: node, codingPath: codingPath + [key])
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            let child = node.child(key.stringValue)
            child.shape = .keyed
            return KeyedEncodingContainer(Keyed<NestedKey>(node: child, codingPath: codingPath + [key]))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let child = node.child(key.stringValue)
            child.shape = .unkeyed
            return Unkeyed(node: child, codingPath: codingPath + [key])
        }

        mutating func superEncoder() -> any Encoder {
            NodeEncoder(node: node.child("super"), codingPath: codingPath)
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            NodeEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key])
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]
        var count: Int { node.entries.count }

        mutating func encodeNil() throws { node.scalar("", writeNull) }
        mutating func encode(_ value: String) throws { node.scalar("") { write(value, to: &$0) } }
        mutating func encode(_ value: Int) throws { node.scalar("") { write(Int64(value), to: &$0) } }
        mutating func encode(_ value: Double) throws { node.scalar("") { write(value, to: &$0) } }
        mutating func encode(_ value: Bool) throws { node.scalar("") { write(value, to: &$0) } }
        mutating func encode<T: Encodable>(_ value: T) throws {
            try CanonicalEncoding.encode(value, key: "", in: node, codingPath: codingPath)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type
        ) -> KeyedEncodingContainer<NestedKey> {
            let child = node.child("")
            child.shape = .keyed
            return KeyedEncodingContainer(Keyed<NestedKey>(node: child, codingPath: codingPath))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let child = node.child("")
            child.shape = .unkeyed
            return Unkeyed(node: child, codingPath: codingPath)
        }

        mutating func superEncoder() -> any Encoder {
            NodeEncoder(node: node.child(""), codingPath: codingPath)
        }
    }

    /// One value in its node: a scalar, or a value that asks the node for a container.
    struct Single: SingleValueEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]

        private func scalar(_ write: (inout [UInt8]) -> Void) {
            node.shape = .single
            node.scalar("", write)
        }

        mutating func encodeNil() throws { scalar(writeNull) }
        mutating func encode(_ value: Bool) throws { scalar { write(value, to: &$0) } }
        mutating func encode(_ value: String) throws { scalar { write(value, to: &$0) } }
        mutating func encode(_ value: Double) throws { scalar { write(value, to: &$0) } }
        mutating func encode(_ value: Float) throws { scalar { write(value, to: &$0) } }
        mutating func encode(_ value: Int) throws { scalar { write(Int64(value), to: &$0) } }
        mutating func encode(_ value: Int8) throws { scalar { write(Int64(value), to: &$0) } }
        mutating func encode(_ value: Int16) throws { scalar { write(Int64(value), to: &$0) } }
        mutating func encode(_ value: Int32) throws { scalar { write(Int64(value), to: &$0) } }
        mutating func encode(_ value: Int64) throws { scalar { write(value, to: &$0) } }
        mutating func encode(_ value: UInt) throws { scalar { write(UInt64(value), to: &$0) } }
        mutating func encode(_ value: UInt8) throws { scalar { write(UInt64(value), to: &$0) } }
        mutating func encode(_ value: UInt16) throws { scalar { write(UInt64(value), to: &$0) } }
        mutating func encode(_ value: UInt32) throws { scalar { write(UInt64(value), to: &$0) } }
        mutating func encode(_ value: UInt64) throws { scalar { write(value, to: &$0) } }
        mutating func encode<T: Encodable>(_ value: T) throws {
            node.shape = .single
            let start = node.scalars.count
            if writeScalar(value, to: &node.scalars) {
                node.entries.append(Node.Entry(key: "", range: start..<node.scalars.count, child: nil))
            } else {
                node.shape = .empty
                try value.encode(to: NodeEncoder(node: node, codingPath: codingPath))
            }
        }
    }
}
