import Foundation

/// Type-checks app code on Linux against Apple's signatures: the stand-ins in
/// `Tests/AppleSDKStandIns` built as the modules they are named after, on top of the modules of
/// this test build (ActionHubKit, AppleSDKStandIn), in Swift 6 mode with warnings as errors.
public enum AppleSDKStandIns {
    /// In dependency order.
    static let modules = ["UserNotifications", "BackgroundTasks", "UIKit", "UserNotificationsUI", "SwiftUI"]
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("AppleSDKStandIns")
    /// Where SwiftPM put this build's modules.
    public static let buildModules = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("Modules").path

    /// `swiftc -typecheck` of `files` as one module; its status and output.
    public static func typeCheck(_ files: [URL], arguments: [String] = []) throws -> (status: Int32, output: String) {
        let standIns = FileManager.default.temporaryDirectory.appendingPathComponent("sdk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: standIns, withIntermediateDirectories: true)
        for module in modules {
            let built = try Toolchain.run(
                "swiftc",
                [
                    "-emit-module", "-parse-as-library", "-swift-version", "6", "-module-name", module,
                    "-I", buildModules, "-I", standIns.path,
                    "-emit-module-path", standIns.appendingPathComponent("\(module).swiftmodule").path,
                    sources.appendingPathComponent("\(module).swift").path,
                ])
            guard built.status == 0 else { return (built.status, "stand-in \(module): \(built.output)") }
        }
        return try Toolchain.run(
            "swiftc",
            ["-typecheck", "-parse-as-library", "-swift-version", "6", "-warnings-as-errors"]
                + ["-I", buildModules, "-I", standIns.path] + arguments + files.map(\.path))
    }
}
