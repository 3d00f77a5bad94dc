module example.com/api

go 1.26.0
