/// A container that stores a primitive without a key: unkeyed (at its next index) and
/// single-value (at its own path). The extension gives both the fourteen typed `encode`
/// overloads `Encodable` values call, which would otherwise be written out twice.
protocol PrimitiveStoring {
    /// Stores `primitive` where this container's next value goes.
    func store(_ primitive: some FormPrimitive) throws
}

extension PrimitiveStoring {
    func encode(_ value: Bool) throws { try store(value) }
    func encode(_ value: String) throws { try store(value) }
    func encode(_ value: Double) throws { try store(value) }
    func encode(_ value: Float) throws { try store(value) }
    func encode(_ value: Int) throws { try store(value) }
    func encode(_ value: Int8) throws { try store(value) }
    func encode(_ value: Int16) throws { try store(value) }
    func encode(_ value: Int32) throws { try store(value) }
    func encode(_ value: Int64) throws { try store(value) }
    func encode(_ value: UInt) throws { try store(value) }
    func encode(_ value: UInt8) throws { try store(value) }
    func encode(_ value: UInt16) throws { try store(value) }
    func encode(_ value: UInt32) throws { try store(value) }
    func encode(_ value: UInt64) throws { try store(value) }
}
