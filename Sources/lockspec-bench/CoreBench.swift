/// Unlock latency of AppLockCore (filled in with the core).
func runCoreBench(_ arguments: [String]) {}
