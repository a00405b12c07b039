import CPlatform
import Synchronization

/// A value shared between URLSession and Dispatch callbacks. `Mutex` makes it
/// Sendable without `@unchecked`; the class gives callbacks one shared instance.
/// Every lock of the project goes through here, so the thread sanitizer can be told
/// about it (`mr_tsan_acquire`: it cannot see Mutex's futex on Linux).
package final class LockedBox<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    package init(_ value: Value) {
        mutex = Mutex(value)
    }

    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try mutex.withLock { value in
            let address = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
            mr_tsan_acquire(address)
            defer { mr_tsan_release(address) }
            return try body(&value)
        }
    }
}
