package contacts

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"sync"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/account"
)

// Import columns (docs/contacts.md). A first row whose cells are known column names is a
// header and decides the order; without one the order is this one.
const (
	colAccount = iota
	colName
	colEmail
	colPhone
	colJob
	colPassword
	colGroup
	numCols
)

var headerWords = map[string]int{
	"account": colAccount, "账号": colAccount, "帐号": colAccount, "登录账号": colAccount,
	"name": colName, "姓名": colName, "名称": colName,
	"email": colEmail, "e-mail": colEmail, "mail": colEmail, "邮箱": colEmail, "电子邮箱": colEmail,
	"phone": colPhone, "mobile": colPhone, "手机": colPhone, "手机号": colPhone, "电话": colPhone,
	"job title": colJob, "job": colJob, "title": colJob, "职位": colJob, "职务": colJob,
	"initial password": colPassword, "password": colPassword, "初始密码": colPassword, "密码": colPassword,
	"group": colGroup, "分组": colGroup, "组": colGroup,
}

// RowError is one refused row of an import and why.
type RowError struct {
	Line    int      `json:"line"`
	Account string   `json:"account"`
	Name    string   `json:"name"`
	Reasons []string `json:"reasons"`
}

// ImportResult is the preview (Saved 0) or the outcome of a confirmed import.
type ImportResult struct {
	Rows   int        `json:"rows"`
	Good   int        `json:"good"`
	Bad    int        `json:"bad"`
	Errors []RowError `json:"errors"`
	// Saved contacts (confirm only); NewGroups created from the group column.
	Saved     int      `json:"saved"`
	NewGroups []string `json:"newGroups"`
	Confirmed bool     `json:"confirmed"`
}

// maxListedErrors bounds the refused rows listed (all are counted).
const maxListedErrors = 1000

type importRow struct {
	line  int
	in    ContactInput
	group string
	probs []string
}

// Import reads a contact list (.xlsx or .xls) into the caller's address book. Without
// confirm it only previews: every row is checked (missing account or name, bad e-mail or
// phone, an account twice in the file or already in the address book, a formula, a bad
// initial password) and the refused rows are listed with their reasons. With confirm the
// same checks run again and only the good rows are saved, all in one transaction (groups
// named in the group column are created). A file refused as a whole (not a workbook, too
// large, too many rows) stores nothing and says why. groupID puts rows without a group
// column value into that group.
func (s *Service) Import(ctx context.Context, p *account.Principal, data []byte, groupID string, confirm bool) (*ImportResult, error) {
	uid, err := owner(p)
	if err != nil {
		return nil, err
	}
	groupID = strings.TrimSpace(groupID)
	if err := s.ownGroup(ctx, s.DB, uid, groupID); err != nil {
		return nil, err
	}
	sheet, err := readSheet(data)
	if err != nil {
		return nil, models.Invalid("Import failed: %s", err.Error())
	}
	rows := parseRows(sheet)
	res := &ImportResult{Rows: len(rows), Errors: []RowError{}, NewGroups: []string{}}
	if len(rows) == 0 {
		return nil, models.Invalid("Import failed: the sheet has no contact rows")
	}
	// accounts already in the address book
	accts := make([]string, 0, len(rows))
	for _, r := range rows {
		if r.in.Account != "" {
			accts = append(accts, r.in.Account)
		}
	}
	existing := map[string]bool{}
	for i := 0; i < len(accts); i += 500 {
		var got []string
		if err := s.DB.WithContext(ctx).Model(&models.Contact{}).Where("owner_id = ? AND account IN ?", uid, accts[i:min(i+500, len(accts))]).
			Pluck("account", &got).Error; err != nil {
			return nil, err
		}
		for _, a := range got {
			existing[strings.ToLower(a)] = true
		}
	}
	seen := map[string]int{}
	var good []*importRow
	for _, r := range rows {
		if r.in.Account != "" {
			k := strings.ToLower(r.in.Account)
			if first, dup := seen[k]; dup {
				r.probs = append(r.probs, fmt.Sprintf("%s (also on row %d)", MsgDuplicate, first))
			} else {
				seen[k] = r.line
				if existing[k] {
					r.probs = append(r.probs, MsgDuplicate+" (already in the address book)")
				}
			}
		}
		if len(r.probs) > 0 {
			res.Bad++
			if len(res.Errors) < maxListedErrors {
				res.Errors = append(res.Errors, RowError{Line: r.line, Account: r.in.Account, Name: r.in.Name, Reasons: r.probs})
			}
			continue
		}
		good = append(good, r)
	}
	res.Good = len(good)
	if !confirm {
		return res, nil
	}
	res.Confirmed = true
	if len(good) == 0 {
		return res, nil
	}
	hashes, err := hashAll(good)
	if err != nil {
		return nil, err
	}
	now := s.now()
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		groups := map[string]string{}
		var gs []models.ContactGroup
		if err := tx.Where("owner_id = ?", uid).Find(&gs).Error; err != nil {
			return err
		}
		for _, g := range gs {
			groups[g.Name] = g.ID
		}
		batch := make([]models.Contact, 0, len(good))
		for i, r := range good {
			gid := groupID
			if r.group != "" {
				id, ok := groups[r.group]
				if !ok {
					g := models.ContactGroup{ID: uuid.NewString(), OwnerID: uid, Name: r.group, CreatedAt: now, UpdatedAt: now}
					if err := tx.Create(&g).Error; err != nil {
						return err
					}
					id, groups[r.group] = g.ID, g.ID
					res.NewGroups = append(res.NewGroups, r.group)
				}
				gid = id
			}
			batch = append(batch, models.Contact{ID: uuid.NewString(), OwnerID: uid, GroupID: gid, Account: r.in.Account, Name: r.in.Name,
				Email: r.in.Email, Phone: r.in.Phone, JobTitle: r.in.JobTitle, PasswordHash: hashes[i], CreatedAt: now, UpdatedAt: now})
		}
		return tx.CreateInBatches(batch, 200).Error
	})
	if err != nil {
		if isDuplicate(err) {
			return nil, models.Invalid("Import failed: an account was added meanwhile; preview the file again")
		}
		return nil, err
	}
	res.Saved = len(good)
	s.audit(ctx, auditEntry(p, "Contacts imported", fmt.Sprintf("%d contacts saved, %d rows refused", res.Saved, res.Bad)))
	return res, nil
}

// parseRows maps the sheet rows to contacts (header detection, column order, empty rows
// skipped) and checks each row on its own.
func parseRows(sheet []sheetRow) []*importRow {
	order := []int{colAccount, colName, colEmail, colPhone, colJob, colPassword, colGroup}
	start := 0
	if len(sheet) > 0 {
		if hdr, ok := headerOrder(sheet[0].Cells); ok {
			order, start = hdr, 1
		}
	}
	var out []*importRow
	for _, sr := range sheet[start:] {
		vals := make([]string, numCols)
		empty := true
		for i, c := range sr.Cells {
			if c != "" {
				empty = false
			}
			if i < len(order) && order[i] >= 0 {
				vals[order[i]] = c
			}
		}
		if empty && sr.Formula == "" {
			continue
		}
		r := &importRow{line: sr.Line, group: vals[colGroup], in: ContactInput{Account: vals[colAccount], Name: vals[colName],
			Email: vals[colEmail], Phone: vals[colPhone], JobTitle: vals[colJob], Password: vals[colPassword]}}
		r.in.trim()
		if sr.Formula != "" {
			r.probs = append(r.probs, fmt.Sprintf("cell %s holds a formula; enter values only", sr.Formula))
		}
		r.probs = append(r.probs, r.in.problems(true)...)
		if r.group != "" && len([]rune(r.group)) > MaxGroupChars {
			r.probs = append(r.probs, "the group name is longer than 18 characters")
		}
		out = append(out, r)
	}
	return out
}

// headerOrder reads a header row: ok when at least two cells are known column names.
func headerOrder(cells []string) ([]int, bool) {
	order := make([]int, len(cells))
	known := 0
	for i, c := range cells {
		order[i] = -1
		if col, ok := headerWords[strings.ToLower(strings.TrimSpace(c))]; ok {
			order[i] = col
			known++
		}
	}
	return order, known >= 2
}

// hashAll hashes the initial passwords of rows (bcrypt, on every core; "" when none).
func hashAll(rows []*importRow) ([]string, error) {
	out := make([]string, len(rows))
	work := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				h, err := account.HashPassword(rows[i].in.Password)
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
				}
				out[i] = h
				mu.Unlock()
			}
		}()
	}
	for i, r := range rows {
		if r.in.Password != "" {
			work <- i
		}
	}
	close(work)
	wg.Wait()
	return out, firstErr
}
