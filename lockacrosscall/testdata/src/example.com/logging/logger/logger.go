// Package logger is an application's logger: zap underneath, with its
// own helpers and an interface the services take.
package logger

import (
	"net"

	"go.uber.org/zap"
)

type Logger struct {
	*zap.SugaredLogger
}

func (l *Logger) Audit(event string, userID int64) {
	l.Infow("audit", "event", event, "user", userID)
}

// Sink is the services' logging interface.
type Sink interface {
	Errorw(msg string, keysAndValues ...any)
}

// Alerts sends an alert to the on-call pager over the network itself:
// that is the application's own network call, not logging.
type Alerts struct{ Addr string }

func (a *Alerts) Page(msg string) error {
	c, err := net.Dial("tcp", a.Addr)
	if err != nil {
		return err
	}
	defer c.Close()
	_, err = c.Write([]byte(msg))
	return err
}
