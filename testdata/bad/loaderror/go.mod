module example.com/loaderror

go 1.24.0
