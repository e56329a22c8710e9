extension UnsafeMutablePointer where Pointee: ~Copyable {
    /// New memory holding `value`: how a class keeps a `~Copyable` buffer (a tree builder, a
    /// decoder's state) behind a pointer in a `let`, which its users reach without the dynamic
    /// exclusivity check a class's stored `var` costs on every access. Freed by `free()`.
    static func holding(_ value: consuming Pointee) -> Self {
        let pointer = allocate(capacity: 1)
        pointer.initialize(to: value)
        return pointer
    }

    /// Ends the value and frees memory made by `holding(_:)`.
    func free() {
        deinitialize(count: 1)
        deallocate()
    }
}
