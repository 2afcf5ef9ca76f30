import Foundation
import Testing

@testable import ActionHubDomain

@Suite struct OpenScreenHandlerTests {
    /// The byte table encodes as Foundation does with `urlPathAllowed` less "/;?#", which the app
    /// kit's generated code uses to build the same link: every ASCII character, and non-ASCII text.
    @Test func segmentEncodingMatchesFoundations() {
        var segment = CharacterSet.urlPathAllowed
        segment.remove(charactersIn: "/;?#")
        let values = (0..<128).map { String(UnicodeScalar(UInt8($0))) } + ["a b/ü", "p-1", "✓ {x}?#;", "日本", "%41", ""]
        for value in values {
            var encoded: [UInt8] = []
            OpenScreenHandler.appendSegmentEncoded(value, to: &encoded)
            #expect(
                String(decoding: encoded, as: UTF8.self) == value.addingPercentEncoding(withAllowedCharacters: segment))
        }
    }
}
