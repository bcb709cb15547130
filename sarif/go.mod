module github.com/idemvet/idemvet/sarif

go 1.26.0

require (
	github.com/idemvet/idemvet v0.0.0-00010101000000-000000000000
	github.com/owenrumney/go-sarif/v3 v3.3.1
	github.com/xeipuuv/gojsonschema v1.2.0
	golang.org/x/tools v0.52.0
)

require (
	github.com/xeipuuv/gojsonpointer v0.0.0-20180127040702-4e3ac2762d5f // indirect
	github.com/xeipuuv/gojsonreference v0.0.0-20180127040603-bd5ef7bd5415 // indirect
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
)

replace github.com/idemvet/idemvet => ../
