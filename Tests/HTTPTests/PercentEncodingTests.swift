import HTTP
import Testing

@Suite struct PercentEncodingTests {
    @Test func decodesEscapesAndOptionallyPlus() {
        #expect(PercentEncoding.decode("a%20b%2Fc%C3%BC") == "a b/cü")
        #expect(PercentEncoding.decode("a+b") == "a+b")
        #expect(PercentEncoding.decode("a+b", plusAsSpace: true) == "a b")
    }

    @Test(arguments: ["%", "%2", "%zz", "%C3", "%C0%AF", "%FF"])
    func rejectsBrokenEscapesAndInvalidUTF8(_ text: String) {
        #expect(PercentEncoding.decode(text) == nil)
    }
}
