module example.com/dbhelper

go 1.26
