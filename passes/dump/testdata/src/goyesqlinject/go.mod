module goyesqlinject

go 1.22
