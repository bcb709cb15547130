module example.com/testonly

go 1.26
