import Testing

@testable import PostgreSQLStore

@Suite struct PostgreSQLArrayTests {
    @Test func textsAreQuotedWithTheirQuotesAndBackslashesEscaped() {
        #expect(
            PostgreSQLArray.literal(["a", #"b"c"#, #"d\e"#, "", "ü ✓", "{x,y}"])
                == #"{"a","b\"c","d\\e","","ü ✓","{x,y}"}"#)
        #expect(PostgreSQLArray.literal([String]()) == "{}")
    }

    @Test func nilIsTheNullElementAndTheWordNullStaysAText() {
        #expect(PostgreSQLArray.literal(["a", nil, "NULL"] as [String?]) == #"{"a",NULL,"NULL"}"#)
    }

    @Test func integersAreListedAsTheyAre() {
        #expect(
            PostgreSQLArray.literal([Int64(1), -2, 0, 10, Int64.max, Int64.min])
                == "{1,-2,0,10,9223372036854775807,-9223372036854775808}")
        #expect(PostgreSQLArray.literal([Int64]()) == "{}")
    }
}
