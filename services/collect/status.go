package collect

import (
	"context"
	"errors"
	"time"

	"dwsurvey/models"
	"dwsurvey/services/account"
	surveysvc "dwsurvey/services/survey"
)

// Status is the data of collect-status.do.
type Status struct {
	SurveyID          string `json:"surveyId"`
	State             int    `json:"state"`
	StartAt           string `json:"startAt"`
	EndAt             string `json:"endAt"`
	EndNum            int    `json:"endNum"`
	CloseOnQuotasFull bool   `json:"closeOnQuotasFull"`
	AnswerCount       int64  `json:"answerCount"`
	OpenedAt          string `json:"openedAt"`
	ClosedAt          string `json:"closedAt"`
	CloseReason       string `json:"closeReason"`
	WorkflowID        string `json:"workflowId"`
	RunID             string `json:"runId"`
	WorkflowStatus    string `json:"workflowStatus"`
	MonitorPath       string `json:"monitorPath"`
}

func fmtPtr(t *time.Time) string {
	if t == nil {
		return ""
	}
	return models.FormatTime(*t)
}

// Status returns the schedule, the state and the workflow's status of a survey.
func (s *Service) Status(ctx context.Context, p *account.Principal, id string) (*Status, error) {
	sv, err := s.check(ctx, p, id, surveysvc.NeedAny)
	if err != nil {
		return nil, err
	}
	sc, cs, err := s.schedule(ctx, sv)
	if err != nil {
		return nil, err
	}
	n, err := s.Answers.AnswerCount(ctx, sv.ID)
	if err != nil {
		return nil, err
	}
	out := &Status{SurveyID: sv.ID, State: sv.State, StartAt: fmtPtr(sc.StartAt), EndAt: fmtPtr(sc.EndAt), EndNum: sc.EndNum,
		CloseOnQuotasFull: sc.CloseOnQuotasFull, AnswerCount: n, OpenedAt: fmtPtr(cs.OpenedAt), ClosedAt: fmtPtr(cs.ClosedAt),
		CloseReason: cs.CloseReason, WorkflowID: WorkflowID(sv.ID), MonitorPath: MonitorPath(sv.ID)}
	if wi, err := s.sched().Describe(ctx, sv.ID); err == nil && wi != nil {
		out.RunID, out.WorkflowStatus = wi.RunID, wi.Status
	} else if err != nil && !errors.Is(err, ErrNoWorkflow) {
		return nil, err
	}
	return out, nil
}

// ScheduleInput is the body of collect-schedule.do: "yyyy-MM-dd HH:mm:ss" in the server
// time zone ("" = none). EndNum 0 = no cap. CloseOnQuotasFull nil keeps the setting.
type ScheduleInput struct {
	SurveyID          string `json:"surveyId" form:"surveyId"`
	StartTime         string `json:"startTime" form:"startTime"`
	EndTime           string `json:"endTime" form:"endTime"`
	EndNum            *int   `json:"endNum" form:"endNum"`
	CloseOnQuotasFull *bool  `json:"closeOnQuotasFull" form:"closeOnQuotasFull"`
}

// ValidateSchedule is the rule of a schedule change at now (the workflow's update
// validator applies the same rule).
func ValidateSchedule(now time.Time, start, end *time.Time, endNum int) error {
	if endNum < 0 {
		return models.Invalid(MsgNegativeEndNum)
	}
	if start != nil && end != nil && !start.Before(*end) {
		return models.Invalid(MsgStartAfterEnd)
	}
	if end != nil && !end.After(now) {
		return models.Invalid(MsgEndInPast)
	}
	return nil
}

func parseLocal(v string, loc *time.Location) (*time.Time, error) {
	if v == "" {
		return nil, nil
	}
	for _, f := range []string{"2006-01-02 15:04:05", "2006-01-02 15:04", "2006-01-02T15:04:05"} {
		if t, err := time.ParseInLocation(f, v, loc); err == nil {
			u := t.UTC()
			return &u, nil
		}
	}
	if t, err := time.Parse(time.RFC3339, v); err == nil {
		u := t.UTC()
		return &u, nil
	}
	return nil, models.Invalid("Invalid time %q: use yyyy-MM-dd HH:mm:ss", v)
}

// SetSchedule changes the schedule of a published survey: validated, then sent to the
// running workflow's reschedule update, then saved (a refusal saves nothing). With no
// running workflow the schedule is saved and, for a collecting survey, a run is started.
func (s *Service) SetSchedule(ctx context.Context, p *account.Principal, in ScheduleInput) (*Status, error) {
	sv, err := s.check(ctx, p, in.SurveyID, surveysvc.NeedDesign)
	if err != nil {
		return nil, err
	}
	loc := models.DisplayLocation()
	start, err := parseLocal(trim(in.StartTime), loc)
	if err != nil {
		return nil, err
	}
	end, err := parseLocal(trim(in.EndTime), loc)
	if err != nil {
		return nil, err
	}
	cur, cs, err := s.schedule(ctx, sv)
	if err != nil {
		return nil, err
	}
	endNum := cur.EndNum
	if in.EndNum != nil {
		endNum = *in.EndNum
	}
	if err := ValidateSchedule(s.now(), start, end, endNum); err != nil {
		return nil, err
	}
	closeQ := cs.CloseOnQuotasFull
	if in.CloseOnQuotasFull != nil {
		closeQ = *in.CloseOnQuotasFull
	}
	sc := Schedule{SurveyID: sv.ID, StartAt: start, EndAt: end, EndNum: endNum, CloseOnQuotasFull: closeQ}
	started := false
	if sv.PublishedVersion > 0 && sv.State == models.SurveyCollecting {
		err := s.sched().Reschedule(ctx, sc)
		switch {
		case errors.Is(err, ErrNoWorkflow):
			started = true
		case err != nil:
			return nil, err
		}
	}
	if err := s.upsert(ctx, s.DB, sv.ID, map[string]any{"schedule_set": true, "start_at": start, "end_at": end,
		"end_num": endNum, "close_on_quotas_full": closeQ}); err != nil {
		return nil, err
	}
	if started {
		if _, err := s.sched().Start(ctx, sc); err != nil {
			return nil, err
		}
	}
	return s.Status(ctx, p, sv.ID)
}
