package directives

//idemvet:file-ignore lostupdate this file is a fixture replayed by one process

func InIgnoredFile() {
	hazard()
}
