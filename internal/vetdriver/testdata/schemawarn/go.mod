module example.com/schemawarn

go 1.26
