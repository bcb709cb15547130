package directives

// want +1 `this idemvet:file-ignore directive for lostupdate matched no finding in this file; remove it`
//idemvet:file-ignore lostupdate nothing here any more

func NothingHere() { other() }
