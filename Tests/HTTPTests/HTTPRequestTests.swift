import HTTP
import Testing

@Suite struct HTTPRequestTests {
    let request = HTTPRequest(
        method: "GET", path: "/",
        headers: [("Content-Type", "application/json"), ("X-[Id]", "brackets"), ("x-1", "one")])

    @Test(arguments: ["Content-Type", "content-type", "CONTENT-TYPE", "cOnTeNt-TyPe"])
    func headerNamesMatchInAnyLetterCase(_ name: String) {
        #expect(request.header(name) == "application/json")
    }

    /// Only letters fold: `[` and `{` differ by the same bit as `A` and `a`.
    @Test func onlyLettersFoldAndLengthsMustMatch() {
        #expect(request.header("X-{Id}") == nil)
        #expect(request.header("x-[id]") == "brackets")
        #expect(request.header("X-1") == "one")
        #expect(request.header("Content-Typ") == nil)
        #expect(request.header("Content-Types") == nil)
        #expect(request.header("Content\u{0}Type") == nil)
    }
}
