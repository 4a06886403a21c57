package contacts

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"dwsurvey/models"
	"dwsurvey/services/account"
	"dwsurvey/services/mail"
	"dwsurvey/services/outbox"
	"dwsurvey/services/sms"
	surveysvc "dwsurvey/services/survey"
)

// OutboxKind is the outbox event that starts a distribution's InvitationWorkflow.
const OutboxKind = "invitation.start"

// RemindKind is the outbox event of the author's "remind now" (its key is
// <distributionId>:<request id>; the payload names the distribution).
const RemindKind = "invitation.remind"

// RemindEvent is the payload of RemindKind.
type RemindEvent struct{ DistributionID string }

// StartEvent is the payload of OutboxKind: what the workflow needs and must not re-read.
type StartEvent struct {
	DistributionID   string
	RemindEveryHours int
	Reminders        int
}

// Limits of a distribution.
const (
	MaxReminders       = 10
	MaxRemindEveryHrs  = 30 * 24
	MaxSubjectChars    = 200
	MaxMessageChars    = 2000
	DefaultRemindHours = 72
)

// DistributionInput sends invitations for a survey to its bind records (all of them, or
// BindIDs) by e-mail or SMS, with Reminders reminder rounds every RemindEveryHours to those
// who have not answered.
type DistributionInput struct {
	SurveyID         string   `json:"surveyId"`
	Channel          string   `json:"channel"`
	Language         string   `json:"language"`
	Subject          string   `json:"subject"`
	Message          string   `json:"message"`
	RemindEveryHours int      `json:"remindEveryHours"`
	Reminders        int      `json:"reminders"`
	BindIDs          []string `json:"bindIds"`
}

// Distribution is a distribution with its status counts (over its people: answered ones
// count as answered whatever their last message did).
type Distribution struct {
	ID               string `json:"id"`
	SurveyID         string `json:"surveyId"`
	Channel          string `json:"channel"`
	Language         string `json:"language"`
	Subject          string `json:"subject"`
	State            string `json:"state"`
	StopReason       string `json:"stopReason"`
	Round            int    `json:"round"`
	Reminders        int    `json:"reminders"`
	RemindEveryHours int    `json:"remindEveryHours"`
	CreateTime       string `json:"createTime"`
	FinishTime       string `json:"finishTime"`
	WorkflowID       string `json:"workflowId"`
	People           int    `json:"people"`
	Answered         int    `json:"answered"`
	Sent             int    `json:"sent"`
	Pending          int    `json:"pending"`
	Failed           int    `json:"failed"`
	Bounced          int    `json:"bounced"`
	Skipped          int    `json:"skipped"`
	Unknown          int    `json:"unknown"`
}

// WorkflowID is the id of a distribution's InvitationWorkflow.
func WorkflowID(distributionID string) string { return "invitation:" + distributionID }

// ChannelsReady reports which channels can send on this installation.
func (s *Service) ChannelsReady() map[string]bool {
	return map[string]bool{models.ChannelEmail: s.Mail.Configured(), models.ChannelSMS: s.SMS != nil && s.SMS.Configured()}
}

// CreateDistribution writes the distribution, one pending send per person and the outbox
// event that starts its workflow, in one transaction; the request returns at once.
func (s *Service) CreateDistribution(ctx context.Context, p *account.Principal, in DistributionInput) (*Distribution, error) {
	sv, err := s.Surveys.Check(ctx, p, in.SurveyID, surveysvc.NeedDesign)
	if err != nil {
		return nil, err
	}
	switch in.Channel {
	case models.ChannelEmail:
		if !s.Mail.Configured() {
			return nil, models.Invalid("E-mail is not configured on this server (mail.host); ask the administrator")
		}
	case models.ChannelSMS:
		if s.SMS == nil || !s.SMS.Configured() {
			return nil, models.Invalid("SMS is not configured on this server")
		}
	default:
		return nil, models.Invalid("The channel must be email or sms")
	}
	if strings.TrimSpace(in.Language) == "" {
		if in.Language, err = s.SurveyLanguage(ctx, sv); err != nil {
			return nil, err
		}
	} else if in.Language, err = CheckLanguage(in.Language); err != nil {
		return nil, err
	}
	in.Subject, in.Message = strings.TrimSpace(in.Subject), strings.TrimSpace(in.Message)
	if utf8.RuneCountInString(in.Subject) > MaxSubjectChars {
		return nil, models.Invalid("The subject must be at most %d characters", MaxSubjectChars)
	}
	if utf8.RuneCountInString(in.Message) > MaxMessageChars {
		return nil, models.Invalid("The message must be at most %d characters", MaxMessageChars)
	}
	if in.Reminders < 0 || in.Reminders > MaxReminders {
		return nil, models.Invalid("Reminders must be 0 to %d", MaxReminders)
	}
	if in.Reminders > 0 && (in.RemindEveryHours < 1 || in.RemindEveryHours > MaxRemindEveryHrs) {
		return nil, models.Invalid("The reminder interval must be 1 to %d hours", MaxRemindEveryHrs)
	}
	if in.Reminders == 0 {
		in.RemindEveryHours = 0
	}
	if sv.State != models.SurveyCollecting || sv.PublishedVersion == 0 {
		return nil, models.Invalid("The survey is not collecting answers: publish it before sending invitations")
	}
	q := s.DB.WithContext(ctx).Model(&models.SurveyBind{}).Where("survey_id = ?", sv.ID)
	if ids := cleanIDs(in.BindIDs); len(ids) > 0 {
		var n int64
		if err := s.DB.WithContext(ctx).Model(&models.SurveyBind{}).Where("survey_id = ? AND id IN ?", sv.ID, ids).Count(&n).Error; err != nil {
			return nil, err
		}
		if int(n) != len(ids) {
			return nil, models.ErrNotFound
		}
		q = q.Where("id IN ?", ids)
	}
	var binds []string
	if err := q.Order("created_at, id").Pluck("id", &binds).Error; err != nil {
		return nil, err
	}
	if len(binds) == 0 {
		return nil, models.Invalid("Nobody is bound to this survey yet: bind contacts or users first")
	}
	now := s.now()
	d := models.Distribution{ID: uuid.NewString(), SurveyID: sv.ID, Channel: in.Channel, Language: in.Language, Subject: in.Subject,
		Message: in.Message, RemindEveryHours: in.RemindEveryHours, Reminders: in.Reminders, State: models.DistributionRunning,
		CreatedBy: p.UserID, CreatedAt: now, UpdatedAt: now}
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&d).Error; err != nil {
			return err
		}
		sends := make([]models.InvitationSend, len(binds))
		for i, b := range binds {
			sends[i] = models.InvitationSend{DistributionID: d.ID, Round: 0, BindID: b, State: models.SendPending, UpdatedAt: now}
		}
		if err := tx.CreateInBatches(sends, 500).Error; err != nil {
			return err
		}
		return outbox.Add(tx, now, outbox.Event{Kind: OutboxKind, Key: d.ID,
			Payload: StartEvent{DistributionID: d.ID, RemindEveryHours: d.RemindEveryHours, Reminders: d.Reminders}})
	})
	if err != nil {
		return nil, err
	}
	outbox.Nudge(s.Outbox)
	s.audit(ctx, auditEntry(p, "Invitations sent", fmt.Sprintf("survey %s: %s to %d people, %d reminders", sv.ID, d.Channel, len(binds), d.Reminders)))
	out, err := s.distributions(ctx, []models.Distribution{d})
	if err != nil {
		return nil, err
	}
	return &out[0], nil
}

// Distributions lists a survey's distributions, newest first, with their status counts.
func (s *Service) Distributions(ctx context.Context, p *account.Principal, surveyID string) ([]Distribution, error) {
	sv, err := s.Surveys.Check(ctx, p, surveyID, surveysvc.NeedAny)
	if err != nil {
		return nil, err
	}
	var ds []models.Distribution
	if err := s.DB.WithContext(ctx).Where("survey_id = ?", sv.ID).Order("created_at DESC").Limit(100).Find(&ds).Error; err != nil {
		return nil, err
	}
	return s.distributions(ctx, ds)
}

func (s *Service) distributions(ctx context.Context, ds []models.Distribution) ([]Distribution, error) {
	out := make([]Distribution, 0, len(ds))
	answered := map[string]map[string]bool{} // survey -> bind id -> answered
	for _, d := range ds {
		if _, ok := answered[d.SurveyID]; !ok {
			m, err := s.answeredBinds(ctx, s.DB, d.SurveyID)
			if err != nil {
				return nil, err
			}
			answered[d.SurveyID] = m
		}
		var sends []models.InvitationSend
		if err := s.DB.WithContext(ctx).Select("bind_id, round, state").Where("distribution_id = ?", d.ID).Order("round").Find(&sends).Error; err != nil {
			return nil, err
		}
		last := map[string]string{}
		var order []string
		for _, x := range sends {
			if _, seen := last[x.BindID]; !seen {
				order = append(order, x.BindID)
			}
			last[x.BindID] = x.State
		}
		v := Distribution{ID: d.ID, SurveyID: d.SurveyID, Channel: d.Channel, Language: d.Language, Subject: d.Subject, State: d.State,
			StopReason: d.StopReason, Round: d.Round, Reminders: d.Reminders, RemindEveryHours: d.RemindEveryHours,
			CreateTime: models.FormatTime(d.CreatedAt), FinishTime: fmtTime(d.FinishedAt), WorkflowID: WorkflowID(d.ID), People: len(order)}
		for _, b := range order {
			if answered[d.SurveyID][b] {
				v.Answered++
				continue
			}
			switch last[b] {
			case models.SendSent:
				v.Sent++
			case models.SendPending, models.SendSending:
				v.Pending++
			case models.SendFailed:
				v.Failed++
			case models.SendBounced:
				v.Bounced++
			case models.SendSkipped:
				v.Skipped++
			case models.SendUnknown:
				v.Unknown++
			}
		}
		out = append(out, v)
	}
	return out, nil
}

// answeredBinds returns the bind records of a survey whose person has a submitted answer.
func (s *Service) answeredBinds(ctx context.Context, db *gorm.DB, surveyID string) (map[string]bool, error) {
	var ids []string
	if err := s.bindQuery(ctx, surveyID).Where(bindAnswers+" > 0").Pluck("b.id", &ids).Error; err != nil {
		return nil, err
	}
	m := make(map[string]bool, len(ids))
	for _, id := range ids {
		m[id] = true
	}
	return m, nil
}

// StopDistribution stops a running distribution: its workflow sends nothing more and ends
// at its next step (it never waits longer than a reminder interval).
func (s *Service) StopDistribution(ctx context.Context, p *account.Principal, surveyID, id string) error {
	sv, err := s.Surveys.Check(ctx, p, surveyID, surveysvc.NeedDesign)
	if err != nil {
		return err
	}
	now := s.now()
	r := s.DB.WithContext(ctx).Model(&models.Distribution{}).Where("id = ? AND survey_id = ?", id, sv.ID).
		Where("state = ?", models.DistributionRunning).
		Updates(map[string]any{"state": models.DistributionStopped, "stop_reason": "stopped by the author", "finished_at": now, "updated_at": now})
	if r.Error != nil {
		return r.Error
	}
	if r.RowsAffected == 0 {
		var n int64
		s.DB.WithContext(ctx).Model(&models.Distribution{}).Where("id = ? AND survey_id = ?", id, sv.ID).Count(&n)
		if n == 0 {
			return models.ErrNotFound
		}
	}
	return nil
}

// RemindNow brings the next reminder of a running distribution forward: those who have not
// answered get it now (the workflow is signalled through the outbox). A distribution without
// a reminder left is refused.
func (s *Service) RemindNow(ctx context.Context, p *account.Principal, surveyID, id string) error {
	sv, err := s.Surveys.Check(ctx, p, surveyID, surveysvc.NeedDesign)
	if err != nil {
		return err
	}
	var d models.Distribution
	if err := s.DB.WithContext(ctx).Where("id = ? AND survey_id = ?", id, sv.ID).Take(&d).Error; err != nil {
		return notFound(err)
	}
	if d.State != models.DistributionRunning {
		return models.Invalid("These invitations have ended")
	}
	if d.Round >= d.Reminders {
		return models.Invalid("No reminder is left in these invitations")
	}
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return outbox.Add(tx, s.now(), outbox.Event{Kind: RemindKind, Key: d.ID + ":" + uuid.NewString(), Payload: RemindEvent{DistributionID: d.ID}})
	})
	if err != nil {
		return err
	}
	outbox.Nudge(s.Outbox)
	return nil
}

// ---- the workflow's verbs (activities/invitation.go); each is idempotent ----

// RoundInput names one round of a distribution (0 the invitation, n the n-th reminder).
type RoundInput struct {
	DistributionID string
	Round          int
}

// PlanResult: Planned people will get the round's message; Stop says why the distribution
// ends instead ("" to go on).
type PlanResult struct {
	Planned int
	Stop    string
}

// stopReason says why a distribution must not send any more ("" when it may).
func (s *Service) stopReason(ctx context.Context, distributionID string) (*models.Distribution, string, error) {
	var d models.Distribution
	if err := s.DB.WithContext(ctx).Take(&d, "id = ?", distributionID).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil, "the distribution was deleted", nil
		}
		return nil, "", err
	}
	if d.State != models.DistributionRunning {
		if d.StopReason != "" {
			return &d, d.StopReason, nil
		}
		return &d, "the distribution is " + d.State, nil
	}
	var sv models.Survey
	if err := s.DB.WithContext(ctx).Take(&sv, "id = ?", d.SurveyID).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return &d, "the survey was deleted", nil
		}
		return nil, "", err
	}
	if sv.DeletedAt != nil {
		return &d, "the survey was deleted", nil
	}
	if sv.State != models.SurveyCollecting {
		return &d, "the survey ended", nil
	}
	return &d, "", nil
}

// PlanRound plans reminder round in.Round: one pending send for each person of the
// distribution who has not answered and whose address was not refused (bounced). Planning
// the same round again adds nothing.
func (s *Service) PlanRound(ctx context.Context, in RoundInput) (PlanResult, error) {
	d, stop, err := s.stopReason(ctx, in.DistributionID)
	if err != nil || stop != "" {
		return PlanResult{Stop: stop}, err
	}
	answered, err := s.answeredBinds(ctx, s.DB, d.SurveyID)
	if err != nil {
		return PlanResult{}, err
	}
	var people []string
	if err := s.DB.WithContext(ctx).Model(&models.InvitationSend{}).Where("distribution_id = ? AND round = 0", d.ID).Order("bind_id").
		Pluck("bind_id", &people).Error; err != nil {
		return PlanResult{}, err
	}
	var bounced []string
	if err := s.DB.WithContext(ctx).Model(&models.InvitationSend{}).Where("distribution_id = ? AND state = ?", d.ID, models.SendBounced).
		Pluck("bind_id", &bounced).Error; err != nil {
		return PlanResult{}, err
	}
	skip := map[string]bool{}
	for _, b := range bounced {
		skip[b] = true
	}
	var still []string
	if err := s.DB.WithContext(ctx).Model(&models.SurveyBind{}).Where("survey_id = ?", d.SurveyID).Pluck("id", &still).Error; err != nil {
		return PlanResult{}, err
	}
	exists := map[string]bool{}
	for _, b := range still {
		exists[b] = true
	}
	now := s.now()
	var rows []models.InvitationSend
	for _, b := range people {
		if answered[b] || skip[b] || !exists[b] {
			continue
		}
		rows = append(rows, models.InvitationSend{DistributionID: d.ID, Round: in.Round, BindID: b, State: models.SendPending, UpdatedAt: now})
	}
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if len(rows) > 0 {
			if err := tx.Clauses(clause.OnConflict{DoNothing: true}).CreateInBatches(rows, 500).Error; err != nil {
				return err
			}
		}
		return tx.Model(&models.Distribution{}).Where("id = ? AND round < ?", d.ID, in.Round).
			Updates(map[string]any{"round": in.Round, "updated_at": now}).Error
	})
	if err != nil {
		return PlanResult{}, err
	}
	var planned int64
	if err := s.DB.WithContext(ctx).Model(&models.InvitationSend{}).Where("distribution_id = ? AND round = ?", d.ID, in.Round).
		Count(&planned).Error; err != nil {
		return PlanResult{}, err
	}
	return PlanResult{Planned: int(planned)}, nil
}

// BatchInput asks for at most Limit messages of a round.
type BatchInput struct {
	DistributionID string
	Round          int
	Limit          int
}

// BatchResult counts what one batch did; Remaining are the round's messages still to send.
type BatchResult struct {
	Sent, Failed, Bounced, Skipped, Unknown int
	Remaining                               int
	Stop                                    string
}

// SendBatch sends the next messages of a round (ordered by bind id) and records each one.
// No person is ever sent a message twice: a send is claimed (pending -> sending) before it
// leaves and recorded (sent, failed, bounced) after; a send found still claimed comes from
// an attempt that died mid-send, so it may have left, and is recorded as unknown instead of
// being sent again. People who answered meanwhile, or have no address, are skipped. beat is
// called after each message (activity heartbeat).
func (s *Service) SendBatch(ctx context.Context, in BatchInput, beat func()) (BatchResult, error) {
	var res BatchResult
	d, stop, err := s.stopReason(ctx, in.DistributionID)
	if err != nil || stop != "" {
		res.Stop = stop
		return res, err
	}
	limit := max(1, in.Limit)
	var rows []models.InvitationSend
	if err := s.DB.WithContext(ctx).Where("distribution_id = ? AND round = ? AND state IN ?", d.ID, in.Round,
		[]string{models.SendPending, models.SendSending}).Order("bind_id").Limit(limit).Find(&rows).Error; err != nil {
		return res, err
	}
	// a result is recorded even when the worker is stopping (the message has left)
	db := s.DB.WithContext(context.WithoutCancel(ctx))
	mark := func(x models.InvitationSend, from []string, to, address, msg string) error {
		up := map[string]any{"state": to, "address": address, "error": clipText(msg, 500), "updated_at": s.now()}
		if to == models.SendSent {
			now := s.now()
			up["sent_at"] = &now
		}
		return db.Model(&models.InvitationSend{}).Where("distribution_id = ? AND round = ? AND bind_id = ? AND state IN ?",
			x.DistributionID, x.Round, x.BindID, from).Updates(up).Error
	}
	answered, err := s.answeredBinds(ctx, s.DB, d.SurveyID)
	if err != nil {
		return res, err
	}
	var sv models.Survey
	if err := db.Take(&sv, "id = ?", d.SurveyID).Error; err != nil {
		return res, err
	}
	frame, err := s.messageFrame(ctx, db, d, &sv)
	if err != nil {
		return res, err
	}
	sender := &batchSender{s: s, d: d, ctx: ctx}
	defer sender.close()
	if d.Channel == models.ChannelEmail && len(rows) > 0 {
		// connect before claiming anything: a server that cannot be reached fails the
		// activity (retried by Temporal) without touching a send
		if err := sender.open(); err != nil {
			return res, err
		}
	}
	for _, x := range rows {
		if err := ctx.Err(); err != nil { // the worker is stopping: the rest waits for the retry
			return res, err
		}
		if beat != nil {
			beat()
		}
		if x.State == models.SendSending {
			if err := mark(x, []string{models.SendSending}, models.SendUnknown, x.Address,
				"the worker stopped while this message was being sent; it is not sent again"); err != nil {
				return res, err
			}
			res.Unknown++
			continue
		}
		to, name, err := s.recipient(ctx, x.BindID, d.Channel)
		if err != nil {
			return res, err
		}
		switch {
		case answered[x.BindID]:
			err = mark(x, []string{models.SendPending}, models.SendSkipped, to, "answered already")
			res.Skipped++
		case to == "":
			why := "no e-mail address"
			if d.Channel == models.ChannelSMS {
				why = "no phone number"
			}
			err = mark(x, []string{models.SendPending}, models.SendSkipped, "", why)
			res.Skipped++
		default:
			// claim it: from here on this message is never sent again
			now := s.now()
			r := db.Model(&models.InvitationSend{}).Where("distribution_id = ? AND round = ? AND bind_id = ? AND state = ?",
				x.DistributionID, x.Round, x.BindID, models.SendPending).
				Updates(map[string]any{"state": models.SendSending, "claimed_at": &now, "address": to, "updated_at": now})
			if r.Error != nil {
				return res, r.Error
			}
			if r.RowsAffected == 0 {
				continue
			}
			serr := sender.send(to, s.compose(d, frame, sv.Sid, x, name))
			from := []string{models.SendSending, models.SendUnknown}
			switch {
			case serr == nil:
				err = mark(x, from, models.SendSent, to, "")
				res.Sent++
			case mail.IsBounce(serr) || errors.Is(serr, sms.ErrBadNumber):
				err = mark(x, from, models.SendBounced, to, serr.Error())
				res.Bounced++
			default:
				err = mark(x, from, models.SendFailed, to, serr.Error())
				res.Failed++
			}
		}
		if err != nil {
			return res, err
		}
	}
	var left int64
	if err := db.Model(&models.InvitationSend{}).Where("distribution_id = ? AND round = ? AND state IN ?", d.ID, in.Round,
		[]string{models.SendPending, models.SendSending}).Count(&left).Error; err != nil {
		return res, err
	}
	res.Remaining = int(left)
	return res, nil
}

// FinishInput ends a distribution: State finished or stopped, with the reason.
type FinishInput struct {
	DistributionID string
	State          string
	Reason         string
}

// FinishDistribution records the end of a distribution (a stopped one keeps its reason).
func (s *Service) FinishDistribution(ctx context.Context, in FinishInput) error {
	now := s.now()
	return s.DB.WithContext(ctx).Model(&models.Distribution{}).Where("id = ? AND state = ?", in.DistributionID, models.DistributionRunning).
		Updates(map[string]any{"state": in.State, "stop_reason": clipText(in.Reason, 255), "finished_at": now, "updated_at": now}).Error
}

// recipient is the address (e-mail or phone for the channel) and name of a bind record's
// person ("" address: none, or the record was removed).
func (s *Service) recipient(ctx context.Context, bindID, channel string) (string, string, error) {
	var b models.SurveyBind
	if err := s.DB.WithContext(ctx).Take(&b, "id = ?", bindID).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return "", "", nil
		}
		return "", "", err
	}
	var name, email, phone string
	if b.ContactID != "" {
		var c models.Contact
		if err := s.DB.WithContext(ctx).Take(&c, "id = ?", b.ContactID).Error; err != nil {
			return "", "", notFoundEmpty(err)
		}
		name, email, phone = c.Name, c.Email, c.Phone
	} else {
		var u models.User
		if err := s.DB.WithContext(ctx).Take(&u, "id = ?", b.UserID).Error; err != nil {
			return "", "", notFoundEmpty(err)
		}
		name, email, phone = u.Name, u.Email, u.Cellphone
		if name == "" {
			name = u.LoginName
		}
	}
	if channel == models.ChannelSMS {
		return phone, name, nil
	}
	return email, name, nil
}

func notFoundEmpty(err error) error {
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil
	}
	return err
}

// batchSender keeps one SMTP session for a batch (reopened after a transport failure).
type batchSender struct {
	s    *Service
	d    *models.Distribution
	ctx  context.Context
	sess *mail.Session
}

func (b *batchSender) send(to string, m message) error {
	if b.d.Channel == models.ChannelSMS {
		if b.s.SMS == nil {
			return sms.ErrNotConfigured
		}
		return b.s.SMS.Send(b.ctx, to, m.params)
	}
	if err := b.open(); err != nil {
		return err
	}
	err := b.sess.Send(mail.Message{To: to, Subject: m.subject, Text: m.text})
	var se *mail.SendError
	if err != nil && (!errors.As(err, &se) || se.Code == 0) { // transport: the session is gone
		b.close()
	}
	return err
}

func (b *batchSender) open() error {
	if b.sess != nil {
		return nil
	}
	sess, err := b.s.Mail.Open(b.ctx)
	if err != nil {
		return err
	}
	b.sess = sess
	return nil
}

func (b *batchSender) close() {
	if b.sess != nil {
		b.sess.Close()
		b.sess = nil
	}
}

func clipText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	r := []rune(s)
	for len(string(r)) > n {
		r = r[:len(r)-1]
	}
	return string(r)
}
