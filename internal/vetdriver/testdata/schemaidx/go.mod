module example.com/schemaidx

go 1.26
