import Testing

@testable import PostgreSQLStore

@Suite struct PostgreSQLArrayTests {
    @Test func textsAreQuotedWithTheirQuotesAndBackslashesEscaped() {
        #expect(
            PostgreSQLArray.literal(["a", #"b"c"#, #"d\e"#, "", "ü ✓", "{x,y}"])
                == #"{"a","b\"c","d\\e","","ü ✓","{x,y}"}"#)
        #expect(PostgreSQLArray.literal([String]()) == "{}")
    }

    @Test func integersAreListedAsTheyAre() {
        #expect(PostgreSQLArray.literal([Int64(1), -2, Int64.max]) == "{1,-2,9223372036854775807}")
        #expect(PostgreSQLArray.literal([Int64]()) == "{}")
    }
}
