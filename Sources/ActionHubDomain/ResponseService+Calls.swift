import Basics

extension ResponseService {
    /// The calls of `call` routes: a retry of a stored response is answered from storage without
    /// asking again; otherwise the backend is asked, off the writer and every HTTP worker, and
    /// only a result it answered is stored. Two identical requests in flight at once may both
    /// ask (at least once to the backend); the store keeps the first result and answers it to both.
    func submitCall(_ call: BackendCall, event: ActionEvent, key: NewResponse) throws
        -> Deferred<Result<Submission, any Error>>
    {
        guard let caller else { preconditionFailure("a call plan reached a service without a BackendCaller") }
        let (id, route, store) = (event.id, event.routeKey, store)
        // An erased user's event is refused before the backend is asked about it again.
        if try store.wasErased(id: id) { return .ready(.failure(ResponseErased(id: id, route: route))) }
        if try store.response(id: id) != nil {
            // Known: the store answers the replay (or the conflict) and never calls `perform`.
            let recorded = store.record(key) { _ in throw StoredResponseMissing(id: id) }
            return Self.submission(recorded, id: id, route: route)
        }
        let recorded = Deferred<Result<RecordResult, any Error>> { resolve in
            caller.call(call) { answer in
                switch answer {
                case .result(let result, let receipt):
                    store.record(key) { _ in Self.answer(for: event, result: result, receipt: receipt) }
                        .whenArrived { make in resolve(make()) }
                case .refused(let refusal):
                    resolve(.failure(refusal))
                case .unavailable(let unavailable):
                    resolve(.failure(unavailable))
                }
            }
        }
        return Self.submission(recorded, id: id, route: route)
    }
}

/// A response found stored a moment ago was not there when its replay was recorded (only an
/// erasure between the two does that): the app retries, and the backend is asked then.
struct StoredResponseMissing: Error, CustomStringConvertible {
    var id: String
    var description: String { "response \(id) was stored a moment ago and is not now" }
}
