// UserNotificationsUI as Swift imports it: the content extension protocol is main-actor isolated
// (its implementer is a view controller); the response option is a plain enum.
import Foundation
import UIKit
import UserNotifications

public enum UNNotificationContentExtensionResponseOption: UInt, Sendable {
    case doNotDismiss, dismiss, dismissAndForwardAction
}

@MainActor public protocol UNNotificationContentExtension: NSObjectProtocol {
    func didReceive(_ notification: UNNotification)
    func didReceive(
        _ response: UNNotificationResponse,
        completionHandler completion: @escaping (UNNotificationContentExtensionResponseOption) -> Void)
    func didReceive(_ response: UNNotificationResponse) async -> UNNotificationContentExtensionResponseOption
}

extension UNNotificationContentExtension {
    public func didReceive(
        _ response: UNNotificationResponse,
        completionHandler completion: @escaping (UNNotificationContentExtensionResponseOption) -> Void
    ) {}
    public func didReceive(_ response: UNNotificationResponse) async -> UNNotificationContentExtensionResponseOption {
        .doNotDismiss
    }
}
