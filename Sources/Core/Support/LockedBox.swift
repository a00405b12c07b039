import Synchronization

/// A value shared between URLSession and Dispatch callbacks. `Mutex` makes it
/// Sendable without `@unchecked`; the class gives callbacks one shared instance.
public final class LockedBox<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    public init(_ value: Value) {
        mutex = Mutex(value)
    }

    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try mutex.withLock { try body(&$0) }
    }
}
