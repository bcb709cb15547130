// Package pb stands for generated gRPC code.
package pb

import (
	"context"

	"google.golang.org/grpc"
)

type GetRequest struct{}
type GetReply struct{}

type UsersServer interface {
	Get(context.Context, *GetRequest) (*GetReply, error)
}

type UnimplementedUsersServer struct{}

func (UnimplementedUsersServer) Get(context.Context, *GetRequest) (*GetReply, error) { return nil, nil }

var _ grpc.CallOption
