package notify

import (
	"context"
	"errors"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/emptypb"
	"google.golang.org/protobuf/types/known/structpb"
)

// InvoiceServiceClient is a client for the invoices.v1.InvoiceService
// Connect service, shaped like protoc-gen-connect-go output: the
// interface, its constructor over a connect.HTTPClient, an unexported
// implementation holding one connect.Client per procedure, and the handler
// interface with its Unimplemented defaults.
type InvoiceServiceClient interface {
	SendInvoice(context.Context, *connect.Request[structpb.Struct]) (*connect.Response[emptypb.Empty], error)
}

func NewInvoiceServiceClient(httpClient connect.HTTPClient, baseURL string, opts ...connect.ClientOption) InvoiceServiceClient {
	return &invoiceServiceClient{
		sendInvoice: connect.NewClient[structpb.Struct, emptypb.Empty](httpClient, baseURL+"/invoices.v1.InvoiceService/SendInvoice", opts...),
	}
}

type invoiceServiceClient struct {
	sendInvoice *connect.Client[structpb.Struct, emptypb.Empty]
}

// SendInvoice calls invoices.v1.InvoiceService.SendInvoice.
func (c *invoiceServiceClient) SendInvoice(ctx context.Context, req *connect.Request[structpb.Struct]) (*connect.Response[emptypb.Empty], error) {
	return c.sendInvoice.CallUnary(ctx, req)
}

// InvoiceServiceHandler is the server side of the same service.
type InvoiceServiceHandler interface {
	SendInvoice(context.Context, *connect.Request[structpb.Struct]) (*connect.Response[emptypb.Empty], error)
}

// UnimplementedInvoiceServiceHandler returns CodeUnimplemented from all methods.
type UnimplementedInvoiceServiceHandler struct{}

func (UnimplementedInvoiceServiceHandler) SendInvoice(context.Context, *connect.Request[structpb.Struct]) (*connect.Response[emptypb.Empty], error) {
	return nil, connect.NewError(connect.CodeUnimplemented, errors.New("invoices.v1.InvoiceService.SendInvoice is not implemented"))
}
