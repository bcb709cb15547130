package stalefix

func hazard() {}

func other() {}

func F() {
	// want +1 `this idemvet:ignore directive for lostupdate matched no finding; remove it`
	//idemvet:ignore lostupdate fixed long ago
	other()

	other() //idemvet:ignore lostupdate fixed long ago // want `matched no finding`

	// Naming several analyzers, the directive is left for a person to edit.
	// want +1 `this idemvet:ignore directive for lostupdate matched no finding; remove it`
	//idemvet:ignore lostupdate,noversion two analyzers
	other()

	//idemvet:ignore lostupdate still needed
	hazard()
}
