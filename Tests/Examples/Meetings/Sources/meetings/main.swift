import Foundation
import Meetings

// The console runs on the main actor, served by the main thread's run loop. (With `await` at
// the top level, Linux serves the main actor from another thread once the program waits, and
// the store's reducers then cannot read their `@Dependency`s: README, "Library problems".)
Task { @MainActor in exit(await MeetingsConsole.run(arguments: CommandLine.arguments)) }
RunLoop.main.run()
