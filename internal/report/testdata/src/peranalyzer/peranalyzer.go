// Package peranalyzer is seen by a checker named noversion: it judges the
// directives naming noversion and no others.
package peranalyzer

func hazard() {}

func other() {}

func F() {
	// Matched for noversion.
	//idemvet:ignore lostupdate,noversion both
	hazard()

	// want +1 `this idemvet:ignore directive for noversion matched no finding; remove it`
	//idemvet:ignore lostupdate,noversion lostupdate may match here, noversion does not
	other()

	// lostupdate's directive is not noversion's to judge.
	//idemvet:ignore lostupdate stale for lostupdate, but silent here
	other()

	// A misspelling is reported by the analyzer whose name is closest.
	//idemvet:ignore lostupdat lostupdate reports this one
	other()

	// want +1 `names "noversoin", which is not an idemvet analyzer; did you mean noversion\?`
	//idemvet:ignore noversoin noversion reports this one
	hazard() // want `hazard`

	// Malformed directives are reported by each analyzer they name.
	// want +1 `malformed idemvet:ignore directive: the reason is missing`
	//idemvet:ignore noversion
	other()
}
