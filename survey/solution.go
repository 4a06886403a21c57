package survey

import "dwsurvey/survey/dsl"

// SolutionIDs lists the solution ids a document's rules can choose, in document order without
// repeats: the targets of SOLUTION questionLogics, then the `solution "id"` statements of the
// condition language. design/solution offers a text for each.
func SolutionIDs(s *Survey) []string {
	seen := map[string]bool{}
	var out []string
	add := func(id string) {
		if id != "" && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	for _, q := range s.Questions {
		if q == nil {
			continue
		}
		for _, r := range q.QuestionLogics {
			if r != nil && LogicKind(string(r.LogicType)) == "SOLUTION" {
				for _, id := range r.SkQuID {
					add(id)
				}
			}
		}
	}
	c := CompileDsl(s, NewIndex(s))
	for _, r := range c.Rules {
		if r.Stmt != nil && r.Stmt.Kind == dsl.SSolution {
			add(r.Stmt.Message)
		}
	}
	return out
}

// HasSolutionRules reports whether any rule of the document chooses a solution.
func HasSolutionRules(s *Survey) bool { return len(SolutionIDs(s)) > 0 }
