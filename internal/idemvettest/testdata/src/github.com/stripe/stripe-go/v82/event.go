package stripe

type EventType string

type EventData struct {
	Raw []byte
}

// Event is a webhook event; ID identifies it across redeliveries.
type Event struct {
	ID   string
	Type EventType
	Data *EventData
}
