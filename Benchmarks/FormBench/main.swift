import Foundation

exit(FormBenchCommand.run(Array(CommandLine.arguments.dropFirst())))
