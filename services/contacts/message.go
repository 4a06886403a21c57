package contacts

import (
	"strings"

	"dwsurvey/models"
)

// message is one invitation or reminder: e-mail subject and text, or the SMS template
// parameters.
type message struct {
	subject string
	text    string
	params  map[string]string
}

type texts struct {
	invite, remind, hello, defaultBody, remindBody, linkLine, footer string
}

// messageTexts per language (the distribution's language, zh-CN or en-US). %s marks are
// replaced in order: the survey title.
var messageTexts = map[string]texts{
	"zh-CN": {invite: "邀请您参加：", remind: "提醒：请完成 ", hello: "%s，您好：",
		defaultBody: "诚邀您填写问卷《%s》。", remindBody: "您尚未完成问卷《%s》，请抽空填写。",
		linkLine: "请通过您的专属链接作答（请勿转发）：", footer: "此邮件由问卷系统自动发送。"},
	"en-US": {invite: "Invitation: ", remind: "Reminder: ", hello: "Dear %s,",
		defaultBody: "You are invited to answer the survey \"%s\".", remindBody: "You have not answered the survey \"%s\" yet.",
		linkLine: "Please answer through your personal link (do not forward it):", footer: "This message was sent by the survey system."},
}

// compose writes the message of send x for the person name: the author's subject and text
// (or the language's default), the personal link always last. Titles and names are plain
// text here (the e-mail is text/plain; SMS providers fill approved templates).
func (s *Service) compose(d *models.Distribution, sv *models.Survey, x models.InvitationSend, name string) message {
	t, ok := messageTexts[d.Language]
	if !ok {
		t = messageTexts["zh-CN"]
	}
	title := strings.TrimSpace(sv.Title)
	link := s.Link(sv.Sid, x.BindID)
	subject := d.Subject
	if subject == "" {
		subject = t.invite + title
	}
	body := d.Message
	if body == "" {
		body = strings.Replace(t.defaultBody, "%s", title, 1)
	}
	kind := "invitation"
	if x.Round > 0 {
		kind = "reminder"
		subject = t.remind + title
		body = strings.Replace(t.remindBody, "%s", title, 1)
	}
	var b strings.Builder
	b.WriteString(strings.Replace(t.hello, "%s", name, 1))
	b.WriteString("\n\n")
	b.WriteString(body)
	b.WriteString("\n\n")
	b.WriteString(t.linkLine)
	b.WriteString("\n")
	b.WriteString(link)
	b.WriteString("\n\n")
	b.WriteString(t.footer)
	b.WriteString("\n")
	return message{subject: subject, text: b.String(),
		params: map[string]string{"name": name, "survey": title, "link": link, "kind": kind}}
}
