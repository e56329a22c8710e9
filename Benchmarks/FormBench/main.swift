import Foundation
import FormBenchKit

// formbench is the library's runner with nothing registered: the built-in payloads, or the
// samples of --payload.
exit(FormBenchSuite().run())
