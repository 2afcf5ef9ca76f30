import ActionHubDomain
import Foundation
import Testing

/// What `routes check` refuses in declarative handlers and subjects, each with its field and words.
@Suite struct DeclarativeRouteTests {
    let loader = RouteLoader(handlers: .standard)

    func errors(_ document: String) -> [String] {
        switch loader.decode(Array(document.utf8), file: "c.json") {
        case .success: return []
        case .failure(let failure): return failure.errors.map { "\($0.field): \($0.message)" }
        }
    }

    /// A meeting category with `actions` spliced in.
    func meeting(_ actions: String, subject: String = #""subject": "meetingId", "#) -> String {
        #"{"category": "m", "requiredUserInfo": ["meetingId"], \#(subject)"actions": [\#(actions)]}"#
    }

    @Test func theShippedMeetingInviteLoadsWithItsSubjectAndDeclarations() throws {
        let category = try #require(try RouteFixtures.shipped().category("meeting_invite"))
        #expect(category.subject == "meetingId")
        #expect(category.declaredSets == ["bookmarks"])
        #expect(category.declaredChoices == ["rsvp"])
        #expect(category.choiceValues("rsvp") == ["yes", "no", "maybe"])
        #expect(category.declaredLists == ["feedback"])
    }

    @Test func aChoiceWithoutValueIsRefused() {
        #expect(
            errors(meeting(#"{"identifier": "a", "title": "A", "handler": "choice", "choice": "rsvp"}"#))
                == ["actions[0].value: is required"])
    }

    @Test func aToggleWithoutSetIsRefused() {
        #expect(
            errors(meeting(#"{"identifier": "a", "title": "A", "handler": "toggle"}"#)) == [
                "actions[0].set: is required"
            ])
    }

    @Test func aSubjectNotInRequiredUserInfoIsRefused() {
        #expect(
            errors(
                meeting(
                    #"{"identifier": "a", "title": "A", "handler": "record"}"#, subject: #""subject": "postId", "#))
                == [#"subject: "postId" must be one of requiredUserInfo, so that every response carries it"#])
    }

    @Test func aStatefulHandlerNeedsTheCategorysSubject() {
        #expect(
            errors(meeting(#"{"identifier": "a", "title": "A", "handler": "toggle", "set": "s"}"#, subject: ""))
                == [
                    #"actions[0].handler: handler "toggle" keeps state per subject; the category must name its "subject" (a requiredUserInfo key)"#
                ])
    }

    @Test func twoActionsOfOneChoiceWithOneValueAreRefused() {
        let actions = """
            {"identifier": "a", "title": "A", "handler": "choice", "choice": "rsvp", "value": "yes"},
            {"identifier": "b", "title": "B", "handler": "choice", "choice": "rsvp", "value": "yes"},
            {"identifier": "c", "title": "C", "handler": "choice", "choice": "other", "value": "yes"}
            """
        #expect(errors(meeting(actions)) == [#"actions[1].value: choice "rsvp" already has value "yes" (action "a")"#])
    }

    @Test func unknownKeysAreNamedWithOrWithoutAKnownHandler() {
        #expect(
            errors(meeting(#"{"identifier": "a", "title": "A", "hander": "record"}"#)) == [
                "actions[0].handler: is required", "actions[0].hander: is not a known field",
            ])
        #expect(
            errors(meeting(#"{"identifier": "a", "title": "A", "handler": "toggle", "set": "s", "sets": "t"}"#)) == [
                #"actions[0].sets: is not a field of an action with handler "toggle""#
            ])
        #expect(
            errors(meeting(#"{"identifier": "a", "title": "A", "handler": "teleport", "set": "s"}"#)).first?.hasPrefix(
                #"actions[0].handler: unknown handler "teleport""#) == true)
        #expect(errors(#"{"category": "m", "subjekt": "x", "actions": []}"#).contains("subjekt: is not a known field"))
    }

    @Test func namesAndFlagsAreChecked() {
        #expect(
            errors(meeting(#"{"identifier": "a", "title": "A", "handler": "toggle", "set": "my set"}"#)) == [
                #"actions[0].set: must be 1 to 64 letters, digits, "_" or "-"; got "my set""#
            ])
        #expect(
            errors(meeting(#"{"identifier": "a", "title": "A", "handler": "toggle", "set": "s", "remove": "yes"}"#))
                == ["actions[0].remove: must be true or false, not string"])
        #expect(
            errors(meeting(#"{"identifier": "a", "title": "A", "handler": "text", "list": "l"}"#)) == [
                #"actions[0].textInput: handler "text" needs a text input"#
            ])
    }

    @Test func invalidJSONIsPlacedByLineAndColumn() {
        let failures = errors("{\"category\": \"m\",\n \"actions\": [\n  {\"identifier\": \"a\",, }]}")
        #expect(failures.count == 1)
        #expect(failures.first?.hasPrefix(": invalid JSON at line 3, column 22: ") == true, "\(failures.first ?? "")")
    }
}
