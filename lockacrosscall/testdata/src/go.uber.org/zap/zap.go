// Package zap is a stand-in for go.uber.org/zap: a logger whose sink may
// ship entries over the network (a TLS syslog or log collector core).
package zap

import "net"

type SugaredLogger struct{ addr string }

func (s *SugaredLogger) write(msg string) {
	c, err := net.Dial("tcp", s.addr)
	if err != nil {
		return
	}
	defer c.Close()
	c.Write([]byte(msg))
}

func (s *SugaredLogger) Infow(msg string, keysAndValues ...any)  { s.write(msg) }
func (s *SugaredLogger) Errorw(msg string, keysAndValues ...any) { s.write(msg) }

type Logger struct{ s *SugaredLogger }

func (l *Logger) Sugar() *SugaredLogger { return l.s }
