package contacts

import (
	"bytes"
	"context"

	"github.com/xuri/excelize/v2"

	"dwsurvey/services/account"
	"dwsurvey/services/export"
	surveysvc "dwsurvey/services/survey"
)

// MaxExportRows bounds one export of contacts or links.
const MaxExportRows = 100000

// writeSheet writes a one-sheet workbook: header, then rows. Every text a person typed is
// neutralised (no cell starts a formula).
func writeSheet(header []string, rows func(add func(cells ...string) error) error) ([]byte, error) {
	f := excelize.NewFile()
	defer f.Close()
	sw, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		return nil, err
	}
	n := 1
	add := func(cells ...string) error {
		vals := make([]any, len(cells))
		for i, c := range cells {
			vals[i] = export.Neutralise(c)
		}
		cell, _ := excelize.CoordinatesToCellName(1, n)
		n++
		return sw.SetRow(cell, vals)
	}
	if err := add(header...); err != nil {
		return nil, err
	}
	if err := rows(add); err != nil {
		return nil, err
	}
	if err := sw.Flush(); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// ImportHeader is the header row of the import template and of the contact export (the
// export adds the verified flag; passwords are never exported).
var ImportHeader = []string{"account", "name", "email", "phone", "job title", "initial password", "group"}

// Template is an empty import workbook with the header and one example row.
func Template() ([]byte, error) {
	return writeSheet(ImportHeader, func(add func(...string) error) error {
		return add("zhangsan01", "张三", "zhangsan@example.com", "13800138000", "Engineer", "Initial-123", "Staff")
	})
}

// Export writes the caller's contacts matching in (all pages) as .xlsx.
func (s *Service) Export(ctx context.Context, p *account.Principal, in ListInput) ([]byte, error) {
	in.Current, in.Size = 1, MaxExportRows
	_, rows, err := s.List(ctx, p, in)
	if err != nil {
		return nil, err
	}
	header := []string{"account", "name", "email", "phone", "job title", "group", "verified", "created"}
	return writeSheet(header, func(add func(...string) error) error {
		for _, c := range rows {
			v := "no"
			if c.Verified {
				v = "yes"
			}
			if err := add(c.Account, c.Name, c.Email, c.Phone, c.JobTitle, c.GroupName, v, c.CreateTime); err != nil {
				return err
			}
		}
		return nil
	})
}

// ExportLinks writes a survey's bind records with their unique links as .xlsx.
func (s *Service) ExportLinks(ctx context.Context, p *account.Principal, in BindListInput) ([]byte, string, error) {
	sv, err := s.Surveys.Check(ctx, p, in.SurveyID, surveysvc.NeedAny)
	if err != nil {
		return nil, "", err
	}
	in.Current, in.Size = 1, MaxExportRows
	_, rows, err := s.Binds(ctx, p, in)
	if err != nil {
		return nil, "", err
	}
	header := []string{"name", "account", "email", "phone", "group", "kind", "state", "link", "last message", "bound"}
	b, err := writeSheet(header, func(add func(...string) error) error {
		for _, r := range rows {
			if err := add(r.Name, r.Account, r.Email, r.Phone, r.GroupName, r.Kind, r.State, r.Link, r.LastSend, r.CreateTime); err != nil {
				return err
			}
		}
		return nil
	})
	return b, sv.Sid, err
}
