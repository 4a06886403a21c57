package survey

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"unicode/utf8"

	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/account"
	lang "dwsurvey/survey"
)

// Bank is a row of the question bank list.
type Bank struct {
	ID         string `json:"id"`
	BankName   string `json:"bankName"`
	BankNote   string `json:"bankNote"`
	QuNum      int64  `json:"quNum"`
	CreateDate string `json:"createDate"`
	UpdateDate string `json:"updateDate"`
}

// BankInput is the body of the bank add/edit calls.
type BankInput struct {
	ID       string `json:"id"`
	BankName string `json:"bankName"`
	BankNote string `json:"bankNote"`
}

// BankQuestion is a question of a bank. Question is the question JSON (survey language).
type BankQuestion struct {
	ID         string          `json:"id"`
	BankID     string          `json:"bankId"`
	QuType     string          `json:"quType"`
	QuTitle    string          `json:"quTitle"`
	Question   json.RawMessage `json:"question"`
	CreateDate string          `json:"createDate"`
}

// Banks lists the caller's banks.
func (s *Service) Banks(ctx context.Context, p *account.Principal, name string, page, size int) ([]Bank, int64, error) {
	q := s.DB.WithContext(ctx).Model(&models.QuBank{}).Where("owner_id = ?", p.UserID)
	if name = strings.TrimSpace(name); name != "" {
		q = q.Where(models.Contains("name", name))
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, err
	}
	var bs []models.QuBank
	if err := q.Order("created_at DESC, id").Offset((page - 1) * size).Limit(size).Find(&bs).Error; err != nil {
		return nil, 0, err
	}
	out := make([]Bank, 0, len(bs))
	for _, b := range bs {
		var n int64
		if err := s.DB.WithContext(ctx).Model(&models.QuBankQuestion{}).Where("bank_id = ?", b.ID).Count(&n).Error; err != nil {
			return nil, 0, err
		}
		out = append(out, toBank(b, n))
	}
	return out, total, nil
}

func toBank(b models.QuBank, n int64) Bank {
	return Bank{ID: b.ID, BankName: b.Name, BankNote: b.Note, QuNum: n, CreateDate: models.FormatTime(b.CreatedAt), UpdateDate: models.FormatTime(b.UpdatedAt)}
}

func checkBankInput(in *BankInput) error {
	in.BankName = strings.TrimSpace(in.BankName)
	if in.BankName == "" {
		return models.Invalid("Please enter the question bank name")
	}
	if utf8.RuneCountInString(in.BankName) > 32 {
		return models.Invalid("The question bank name must be at most 32 characters")
	}
	if utf8.RuneCountInString(in.BankNote) > 255 {
		return models.Invalid("The question bank note must be at most 255 characters")
	}
	return nil
}

// AddBank creates a bank.
func (s *Service) AddBank(ctx context.Context, p *account.Principal, in BankInput) (*Bank, error) {
	if err := checkBankInput(&in); err != nil {
		return nil, err
	}
	b := models.QuBank{ID: newID(), OwnerID: p.UserID, Name: in.BankName, Note: in.BankNote, CreatedAt: s.now(), UpdatedAt: s.now()}
	if err := s.DB.WithContext(ctx).Create(&b).Error; err != nil {
		return nil, err
	}
	r := toBank(b, 0)
	return &r, nil
}

func (s *Service) ownBank(ctx context.Context, db *gorm.DB, p *account.Principal, id string) (*models.QuBank, error) {
	if db == nil {
		db = s.DB
	}
	var b models.QuBank
	err := db.WithContext(ctx).Where("id = ? AND owner_id = ?", id, p.UserID).Take(&b).Error
	if errors.Is(err, gorm.ErrRecordNotFound) || id == "" {
		return nil, models.ErrNotFound
	}
	return &b, err
}

// EditBank renames a bank.
func (s *Service) EditBank(ctx context.Context, p *account.Principal, in BankInput) (*Bank, error) {
	if err := checkBankInput(&in); err != nil {
		return nil, err
	}
	b, err := s.ownBank(ctx, nil, p, in.ID)
	if err != nil {
		return nil, err
	}
	b.Name, b.Note, b.UpdatedAt = in.BankName, in.BankNote, s.now()
	if err := s.DB.WithContext(ctx).Save(b).Error; err != nil {
		return nil, err
	}
	r := toBank(*b, 0)
	return &r, nil
}

// DeleteBank removes a bank with its questions.
func (s *Service) DeleteBank(ctx context.Context, p *account.Principal, id string) error {
	b, err := s.ownBank(ctx, nil, p, id)
	if err != nil {
		return err
	}
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("bank_id = ?", b.ID).Delete(&models.QuBankQuestion{}).Error; err != nil {
			return err
		}
		return tx.Where("id = ?", b.ID).Delete(&models.QuBank{}).Error
	})
}

// BankQuestions lists a bank's questions in order. With fresh, every question (and its
// options) gets new dwIds so that it can be inserted into a survey (bank-qus.do).
func (s *Service) BankQuestions(ctx context.Context, p *account.Principal, bankID string, fresh bool) ([]BankQuestion, error) {
	b, err := s.ownBank(ctx, nil, p, bankID)
	if err != nil {
		return nil, err
	}
	var qs []models.QuBankQuestion
	if err := s.DB.WithContext(ctx).Where("bank_id = ?", b.ID).Order("sort, created_at, id").Find(&qs).Error; err != nil {
		return nil, err
	}
	out := make([]BankQuestion, 0, len(qs))
	for _, q := range qs {
		raw := json.RawMessage(q.Question)
		if fresh {
			var lq lang.Question
			if err := json.Unmarshal(raw, &lq); err == nil {
				clearIDs(&lq)
				d := &lang.Survey{Questions: []*lang.Question{&lq}}
				lang.AssignDwIDs(d)
				if b, err := lang.MarshalCanonical(&lq); err == nil {
					raw = b
				}
			}
		}
		out = append(out, BankQuestion{ID: q.ID, BankID: q.BankID, QuType: q.QuType, QuTitle: q.Title, Question: raw,
			CreateDate: models.FormatTime(q.CreatedAt)})
	}
	return out, nil
}

// clearIDs removes the dwIds of a question so that new ones are given. Rules are dropped:
// they point at questions of another survey.
func clearIDs(q *lang.Question) {
	q.DwID = ""
	q.QuestionLogics = nil
	q.LogicDsl = nil
	for _, o := range q.Options() {
		o.DwID = ""
		o.ShowBy = nil
	}
	for _, l := range [][]*lang.Option{q.QuRows, q.QuCols} {
		for _, o := range l {
			if o != nil {
				o.DwID = ""
			}
		}
	}
}

// SaveQuestionInput is the body of save-question.do: a question of a survey (surveyId +
// quDwId) or a question JSON, saved into bankId.
type SaveQuestionInput struct {
	BankID   string          `json:"bankId"`
	SurveyID string          `json:"surveyId"`
	QuDwID   string          `json:"quDwId"`
	Question json.RawMessage `json:"question"`
}

// SaveQuestion copies a question into a bank.
func (s *Service) SaveQuestion(ctx context.Context, p *account.Principal, in SaveQuestionInput) (*BankQuestion, error) {
	b, err := s.ownBank(ctx, nil, p, in.BankID)
	if err != nil {
		return nil, err
	}
	var q *lang.Question
	switch {
	case in.SurveyID != "":
		a, err := s.access(ctx, nil, p, in.SurveyID, NeedDesign)
		if err != nil {
			return nil, err
		}
		d, err := loadDoc(a.Survey.Draft)
		if err != nil {
			return nil, err
		}
		for _, dq := range d.Questions {
			if dq != nil && string(dq.DwID) == in.QuDwID && in.QuDwID != "" {
				q = dq
			}
		}
		if q == nil {
			return nil, models.Invalid("The question %q is not in the saved survey", in.QuDwID)
		}
	case len(in.Question) > 0 && string(in.Question) != "null":
		var lq lang.Question
		if err := json.Unmarshal(in.Question, &lq); err != nil {
			return nil, models.Invalid("The question is not valid JSON: %v", err)
		}
		q = &lq
	default:
		return nil, models.Invalid("Please give surveyId and quDwId, or a question")
	}
	rows, err := s.insertBankQuestions(ctx, nil, b, []*lang.Question{q})
	if err != nil {
		return nil, err
	}
	return &rows[0], nil
}

// insertBankQuestions validates questions (as a one-question document each) and appends them.
func (s *Service) insertBankQuestions(ctx context.Context, tx *gorm.DB, b *models.QuBank, qs []*lang.Question) ([]BankQuestion, error) {
	if tx == nil {
		tx = s.DB.WithContext(ctx)
	}
	prepared := make([]*lang.Question, 0, len(qs))
	for i, q := range qs {
		c := *q
		clearIDs(&c)
		d := &lang.Survey{Questions: []*lang.Question{&c}}
		lang.AssignDwIDs(d)
		if err := issueMsg("", lang.Check(d)); err != nil {
			ie, _ := models.AsInvalid(err)
			return nil, models.Invalid("Question %d: %s", i+1, strings.ReplaceAll(ie.Msg, "questions[0]", "question"))
		}
		Sanitize(d)
		q := d.Questions[0]
		if q.QuType == lang.TypePageTag {
			return nil, models.Invalid("Question %d: page breaks cannot be saved in a question bank", i+1)
		}
		prepared = append(prepared, q)
	}
	var maxSort int
	if err := tx.Model(&models.QuBankQuestion{}).Where("bank_id = ?", b.ID).Select("COALESCE(MAX(sort),0)").Scan(&maxSort).Error; err != nil {
		return nil, err
	}
	out := make([]BankQuestion, 0, len(prepared))
	for i, q := range prepared {
		raw, err := lang.MarshalCanonical(q)
		if err != nil {
			return nil, err
		}
		title := plainText(q.Title())
		if utf8.RuneCountInString(title) > 500 {
			title = string([]rune(title)[:500])
		}
		row := models.QuBankQuestion{ID: newID(), BankID: b.ID, QuType: string(q.QuType), Title: title, Question: string(raw),
			Sort: maxSort + i + 1, CreatedAt: s.now()}
		if err := tx.Create(&row).Error; err != nil {
			return nil, err
		}
		out = append(out, BankQuestion{ID: row.ID, BankID: b.ID, QuType: row.QuType, QuTitle: row.Title, Question: raw,
			CreateDate: models.FormatTime(row.CreatedAt)})
	}
	return out, nil
}

// DeleteBankQuestion removes one question of a bank.
func (s *Service) DeleteBankQuestion(ctx context.Context, p *account.Principal, id string) error {
	var q models.QuBankQuestion
	err := s.DB.WithContext(ctx).Where("id = ?", id).Take(&q).Error
	if errors.Is(err, gorm.ErrRecordNotFound) || id == "" {
		return models.ErrNotFound
	}
	if err != nil {
		return err
	}
	if _, err := s.ownBank(ctx, nil, p, q.BankID); err != nil {
		return err
	}
	return s.DB.WithContext(ctx).Where("id = ?", q.ID).Delete(&models.QuBankQuestion{}).Error
}

// BankTab is bank-qus.do's list item in the reference (DWSurvey v6) shape: a named group
// of question documents ready to insert (fresh dwIds), as its designer's bank panel reads
// them ({tabQuName, questions}).
type BankTab struct {
	TabQuName string            `json:"tabQuName"`
	BankID    string            `json:"bankId"`
	Questions []json.RawMessage `json:"questions"`
}

// maxBankTabs bounds bank-qus.do without a bank id (the caller's banks, newest first).
const maxBankTabs = 50

// BankTabs is bank-qus.do: the questions of the caller's bank bankID (another user's bank
// is not found), or of each of the caller's banks when bankID is empty (an empty list
// when there are none).
func (s *Service) BankTabs(ctx context.Context, p *account.Principal, bankID string) ([]BankTab, error) {
	var banks []models.QuBank
	if bankID != "" {
		b, err := s.ownBank(ctx, nil, p, bankID)
		if err != nil {
			return nil, err
		}
		banks = []models.QuBank{*b}
	} else if err := s.DB.WithContext(ctx).Where("owner_id = ?", p.UserID).Order("updated_at DESC, id").
		Limit(maxBankTabs).Find(&banks).Error; err != nil {
		return nil, err
	}
	out := make([]BankTab, 0, len(banks))
	for _, b := range banks {
		qs, err := s.BankQuestions(ctx, p, b.ID, true)
		if err != nil {
			return nil, err
		}
		tab := BankTab{TabQuName: b.Name, BankID: b.ID, Questions: make([]json.RawMessage, 0, len(qs))}
		for _, q := range qs {
			tab.Questions = append(tab.Questions, q.Question)
		}
		out = append(out, tab)
	}
	return out, nil
}
