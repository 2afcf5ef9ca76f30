import ActionHubDomain
import JSON

/// Subjects and their set, choice and list pages as answer bytes.
enum SubjectJSON {
    static func summary(_ summary: SubjectSummary) -> [UInt8] {
        var json = JSONWriter(capacity: 256)
        json.object { json in
            json.key("category")
            json.string(summary.category)
            json.key("subject")
            subject(summary.subject, into: &json)
            json.key("sets")
            json.object { json in
                for set in summary.sets {
                    json.key(escaping: set.name)
                    json.object { json in
                        json.key("count")
                        json.integer(set.count)
                        if let member = set.member {
                            json.key("member")
                            json.value(.bool(member))
                        }
                    }
                }
            }
            json.key("choices")
            json.object { json in
                for choice in summary.choices {
                    json.key(escaping: choice.name)
                    json.object { json in
                        json.key("counts")
                        counts(choice.counts, into: &json)
                        if summary.userAsked {
                            json.key("value")
                            json.string(choice.value)
                        }
                    }
                }
            }
            json.key("lists")
            json.object { json in
                for list in summary.lists {
                    json.key(escaping: list.name)
                    json.object { json in
                        json.key("count")
                        json.integer(list.count)
                    }
                }
            }
        }
        return json.bytes
    }

    static func members(count: Int, page: Page<Membership>) -> [UInt8] {
        listing(
            count: {
                $0.key("count"); $0.integer(count)
            }, page: page
        ) { json, member in
            json.key("userId")
            json.string(member.userId)
            json.key("responseId")
            json.string(member.responseId)
            json.key("at")
            json.string(member.at)
        }
    }

    static func answers(counts: [(value: String, count: Int)], page: Page<ChoiceAnswer>) -> [UInt8] {
        listing(
            count: {
                $0.key("counts"); Self.counts(counts, into: &$0)
            }, page: page
        ) { json, answer in
            json.key("userId")
            json.string(answer.userId)
            json.key("value")
            json.string(answer.value)
            json.key("responseId")
            json.string(answer.responseId)
            json.key("at")
            json.string(answer.at)
        }
    }

    static func entries(count: Int, page: Page<ListEntry>) -> [UInt8] {
        listing(
            count: {
                $0.key("count"); $0.integer(count)
            }, page: page
        ) { json, entry in
            json.key("entryId")
            json.string(entry.entryId)
            json.key("userId")
            json.string(entry.userId)
            json.key("text")
            json.string(entry.text)
            json.key("responseId")
            json.string(entry.responseId)
            json.key("at")
            json.string(entry.at)
        }
    }

    static func subject(_ subject: Subject, into json: inout JSONWriter) {
        json.object { json in
            json.key("key")
            json.string(subject.key)
            json.key("id")
            json.string(subject.id)
        }
    }

    private static func counts(_ counts: [(value: String, count: Int)], into json: inout JSONWriter) {
        json.object { json in
            for (value, count) in counts {
                json.key(escaping: value)
                json.integer(count)
            }
        }
    }

    /// `{<count members>, "items": [{…}, …], "nextCursor": …}`.
    private static func listing<Item>(
        count: (inout JSONWriter) -> Void, page: Page<Item>, item: (inout JSONWriter, Item) -> Void
    ) -> [UInt8] {
        var json = JSONWriter(capacity: 128 + 160 * page.items.count)
        json.object { json in
            count(&json)
            json.key("items")
            json.array { json in
                for element in page.items {
                    json.object { item(&$0, element) }
                }
            }
            json.key("nextCursor")
            json.string(page.next?.token)
        }
        return json.bytes
    }
}
