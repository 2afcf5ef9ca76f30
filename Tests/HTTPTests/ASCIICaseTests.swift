import HTTP
import Testing

@Suite struct ASCIICaseTests {
    /// Letters fold and nothing else does: `[` is `{` with 0x20 cleared, `_` is DEL's, and a
    /// non-ASCII byte that folds onto another must not pass for it.
    @Test func lettersMatchInAnyCaseAndNothingElseFolds() {
        #expect(ASCIICase.equal("Content-Type", "content-type"))
        #expect(ASCIICase.equal("X-ACTIONHUB-KEY", "x-actionhub-key"))
        #expect(ASCIICase.equal("", ""))
        #expect(!ASCIICase.equal("Content-Type", "Content-Types"))
        #expect(!ASCIICase.equal("a[", "a{"))
        #expect(!ASCIICase.equal("_", "\u{7F}"))
        #expect(!ASCIICase.equal("@", "`"))
        #expect(!ASCIICase.equal("é", "É"))
        #expect(!ASCIICase.equal("1", "\u{11}"))
    }
}
