// Package asynq is a stand-in for github.com/hibiken/asynq.
package asynq

import "context"

type Task struct {
	typename string
	payload  []byte
}

func NewTask(typename string, payload []byte) *Task { return &Task{typename, payload} }
func (t *Task) Type() string                        { return t.typename }
func (t *Task) Payload() []byte                     { return t.payload }
func (t *Task) ResultWriter() *ResultWriter         { return &ResultWriter{} }

type ResultWriter struct{ id string }

func (w *ResultWriter) TaskID() string { return w.id }

type ServeMux struct{}

func NewServeMux() *ServeMux                                                                { return &ServeMux{} }
func (mux *ServeMux) HandleFunc(pattern string, handler func(context.Context, *Task) error) {}

func GetTaskID(ctx context.Context) (string, bool) { return "", false }
