package store

import "context"

// fakeObjects records puts in tests.
type fakeObjects struct{ keys []string }

func (f *fakeObjects) Put(ctx context.Context, key string, data []byte) error {
	f.keys = append(f.keys, key)
	return nil
}
