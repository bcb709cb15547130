package billing

import (
	"context"
	"database/sql"
	"fmt"
	"net/smtp"
	"strconv"

	"github.com/jackc/pgx/v5"
	"github.com/segmentio/kafka-go"
	"google.golang.org/protobuf/types/known/emptypb"
	"google.golang.org/protobuf/types/known/structpb"
)

// The functions below call the network clients directly rather than
// through package notify.

// RecordPayout books a driver payout and writes the Kafka message itself
// from inside pgx.BeginFunc.
func (s *Service) RecordPayout(ctx context.Context, accountID, amount int64) error {
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE accounts SET balance = balance - $2, updated_at = now() WHERE id = $1`, accountID, amount); err != nil {
			return err
		}
		msg := kafka.Message{Key: []byte(strconv.FormatInt(accountID, 10)), Value: []byte(strconv.FormatInt(amount, 10))}
		return s.Events.Kafka.WriteMessages(ctx, msg) // HAZARD(lockacrosscall)
	})
}

// RecordPayoutThenPublish commits, then writes the Kafka message.
func (s *Service) RecordPayoutThenPublish(ctx context.Context, accountID, amount int64) error {
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `UPDATE accounts SET balance = balance - $2, updated_at = now() WHERE id = $1`, accountID, amount)
		return err
	})
	if err != nil {
		return err
	}
	msg := kafka.Message{Key: []byte(strconv.FormatInt(accountID, 10)), Value: []byte(strconv.FormatInt(amount, 10))}
	return s.Events.Kafka.WriteMessages(ctx, msg) // SAFE(lockacrosscall): after BeginFunc committed
}

// CloseAccount zeroes the account and mails the owner with net/smtp before
// committing.
func (s *Service) CloseAccount(ctx context.Context, accountID int64, email string) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck
	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET balance = 0, updated_at = now() WHERE id = $1`, accountID); err != nil {
		return err
	}
	body := fmt.Sprintf("To: %s\r\nSubject: Account closed\r\n\r\nYour account %d is closed.\r\n", email, accountID)
	if err := smtp.SendMail(s.Mailer.Addr, s.Mailer.Auth, s.Mailer.From, []string{email}, []byte(body)); err != nil { // HAZARD(lockacrosscall)
		return err
	}
	return tx.Commit()
}

// FlagRide marks a ride for review and records it with the audit service
// through the raw gRPC ClientConn, inside the transaction.
func (s *Service) FlagRide(ctx context.Context, rideID int64, reason string) error {
	tx, err := s.DB.BeginTx(ctx, &sql.TxOptions{})
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck
	if _, err := tx.ExecContext(ctx, `UPDATE rides SET status = 'flagged', updated_at = now() WHERE id = $1`, rideID); err != nil {
		return err
	}
	in, err := structpb.NewStruct(map[string]any{"ride_id": rideID, "reason": reason})
	if err != nil {
		return err
	}
	if err := s.Audit.Invoke(ctx, "/audit.v1.Audit/Record", in, new(emptypb.Empty)); err != nil { // HAZARD(lockacrosscall)
		return err
	}
	return tx.Commit()
}

// CloseAccountThenNotify commits before mailing the owner.
func (s *Service) CloseAccountThenNotify(ctx context.Context, accountID int64, email string) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck
	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET balance = 0, updated_at = now() WHERE id = $1`, accountID); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	body := fmt.Sprintf("To: %s\r\nSubject: Account closed\r\n\r\nYour account %d is closed.\r\n", email, accountID)
	return smtp.SendMail(s.Mailer.Addr, s.Mailer.Auth, s.Mailer.From, []string{email}, []byte(body)) // SAFE(lockacrosscall): after Commit
}
