package main

import (
	"database/sql"
	"net/http"

	"example.com/testonly/api"
	"example.com/testonly/store"
)

func main() {
	db, err := sql.Open("postgres", "")
	if err != nil {
		panic(err)
	}
	http.Handle("/register", api.Register(store.New(db)))
	http.Handle("/hook", &store.Hook{Store: &store.Store{DB: db}})
	http.ListenAndServe(":8080", nil)
}
