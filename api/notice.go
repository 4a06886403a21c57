package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"dwsurvey/models"
	"dwsurvey/services/notice"
)

// registerNotice: notices written by administrators (system/notice) and read by every user
// (the header's unread count, /notice and /notice/{noticeId}).
func (s *server) registerNotice() {
	p := models.PermAdminNotice
	s.handle(http.MethodGet, "admin/notice/list.do", p, "Notices (PageResult; title, state) with read counts", s.noticeAdminList)
	s.handle(http.MethodGet, "admin/notice/info.do", p, "A notice with its content (edit)", s.noticeAdminInfo)
	s.handle(http.MethodPost, "admin/notice/save.do", p, "Create or update a notice (rich text sanitised; audience all or dept; state 1 publishes)", s.noticeSave)
	s.handle(http.MethodPost, "admin/notice/delete.do", p, "Delete notices", s.noticeDelete)
	u := models.PermAuthenticated
	s.handle(http.MethodGet, "app/notice/list.do", u, "My notices (PageResult; unread=1 for the unread ones)", s.noticeMine)
	s.handle(http.MethodGet, "app/notice/unread.do", u, "My unread notices: count and the newest 5 (header)", s.noticeUnread)
	s.handle(http.MethodGet, "app/notice/info.do", u, "Read one of my notices (marks it read)", s.noticeRead)
	s.handle(http.MethodPost, "app/notice/read.do", u, "Mark notices read (ids, or all: true)", s.noticeMarkRead)
}

func noticeActor(c *gin.Context) notice.Actor {
	a := actor(c)
	return notice.Actor{UserID: a.UserID, UserName: a.UserName, IP: a.IP}
}

func (s *server) noticeAdminList(c *gin.Context) {
	cur, size := paging(c)
	state, valid := intQuery(c, "state")
	if !valid {
		return
	}
	rows, total, err := s.d.Notice.List(c.Request.Context(), notice.Filter{Title: c.Query("title"), State: state}, cur, size)
	if err != nil {
		fail(c, err)
		return
	}
	pageResult(c, total, cur, size, rows)
}

func (s *server) noticeAdminInfo(c *gin.Context) {
	r, err := s.d.Notice.Get(c.Request.Context(), c.Query("id"))
	respond(c, r, err)
}

func (s *server) noticeSave(c *gin.Context) {
	var in notice.Input
	if !bind(c, &in) {
		return
	}
	r, err := s.d.Notice.Save(c.Request.Context(), noticeActor(c), in)
	respond(c, r, err)
}

func (s *server) noticeDelete(c *gin.Context) {
	var b idsBody
	if !bind(c, &b) {
		return
	}
	n, err := s.d.Notice.Delete(c.Request.Context(), noticeActor(c), b.all())
	respond(c, gin.H{"deleted": n}, err)
}

func (s *server) noticeMine(c *gin.Context) {
	cur, size := paging(c)
	rows, total, err := s.d.Notice.Mine(c.Request.Context(), principal(c), truthy(c.Query("unread")), cur, size)
	if err != nil {
		fail(c, err)
		return
	}
	pageResult(c, total, cur, size, rows)
}

func (s *server) noticeUnread(c *gin.Context) {
	r, err := s.d.Notice.UnreadSummary(c.Request.Context(), principal(c))
	respond(c, r, err)
}

func (s *server) noticeRead(c *gin.Context) {
	r, err := s.d.Notice.Read(c.Request.Context(), principal(c), c.Query("id"))
	respond(c, r, err)
}

type markReadBody struct {
	IDs []string  `json:"ids"`
	ID  oneOrMany `json:"id"`
	All bool      `json:"all"`
}

func (s *server) noticeMarkRead(c *gin.Context) {
	var b markReadBody
	if !bind(c, &b) {
		return
	}
	n, err := s.d.Notice.MarkRead(c.Request.Context(), principal(c), append(b.IDs, b.ID...), b.All)
	respond(c, gin.H{"read": n}, err)
}
