package notify

import (
	"context"

	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/emptypb"
	"google.golang.org/protobuf/types/known/structpb"
)

// ReceiptsClient is a hand-written stub for the receipts.v1.Receipts gRPC
// service, shaped like protoc-gen-go-grpc output.
type ReceiptsClient struct {
	cc grpc.ClientConnInterface
}

func NewReceiptsClient(cc grpc.ClientConnInterface) *ReceiptsClient {
	return &ReceiptsClient{cc: cc}
}

const receiptsSendMethod = "/receipts.v1.Receipts/SendReceipt"

// SendReceipt asks the receipts service to e-mail a receipt.
func (c *ReceiptsClient) SendReceipt(ctx context.Context, in *structpb.Struct, opts ...grpc.CallOption) (*emptypb.Empty, error) {
	out := new(emptypb.Empty)
	if err := c.cc.Invoke(ctx, receiptsSendMethod, in, out, opts...); err != nil {
		return nil, err
	}
	return out, nil
}
