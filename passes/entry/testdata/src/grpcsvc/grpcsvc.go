package grpcsvc

import (
	"context"

	"grpcsvc/pb"
)

type server struct {
	pb.UnimplementedUsersServer
}

func (s *server) Get(ctx context.Context, req *pb.GetRequest) (*pb.GetReply, error) { // want `yes: the gRPC method grpcsvc.server.Get`
	s.lookup()
	return nil, nil
}

func (s *server) lookup() {} // want `yes: reached from the gRPC method`

type plain struct{}

func (p *plain) Get(ctx context.Context, req *pb.GetRequest) (*pb.GetReply, error) { // want `unknown: grpcsvc.plain.Get is exported`
	return nil, nil
}
