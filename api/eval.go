package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"dwsurvey/models"
	answersvc "dwsurvey/services/answer"
	"dwsurvey/services/eval"
)

// registerEval: solutions (design/solution, save-solution.do, an-solution, preview-solution),
// dimension groups (design/dimension-group), dimension reports (dimension/{answerId}) and
// eval360 subjects, raters and reports.
func (s *server) registerEval() {
	const app = "app/v6/dw-eval/"
	s.handle(http.MethodGet, app+"solutions.do", models.PermSurveyManage, "Solution texts of a survey and the ids its rules choose (surveyId; also preview-solution)", s.evalSolutions)
	s.handle(http.MethodPost, app+"save-solutions.do", models.PermSurveyManage, "Replace the solution texts (surveyId, solutions: solutionId, title, rich-text content)", s.evalSaveSolutions)
	s.handle(http.MethodGet, app+"dimension-groups.do", models.PermSurveyManage, "Dimension groups with dimensions, weighted questions and score bands (surveyId)", s.evalGroups)
	s.handle(http.MethodPost, app+"save-dimension-group.do", models.PermSurveyManage, "Create or update a dimension group with its dimensions", s.evalSaveGroup)
	s.handle(http.MethodPost, app+"delete-dimension-group.do", models.PermSurveyManage, "Delete a dimension group (id)", s.evalDeleteGroup)
	s.handle(http.MethodGet, app+"subjects.do", models.PermSurveyData, "eval360 subjects with raters and their link tokens (surveyId)", s.evalSubjects)
	s.handle(http.MethodPost, app+"save-subject.do", models.PermSurveyManage, "Create or update an eval360 subject (name, anonMin, raters: role, name)", s.evalSaveSubject)
	s.handle(http.MethodPost, app+"delete-subject.do", models.PermSurveyManage, "Delete an eval360 subject (id)", s.evalDeleteSubject)
	s.handle(http.MethodGet, app+"subject-report.do", models.PermSurveyData, "Aggregated eval360 report of a subject: self, others and roles (hidden below anonMin raters)", s.evalSubjectReport)
	const none = "none/v6/dw-answer-eval/"
	s.handle(http.MethodPost, none+"save-solution.do", "", "The solutions the server chose for a submitted answer (answerId, resumeToken); the client's ids are not trusted", s.evalAnswerSolution)
	s.handle(http.MethodGet, none+"answer-solution.do", "", "Score and solutions of an answer (answerId, resumeToken): an-solution page", s.evalAnswerSolution)
	s.handle(http.MethodGet, none+"dimension-report.do", "", "Dimension report of an answer (answerId, resumeToken): dimension page", s.evalAnswerReport)
}

func (s *server) evalSolutions(c *gin.Context) {
	r, err := s.d.Eval.Solutions(c.Request.Context(), principal(c), surveyIDParam(c))
	respond(c, r, err)
}

func (s *server) evalSaveSolutions(c *gin.Context) {
	var in struct {
		SurveyID  string          `json:"surveyId"`
		Solutions []eval.Solution `json:"solutions"`
	}
	if !bind(c, &in) {
		return
	}
	r, err := s.d.Eval.SaveSolutions(c.Request.Context(), principal(c), in.SurveyID, in.Solutions)
	respond(c, r, err)
}

func (s *server) evalGroups(c *gin.Context) {
	r, err := s.d.Eval.Groups(c.Request.Context(), principal(c), surveyIDParam(c))
	respond(c, r, err)
}

func (s *server) evalSaveGroup(c *gin.Context) {
	var in eval.Group
	if !bind(c, &in) {
		return
	}
	r, err := s.d.Eval.SaveGroup(c.Request.Context(), principal(c), in)
	respond(c, r, err)
}

func (s *server) evalDeleteGroup(c *gin.Context) {
	var in idBody
	if !bind(c, &in) {
		return
	}
	respond(c, nil, s.d.Eval.DeleteGroup(c.Request.Context(), principal(c), in.ID))
}

func (s *server) evalSubjects(c *gin.Context) {
	r, err := s.d.Eval.Subjects(c.Request.Context(), principal(c), surveyIDParam(c))
	respond(c, r, err)
}

func (s *server) evalSaveSubject(c *gin.Context) {
	var in eval.Subject
	if !bind(c, &in) {
		return
	}
	r, err := s.d.Eval.SaveSubject(c.Request.Context(), principal(c), in)
	respond(c, r, err)
}

func (s *server) evalDeleteSubject(c *gin.Context) {
	var in idBody
	if !bind(c, &in) {
		return
	}
	respond(c, nil, s.d.Eval.DeleteSubject(c.Request.Context(), principal(c), in.ID))
}

func (s *server) evalSubjectReport(c *gin.Context) {
	r, err := s.d.Eval.SubjectReport(c.Request.Context(), principal(c), c.Query("subjectId"))
	respond(c, r, err)
}

// answerReader reads answerId and resumeToken from the query or a JSON/form body.
func answerReader(c *gin.Context) (answersvc.Reader, string) {
	var in struct {
		AnswerID    string `json:"answerId" form:"answerId"`
		ResumeToken string `json:"resumeToken" form:"resumeToken"`
	}
	if c.Request.Method == http.MethodPost {
		_ = c.ShouldBind(&in)
	}
	if in.AnswerID == "" {
		in.AnswerID = c.Query("answerId")
	}
	if in.ResumeToken == "" {
		in.ResumeToken = c.Query("resumeToken")
	}
	return answersvc.Reader{Principal: principal(c), ResumeToken: in.ResumeToken}, in.AnswerID
}

func (s *server) evalAnswerSolution(c *gin.Context) {
	rd, id := answerReader(c)
	r, err := s.d.Eval.ForAnswer(c.Request.Context(), rd, id)
	respond(c, r, err)
}

func (s *server) evalAnswerReport(c *gin.Context) {
	rd, id := answerReader(c)
	r, err := s.d.Eval.AnswerReport(c.Request.Context(), rd, id)
	respond(c, r, err)
}
