// The part of SwiftUI an app's entry point uses, main-actor isolated as in the SDK; on iOS it
// re-exports UIKit (and so Foundation).
import Foundation
@_exported import UIKit

@MainActor @preconcurrency public protocol View {}

@MainActor @preconcurrency public protocol Scene {}

@MainActor @preconcurrency public protocol App {
    associatedtype Body: Scene
    @SceneBuilder var body: Body { get }
    init()
}

extension App {
    public static func main() {}
}

@resultBuilder public enum SceneBuilder {
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

@resultBuilder public enum ViewBuilder {
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
}

public struct Text: View {
    public init(_ content: String) {}
}

public struct WindowGroup<Content: View>: Scene {
    public init(@ViewBuilder content: () -> Content) {}
}

@MainActor @preconcurrency @propertyWrapper
public struct UIApplicationDelegateAdaptor<DelegateType: NSObject & UIApplicationDelegate> {
    public init(_ delegateType: DelegateType.Type = DelegateType.self) {}
    // SwiftUI makes the delegate; a type-check never runs this.
    public var wrappedValue: DelegateType { fatalError("a stand-in for type-checking only") }
}
