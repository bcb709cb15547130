package ignorenodb

// A stale directive is reported even in a package without database
// accesses to check.
func Pure(n int) int {
	// want +1 `this idemvet:ignore directive for lostupdate matched no finding; remove it`
	//idemvet:ignore lostupdate this used to write the counter back
	return n + 1
}
