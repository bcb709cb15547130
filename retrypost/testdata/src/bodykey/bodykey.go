// Package bodykey posts usage events whose JSON body carries the event's
// own id, which the ingestion API accepts once: a retry of the same
// encoded body is deduplicated, one re-encoding a fresh id is not.
package bodykey

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
)

type UsageEvent struct {
	ID       string `json:"event_id"`
	Customer string `json:"customer"`
	Units    int    `json:"units"`
}

type Reading struct {
	Meter string  `json:"meter"`
	Value float64 `json:"value"`
}

const endpoint = "https://metering.example.com/v1/events"

// Ingest retries a body encoded once from an event its caller built.
func Ingest(client *http.Client, ev UsageEvent) error {
	data, err := json.Marshal(ev)
	if err != nil {
		return err
	}
	for attempt := 0; attempt < 4; attempt++ {
		req, err := http.NewRequest("POST", endpoint, bytes.NewBuffer(data))
		if err != nil {
			return err
		}
		resp, err := client.Do(req) // ok: the body carries the event's id, the same on every attempt
		if err == nil && resp.StatusCode < 300 {
			return resp.Body.Close()
		}
		time.Sleep(time.Duration(attempt) * time.Second)
	}
	return errors.New("gave up")
}

// IngestUnits builds the event, with its id, once before the loop.
func IngestUnits(client *http.Client, customer string, units int) error {
	data, err := json.Marshal(&UsageEvent{ID: uuid.NewString(), Customer: customer, Units: units})
	if err != nil {
		return err
	}
	for attempt := 0; attempt < 4; attempt++ {
		req, _ := http.NewRequest(http.MethodPost, endpoint, strings.NewReader(string(data)))
		if resp, err := client.Do(req); err == nil { // ok: an id minted once
			return resp.Body.Close()
		}
	}
	return errors.New("gave up")
}

// ---- reported ----

// IngestFresh mints the event's id inside the retried code.
func IngestFresh(client *http.Client, customer string, units int) error {
	for attempt := 0; attempt < 4; attempt++ {
		ev := UsageEvent{ID: uuid.NewString(), Customer: customer, Units: units}
		data, err := json.Marshal(ev)
		if err != nil {
			return err
		}
		req, _ := http.NewRequest("POST", endpoint, bytes.NewReader(data))
		if resp, err := client.Do(req); err == nil { // want `idempotency key is regenerated on every attempt \(uuid.NewString at`
			return resp.Body.Close()
		}
	}
	return errors.New("gave up")
}

// Record posts a reading that has no id of its own.
func Record(client *http.Client, r Reading) error {
	data, err := json.Marshal(r)
	if err != nil {
		return err
	}
	for attempt := 0; attempt < 4; attempt++ {
		req, _ := http.NewRequest("POST", endpoint, bytes.NewReader(data))
		if resp, err := client.Do(req); err == nil { // want `POST to https://metering.example.com/v1/events is retried by the loop at bodykey.go:\d+ without an idempotency key`
			return resp.Body.Close()
		}
	}
	return errors.New("gave up")
}
