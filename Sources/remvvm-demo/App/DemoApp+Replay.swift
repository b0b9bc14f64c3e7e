import ReMVVMMiddleware
import ReMVVMStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension DemoApp {
    /// The demo's recordable actions, for `--replay`.
    static let replayer: ActionReplayer = {
        do {
            return try ActionReplayer(types: [
                LoginAction.self, LogoutAction.self, NavigationAction<Screen>.self, UndoAction.self,
                RedoAction.self,
            ])
        } catch {
            preconditionFailure("internal inconsistency: the demo's action types share a name: \(error)")
        }
    }()

    /// Makes the app for `--record`, `--replay`, `--state` and `--idle-timeout`: the log is read and every action in it decoded
    /// before anything else happens (the file being recorded to may be the one replayed), then
    /// the recording starts, then the actions are replayed.
    ///
    /// - Returns: The app, its replay done, or the one error that stops the run; on an error
    ///   nothing was shown.
    static func make(
        style: TextStyle, recordPath: String?, replayPath: String?, statePath: String? = nil,
        idleTimeout: Duration? = nil, clock: any Clock<Duration> = ContinuousClock()
    ) -> Result<DemoApp, CommandError> {
        var replay: (log: ActionLog, path: String)?
        if let replayPath {
            do {
                let log = try ActionLog(contentsOf: URL(fileURLWithPath: replayPath))
                // Every action decodes, or nothing happens; the log is in memory from here on.
                _ = try replayer.actions(in: log)
                replay = (log, replayPath)
            } catch {
                return .failure(.cannotReplay(replayPath, error))
            }
        }
        var recorder: ActionRecorder?
        if let recordPath {
            let made = ActionRecorder(fileURL: URL(fileURLWithPath: recordPath))
            if let failure = made.failure {
                // The path as the user typed it, not made absolute.
                return .failure(
                    .cannotRecord(ActionRecorder.Failure(path: recordPath, reason: failure.reason)))
            }
            recorder = made
        }
        var persistence: StatePersistence<AppState, User?>?
        var restored = AppState(factory: CompositeViewModelFactory(), user: nil)
        var warning: String?
        if let statePath {
            let made = StatePersistence<AppState, User?>(fileURL: URL(fileURLWithPath: statePath), at: \.user)
            do {
                if case .setAside(let url) = try made.restore(into: &restored) {
                    // The new name as the user typed the old one: in the same folder.
                    let folder = statePath.lastIndex(of: "/").map { String(statePath[...$0]) } ?? ""
                    warning =
                        "warning: \(statePath) could not be restored; it was kept as "
                        + "\(folder + url.lastPathComponent), and the session starts logged out\n"
                }
            } catch let error as PersistenceError {
                return .failure(
                    .cannotRestore(
                        PersistenceError(path: statePath, problem: error.problem, reason: error.reason)))
            } catch {
                preconditionFailure(
                    "internal inconsistency: restore(into:) throws only PersistenceError: \(error)")
            }
            persistence = made
        }
        let app = DemoApp(
            style: style, recorder: recorder, persistence: persistence, user: restored.user,
            idleTimeout: idleTimeout, clock: clock)
        if let warning { app.console.err(warning) }
        if let replay { app.replay(replay.log, path: replay.path) }
        return .success(app)
    }

    /// Replays a checked log before the first screen is shown. The screens follow the state as
    /// usual but are not printed: ``start()`` shows the one the replay ended on. What the log
    /// left out, and any warning, goes to standard error.
    ///
    /// Through the middleware: the undo history makes its steps as the actions pass, so an
    /// `undo` after the replay takes back the replayed actions too (a replay by the reducers
    /// alone makes no step), and the navigation moves the screens with the state. Its
    /// middleware dispatch no follow-ups, so nothing happens twice.
    func replay(_ log: ActionLog, path: String) {
        for warning in log.warnings {
            console.err("warning: \(path): \(warning)\n")
        }
        for gap in log.gaps {
            console.err(
                "warning: \(path): line \(gap.lineNumber): a \(gap.typeName) was not recorded; "
                    + "replayed without it\n")
        }
        do {
            try Self.replayer.replay(log, into: store, mode: .throughMiddleware)
        } catch {
            // `make` decoded every action already; a log cannot change in memory.
            preconditionFailure("internal inconsistency: a checked log failed to replay: \(error)")
        }
        for chunk in console.take() where chunk.stream == .standardError {
            console.err(chunk.text)
        }
    }
}
