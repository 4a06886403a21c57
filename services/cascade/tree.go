package cascade

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	lang "dwsurvey/survey"
)

// Bounds of a cascade tree. A respondent answers one value per level, so the levels are
// bounded like a cascade answer (survey.MaxCascadeLevels).
const (
	MaxLevels = lang.MaxCascadeLevels
	// MaxNodes bounds the nodes of one source (China's 3 levels have 3,882).
	MaxNodes = 50000
	// MaxLabelChars and MaxValueChars bound one node's texts (characters).
	MaxLabelChars = 200
	MaxValueChars = 200
	// MaxItemIDChars bounds a node's id.
	MaxItemIDChars = 64
	// maxIssues is the most problems reported for one input.
	maxIssues = 20
)

// Node is a tree node as the calls send and receive it (spec: label, value, itemId, children,
// childCascadeJsonId, leaf). On the answer side a node of a large tree comes without children
// but with childCascadeJsonId, the id to ask cascade-json-info.do for its children.
type Node struct {
	Label              string  `json:"label"`
	Value              string  `json:"value"`
	ItemID             string  `json:"itemId"`
	Children           []*Node `json:"children,omitempty"`
	ChildCascadeJSONID string  `json:"childCascadeJsonId,omitempty"`
	Leaf               bool    `json:"leaf"`
}

// Row is one node of a checked tree in storage order (parents before children).
type Row struct {
	ItemID, ParentID, Label, Value string
	Level, Sort                    int
	Leaf                           bool
}

// Tree is a checked tree: its rows (parents first) and its depth.
type Tree struct {
	Rows   []Row
	Levels int
}

// Issues lists what is wrong with an input, each with where it is.
type Issues []string

func (is *Issues) add(format string, args ...any) bool {
	if len(*is) < maxIssues {
		*is = append(*is, fmt.Sprintf(format, args...))
	}
	return len(*is) < maxIssues
}

// Error joins the issues.
func (is Issues) Error() string { return strings.Join(is, "; ") }

// text is a JSON string or number (ids and codes are often numbers); null and absent are "".
type text struct {
	s   string
	set bool
}

func (t *text) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	if len(b) > 0 && b[0] == '"' {
		t.set = true
		return json.Unmarshal(b, &t.s)
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return fmt.Errorf("expected a text or a number, got %s", clip(string(b), 20))
	}
	t.s, t.set = n.String(), true
	return nil
}

// inNode is a node as imported: the spec's names plus common aliases of other tree formats
// (name/text/title for the label, code for the value, id and parentId/pid for flat lists).
type inNode struct {
	Label    text      `json:"label"`
	Name     text      `json:"name"`
	Text     text      `json:"text"`
	Title    text      `json:"title"`
	Value    text      `json:"value"`
	Code     text      `json:"code"`
	ItemID   text      `json:"itemId"`
	ID       text      `json:"id"`
	ParentID *text     `json:"parentId"`
	Pid      *text     `json:"pid"`
	Children []*inNode `json:"children"`
}

func first(ts ...text) string {
	for _, t := range ts {
		if t.set && strings.TrimSpace(t.s) != "" {
			return strings.TrimSpace(t.s)
		}
	}
	return ""
}

func (n *inNode) label() string  { return first(n.Label, n.Name, n.Text, n.Title) }
func (n *inNode) value() string  { return first(n.Value, n.Code) }
func (n *inNode) itemID() string { return first(n.ItemID, n.ID) }
func (n *inNode) parent() (string, bool) {
	for _, p := range []*text{n.ParentID, n.Pid} {
		if p != nil {
			return strings.TrimSpace(p.s), true
		}
	}
	return "", false
}

// draft is a node being checked: where names it in messages.
type draft struct {
	label, value, itemID string
	children             []*draft
	where                string
}

// fromNested builds drafts from nested nodes (children arrays).
func fromNested(ns []*inNode, where func(path []string) string) []*draft {
	var walk func(ns []*inNode, path []string) []*draft
	walk = func(ns []*inNode, path []string) []*draft {
		out := make([]*draft, 0, len(ns))
		for _, n := range ns {
			if n == nil {
				continue
			}
			d := &draft{label: n.label(), value: n.value(), itemID: n.itemID(), where: where(path)}
			if len(n.Children) > 0 {
				d.children = walk(n.Children, append(path[:len(path):len(path)], nameOf(d)))
			}
			out = append(out, d)
		}
		return out
	}
	return walk(ns, nil)
}

func nameOf(d *draft) string {
	if d.label != "" {
		return d.label
	}
	if d.itemID != "" {
		return "#" + d.itemID
	}
	return "(no label)"
}

// fromFlat builds drafts from a flat list whose nodes name their parent (parentId or pid; "",
// null or an id that no node has and that is "0" mean the first level). Ids must be unique,
// parents must exist, and following parents must never come back to a node (a cycle).
func fromFlat(ns []*inNode, issues *Issues) []*draft {
	byID := make(map[string]int, len(ns))
	for i, n := range ns {
		id := n.itemID()
		if id == "" {
			issues.add("item %d of the list has no id (a list with parentId needs an id on every item)", i+1)
			continue
		}
		if _, dup := byID[id]; dup {
			issues.add("the id %q appears twice", clip(id, 40))
			continue
		}
		byID[id] = i
	}
	if len(*issues) > 0 {
		return nil
	}
	parentOf := make([]int, len(ns)) // -1: first level
	for i, n := range ns {
		p, _ := n.parent()
		parentOf[i] = -1
		if p == "" {
			continue
		}
		j, ok := byID[p]
		if !ok {
			if p == "0" {
				continue
			}
			issues.add("the parent %q of item %q does not exist", clip(p, 40), clip(n.itemID(), 40))
			continue
		}
		parentOf[i] = j
	}
	if len(*issues) > 0 {
		return nil
	}
	// Cycle check: colour each node once; a walk up that meets a node of the current walk is a cycle.
	const (
		unseen = 0
		onPath = 1
		done   = 2
	)
	state := make([]uint8, len(ns))
	for i := range ns {
		var path []int
		j := i
		for j >= 0 && state[j] == unseen {
			state[j] = onPath
			path = append(path, j)
			j = parentOf[j]
		}
		if j >= 0 && state[j] == onPath {
			// j is on the current path: the cycle is path from j on.
			var ids []string
			k := 0
			for path[k] != j {
				k++
			}
			for _, x := range path[k:] {
				ids = append(ids, clip(ns[x].itemID(), 20))
			}
			issues.add("the parent ids form a cycle: %s → %s (each item's parent is the next)", strings.Join(ids, " → "), ids[0])
			if len(*issues) >= 3 {
				return nil
			}
		}
		for _, x := range path {
			state[x] = done
		}
	}
	if len(*issues) > 0 {
		return nil
	}
	drafts := make([]*draft, len(ns))
	for i, n := range ns {
		drafts[i] = &draft{label: n.label(), value: n.value(), itemID: n.itemID(), where: fmt.Sprintf("item %q", clip(n.itemID(), 40))}
	}
	var roots []*draft
	for i, d := range drafts {
		if parentOf[i] < 0 {
			roots = append(roots, d)
		} else {
			p := drafts[parentOf[i]]
			p.children = append(p.children, d)
		}
	}
	return roots
}

// check turns drafts into a tree within the bounds: every node has a label (the value
// defaults to it), siblings have different values (an answer stores one value per level),
// ids are unique (missing ones are made), at most MaxLevels levels and MaxNodes nodes.
func check(roots []*draft) (*Tree, Issues) {
	var issues Issues
	if len(roots) == 0 {
		issues.add("the data has no items")
		return nil, issues
	}
	t := &Tree{}
	given := map[string]bool{}
	count := 0
	var walk func(ds []*draft, level int) bool
	walk = func(ds []*draft, level int) bool {
		if level > MaxLevels {
			issues.add("%s: the tree is deeper than %d levels", ds[0].where, MaxLevels)
			return false
		}
		t.Levels = max(t.Levels, level)
		values := map[string]bool{}
		for _, d := range ds {
			count++
			if count > MaxNodes {
				issues.add("the tree has more than %d items", MaxNodes)
				return false
			}
			if d.value == "" {
				d.value = d.label
			}
			switch {
			case d.label == "":
				if !issues.add("%s: an item has no label", d.where) {
					return false
				}
			case utf8.RuneCountInString(d.label) > MaxLabelChars:
				if !issues.add("%s: the label %q is longer than %d characters", d.where, clip(d.label, 20), MaxLabelChars) {
					return false
				}
			case utf8.RuneCountInString(d.value) > MaxValueChars:
				if !issues.add("%s: the value of %q is longer than %d characters", d.where, clip(d.label, 20), MaxValueChars) {
					return false
				}
			case values[d.value]:
				if !issues.add("%s: two items have the value %q (values must differ among items of one level under the same parent)", d.where, clip(d.value, 40)) {
					return false
				}
			}
			values[d.value] = true
			if d.itemID != "" {
				if utf8.RuneCountInString(d.itemID) > MaxItemIDChars || strings.ContainsAny(d.itemID, "~") {
					if !issues.add("%s: the id %q is longer than %d characters or contains ~", d.where, clip(d.itemID, 20), MaxItemIDChars) {
						return false
					}
				} else if given[d.itemID] {
					if !issues.add("%s: the id %q appears twice", d.where, clip(d.itemID, 40)) {
						return false
					}
				}
				given[d.itemID] = true
			}
			if len(d.children) > 0 && !walk(d.children, level+1) {
				return false
			}
		}
		return true
	}
	walk(roots, 1)
	if len(issues) > 0 {
		return nil, issues
	}
	// Ids for nodes without one, avoiding the given ids; then rows, parents first.
	seq := 0
	newID := func() string {
		for {
			seq++
			id := "n" + strconv.Itoa(seq)
			if !given[id] {
				return id
			}
		}
	}
	t.Rows = make([]Row, 0, count)
	var emit func(ds []*draft, parent string, level int)
	emit = func(ds []*draft, parent string, level int) {
		for i, d := range ds {
			if d.itemID == "" {
				d.itemID = newID()
			}
			t.Rows = append(t.Rows, Row{ItemID: d.itemID, ParentID: parent, Label: d.label, Value: d.value, Level: level, Sort: i, Leaf: len(d.children) == 0})
		}
		for _, d := range ds {
			if len(d.children) > 0 {
				emit(d.children, d.itemID, level+1)
			}
		}
	}
	emit(roots, "", 1)
	return t, nil
}

// FromNodes checks a tree sent by the editor (save): nested nodes with label, value, itemId.
func FromNodes(ns []*Node) (*Tree, Issues) {
	in := make([]*inNode, 0, len(ns))
	var conv func(n *Node) *inNode
	conv = func(n *Node) *inNode {
		if n == nil {
			return nil
		}
		x := &inNode{Label: text{n.Label, true}, Value: text{n.Value, n.Value != ""}, ItemID: text{n.ItemID, n.ItemID != ""}}
		for _, c := range n.Children {
			if cc := conv(c); cc != nil {
				x.Children = append(x.Children, cc)
			}
		}
		return x
	}
	for _, n := range ns {
		if x := conv(n); x != nil {
			in = append(in, x)
		}
	}
	return check(fromNested(in, pathWhere))
}

// pathWhere names a place of a nested tree by the labels above it.
func pathWhere(path []string) string {
	if len(path) == 0 {
		return "level 1"
	}
	return fmt.Sprintf("level %d under %q", len(path)+1, clip(strings.Join(path, " / "), 60))
}

// Nest builds nested nodes from rows (parents before children, as stored).
func Nest(rows []Row) []*Node {
	byID := make(map[string]*Node, len(rows))
	var roots []*Node
	for _, r := range rows {
		n := &Node{Label: r.Label, Value: r.Value, ItemID: r.ItemID, Leaf: r.Leaf}
		byID[r.ItemID] = n
		if p := byID[r.ParentID]; r.ParentID != "" && p != nil {
			p.Children = append(p.Children, n)
		} else if r.ParentID == "" {
			roots = append(roots, n)
		}
	}
	if roots == nil {
		roots = []*Node{}
	}
	return roots
}

func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}
