import Testing

@testable import Webhooks

@Suite struct WebhookSignerTests {
    /// The example of the Standard Webhooks libraries (also what the `standardwebhooks` package
    /// from PyPI computes for it).
    @Test func signsTheSpecExampleAsTheReferenceLibrariesDo() throws {
        let signer = try #require(WebhookSigner(secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"))
        let signature = try signer.signature(
            id: "msg_p5jXN8AQM9LWM0D4loKWxJek", timestamp: 1_614_265_330, body: Array(#"{"test": 2432232314}"#.utf8))
        #expect(signature == "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=")
    }

    @Test func madeSecretsAreWhsecWith32RandomBytesAndRefusedSecretsAreNotUsed() throws {
        let secrets = try (0..<2).map { _ in try WebhookSigner.makeSecret() }
        #expect(secrets[0] != secrets[1])
        #expect(secrets.allSatisfy { $0.hasPrefix("whsec_") && $0.count == 6 + 44 })
        #expect(secrets.allSatisfy { WebhookSigner(secret: $0) != nil })
        for refused in ["", "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "whsec_not base64!", "whsec_c2hvcnQ="] {
            #expect(WebhookSigner(secret: refused) == nil)
        }
    }
}
