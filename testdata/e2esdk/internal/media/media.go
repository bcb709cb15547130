// Package media stores avatars and exports in object storage.
package media

import (
	"bytes"
	"context"
	"database/sql"
	"io"
	"time"

	"cloud.google.com/go/storage"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	awsv1 "github.com/aws/aws-sdk-go/aws"
	s3v1 "github.com/aws/aws-sdk-go/service/s3"
	"github.com/minio/minio-go/v7"

	"github.com/idemvet/idemvet/testdata/e2esdk/internal/dbctx"
	"github.com/idemvet/idemvet/testdata/e2esdk/internal/repo"
)

type Service struct {
	DB       *sql.DB
	Tx       *dbctx.Manager
	Accounts *repo.Accounts
	S3       *s3.Client
	S3v1     *s3v1.S3
	GCS      *storage.Client
	Minio    *minio.Client
	Bucket   string
}

// ReplaceAvatar uploads inside the transaction that records the key.
func (s *Service) ReplaceAvatar(ctx context.Context, id int64, img []byte) error {
	return s.Tx.WithinTransaction(ctx, func(ctx context.Context) error {
		if err := s.Accounts.SetAvatar(ctx, id, "avatars/new"); err != nil {
			return err
		}
		_, err := s.S3.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String(s.Bucket), Key: aws.String("avatars/new"), Body: bytes.NewReader(img)}) // HAZARD(lockacrosscall)
		return err
	})
}

// ReplaceAvatarAfterCommit uploads once the key is committed.
func (s *Service) ReplaceAvatarAfterCommit(ctx context.Context, id int64, img []byte) error {
	if err := s.Tx.WithinTransaction(ctx, func(ctx context.Context) error {
		return s.Accounts.SetAvatar(ctx, id, "avatars/new")
	}); err != nil {
		return err
	}
	_, err := s.S3.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String(s.Bucket), Key: aws.String("avatars/new"), Body: bytes.NewReader(img)}) // SAFE(lockacrosscall): after the transaction
	return err
}

// PresignAvatar signs an upload URL inside the transaction: local work.
func (s *Service) PresignAvatar(ctx context.Context, id int64) (string, error) {
	var url string
	err := s.Tx.WithinTransaction(ctx, func(ctx context.Context) error {
		if err := s.Accounts.SetAvatar(ctx, id, "avatars/pending"); err != nil {
			return err
		}
		req, err := s3.NewPresignClient(s.S3).PresignPutObject(ctx, &s3.PutObjectInput{Bucket: aws.String(s.Bucket), Key: aws.String("avatars/pending")}) // SAFE(lockacrosscall): presigning sends nothing
		if err != nil {
			return err
		}
		url = req.URL
		return nil
	})
	return url, err
}

// ArchiveV1 uploads with the v1 SDK while the row is locked.
func (s *Service) ArchiveV1(ctx context.Context, id int64, data []byte) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE documents SET archived = true WHERE id = $1`, id); err != nil {
		return err
	}
	if _, err := s.S3v1.PutObjectWithContext(ctx, &s3v1.PutObjectInput{Bucket: awsv1.String(s.Bucket), Key: awsv1.String("archive"), Body: bytes.NewReader(data)}); err != nil { // HAZARD(lockacrosscall)
		return err
	}
	return tx.Commit()
}

// ExportGCS writes the export while the job row is locked.
func (s *Service) ExportGCS(ctx context.Context, jobID int64, data []byte) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `SELECT 1 FROM export_jobs WHERE id = $1 FOR UPDATE`, jobID); err != nil {
		return err
	}
	w := s.GCS.Bucket(s.Bucket).Object("export").NewWriter(ctx) // SAFE(lockacrosscall): handles and writers are local until written
	if _, err := io.Copy(w, bytes.NewReader(data)); err != nil {
		return err
	}
	if err := w.Close(); err != nil { // HAZARD(lockacrosscall)
		return err
	}
	return tx.Commit()
}

// ExportMinio uploads to MinIO while the job row is locked, and presigns.
func (s *Service) ExportMinio(ctx context.Context, jobID int64, data []byte) (string, error) {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return "", err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE export_jobs SET state = 'done' WHERE id = $1`, jobID); err != nil {
		return "", err
	}
	u, err := s.Minio.PresignedGetObject(ctx, s.Bucket, "export", time.Hour, nil) // SAFE(lockacrosscall): presigning
	if err != nil {
		return "", err
	}
	if _, err := s.Minio.PutObject(ctx, s.Bucket, "export", bytes.NewReader(data), int64(len(data)), minio.PutObjectOptions{}); err != nil { // HAZARD(lockacrosscall)
		return "", err
	}
	return u.String(), tx.Commit()
}
