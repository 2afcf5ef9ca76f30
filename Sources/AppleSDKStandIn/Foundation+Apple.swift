// Foundation API that exists on Apple platforms only, with Apple's signatures, for the same
// type-check. `performExpiringActivity` behaves as on a device that grants the time (the block
// runs on a queue of its own with `expired` false), so the kit's use of it also runs in tests.
import Foundation

extension ProcessInfo {
    public func performExpiringActivity(withReason reason: String, using block: @escaping @Sendable (Bool) -> Void) {
        DispatchQueue.global().async { block(false) }
    }
}

extension FileManager {
    /// Linux has no App Group containers: nil, as on a device whose app lacks the entitlement.
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? { nil }
}

extension String {
    /// Apple's Foundation (iOS 16+) looks the key up in the table's string catalog; Foundation on
    /// Linux has no such initializer, so the stand-in declares it for the generated category code.
    /// (Apple types `defaultValue` as `String.LocalizationValue`, which a string literal also makes.)
    public init(
        localized key: StaticString, defaultValue: String, table: String? = nil, bundle: Bundle? = nil,
        locale: Locale = .current, comment: StaticString? = nil
    ) {
        self = defaultValue
    }
}
