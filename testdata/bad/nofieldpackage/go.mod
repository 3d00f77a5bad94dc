module example.com/nofieldpackage

go 1.24.0
