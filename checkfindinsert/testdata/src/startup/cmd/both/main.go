// Command both writes the template users file at start-up and again from
// an admin endpoint.
package main

import (
	"net/http"
	"os"
)

func main() {
	ensureUsersFile("users.yaml")
	http.HandleFunc("/admin/reset", func(w http.ResponseWriter, r *http.Request) {
		ensureUsersFile("users.yaml")
	})
	http.ListenAndServe(":8080", nil)
}

func ensureUsersFile(path string) {
	if _, err := os.Stat(path); os.IsNotExist(err) {
		os.WriteFile(path, []byte("users: []\n"), 0o600) // want `check-then-insert on file\(path\): another process`
	}
}
