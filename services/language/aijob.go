package language

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"dwsurvey/models"
	"dwsurvey/services/account"
	"dwsurvey/services/outbox"
	surveysvc "dwsurvey/services/survey"
)

// AI translation jobs: aiAdd writes a job and its outbox event in one transaction; the
// outbox starts TranslationWorkflow `translation:<jobId>` (workflows/translation.go), whose
// activities call PrepareJob, TranslateChunk (one per chunk), FailChunk, FinishJob and
// EndJob. Every step records its result once, so a retried or re-run step changes nothing
// twice and a finished chunk is never sent to the provider again. The survey's own texts are
// never written: the result is the language's draft.

// OutboxKind starts the workflow of a job (key: the job id).
const OutboxKind = "translation.start"

// StartPayload is the payload of OutboxKind.
type StartPayload struct {
	JobID string `json:"jobId"`
}

// Canceller cancels a job's workflow (workflows/starter.Translations).
type Canceller interface {
	CancelTranslation(ctx context.Context, jobID string) error
}

// Limits is the cost guard of AI translation (config ai.*).
type Limits struct {
	// MaxCharsPerRequest bounds the characters of one request (a chunk): 6000 when 0.
	MaxCharsPerRequest int
	// MaxCharsPerDay bounds the characters sent per UTC day, all surveys together: 200000 when 0.
	MaxCharsPerDay int64
}

func (l Limits) perRequest() int {
	if l.MaxCharsPerRequest <= 0 {
		return 6000
	}
	return l.MaxCharsPerRequest
}

func (l Limits) perDay() int64 {
	if l.MaxCharsPerDay <= 0 {
		return 200000
	}
	return l.MaxCharsPerDay
}

// Errors of the chunk activity that end a job (not retried).
var (
	// ErrCancelled: the author cancelled the job.
	ErrCancelled = errors.New("the translation was cancelled")
	// ErrDailyLimit: today's character budget is spent.
	ErrDailyLimit = errors.New("the daily AI translation limit is reached")
)

// InvalidChunkError: the provider's translation of a chunk lost tags or placeholders (retried,
// then the chunk is left untranslated).
type InvalidChunkError struct{ Reason string }

func (e *InvalidChunkError) Error() string { return "the translation was refused: " + e.Reason }

// Untranslated is a text left as the original, with why.
type Untranslated struct {
	LanCode string `json:"lanCode"`
	LanType string `json:"lanType"`
	Reason  string `json:"reason"`
}

// Job is the view of a job.
type Job struct {
	ID           string         `json:"id"`
	SurveyID     string         `json:"surveyId"`
	LanguageCode string         `json:"languageCode"`
	LanguageName string         `json:"languageName"`
	State        string         `json:"state"`
	Chunks       int            `json:"chunks"`
	DoneChunks   int            `json:"doneChunks"`
	FailedChunks int            `json:"failedChunks"`
	Texts        int            `json:"texts"`
	Percent      int            `json:"percent"`
	Untranslated []Untranslated `json:"untranslated"`
	Message      string         `json:"message"`
	CreateDate   string         `json:"createDate"`
	FinishDate   string         `json:"finishDate"`
}

func jobView(j *models.TranslationJob) *Job {
	v := &Job{ID: j.ID, SurveyID: j.SurveyID, LanguageCode: j.LanguageCode, LanguageName: j.LanguageName, State: j.State,
		Chunks: j.Chunks, DoneChunks: j.DoneChunks, FailedChunks: j.FailedChunks, Texts: j.Texts, Message: j.Message,
		CreateDate: models.FormatTime(j.CreatedAt), FinishDate: models.FormatTimePtr(j.FinishedAt), Untranslated: []Untranslated{}}
	if j.Untranslated != "" {
		_ = json.Unmarshal([]byte(j.Untranslated), &v.Untranslated)
	}
	switch {
	case j.State == models.TranslationDone:
		v.Percent = 100
	case j.Chunks > 0:
		v.Percent = (j.DoneChunks + j.FailedChunks) * 100 / j.Chunks
	}
	return v
}

// AIAddInput is the body of app/v6/language/aiAdd. The spec's body also carries
// languageJsonScript: the server reads the texts from the survey itself and ignores it.
type AIAddInput struct {
	SurveyID     string `json:"surveyId" form:"surveyId"`
	LanguageCode string `json:"languageCode" form:"languageCode"`
	LanguageName string `json:"languageName" form:"languageName"`
	// SourceCode is the language of the survey's original texts (optional, e.g. zh-CN).
	SourceCode string `json:"sourceCode" form:"sourceCode"`
}

// MsgGenerationFailed starts every message of a job that failed.
const MsgGenerationFailed = "Generation failed"

// StartAI queues the AI translation of a survey into a language and returns its job; while
// one runs for that survey and language, that one is returned.
func (s *Service) StartAI(ctx context.Context, p *account.Principal, in AIAddInput) (*Job, error) {
	if s.AI == nil {
		return nil, models.Invalid("%s: AI translation is not configured on this server (ai.base_url, ai.key, ai.model)", MsgGenerationFailed)
	}
	code, err := knownCode(in.LanguageCode)
	if err != nil {
		return nil, err
	}
	source := strings.TrimSpace(in.SourceCode)
	if source != "" {
		if source, err = knownCode(source); err != nil {
			return nil, err
		}
	}
	name := strings.TrimSpace(in.LanguageName)
	if name == "" {
		name = CodeName(code)
	}
	if utf8.RuneCountInString(name) > 64 {
		return nil, models.Invalid("languageName is too long (at most 64 characters)")
	}
	sv, src, err := s.sources(ctx, p, in.SurveyID)
	if err != nil {
		return nil, err
	}
	if len(src) == 0 {
		return nil, models.Invalid("%s: the survey has no texts to translate", MsgGenerationFailed)
	}
	var job models.TranslationJob
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("survey_id = ? AND language_code = ? AND state IN ?", sv.ID, code,
			[]string{models.TranslationQueued, models.TranslationRunning}).Order("created_at DESC").Take(&job).Error
		if err == nil {
			return nil
		}
		if !errors.Is(err, gorm.ErrRecordNotFound) {
			return err
		}
		now := s.now()
		job = models.TranslationJob{ID: uuid.NewString(), SurveyID: sv.ID, LanguageCode: code, LanguageName: surveysvc.SanitizeHTML(name),
			SourceCode: source, State: models.TranslationQueued, CreatedBy: p.UserID, CreatedAt: now, UpdatedAt: now}
		if err := tx.Create(&job).Error; err != nil {
			return err
		}
		return outbox.Add(tx, now, outbox.Event{Kind: OutboxKind, Key: job.ID, Payload: StartPayload{JobID: job.ID}})
	})
	if err != nil {
		return nil, err
	}
	outbox.Nudge(s.Outbox)
	return jobView(&job), nil
}

// Status is the latest job of a survey and language (not found when none).
func (s *Service) Status(ctx context.Context, p *account.Principal, surveyID, code string) (*Job, error) {
	sv, err := s.Surveys.Check(ctx, p, surveyID, surveysvc.NeedDesign)
	if err != nil {
		return nil, err
	}
	var j models.TranslationJob
	err = s.DB.WithContext(ctx).Where("survey_id = ? AND language_code = ?", sv.ID, strings.TrimSpace(code)).Order("created_at DESC").Take(&j).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, models.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return jobView(&j), nil
}

// Cancel stops a queued or running job: nothing it translated is saved.
func (s *Service) Cancel(ctx context.Context, p *account.Principal, jobID string) (*Job, error) {
	j, err := s.job(ctx, s.DB, jobID)
	if err != nil {
		return nil, err
	}
	if _, err := s.Surveys.Check(ctx, p, j.SurveyID, surveysvc.NeedDesign); err != nil {
		return nil, err
	}
	if j.State != models.TranslationQueued && j.State != models.TranslationRunning {
		return nil, models.Invalid("the translation has already ended (%s)", j.State)
	}
	now := s.now()
	if err := s.DB.WithContext(ctx).Model(&models.TranslationJob{}).Where("id = ? AND state IN ?", j.ID,
		[]string{models.TranslationQueued, models.TranslationRunning}).
		Updates(map[string]any{"state": models.TranslationCancelled, "message": "Cancelled by the author", "finished_at": now, "updated_at": now}).Error; err != nil {
		return nil, err
	}
	if s.AIWorkflows != nil {
		if err := s.AIWorkflows.CancelTranslation(ctx, j.ID); err != nil {
			return nil, err
		}
	}
	j, err = s.job(ctx, s.DB, jobID)
	if err != nil {
		return nil, err
	}
	return jobView(j), nil
}

func (s *Service) job(ctx context.Context, db *gorm.DB, id string) (*models.TranslationJob, error) {
	var j models.TranslationJob
	err := db.WithContext(ctx).Where("id = ?", strings.TrimSpace(id)).Take(&j).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, models.ErrNotFound
	}
	return &j, err
}

func ended(state string) bool {
	return state == models.TranslationDone || state == models.TranslationFailed || state == models.TranslationCancelled
}

// PrepareJob splits the survey's current texts into chunks of at most the per-request limit
// and returns the number of chunks (once: a prepared job returns its count). A text longer
// than the limit is listed as untranslated.
func (s *Service) PrepareJob(ctx context.Context, jobID string) (int, error) {
	j, err := s.job(ctx, s.DB, jobID)
	if err != nil {
		return 0, err
	}
	if j.Chunks > 0 || ended(j.State) {
		return j.Chunks, nil
	}
	var sv models.Survey
	if err := s.DB.WithContext(ctx).Where("id = ?", j.SurveyID).Take(&sv).Error; err != nil {
		return 0, err
	}
	src, err := s.sourcesOf(ctx, &sv)
	if err != nil {
		return 0, err
	}
	limit := s.Limits.perRequest()
	var chunks []models.TranslationChunk
	var skipped []Untranslated
	cur, keys, chars := map[string]string{}, []string{}, 0
	flush := func() {
		if len(keys) == 0 {
			return
		}
		b, _ := json.Marshal(cur)
		k, _ := json.Marshal(keys)
		chunks = append(chunks, models.TranslationChunk{JobID: j.ID, Seq: len(chunks), Source: string(b), Keys: string(k), Chars: chars, State: models.ChunkPending})
		cur, keys, chars = map[string]string{}, []string{}, 0
	}
	for _, it := range src {
		n := utf8.RuneCountInString(it.LanValue)
		if n > limit {
			skipped = append(skipped, Untranslated{it.LanCode, it.LanType, fmt.Sprintf("longer than the per-request limit of %d characters", limit)})
			continue
		}
		if chars+n > limit {
			flush()
		}
		cur[strconv.Itoa(len(keys)+1)] = it.LanValue
		keys = append(keys, key(it.LanType, it.LanCode))
		chars += n
	}
	flush()
	un, _ := json.Marshal(skipped)
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("job_id = ?", j.ID).Delete(&models.TranslationChunk{}).Error; err != nil {
			return err
		}
		if len(chunks) > 0 {
			if err := tx.CreateInBatches(chunks, 100).Error; err != nil {
				return err
			}
		}
		return tx.Model(&models.TranslationJob{}).Where("id = ? AND state = ?", j.ID, models.TranslationQueued).
			Updates(map[string]any{"state": models.TranslationRunning, "chunks": len(chunks), "texts": len(src), "untranslated": string(un), "updated_at": s.now()}).Error
	})
	return len(chunks), err
}

// TranslateChunk translates chunk seq of a job once: a done or failed chunk returns at once.
// The chunk's characters count against the daily budget on its first call (ErrDailyLimit when
// it would exceed it). Errors: ErrCancelled, ErrDailyLimit and *RefusedError end the job;
// *InvalidChunkError and provider failures are retried by the workflow.
func (s *Service) TranslateChunk(ctx context.Context, jobID string, seq int) error {
	j, err := s.job(ctx, s.DB, jobID)
	if err != nil {
		return err
	}
	if j.State == models.TranslationCancelled {
		return ErrCancelled
	}
	var c models.TranslationChunk
	if err := s.DB.WithContext(ctx).Where("job_id = ? AND seq = ?", j.ID, seq).Take(&c).Error; err != nil {
		return err
	}
	if c.State != models.ChunkPending {
		return nil
	}
	if s.AI == nil {
		return &RefusedError{Message: "AI translation is not configured on this server"}
	}
	day := s.now().Format("2006-01-02")
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var cur models.TranslationChunk
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("job_id = ? AND seq = ?", j.ID, seq).Take(&cur).Error; err != nil {
			return err
		}
		if !cur.Charged {
			if err := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&models.TranslationUsage{Day: day}).Error; err != nil {
				return err
			}
			var u models.TranslationUsage
			if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("day = ?", day).Take(&u).Error; err != nil {
				return err
			}
			if u.Chars+int64(cur.Chars) > s.Limits.perDay() {
				return ErrDailyLimit
			}
			if err := tx.Model(&models.TranslationUsage{}).Where("day = ?", day).Update("chars", gorm.Expr("chars + ?", cur.Chars)).Error; err != nil {
				return err
			}
		}
		return tx.Model(&models.TranslationChunk{}).Where("job_id = ? AND seq = ?", j.ID, seq).
			Updates(map[string]any{"charged": true, "calls": gorm.Expr("calls + 1"), "updated_at": s.now()}).Error
	})
	if err != nil {
		return err
	}
	var texts map[string]string
	if err := json.Unmarshal([]byte(c.Source), &texts); err != nil {
		return err
	}
	to := j.LanguageCode
	if n := CodeName(to); n != "" {
		to = n + " (" + to + ")"
	}
	out, err := s.AI.Translate(ctx, j.SourceCode, to, texts)
	if err != nil {
		return err
	}
	ids := make([]string, 0, len(texts))
	for k := range texts {
		ids = append(ids, k)
	}
	sort.Strings(ids)
	res := map[string]string{}
	for _, k := range ids {
		if why := CheckTranslation(texts[k], out[k]); why != "" {
			return &InvalidChunkError{Reason: "text " + k + ": " + why}
		}
		res[k] = surveysvc.SanitizeHTML(out[k])
	}
	b, _ := json.Marshal(res)
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		r := tx.Model(&models.TranslationChunk{}).Where("job_id = ? AND seq = ? AND state = ?", j.ID, seq, models.ChunkPending).
			Updates(map[string]any{"state": models.ChunkDone, "result": string(b), "message": "", "updated_at": s.now()})
		if r.Error != nil || r.RowsAffected == 0 {
			return r.Error
		}
		return tx.Model(&models.TranslationJob{}).Where("id = ?", j.ID).
			Updates(map[string]any{"done_chunks": gorm.Expr("done_chunks + 1"), "updated_at": s.now()}).Error
	})
}

// FailChunk leaves a pending chunk untranslated with reason (once).
func (s *Service) FailChunk(ctx context.Context, jobID string, seq int, reason string) error {
	if utf8.RuneCountInString(reason) > 900 {
		reason = string([]rune(reason)[:900])
	}
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		r := tx.Model(&models.TranslationChunk{}).Where("job_id = ? AND seq = ? AND state = ?", jobID, seq, models.ChunkPending).
			Updates(map[string]any{"state": models.ChunkFailed, "message": reason, "updated_at": s.now()})
		if r.Error != nil || r.RowsAffected == 0 {
			return r.Error
		}
		return tx.Model(&models.TranslationJob{}).Where("id = ?", jobID).
			Updates(map[string]any{"failed_chunks": gorm.Expr("failed_chunks + 1"), "updated_at": s.now()}).Error
	})
}

// FinishJob saves the translated texts as the language's draft (over the texts it already
// had, so a text left untranslated keeps an earlier translation) and ends the job (once).
func (s *Service) FinishJob(ctx context.Context, jobID string) (*Job, error) {
	j, err := s.job(ctx, s.DB, jobID)
	if err != nil {
		return nil, err
	}
	if ended(j.State) {
		return jobView(j), nil
	}
	var chunks []models.TranslationChunk
	if err := s.DB.WithContext(ctx).Where("job_id = ?", j.ID).Order("seq").Find(&chunks).Error; err != nil {
		return nil, err
	}
	var un []Untranslated
	if j.Untranslated != "" {
		_ = json.Unmarshal([]byte(j.Untranslated), &un)
	}
	got := map[string]string{}
	for _, c := range chunks {
		var keys []string
		_ = json.Unmarshal([]byte(c.Keys), &keys)
		var res map[string]string
		_ = json.Unmarshal([]byte(c.Result), &res)
		for i, k := range keys {
			typ, code, _ := strings.Cut(k, "\x00")
			if c.State == models.ChunkDone {
				got[k] = res[strconv.Itoa(i+1)]
			} else {
				un = append(un, Untranslated{code, typ, c.Message})
			}
		}
	}
	var sv models.Survey
	if err := s.DB.WithContext(ctx).Where("id = ?", j.SurveyID).Take(&sv).Error; err != nil {
		return nil, err
	}
	src, err := s.sourcesOf(ctx, &sv)
	if err != nil {
		return nil, err
	}
	// the draft: earlier texts of the language, then this job's
	var items []Item
	idx := map[string]int{}
	if row, err := s.row(ctx, j.SurveyID, j.LanguageCode); err == nil {
		base := row.Script
		if row.DraftScript != "" {
			base = row.DraftScript
		}
		for _, it := range decodeItems(base) {
			idx[key(it.LanType, it.LanCode)] = len(items)
			items = append(items, it)
		}
	} else if !errors.Is(err, models.ErrNotFound) {
		return nil, err
	}
	for _, it := range src {
		k := key(it.LanType, it.LanCode)
		v, ok := got[k]
		if !ok {
			continue
		}
		if i, ok := idx[k]; ok {
			items[i].LanValue = v
		} else {
			idx[k] = len(items)
			items = append(items, Item{LanCode: it.LanCode, LanType: it.LanType, LanValue: v})
		}
	}
	if _, err := s.store(ctx, j.SurveyID, j.CreatedBy, j.LanguageCode, j.LanguageName, items, src, true); err != nil {
		return nil, err
	}
	if un == nil {
		un = []Untranslated{}
	}
	b, _ := json.Marshal(un)
	msg := ""
	if len(un) > 0 {
		msg = fmt.Sprintf("%d texts were left untranslated", len(un))
	}
	now := s.now()
	if err := s.DB.WithContext(ctx).Model(&models.TranslationJob{}).Where("id = ? AND state IN ?", j.ID,
		[]string{models.TranslationQueued, models.TranslationRunning}).
		Updates(map[string]any{"state": models.TranslationDone, "untranslated": string(b), "message": msg, "finished_at": now, "updated_at": now}).Error; err != nil {
		return nil, err
	}
	j, err = s.job(ctx, s.DB, jobID)
	if err != nil {
		return nil, err
	}
	return jobView(j), nil
}

// EndJob ends a job that will not finish: cancelled, or failed with message ("Generation
// failed: <reason>"). Nothing is saved to the language. Once: an ended job stays as it is.
func (s *Service) EndJob(ctx context.Context, jobID string, cancelled bool, message string) error {
	state := models.TranslationFailed
	if cancelled {
		state, message = models.TranslationCancelled, "Cancelled by the author"
	} else if !strings.HasPrefix(message, MsgGenerationFailed) {
		message = MsgGenerationFailed + ": " + message
	}
	if utf8.RuneCountInString(message) > 900 {
		message = string([]rune(message)[:900])
	}
	now := s.now()
	return s.DB.WithContext(ctx).Model(&models.TranslationJob{}).Where("id = ? AND state IN ?", jobID,
		[]string{models.TranslationQueued, models.TranslationRunning}).
		Updates(map[string]any{"state": state, "message": message, "finished_at": now, "updated_at": now}).Error
}
