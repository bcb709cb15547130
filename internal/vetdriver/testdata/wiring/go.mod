module example.com/wiring

go 1.26
