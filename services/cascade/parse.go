package cascade

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"dwsurvey/services/importer"
)

// MaxFileBytes bounds one imported file or fetched JSON URL (the import bound of every file).
const MaxFileBytes = importer.MaxFileBytes

// maxJSONDepth is the JSON nesting a tree of MaxLevels levels needs ({"children":[ per level)
// plus a wrapper such as {"data":{"jsonData":[...]}}.
const maxJSONDepth = 2*MaxLevels + 4

// maxJSONValues bounds the values of a JSON tree (labels, values, ids and the containers of
// MaxNodes nodes, with room for a few unknown keys each).
const maxJSONValues = MaxNodes * 12

// ParseJSON reads a tree from JSON. Accepted shapes:
//   - an array of nested nodes [{label, value?, itemId?, children?}, ...] (name/text/title are
//     read as the label, code as the value, id as the itemId);
//   - the same wrapped as {"jsonData": ...}, {"children": ...} or {"data": {"jsonData": ...}}
//     (cascade-json-info.do's answer), jsonData also as a JSON string;
//   - a flat list whose items name their parent: [{id, parentId | pid, label, ...}, ...].
func ParseJSON(data []byte) (*Tree, Issues) {
	if len(data) > MaxFileBytes {
		return nil, Issues{fmt.Sprintf("the file is larger than %d MB", MaxFileBytes>>20)}
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	var list []*inNode
	for wraps := 0; ; wraps++ { // a jsonData string holds the document once more
		if is := checkShape(data); is != nil {
			return nil, is
		}
		arr, inner, err := nodeArray(data)
		if err != nil {
			return nil, Issues{err.Error()}
		}
		if inner == nil {
			if err := json.Unmarshal(arr, &list); err != nil {
				return nil, Issues{jsonSyntax(arr, err)}
			}
			break
		}
		if wraps > 0 {
			return nil, Issues{"jsonData holds a text that is not a list of items"}
		}
		data = inner
	}
	flat := false
	for _, n := range list {
		if n == nil {
			continue
		}
		if _, has := n.parent(); has {
			flat = true
		}
	}
	var roots []*draft
	if flat {
		var issues Issues
		for _, n := range list {
			if n != nil && len(n.Children) > 0 {
				issues.add("item %q has both a parent id and children: use one form", clip(n.itemID(), 40))
				return nil, issues
			}
		}
		if roots = fromFlat(list, &issues); issues != nil {
			return nil, issues
		}
	} else {
		roots = fromNested(list, pathWhere)
	}
	return check(roots)
}

// checkShape refuses a document nested deeper than a tree of MaxLevels levels or with more
// values than MaxNodes nodes have, before anything is decoded.
func checkShape(data []byte) Issues {
	switch err := importer.CheckJSON(data, maxJSONValues, maxJSONDepth); {
	case errors.Is(err, importer.ErrJSONDepth):
		return Issues{fmt.Sprintf("the tree is deeper than %d levels", MaxLevels)}
	case errors.Is(err, importer.ErrJSONValues):
		return Issues{fmt.Sprintf("the tree has more than %d items", MaxNodes)}
	}
	return nil
}

var errShape = errors.New("the JSON is not a list of items nor an object with jsonData or children")

// nodeArray finds the node array of any accepted shape: arr is its JSON, or inner the text of
// a jsonData string (to be read as a document again).
func nodeArray(data []byte) (arr, inner []byte, err error) {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil, nil, errors.New("the file is empty")
	}
	if trimmed[0] == '[' {
		return trimmed, nil, nil
	}
	if trimmed[0] != '{' {
		if !json.Valid(trimmed) {
			var v any
			return nil, nil, errors.New(jsonSyntax(trimmed, json.Unmarshal(trimmed, &v)))
		}
		return nil, nil, errShape
	}
	var wrap struct {
		JSONData json.RawMessage `json:"jsonData"`
		Children json.RawMessage `json:"children"`
		Data     *struct {
			JSONData json.RawMessage `json:"jsonData"`
		} `json:"data"`
	}
	if err := json.Unmarshal(trimmed, &wrap); err != nil {
		return nil, nil, errors.New(jsonSyntax(trimmed, err))
	}
	raw := wrap.JSONData
	if raw == nil && wrap.Data != nil {
		raw = wrap.Data.JSONData
	}
	if raw == nil {
		raw = wrap.Children
	}
	raw = bytes.TrimSpace(raw)
	switch {
	case len(raw) > 0 && raw[0] == '[':
		return raw, nil, nil
	case len(raw) > 0 && raw[0] == '"':
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, nil, errShape
		}
		return nil, []byte(s), nil
	}
	return nil, nil, errShape
}

// jsonSyntax names a JSON error with its line.
func jsonSyntax(data []byte, err error) string {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("line %d: invalid JSON: %s", bytes.Count(data[:min(int(se.Offset), len(data))], []byte("\n"))+1, se.Error())
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return fmt.Sprintf("line %d: %s must not be %s", bytes.Count(data[:min(int(te.Offset), len(data))], []byte("\n"))+1, fieldName(te.Field), te.Value)
	}
	return "invalid JSON: " + err.Error()
}

func fieldName(f string) string {
	if f == "" {
		return "an item"
	}
	return f
}

// headerCell matches the cells of an optional header row: "Level 1", "一级", "第1级", "#...".
var headerCell = regexp.MustCompile(`(?i)^(#.*|level\s*\d+|第?[一二三四五六七八九十0-9]+级.*)$`)

// ParseXLSX reads a tree from the first sheet of an .xlsx file: every row is one path from the
// first level to the last (column A level 1, B level 2, ...; a cell is a label, which is also
// its value), so a node's children are the rows sharing its path. An optional first row of
// headers ("Level 1", "Level 2"..., 一级, 二级...) is skipped. Rows are read within the import
// bounds (services/importer).
func ParseXLSX(data []byte) (*Tree, Issues) {
	type key struct {
		parent *draft
		label  string
	}
	var issues Issues
	root := &draft{}
	known := map[key]*draft{}
	err := importer.SheetRows(data, "Excel .xlsx workbook", func(line int, cells []string) error {
		last := -1
		for i, c := range cells {
			if strings.TrimSpace(c) != "" {
				last = i
			}
		}
		if last < 0 {
			return nil
		}
		if line == 1 {
			header := true
			for _, c := range cells[:last+1] {
				if c = strings.TrimSpace(c); c != "" && !headerCell.MatchString(c) {
					header = false
				}
			}
			if header {
				return nil
			}
		}
		if last >= MaxLevels {
			issues.add("row %d: the tree is deeper than %d levels (%d columns)", line, MaxLevels, last+1)
			return issues
		}
		at := root
		for i := 0; i <= last; i++ {
			label := strings.TrimSpace(cells[i])
			if label == "" {
				if !issues.add("row %d: column %s is empty but a later column is not (each row is a path from level 1)", line, column(i)) {
					return issues
				}
				return nil
			}
			k := key{at, label}
			d := known[k]
			if d == nil {
				d = &draft{label: label, where: fmt.Sprintf("row %d", line)}
				known[k] = d
				at.children = append(at.children, d)
			}
			at = d
		}
		return nil
	})
	if err != nil {
		var le importer.LineError
		if errors.As(err, &le) {
			return nil, Issues{le.String()}
		}
		if len(issues) > 0 {
			return nil, issues
		}
		return nil, Issues{err.Error()}
	}
	if len(issues) > 0 {
		return nil, issues
	}
	return check(root.children)
}

func column(i int) string {
	s := ""
	for i++; i > 0; i = (i - 1) / 26 {
		s = string(rune('A'+(i-1)%26)) + s
	}
	return s
}
