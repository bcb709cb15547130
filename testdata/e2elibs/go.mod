module github.com/idemvet/idemvet/testdata/e2elibs

go 1.26.0

require (
	github.com/Masterminds/squirrel v1.5.4
	github.com/jinzhu/gorm v1.9.16
	github.com/lib/pq v1.12.3
)

require (
	github.com/jinzhu/inflection v1.0.0 // indirect
	github.com/lann/builder v0.0.0-20180802200727-47ae307949d0 // indirect
	github.com/lann/ps v0.0.0-20150810152359-62de8c46ede0 // indirect
)
