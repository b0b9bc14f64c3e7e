import Foundation
import Meetings

exit(await MeetingsConsole.run(arguments: CommandLine.arguments))
