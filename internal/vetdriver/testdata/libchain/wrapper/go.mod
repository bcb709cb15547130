module gorm.io/wrapper

go 1.26

require example.com/dbhelper v0.0.0

replace example.com/dbhelper => ../dbhelper
