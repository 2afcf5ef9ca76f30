import ActionHubDomain
import Foundation

/// The shipped routes, loaded from the repository's `routes/`.
enum RouteFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("routes").path

    static func shipped() throws -> RouteTable {
        try RouteLoader(handlers: .standard).load(directory: directory)
    }
}
