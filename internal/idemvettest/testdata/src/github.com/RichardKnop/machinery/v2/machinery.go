// Package machinery is a stand-in for github.com/RichardKnop/machinery/v2.
package machinery

type Server struct{}

func (server *Server) RegisterTask(name string, taskFunc interface{}) error { return nil }

func (server *Server) RegisterTasks(namedTaskFuncs map[string]interface{}) error { return nil }

type Worker struct{}

func (server *Server) NewWorker(consumerTag string, concurrency int) *Worker { return &Worker{} }

func (worker *Worker) Launch() error { return nil }
