package directives

func hazard(...any) int { return 0 }

func other() {}

type chainer struct{}

func (chainer) hazard()          {}
func (c chainer) where() chainer { return c }

func chain() chainer { return chainer{} }

func Reported() {
	hazard() // want `hazard`
}

func Suppressed() {
	//idemvet:ignore lostupdate the hazard is accepted here
	hazard()

	hazard() //idemvet:ignore lostupdate a trailing directive covers its own line

	//idemvet:ignore noversion,lostupdate a directive may name several analyzers
	hazard()

	//idemvet:ignore all every analyzer
	hazard()

	//idemvet:ignore lostupdate a directive above a statement covers all its lines
	chain().
		where().
		hazard()

	//idemvet:ignore noversion stacked directives both apply to the statement below
	//idemvet:ignore lostupdate stacked
	hazard()

	//idemvet:ignore lostupdate a statement spanning lines
	_ = []int{
		hazard(),
		hazard(),
	}
}

func NotCovered() {
	// A directive covers the next line, not the one after.
	// want +1 `this idemvet:ignore directive for lostupdate matched no finding; remove it`
	//idemvet:ignore lostupdate too far away

	hazard() // want `hazard`
}

func Stale() {
	// want +1 `this idemvet:ignore directive for lostupdate matched no finding; remove it`
	//idemvet:ignore lostupdate the hazard was fixed long ago
	other()

	// A directive for all analyzers is never reported as stale: no single
	// analyzer can tell.
	//idemvet:ignore all nothing to see
	other()

	// Another analyzer's directive is that analyzer's business.
	//idemvet:ignore noversion not lostupdate's to judge
	other()
}

func Malformed() {
	// want +1 `malformed idemvet:ignore directive: the reason is missing; write //idemvet:ignore lostupdate <reason>`
	//idemvet:ignore lostupdate
	hazard() // want `hazard`

	// want +1 `malformed idemvet:ignore directive: no space is allowed between // and idemvet:ignore`
	// idemvet:ignore lostupdate a space makes it prose
	hazard() // want `hazard`

	// want +1 `malformed idemvet:ignre directive: unknown directive; use //idemvet:ignore or //idemvet:file-ignore`
	//idemvet:ignre lostupdate misspelled verb
	hazard() // want `hazard`

	// want +1 `this idemvet:ignore directive names "lostupdat", which is not an idemvet analyzer; did you mean lostupdate\?`
	//idemvet:ignore lostupdat misspelled analyzer
	hazard() // want `hazard`

	// Prose mentioning the directive is not one:
	// idemvet:ignore is how a finding is suppressed.
	hazard() // want `hazard`
}
