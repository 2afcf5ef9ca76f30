#if canImport(BackgroundTasks) || canImport(AppleSDKStandIn)
    import Foundation
    #if canImport(BackgroundTasks)
        import BackgroundTasks
    #else
        import AppleSDKStandIn
    #endif

    // Retries while the app is not running: a response that could not be delivered in-line
    // (offline on the lock screen) waits in the outbox; an app-refresh task lets iOS run a pass
    // later without the user opening the app.
    extension ActionHub {
        /// Registers the app-refresh task. Call before launch ends, once, with an identifier listed
        /// under `BGTaskSchedulerPermittedIdentifiers` in Info.plist (and the "Background fetch"
        /// background mode). Returns what `BGTaskScheduler.register` returned.
        @discardableResult
        public nonisolated func registerAppRefresh(identifier: String) -> Bool {
            BGTaskScheduler.shared.register(forTaskWithIdentifier: identifier, using: nil) { task in
                let refresh = RefreshTask(task)
                let pass = Task {
                    let next = await self.deliverDueNow()
                    Self.requestAppRefresh(identifier: identifier, at: next)
                    refresh.complete(success: !Task.isCancelled)
                }
                task.expirationHandler = { pass.cancel() }
            }
        }

        /// Asks iOS for the next refresh when something waits in the outbox (call as the app goes
        /// to the background); nothing is asked for when it is empty.
        public func scheduleAppRefresh(identifier: String) {
            let waiting = outbox.pending().map(\.state.notBefore).min()
            guard waiting != nil || !outbox.sending().isEmpty else { return }
            Self.requestAppRefresh(identifier: identifier, at: waiting ?? Date())
        }

        nonisolated static func requestAppRefresh(identifier: String, at date: Date?) {
            guard let date else { return }
            let request = BGAppRefreshTaskRequest(identifier: identifier)
            request.earliestBeginDate = date
            // Refused when the app is not allowed background refresh: the next launch delivers.
            try? BGTaskScheduler.shared.submit(request)
        }
    }

    /// The system's task, completed from the pass's task: `setTaskCompleted` may be called from any
    /// thread, the framework's class is just not marked Sendable.
    private final class RefreshTask: @unchecked Sendable {
        private let task: BGTask
        init(_ task: BGTask) { self.task = task }
        func complete(success: Bool) { task.setTaskCompleted(success: success) }
    }
#endif
