package answer

import (
	"context"
	"time"
)

// Test hooks (batch_test.go).

// HoldBatch waits until the survey's batcher is idle, then stops it from starting a batch
// until ReleaseBatch.
func (s *Service) HoldBatch(surveyID string) {
	b := s.batcherFor(surveyID)
	for {
		b.mu.Lock()
		if b.running == 0 {
			b.running = batchInFlight
			b.mu.Unlock()
			return
		}
		b.mu.Unlock()
		time.Sleep(time.Millisecond)
	}
}

// QueuedBatch is the number of submissions waiting in the survey's batcher.
func (s *Service) QueuedBatch(surveyID string) int {
	b := s.batcherFor(surveyID)
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.queue)
}

// ReleaseBatch writes the queued submissions (in batches of at most batchMax).
func (s *Service) ReleaseBatch(surveyID string) {
	b := s.batcherFor(surveyID)
	b.mu.Lock()
	b.running = 1
	b.mu.Unlock()
	go b.loop()
}

func (s *Service) CounterSum(ctx context.Context, surveyID, key string) (int64, error) {
	return s.counterSum(ctx, surveyID, key)
}
