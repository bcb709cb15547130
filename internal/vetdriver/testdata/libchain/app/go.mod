module example.com/app

go 1.26

require (
	example.com/dbhelper v0.0.0
	gorm.io/wrapper v0.0.0
)

replace (
	example.com/dbhelper => ../dbhelper
	gorm.io/wrapper => ../wrapper
)
