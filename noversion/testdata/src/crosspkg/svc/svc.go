package svc

import (
	"context"
	"errors"

	"crosspkg/repo"
)

type Dispatch struct{ rides *repo.Rides }

func (d *Dispatch) Accept(ctx context.Context, ride, driver int64) error {
	_, err := d.rides.Accept(ctx, ride, driver) // want `compare-and-set on rides.status ignores rows affected`
	return err
}

// ---- silent ----

func (d *Dispatch) AcceptChecked(ctx context.Context, ride, driver int64) error {
	n, err := d.rides.Accept(ctx, ride, driver) // ok: tested
	if err != nil {
		return err
	}
	if n == 0 {
		return errors.New("taken")
	}
	return nil
}

func (d *Dispatch) Cancel(ctx context.Context, ride int64) error {
	return d.rides.Cancel(ctx, ride) // ok: reported in the repository
}
