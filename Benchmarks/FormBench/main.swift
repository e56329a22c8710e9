import Foundation
import FormBenchAllocationCounting
import FormBenchKit

// formbench is the library's runner with nothing registered: the built-in payloads, or the
// samples of --payload. It counts allocations (its tables and its gate report them), so it
// links the malloc counter that FormBenchKit leaves out.
exit(FormBenchSuite(countingAllocationsWith: MallocCounter()).run())
