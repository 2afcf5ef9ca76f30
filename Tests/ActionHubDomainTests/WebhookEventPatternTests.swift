import ActionHubDomain
import Testing

@Suite struct WebhookEventPatternTests {
    @Test func patternsMustNameADeclaredCategoryOrAction() throws {
        let routes = try RouteFixtures.shipped()
        #expect(WebhookEventPattern.problems(in: ["*", "social_post.*", "social_post.reply"], routes: routes).isEmpty)
        #expect(
            WebhookEventPattern.problems(in: ["social_post.share", "*", "nope.*"], routes: routes).map(\.field) == [
                "events[0]", "events[2]",
            ])
        #expect(WebhookEventPattern.problems(in: [], routes: routes).map(\.field) == ["events"])
        #expect(
            WebhookEventPattern.candidates(category: "social_post", action: "like") == [
                "*", "social_post.*", "social_post.like",
            ])
    }

    @Test func onlyHTTPAndHTTPSURLsWithAHostAndNoCredentialsAreTaken() {
        for url in ["http://127.0.0.1:8080/hooks", "https://example.com/a?b=c", "HTTPS://example.com"] {
            #expect(WebhookEventPattern.urlProblems(url).isEmpty, "\(url)")
        }
        for url in [
            "ftp://example.com/x", "file:///etc/passwd", "example.com/hook", "http://", "https://user:pw@example.com",
            "http://exa mple.com", "http://example.com/\u{7}", String(repeating: "a", count: 2049),
        ] {
            #expect(WebhookEventPattern.urlProblems(url).map(\.field) == ["url"], "\(url)")
        }
        #expect(WebhookEventPattern.urlProblems("gopher://x").first?.message.contains("http or https") == true)
    }
}
