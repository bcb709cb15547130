// Package inflight: a media server's thumbnailer, which generates each
// thumbnail once per process: a map of the paths being generated, under a
// mutex, in which the first request registers itself and the others wait
// for it; and the same work done once per key with singleflight.
package inflight

import (
	"errors"
	"net/http"
	"os"
	"sync"

	"golang.org/x/sync/singleflight"
)

// Path is a file path on the media store.
type Path string

// GenerationResult is what the generating request hands to the waiters.
type GenerationResult struct {
	Cond *sync.Cond
	Err  error
}

// ActiveGeneration is a lockable map of the paths being generated.
type ActiveGeneration struct {
	sync.Mutex
	PathToResult map[string]*GenerationResult
}

// getActiveGeneration registers the caller as the generator of dst, or
// waits for the request that is.
func getActiveGeneration(dst Path, active *ActiveGeneration, max int) (isActive, busy bool, err error) {
	active.Lock()
	defer active.Unlock()
	if res, ok := active.PathToResult[string(dst)]; ok {
		res.Cond.Wait() // Wait unlocks and locks again
		return false, false, res.Err
	}
	if len(active.PathToResult) >= max {
		return false, true, nil
	}
	active.PathToResult[string(dst)] = &GenerationResult{Cond: &sync.Cond{L: active}}
	return true, false, nil
}

// broadcastGeneration wakes the waiters and removes dst from the map.
func broadcastGeneration(dst Path, active *ActiveGeneration, err error) {
	active.Lock()
	defer active.Unlock()
	if res, ok := active.PathToResult[string(dst)]; ok {
		res.Err = err
		res.Cond.Broadcast()
	}
	delete(active.PathToResult, string(dst))
}

// markActive records dst and says whether it was new, without waiting for
// the request that holds it: an in-flight set.
func markActive(dst Path, active *ActiveGeneration) bool {
	active.Lock()
	defer active.Unlock()
	if _, ok := active.PathToResult[string(dst)]; ok {
		return false
	}
	active.PathToResult[string(dst)] = &GenerationResult{}
	return true
}

func exists(dst Path) bool {
	_, err := os.Stat(string(dst))
	return !os.IsNotExist(err)
}

func thumbnailPath(src Path, size string) Path { return src + Path("."+size) }

// ---- silent ----

// createThumbnail is dendrite's shape: the check and the create run after
// the caller registered itself for dst, or waited for the request that had.
func createThumbnail(src Path, size string, img []byte, active *ActiveGeneration) (busy bool, errorReturn error) {
	dst := thumbnailPath(src, size)
	isActive, busy, err := getActiveGeneration(dst, active, 10)
	if err != nil {
		return false, err
	}
	if busy {
		return true, nil
	}
	if isActive {
		defer func() { broadcastGeneration(dst, active, errorReturn) }()
	}
	if exists(dst) {
		return false, nil
	}
	return false, os.WriteFile(string(dst), img, 0o644) // ok: generated once per path in the process
}

var group singleflight.Group

// createOnce does the check and the create in a singleflight callback:
// one call per path at a time in the process.
func createOnce(dst Path, img []byte) error {
	_, err, _ := group.Do(string(dst), func() (interface{}, error) {
		if exists(dst) {
			return nil, nil
		}
		return nil, os.WriteFile(string(dst), img, 0o644) // ok: inside the singleflight callback
	})
	return err
}

// createIfMarked goes on only when it recorded dst itself.
func createIfMarked(dst Path, img []byte, active *ActiveGeneration) error {
	if !markActive(dst, active) {
		return errBusy
	}
	defer broadcastGeneration(dst, active, nil)
	if exists(dst) {
		return nil
	}
	return os.WriteFile(string(dst), img, 0o644) // ok: only the request that recorded dst gets here
}

var errBusy = errors.New("being generated")

// ---- reported ----

// createOtherKey registers the source, not the thumbnail it creates.
func createOtherKey(src Path, size string, img []byte, active *ActiveGeneration) (busy bool, errorReturn error) {
	dst := thumbnailPath(src, size)
	isActive, busy, err := getActiveGeneration(src, active, 10)
	if err != nil || busy {
		return busy, err
	}
	if isActive {
		defer func() { broadcastGeneration(src, active, errorReturn) }()
	}
	if exists(dst) {
		return false, nil
	}
	return false, os.WriteFile(string(dst), img, 0o644) // want `check-then-insert on file\(path\)`
}

// createCheckedFirst checks before it registers.
func createCheckedFirst(src Path, size string, img []byte, active *ActiveGeneration) (busy bool, errorReturn error) {
	dst := thumbnailPath(src, size)
	if exists(dst) {
		return false, nil
	}
	isActive, busy, err := getActiveGeneration(dst, active, 10)
	if err != nil || busy {
		return busy, err
	}
	if isActive {
		defer func() { broadcastGeneration(dst, active, errorReturn) }()
	}
	return false, os.WriteFile(string(dst), img, 0o644) // want `check-then-insert on file\(path\)`
}

// createMarked records the path but ignores whether it got it: a second
// request goes on to check and create beside the first.
func createMarked(dst Path, img []byte, active *ActiveGeneration) error {
	markActive(dst, active)
	defer broadcastGeneration(dst, active, nil)
	if exists(dst) {
		return nil
	}
	return os.WriteFile(string(dst), img, 0o644) // want `check-then-insert on file\(path\)`
}

// createMarkedBoth creates on both sides of the test.
func createMarkedBoth(dst Path, img []byte, active *ActiveGeneration) error {
	if !markActive(dst, active) {
		if exists(dst) {
			return nil
		}
		return os.WriteFile(string(dst), img, 0o644) // want `check-then-insert on file\(path\)`
	}
	defer broadcastGeneration(dst, active, nil)
	return nil
}

func thumbnail(w http.ResponseWriter, r *http.Request) {
	active := &ActiveGeneration{PathToResult: map[string]*GenerationResult{}}
	src := Path(r.FormValue("media"))
	createThumbnail(src, "32x32", nil, active)
	createOnce(src, nil)
	createOtherKey(src, "32x32", nil, active)
	createCheckedFirst(src, "32x32", nil, active)
	createMarked(src, nil, active)
	createIfMarked(src, nil, active)
	createMarkedBoth(src, nil, active)
}
