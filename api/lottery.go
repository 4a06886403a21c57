package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"dwsurvey/models"
	"dwsurvey/services/lottery"
)

// registerLottery: authors set lotteries up (dw/set-lottery, c/lottery-list) and handle
// winners; respondents draw on lottery/{lotteryId}/{surveyId}; users see their awards.
func (s *server) registerLottery() {
	const app = "app/v6/lottery/"
	s.handle(http.MethodGet, app+"list.do", models.PermSurveyData, "Lotteries of a survey (surveyId) with prizes, stock and counts", s.lotteryList)
	s.handle(http.MethodGet, app+"info.do", models.PermSurveyData, "One lottery (id)", s.lotteryInfo)
	s.handle(http.MethodPost, app+"save.do", models.PermSurveyManage, "Create or update a lottery (prizes: name, image, stock, probability %; rules; instant or scheduled)", s.lotterySave)
	s.handle(http.MethodPost, app+"delete.do", models.PermSurveyManage, "Delete a lottery nobody has drawn in (id)", s.lotteryDelete)
	s.handle(http.MethodPost, app+"draw-now.do", models.PermSurveyManage, "Draw a scheduled lottery now (id)", s.lotteryDrawNow)
	s.handle(http.MethodGet, app+"winners.do", models.PermSurveyData, "Winners of a lottery (PageResult; lotteryId, delivered 0/1, code)", s.lotteryWinners)
	s.handle(http.MethodPost, app+"deliver.do", models.PermSurveyData, "Mark a won prize delivered or not (drawId, delivered)", s.lotteryDeliver)
	s.handle(http.MethodGet, app+"verify.do", models.PermSurveyData, "Re-run a scheduled draw from its recorded seed and entrants (lotteryId)", s.lotteryVerify)
	s.handle(http.MethodGet, "app/user/awards.do", models.PermAuthenticated, "Prizes the logged-in user won (PageResult)", s.lotteryAwards)
	const none = "none/v6/dw-answer-lottery/"
	s.handle(http.MethodGet, none+"info.do", "", "The lottery page's lottery (lotteryId, surveyId): prizes and rules", s.lotteryPublic)
	s.handle(http.MethodPost, none+"draw.do", "", "Instant draw for a submitted answer (lotteryId, surveyId, answerId, resumeToken)", s.lotteryDraw)
	s.handle(http.MethodGet, none+"my-draw.do", "", "The answer's draw (lotteryId, surveyId, answerId, resumeToken); data null before one", s.lotteryMyDraw)
	s.handle(http.MethodGet, none+"draw-record.do", "", "Public record of a scheduled draw: seed, entrant ids, prizes, winners, verified", s.lotteryRecord)
}

func (s *server) lotteryList(c *gin.Context) {
	r, err := s.d.Lottery.List(c.Request.Context(), principal(c), surveyIDParam(c))
	respond(c, r, err)
}

func (s *server) lotteryInfo(c *gin.Context) {
	r, err := s.d.Lottery.Info(c.Request.Context(), principal(c), c.Query("id"))
	respond(c, r, err)
}

func (s *server) lotterySave(c *gin.Context) {
	var in lottery.SaveInput
	if !bind(c, &in) {
		return
	}
	r, err := s.d.Lottery.Save(c.Request.Context(), principal(c), in)
	respond(c, r, err)
}

func (s *server) lotteryDelete(c *gin.Context) {
	var in idBody
	if !bind(c, &in) {
		return
	}
	respond(c, nil, s.d.Lottery.Delete(c.Request.Context(), principal(c), in.ID))
}

func (s *server) lotteryDrawNow(c *gin.Context) {
	var in idBody
	if !bind(c, &in) {
		return
	}
	respond(c, nil, s.d.Lottery.DrawNow(c.Request.Context(), principal(c), in.ID))
}

func (s *server) lotteryWinners(c *gin.Context) {
	cur, size := paging(c)
	rows, total, err := s.d.Lottery.Winners(c.Request.Context(), principal(c), c.Query("lotteryId"),
		lottery.WinnerFilter{Delivered: c.Query("delivered"), Code: c.Query("code")}, cur, size)
	if err != nil {
		fail(c, err)
		return
	}
	pageResult(c, total, cur, size, rows)
}

func (s *server) lotteryDeliver(c *gin.Context) {
	var in struct {
		DrawID    string `json:"drawId" form:"drawId"`
		Delivered bool   `json:"delivered" form:"delivered"`
	}
	if !bind(c, &in) {
		return
	}
	respond(c, nil, s.d.Lottery.Deliver(c.Request.Context(), principal(c), in.DrawID, in.Delivered))
}

func (s *server) lotteryVerify(c *gin.Context) {
	r, err := s.d.Lottery.Verify(c.Request.Context(), principal(c), c.Query("lotteryId"))
	respond(c, r, err)
}

func (s *server) lotteryAwards(c *gin.Context) {
	cur, size := paging(c)
	rows, total, err := s.d.Lottery.Awards(c.Request.Context(), principal(c), cur, size)
	if err != nil {
		fail(c, err)
		return
	}
	pageResult(c, total, cur, size, rows)
}

func (s *server) lotteryPublic(c *gin.Context) {
	r, err := s.d.Lottery.PublicInfo(c.Request.Context(), c.Query("lotteryId"), c.Query("surveyId"))
	respond(c, r, err)
}

func (s *server) lotteryDraw(c *gin.Context) {
	var in lottery.DrawInput
	if !bind(c, &in) {
		return
	}
	r, err := s.d.Lottery.Draw(c.Request.Context(), principal(c), in)
	respond(c, r, err)
}

func (s *server) lotteryMyDraw(c *gin.Context) {
	in := lottery.DrawInput{LotteryID: c.Query("lotteryId"), SurveyID: c.Query("surveyId"), AnswerID: c.Query("answerId"), ResumeToken: c.Query("resumeToken")}
	r, err := s.d.Lottery.MyDraw(c.Request.Context(), principal(c), in)
	respond(c, r, err)
}

func (s *server) lotteryRecord(c *gin.Context) {
	r, err := s.d.Lottery.DrawRecord(c.Request.Context(), c.Query("lotteryId"), c.Query("surveyId"))
	respond(c, r, err)
}
