// Package answer is the respondent side: the ordered gates of a survey (one function for
// loading and submitting), submission with re-validation by the Go engine, idempotency,
// caps and quotas, and the reads around answers (resume, rankings, vote counts).
package answer

import (
	"bytes"
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/outbox"
	"dwsurvey/services/ratelimit"
	surveysvc "dwsurvey/services/survey"
	lang "dwsurvey/survey"
)

// CollectionNotifier is told, after commit, that a survey's answer cap or one of its quotas
// became full. The collection workflow (a later issue) implements it.
type CollectionNotifier interface {
	CollectionFull(ctx context.Context, surveyID, what string)
}

// NoopNotifier ignores notifications.
type NoopNotifier struct{}

// CollectionFull does nothing.
func (NoopNotifier) CollectionFull(context.Context, string, string) {}

// RegionLookup maps a client address to province and city ("" when unknown).
type RegionLookup func(ip string) (province, city string)

// Service implements answering.
type Service struct {
	DB *gorm.DB
	// Surveys gives the access rule for owner/collaborator reads.
	Surveys *surveysvc.Service
	Limiter *ratelimit.Limiter
	// Loc is the server time zone for anStartTime/anEndTime (UTC when nil).
	Loc      *time.Location
	Now      func() time.Time
	Notifier CollectionNotifier
	// Events are the features that write outbox events with each submitted answer (events.go);
	// Outbox is nudged after a commit that wrote some.
	Events []SubmitEvents
	// RowFeatures store rows of their own with each submitted answer (events.go).
	RowFeatures []SubmitRows
	// OpenLottery names the survey's open instant lottery for the answer page
	// (surveyJson.lotteryAttr; nil or "": none).
	OpenLottery func(ctx context.Context, surveyID string) string
	Outbox      outbox.Nudger
	Region      RegionLookup
	// PwdMaxFailures wrong answer passwords per client address and survey in PwdWindow.
	PwdMaxFailures int
	PwdWindow      time.Duration
	// PwdSurveyMaxFailures wrong answer passwords of a survey from ALL addresses together in
	// PwdWindow stop every password attempt on it until the window ends (default 5 x
	// PwdMaxFailures): spreading guesses over many addresses does not help.
	PwdSurveyMaxFailures int
	// ProbeLimit lookups of unknown survey ids per client address in ProbeWindow (probe.go).
	ProbeLimit  int
	ProbeWindow time.Duration
	// Weixin starts the in-WeChat identification of respondents of WeChat-only surveys
	// (signin.Service; nil: WeChat is not configured and such surveys cannot be answered).
	Weixin WeixinAuth

	once  sync.Once
	mysql bool
	docs  *boundedCache // surveyID:version -> *pubDoc (at most maxCachedDocs)
	// batchers: surveyID -> *batcher (group commit of submissions, batch.go)
	batchers  *boundedCache
	gateCache *boundedCache // survey id or sid -> *gateEntry (submit fast path)
	// NoBatch writes every submission in its own transaction (no group commit).
	NoBatch bool
}

// Bounds of the in-memory caches (entries; see boundedCache).
const (
	maxCachedDocs    = 500
	maxCachedSurveys = 10000
)

func (s *Service) init() {
	s.once.Do(func() {
		s.docs, s.batchers, s.gateCache = newBoundedCache(maxCachedDocs), newBoundedCache(maxCachedSurveys), newBoundedCache(maxCachedSurveys)
		s.mysql = s.DB.Dialector.Name() == "mysql"
		if s.Notifier == nil {
			s.Notifier = NoopNotifier{}
		}
		if s.PwdMaxFailures <= 0 {
			s.PwdMaxFailures = 10
		}
		if s.PwdWindow <= 0 {
			s.PwdWindow = 15 * time.Minute
		}
		if s.PwdSurveyMaxFailures <= 0 {
			s.PwdSurveyMaxFailures = 5 * s.PwdMaxFailures
		}
		if s.ProbeLimit <= 0 {
			s.ProbeLimit = DefaultProbeLimit
		}
		if s.ProbeWindow <= 0 {
			s.ProbeWindow = DefaultProbeWindow
		}
		if s.Loc == nil {
			s.Loc = time.UTC
		}
		if s.Limiter == nil {
			s.Limiter = &ratelimit.Limiter{DB: s.DB, Now: s.Now}
		}
	})
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

// pubDoc is a parsed, frozen published version (immutable, cached per survey+version).
type pubDoc struct {
	doc      *lang.Survey
	eng      *lang.Engine
	safeText string
	// texts quote answers: review documents are rendered per answer (lang.PipeDocument) from
	// the served (stripped) document with one Piper; nil without placeholders
	stripped  *lang.Survey
	piper     *lang.Piper
	attrs     attrs
	qtypes    map[string]string // quDwId -> quType
	quotaKeys []string          // engine storage keys of the document's quotas
	quNum     int
	manual    []lang.ManualItem // hand-graded questions (scored surveys)
	// hasSolutions: the document has SOLUTION rules (stripped from the served text; the answer
	// page asks save-solution.do after submit only then)
	hasSolutions bool
}

// attrs are the access-limit blocks of surveyAttrs, decoded once.
type attrs struct {
	bro, ip        limitAttr
	ipRanges       []ipRange
	startOn, endOn bool
	start, end     time.Time
	endNum         int // 0 = no cap
	pwdOn          bool
	pwd            string
	pwdAnNum       int
	captchaOn      bool
	captchaNum     int
	contactOn      bool
	contactWho     string // contactAttr.whoAn (contact.go)
	contactMax     int    // answers per person (0: no limit)
	weixinOn       bool
	weixinMax      int  // answers per WeChat user (weixinAttr.anNum; 0: no limit)
	voteRank       bool // voteAttr.showVoteRankList (on when absent); counts are public only for vote surveys
	scoreTop       bool // scoreAttr.showTopSum (true or {"enabled": true}): the score ranking is public
	// from the collection settings (services/collect): deny-list IP mode, bulk passwords
	ipDeny  bool
	bulkPwd bool
}

type limitAttr struct {
	Enabled lang.Bool `json:"enabled"`
	AnNum   lang.Num  `json:"anNum"`
}

type ipAttr struct {
	limitAttr
	IPRanges lang.StrList    `json:"ipRanges"`
	OnlyIps  json.RawMessage `json:"onlyIps"`
}

type timeAttr struct {
	Enabled   lang.Bool `json:"enabled"`
	StartTime lang.Str  `json:"startTime"`
	EndTime   lang.Str  `json:"endTime"`
}

type endNumAttr struct {
	Enabled lang.Bool `json:"enabled"`
	EndNum  lang.Num  `json:"endNum"`
}

func decode(raw json.RawMessage, v any) {
	if len(raw) > 0 {
		_ = json.Unmarshal(raw, v)
	}
}

// parseTime reads "yyyy-MM-dd HH:mm:ss" (or ISO 8601, or a date) in loc.
func parseTime(v string, loc *time.Location) (time.Time, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return time.Time{}, false
	}
	for _, f := range []string{"2006-01-02 15:04:05", "2006-01-02 15:04", "2006-01-02T15:04:05", "2006-01-02"} {
		if t, err := time.ParseInLocation(f, v, loc); err == nil {
			return t.UTC(), true
		}
	}
	if t, err := time.Parse(time.RFC3339, v); err == nil {
		return t.UTC(), true
	}
	return time.Time{}, false
}

func (s *Service) buildAttrs(d *lang.Survey) attrs {
	var a attrs
	// surveyAttrs is the only truth when the document has it; the legacy surveyDetail fields
	// count only for documents without it (lang.GateAttrs).
	sa := d.GateAttrs()
	decode(sa.AnBroAttr, &a.bro)
	var ia ipAttr
	decode(sa.AnIPAttr, &ia)
	a.ip = ia.limitAttr
	ranges := []string(ia.IPRanges)
	var only []string
	if json.Unmarshal(ia.OnlyIps, &only) == nil {
		ranges = append(ranges, only...)
	}
	for _, r := range ranges {
		if ir, ok := parseIPRange(r); ok {
			a.ipRanges = append(a.ipRanges, ir)
		}
	}
	var st, et timeAttr
	decode(sa.AnStartTimeAttr, &st)
	decode(sa.AnEndTimeAttr, &et)
	if st.Enabled {
		a.start, a.startOn = parseTime(string(st.StartTime), s.Loc)
	}
	if et.Enabled {
		a.end, a.endOn = parseTime(string(et.EndTime), s.Loc)
	}
	var en endNumAttr
	decode(sa.AnEndNumAttr, &en)
	if en.Enabled && en.EndNum > 0 {
		a.endNum = int(en.EndNum)
	}
	if p := sa.AnPwdAttr; p != nil && bool(p.Enabled) {
		a.pwdOn, a.pwd, a.pwdAnNum = true, strings.TrimSpace(string(p.AnPwdCode)), int(p.AnNum)
	}
	if r := sa.AnRefreshAttr; r != nil && bool(r.RandomCode) {
		a.captchaOn, a.captchaNum = true, int(r.RandomCodeNum)
		if a.captchaNum <= 0 {
			a.captchaNum = 3
		}
	}
	decodeContactAttr(sa.ContactAttr, &a)
	var wx weixinAttr
	decode(sa.WeixinAttr, &wx)
	a.weixinOn = bool(wx.Enabled)
	if a.weixinOn && wx.AnNum != nil {
		a.weixinMax = max(0, int(*wx.AnNum))
	}
	a.voteRank = sa.VoteAttr == nil || sa.VoteAttr.ShowVoteRankList == nil || bool(*sa.VoteAttr.ShowVoteRankList)
	if sc := sa.ScoreAttr; sc != nil && len(sc.ShowTopSum) > 0 {
		var on lang.Bool
		if len(bytes.TrimSpace(sc.ShowTopSum)) > 0 && bytes.TrimSpace(sc.ShowTopSum)[0] == '{' {
			var en lang.Enabled
			decode(sc.ShowTopSum, &en)
			on = en.Enabled
		} else {
			decode(sc.ShowTopSum, &on)
		}
		a.scoreTop = bool(on)
	}
	return a
}

// published returns the cached parsed published version of sv.
func (s *Service) published(ctx context.Context, sv *models.Survey) (*pubDoc, error) {
	s.init()
	key := sv.ID + ":" + itoa(sv.PublishedVersion)
	if v, ok := s.docs.Load(key); ok {
		return v.(*pubDoc), nil
	}
	var ver models.SurveyVersion
	if err := s.DB.WithContext(ctx).Where("survey_id = ? AND version = ?", sv.ID, sv.PublishedVersion).Take(&ver).Error; err != nil {
		return nil, err
	}
	d, _, err := lang.Parse([]byte(ver.Document))
	if err != nil {
		return nil, err
	}
	// today() and age() read the survey's time zone: the server's when the survey sets none, so
	// the answer page (which gets it in the document) and the submit check agree on the date.
	if a := d.SurveyAttrs; a != nil && a.TimeZone == "" && s.Loc != nil && s.Loc != time.UTC && s.Loc.String() != "Local" {
		a.TimeZone = lang.Str(s.Loc.String())
	}
	stripped := lang.StripSecrets(d)
	safe, err := lang.MarshalCanonical(stripped)
	if err != nil {
		return nil, err
	}
	// served cleaned again: versions frozen before a sanitiser or URL rule existed get it
	pd := &pubDoc{doc: d, eng: lang.NewEngine(d), safeText: surveysvc.CleanDocumentText(string(safe)), attrs: s.buildAttrs(d), qtypes: map[string]string{},
		manual: lang.ManualItems(d), hasSolutions: lang.HasSolutionRules(d)}
	if lang.HasPipes(stripped) {
		pd.stripped, pd.piper = stripped, lang.NewPiper(stripped, nil)
	}
	pd.eng.Now = s.now // the service's clock (tests inject it)
	for _, q := range d.Questions {
		t := string(q.QuType)
		pd.qtypes[string(q.DwID)] = t
		if t != "PAGETAG" && t != "PARAGRAPH" {
			pd.quNum++
		}
	}
	for _, q := range pd.eng.CheckSubmission(&lang.AnswerDoc{}, nil).Quotas {
		pd.quotaKeys = append(pd.quotaKeys, q.Key)
	}
	s.docs.Store(key, pd)
	return pd, nil
}

// loadSurvey reads the survey row by id or sid (recycled ones included).
func (s *Service) loadSurvey(ctx context.Context, sidOrID string) (*models.Survey, error) {
	s.init()
	if err := s.probeBlocked(ctx); err != nil {
		return nil, err
	}
	var sv models.Survey
	err := s.DB.WithContext(ctx).Where("id = ? OR sid = ?", sidOrID, sidOrID).Take(&sv).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		if err := s.probeMissed(ctx); err != nil {
			return nil, err
		}
		return nil, models.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return &sv, nil
}

// quotaCounterKey is the counter row key of a quota: engine keys (option dwIds joined
// by "+") can exceed the column, so they are stored as a fixed-length hash.
func quotaCounterKey(engineKey string) string { return keyQuota + sha(engineKey)[:40] }

func sha(v string) string {
	h := sha256.Sum256([]byte(v))
	return hex.EncodeToString(h[:])
}

func constEq(a, b string) bool {
	ha, hb := sha256.Sum256([]byte(a)), sha256.Sum256([]byte(b))
	return subtle.ConstantTimeCompare(ha[:], hb[:]) == 1
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// counterSum returns the sum of a counter key of a survey.
func (s *Service) counterSum(ctx context.Context, surveyID, key string) (int64, error) {
	var n int64
	err := s.DB.WithContext(ctx).Model(&models.AnswerCounter{}).Select("COALESCE(SUM(cnt),0)").
		Where("survey_id = ? AND ckey = ?", surveyID, key).Scan(&n).Error
	return n, err
}

// counterSums returns the sums of every key with prefix of a survey.
func (s *Service) counterSums(ctx context.Context, db *gorm.DB, surveyID, prefix string) (map[string]int64, error) {
	var rows []struct {
		CKey string `gorm:"column:ckey"`
		N    int64  `gorm:"column:n"`
	}
	q := db.WithContext(ctx).Model(&models.AnswerCounter{}).Select("ckey, SUM(cnt) AS n").Where("survey_id = ?", surveyID)
	if prefix != "" {
		q = q.Where("ckey LIKE ?", prefix+"%")
	}
	if err := q.Group("ckey").Scan(&rows).Error; err != nil {
		return nil, err
	}
	out := make(map[string]int64, len(rows))
	for _, r := range rows {
		out[r.CKey] = r.N
	}
	return out, nil
}

func sortStrings(v []string) { sort.Strings(v) }

func atoi(v string) int { n, _ := strconv.Atoi(v); return n }
