import ActionHubDomain
import Foundation
import JSON
import TestSupport
import Testing

/// The meeting invite's declarative handlers on every store: what they keep equals a recount of
/// the events that made it, and a replay changes nothing.
@Suite struct SubjectContractTests {
    typealias Kind = ResponseStoreContractTests.Kind

    static let routes = Result { try RouteLoader(handlers: .standard).load(directory: LiveServer.repositoryRoutes) }

    struct Step {
        var id = UUID().uuidString
        var user: String
        var action: String
        var text: String?
    }

    static func body(_ step: Step, meeting: String) -> JSONValue {
        var event: JSONObject = [
            "id": .string(step.id), "actionIdentifier": .string(step.action), "userId": .string(step.user),
            "notification": .object([
                "identifier": .string("push-1"), "categoryIdentifier": .string("meeting_invite"),
                "date": .string("2026-12-01T09:00:00Z"),
                "userInfo": .object(["meetingId": .string(meeting)]),
            ]),
        ]
        if let text = step.text { event["userText"] = .string(text) }
        return .object(event)
    }

    /// What the events say, applied in order: each user's current answer, the set's members and
    /// the list's texts, each newest first.
    struct Recount {
        var answers: [(user: String, value: String)] = []
        var members: [String] = []
        var texts: [String] = []

        init(_ steps: [Step]) {
            let values = ["accept": "yes", "decline": "no", "maybe": "maybe"]
            for step in steps {
                if let value = values[step.action], answers.first(where: { $0.user == step.user })?.value != value {
                    answers.removeAll { $0.user == step.user }
                    answers.insert((step.user, value), at: 0)
                } else if step.action == "bookmark", !members.contains(step.user) {
                    members.insert(step.user, at: 0)
                } else if step.action == "unbookmark" {
                    members.removeAll { $0 == step.user }
                } else if step.action == "feedback", let text = step.text {
                    texts.insert(text, at: 0)
                }
            }
        }

        func count(_ value: String) -> Int { answers.count { $0.value == value } }
    }

    @Test(arguments: Kind.allCases)
    func answersMembersAndEntriesEqualARecountAndReplaysCountOnce(_ kind: Kind) throws {
        let service = ResponseService(routes: try Self.routes.get(), store: try kind.make())
        let meeting = "m-\(UUID().uuidString.prefix(8))"
        let steps = [
            Step(user: "ann", action: "accept"), Step(user: "ann", action: "decline"),
            Step(user: "bob", action: "maybe"), Step(user: "bob", action: "maybe"),
            Step(user: "cy", action: "accept"), Step(user: "ann", action: "bookmark"),
            Step(user: "bob", action: "bookmark"), Step(user: "ann", action: "bookmark"),
            Step(user: "bob", action: "unbookmark"), Step(user: "cy", action: "unbookmark"),
            Step(user: "cy", action: "feedback", text: "Can we move it?"),
            Step(user: "ann", action: "feedback", text: "Agenda, please 📎"),
        ]
        var first: [String] = []
        for step in steps {
            let submission = try service.submit(Self.body(step, meeting: meeting)).wait().get()
            #expect(!submission.isReplay)
            first.append(submission.body)
        }
        let answer = try JSONParser().parse(first[1])
        #expect(answer["subject"] == .object(["key": .string("meetingId"), "id": .string(meeting)]))
        #expect(
            answer["result"]
                == .object([
                    "choice": .string("rsvp"), "value": .string("no"), "previous": .string("yes"),
                    "counts": .object(["yes": JSONValue(0), "no": JSONValue(1), "maybe": JSONValue(0)]),
                ]))
        for (step, body) in zip(steps, first) {
            let again = try service.submit(Self.body(step, meeting: meeting)).wait().get()
            #expect(again.isReplay && again.body == body)
        }

        let expected = Recount(steps)
        let summary = try service.subject(category: "meeting_invite", id: meeting, user: "ann")
        #expect(summary.sets.map(\.name) == ["bookmarks"])
        #expect(summary.sets.first?.count == expected.members.count)
        #expect(summary.sets.first?.member == true)
        #expect(summary.choices.first?.counts.map(\.value) == ["yes", "no", "maybe"])
        #expect(summary.choices.first?.counts.map(\.count) == ["yes", "no", "maybe"].map(expected.count))
        #expect(summary.choices.first?.value == "no")
        #expect(summary.lists.map(\.count) == [expected.texts.count])

        let members = try service.members(category: "meeting_invite", id: meeting, set: "bookmarks", page: .init())
        #expect(members.count == expected.members.count)
        #expect(members.page.items.map(\.userId) == expected.members)
        let answers = try service.answers(category: "meeting_invite", id: meeting, choice: "rsvp", page: .init())
        #expect(answers.page.items.map(\.userId) == expected.answers.map(\.user))
        #expect(answers.page.items.map(\.value) == expected.answers.map(\.value))
        let entries = try service.entries(category: "meeting_invite", id: meeting, list: "feedback", page: .init())
        #expect(entries.count == 2)
        #expect(entries.page.items.map(\.text) == expected.texts)

        // Pages of one: the same users, in the same order, then no cursor.
        var cursor: PageCursor?
        var paged: [String] = []
        repeat {
            let page = try service.answers(
                category: "meeting_invite", id: meeting, choice: "rsvp", page: .init(limit: 1, cursor: cursor)
            ).page
            paged += page.items.map(\.userId)
            cursor = page.next
        } while cursor != nil
        #expect(paged == expected.answers.map(\.user))
    }

    /// Users answer side by side, each in order: whichever writer commits which event, the
    /// counts equal a recount of every user's own sequence.
    @Test(arguments: Kind.allCases)
    func concurrentUsersOnOneSubjectAreCountedExactly(_ kind: Kind) throws {
        let service = ResponseService(routes: try Self.routes.get(), store: try kind.make())
        let meeting = "m-\(UUID().uuidString.prefix(8))"
        let actions = ["accept", "decline", "maybe", "bookmark", "unbookmark"]
        let sequences = (0..<16).map { user in
            (0..<12).map { index in Step(user: "u-\(user)", action: actions[(user * 7 + index * 3) % actions.count]) }
        }
        let failures = concurrently(sequences.count) { user in
            sequences[user].filter { step in
                (try? service.submit(Self.body(step, meeting: meeting)).wait().get()) == nil
            }
            .count
        }
        #expect(failures.allSatisfy { $0 == 0 })
        let recounts = sequences.map(Recount.init)
        let summary = try service.subject(category: "meeting_invite", id: meeting, user: nil)
        #expect(summary.sets.first?.count == recounts.reduce(0) { $0 + $1.members.count })
        for (value, count) in summary.choices.first?.counts ?? [] {
            #expect(count == recounts.reduce(0) { $0 + $1.count(value) }, "\(value)")
        }
        let members = try service.members(category: "meeting_invite", id: meeting, set: "bookmarks", page: .init())
        #expect(Set(members.page.items.map(\.userId)) == Set(recounts.flatMap(\.members)))
    }

    @Test(arguments: Kind.allCases)
    func subjectsRankWithinTheWindow(_ kind: Kind) throws {
        let store = try kind.make()
        let category = "meeting_invite-\(UUID().uuidString.prefix(6))"
        func join(_ subject: String, _ user: String, at: String) throws {
            let id = UUID().uuidString
            _ = try store.record(
                NewResponse(id: id, userId: user, category: category, action: "bookmark", fingerprint: id)
            ) { effects in
                _ = try effects.toggle(
                    Membership(
                        subject: SubjectRef(category: category, subject: subject), set: "bookmarks", userId: user,
                        responseId: id, at: at), remove: false)
                return "{}"
            }.wait().get()
        }
        try join("a", "u-1", at: "2026-12-01T09:00:00.000Z")
        try join("a", "u-2", at: "2026-12-01T10:00:00.000Z")
        try join("b", "u-1", at: "2026-12-01T10:30:00.000Z")
        try join("b", "u-2", at: "2026-12-01T10:45:00.000Z")
        try join("b", "u-3", at: "2026-12-01T11:00:00.000Z")
        try join("c", "u-1", at: "2026-12-01T10:15:00.000Z")
        let window = SubjectRanking(
            category: category, measure: .set("bookmarks"), from: "2026-12-01T10:00:00.000Z",
            to: "2026-12-01T11:00:00.000Z", limit: 10)
        #expect(
            try store.topSubjects(window)
                == [
                    SubjectTally(subject: "b", count: 2), SubjectTally(subject: "a", count: 1),
                    .init(subject: "c", count: 1),
                ])
        var one = window
        one.limit = 1
        #expect(try store.topSubjects(one) == [SubjectTally(subject: "b", count: 2)])
        one.measure = .list("bookmarks")
        #expect(try store.topSubjects(one) == [])
    }
}
