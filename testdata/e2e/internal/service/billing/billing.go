// Package billing charges riders and customers. It combines transactions
// (through txutil) with calls to the payment provider, the event bus, the
// receipts gRPC service and the mail relay.
package billing

import (
	"context"
	"database/sql"
	"encoding/json"
	"log"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/emptypb"
	"google.golang.org/protobuf/types/known/structpb"

	"github.com/idemvet/idemvet/testdata/e2e/internal/domain"
	"github.com/idemvet/idemvet/testdata/e2e/internal/notify"
	"github.com/idemvet/idemvet/testdata/e2e/internal/payments"
	"github.com/idemvet/idemvet/testdata/e2e/internal/txutil"
)

type Service struct {
	DB        *sql.DB
	Pool      *pgxpool.Pool
	Payments  *payments.Client
	Events    *notify.Publisher
	Receipts  *notify.ReceiptsClient
	Invoices  notify.InvoiceServiceClient
	Mailer    *notify.Mailer
	Audit     *grpc.ClientConn
	MaxCharge int64
}

// SettleInvoice locks the invoice's account inside the application's own
// WithTx helper and charges the card from the callback.
func (s *Service) SettleInvoice(ctx context.Context, accountID, amount int64) error {
	return txutil.WithTx(ctx, s.DB, func(tx *sql.Tx) error {
		var userID int64
		if err := tx.QueryRowContext(ctx, `SELECT user_id FROM accounts WHERE id = $1 FOR UPDATE`, accountID).Scan(&userID); err != nil {
			return err
		}
		if _, err := s.Payments.Charge(ctx, payments.ChargeRequest{CustomerID: userID, AmountCents: amount, Currency: "EUR"}); err != nil { // HAZARD(lockacrosscall)
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE accounts SET balance = balance + $1 WHERE id = $2`, amount, accountID)
		return err
	})
}

// SettleInvoiceOutbox credits the account and queues the charge in the
// outbox; a worker performs it after commit.
func (s *Service) SettleInvoiceOutbox(ctx context.Context, accountID, amount int64) error {
	payload, err := json.Marshal(map[string]int64{"account_id": accountID, "amount": amount})
	if err != nil {
		return err
	}
	return txutil.WithTx(ctx, s.DB, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE accounts SET balance = balance + $1 WHERE id = $2`, amount, accountID); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO outbox (topic, payload) VALUES ('charges.requested', $1)`, payload) // SAFE(lockacrosscall): outbox insert on the transaction, no network call
		return err
	})
}

// FinishRide marks the ride paid inside txutil.WithPgxTx and emits the
// Kafka event before the helper commits.
func (s *Service) FinishRide(ctx context.Context, rideID, driverID int64) error {
	return txutil.WithPgxTx(ctx, s.Pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE rides SET status = 'paid', updated_at = now() WHERE id = $1 AND status = 'completed'`, rideID)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return domain.ErrConflict
		}
		return s.Events.RideAccepted(ctx, rideID, driverID) // HAZARD(lockacrosscall)
	})
}

// FinishRideAsync commits first and publishes from a goroutine started
// after the commit.
func (s *Service) FinishRideAsync(ctx context.Context, rideID, driverID int64) error {
	err := txutil.WithPgxTx(ctx, s.Pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE rides SET status = 'paid', updated_at = now() WHERE id = $1 AND status = 'completed'`, rideID)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return domain.ErrConflict
		}
		return nil
	})
	if err != nil {
		return err
	}
	go func() {
		if err := s.Events.RideAccepted(context.WithoutCancel(ctx), rideID, driverID); err != nil { // SAFE(lockacrosscall): goroutine started after commit
			log.Printf("publish ride %d: %v", rideID, err)
		}
	}()
	return nil
}

// IssueReceipt records the receipt number and asks the receipts gRPC
// service to send it, both inside the transaction.
func (s *Service) IssueReceipt(ctx context.Context, rideID int64, email string) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck
	var fare int64
	if err := tx.QueryRowContext(ctx, `UPDATE rides SET status = 'receipted', updated_at = now() WHERE id = $1 RETURNING fare_cents`, rideID).Scan(&fare); err != nil {
		return err
	}
	in, err := structpb.NewStruct(map[string]any{"ride_id": rideID, "email": email, "fare_cents": fare})
	if err != nil {
		return err
	}
	if _, err := s.Receipts.SendReceipt(ctx, in); err != nil { // HAZARD(lockacrosscall)
		return err
	}
	return tx.Commit()
}

// InvoiceRide marks the ride invoiced and sends the invoice through the
// Connect client inside the transaction.
func (s *Service) InvoiceRide(ctx context.Context, rideID int64) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck
	if _, err := tx.ExecContext(ctx, `UPDATE rides SET status = 'invoiced', updated_at = now() WHERE id = $1`, rideID); err != nil {
		return err
	}
	in, err := structpb.NewStruct(map[string]any{"ride_id": rideID})
	if err != nil {
		return err
	}
	if _, err := s.Invoices.SendInvoice(ctx, connect.NewRequest(in)); err != nil { // HAZARD(lockacrosscall)
		return err
	}
	return tx.Commit()
}

// InvoiceRideAfterCommit sends the invoice once the transaction committed.
func (s *Service) InvoiceRideAfterCommit(ctx context.Context, rideID int64) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck
	if _, err := tx.ExecContext(ctx, `UPDATE rides SET status = 'invoiced', updated_at = now() WHERE id = $1`, rideID); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	in, err := structpb.NewStruct(map[string]any{"ride_id": rideID})
	if err != nil {
		return err
	}
	_, err = s.Invoices.SendInvoice(ctx, connect.NewRequest(in)) // SAFE(lockacrosscall): sent after commit
	return err
}

// AuditRide updates the ride and calls the audit service through the raw
// ClientConn after commit.
func (s *Service) AuditRide(ctx context.Context, rideID int64) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck
	if _, err := tx.ExecContext(ctx, `UPDATE rides SET updated_at = now() WHERE id = $1`, rideID); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	in, _ := structpb.NewStruct(map[string]any{"ride_id": rideID})
	return s.Audit.Invoke(ctx, "/audit.v1.Audit/Record", in, new(emptypb.Empty)) // SAFE(lockacrosscall): after Commit
}

// DunningNotice books a late fee and e-mails the customer while the
// updated row is still locked (pgx explicit transaction).
func (s *Service) DunningNotice(ctx context.Context, accountID, feeCents int64, email string) error {
	tx, err := s.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx) //nolint:errcheck
	if _, err := tx.Exec(ctx, `UPDATE accounts SET balance = balance - $2, updated_at = now() WHERE id = $1`, accountID, feeCents); err != nil {
		return err
	}
	if err := s.Mailer.Send(email, "Payment overdue", "Your account is overdue."); err != nil { // HAZARD(lockacrosscall)
		return err
	}
	return tx.Commit(ctx)
}

// VerifyCharge reads in a read-only transaction (no FOR UPDATE, no write)
// and fetches the charge's state while it is open.
func (s *Service) VerifyCharge(ctx context.Context, accountID int64, chargeID string) (bool, error) {
	tx, err := s.DB.BeginTx(ctx, &sql.TxOptions{ReadOnly: true, Isolation: sql.LevelRepeatableRead})
	if err != nil {
		return false, err
	}
	defer tx.Rollback() //nolint:errcheck
	var balance int64
	if err := tx.QueryRowContext(ctx, `SELECT balance FROM accounts WHERE id = $1`, accountID).Scan(&balance); err != nil {
		return false, err
	}
	ch, err := s.Payments.GetCharge(ctx, chargeID) // SAFE(lockacrosscall): the transaction holds no row locks and has written nothing
	if err != nil {
		return false, err
	}
	return ch.Status == "succeeded" && balance >= 0, tx.Commit()
}
