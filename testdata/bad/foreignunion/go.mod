module example.com/foreignunion

go 1.26.0

require example.com/api v0.0.0

replace example.com/api => ./api
