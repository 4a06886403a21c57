package contacts

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"unicode"

	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/account"
	surveysvc "dwsurvey/services/survey"
	lang "dwsurvey/survey"
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

// Languages of the invitation texts: the console's eight. DefaultLanguage is the fallback
// when the survey's own language is none of them.
var Languages = []string{"zh-CN", "en-US", "zh-TW", "ja-JP", "ko-KR", "vi-VN", "th-TH", "ru-RU"}

// DefaultLanguage of the invitation texts.
const DefaultLanguage = "zh-CN"

// contentCode is the survey content language (services/language Codes) of each message
// language: a published translation in it gives the message its translated survey title and
// the link opens the survey in it.
var contentCode = map[string]string{"zh-CN": "zh-CN", "en-US": "en", "zh-TW": "zh-TW", "ja-JP": "ja", "ko-KR": "ko",
	"vi-VN": "vi", "th-TH": "th", "ru-RU": "ru"}

// messageTexts per language (Languages). %s marks are replaced in order: the person's name
// (hello) or the survey title (defaultBody, remindBody); subjects are invite or remind
// followed by the title. Every language has every text with the same marks
// (TestMessageTextsComplete).
var messageTexts = map[string]texts{
	"zh-CN": {invite: "邀请您参加：", remind: "提醒：请完成 ", hello: "%s，您好：",
		defaultBody: "诚邀您填写问卷《%s》。", remindBody: "您尚未完成问卷《%s》，请抽空填写。",
		linkLine: "请通过您的专属链接作答（请勿转发）：", footer: "此邮件由问卷系统自动发送。"},
	"en-US": {invite: "Invitation: ", remind: "Reminder: ", hello: "Dear %s,",
		defaultBody: "You are invited to answer the survey \"%s\".", remindBody: "You have not answered the survey \"%s\" yet.",
		linkLine: "Please answer through your personal link (do not forward it):", footer: "This message was sent by the survey system."},
	"zh-TW": {invite: "邀請您參加：", remind: "提醒：請完成 ", hello: "%s，您好：",
		defaultBody: "誠摯邀請您填寫問卷《%s》。", remindBody: "您尚未完成問卷《%s》，請撥冗填寫。",
		linkLine: "請透過您的專屬連結作答（請勿轉寄）：", footer: "此郵件由問卷系統自動發送。"},
	"ja-JP": {invite: "アンケートご協力のお願い：", remind: "【リマインド】アンケートご回答のお願い：", hello: "%s 様",
		defaultBody: "アンケート「%s」へのご回答をお願いいたします。",
		remindBody:  "アンケート「%s」へのご回答がまだ完了していないようです。お手数ですが、ご回答をお願いいたします。",
		linkLine:    "以下のあなた専用のリンクからご回答ください（他の方への転送はご遠慮ください）：",
		footer:      "このメールはアンケートシステムから自動送信されています。"},
	"ko-KR": {invite: "설문 참여 요청: ", remind: "알림: 설문 응답 요청 - ", hello: "%s 님, 안녕하세요.",
		defaultBody: "설문 \"%s\"에 참여해 주시기 바랍니다.",
		remindBody:  "아직 설문 \"%s\"에 응답하지 않으셨습니다. 잠시 시간을 내어 응답해 주시기 바랍니다.",
		linkLine:    "아래의 본인 전용 링크로 응답해 주세요(다른 사람에게 전달하지 마세요):",
		footer:      "이 메일은 설문 시스템에서 자동으로 발송되었습니다."},
	"vi-VN": {invite: "Thư mời tham gia khảo sát: ", remind: "Nhắc nhở: ", hello: "Kính gửi %s,",
		defaultBody: "Trân trọng mời bạn tham gia khảo sát \"%s\".",
		remindBody:  "Bạn chưa hoàn thành khảo sát \"%s\". Mong bạn dành chút thời gian để trả lời.",
		linkLine:    "Vui lòng trả lời qua đường liên kết dành riêng cho bạn (vui lòng không chuyển tiếp):",
		footer:      "Thư này được gửi tự động từ hệ thống khảo sát."},
	"th-TH": {invite: "ขอเชิญร่วมตอบแบบสอบถาม: ", remind: "แจ้งเตือน: ", hello: "เรียน %s",
		defaultBody: "ขอเชิญท่านร่วมตอบแบบสอบถาม \"%s\"",
		remindBody:  "ท่านยังไม่ได้ตอบแบบสอบถาม \"%s\" กรุณาสละเวลาตอบแบบสอบถามนี้",
		linkLine:    "กรุณาตอบผ่านลิงก์เฉพาะของท่าน (โปรดอย่าส่งต่อลิงก์นี้ให้ผู้อื่น):",
		footer:      "อีเมลฉบับนี้ส่งโดยอัตโนมัติจากระบบแบบสอบถาม"},
	"ru-RU": {invite: "Приглашение к опросу: ", remind: "Напоминание: ", hello: "Здравствуйте, %s!",
		defaultBody: "Приглашаем вас принять участие в опросе «%s».",
		remindBody:  "Вы ещё не ответили на вопросы опроса «%s». Пожалуйста, найдите время, чтобы пройти его.",
		linkLine:    "Пройдите опрос по вашей персональной ссылке (не пересылайте её другим):",
		footer:      "Это письмо отправлено автоматически системой опросов."},
}

// CheckLanguage is the canonical message language for code: one of Languages (any case), or
// the content language code of one ("ja" is ja-JP, "en" en-US). Anything else is refused with
// the list of allowed ones.
func CheckLanguage(code string) (string, error) {
	code = strings.TrimSpace(code)
	for _, l := range Languages {
		if strings.EqualFold(l, code) || strings.EqualFold(contentCode[l], code) {
			return l, nil
		}
	}
	return "", models.Invalid("The language must be one of %s", strings.Join(Languages, ", "))
}

// frame is what every message of a distribution shares: its texts, the survey title (in the
// message language when the survey has a published translation of it, placeholders showing
// their fallbacks) and the query the link carries (?lang=<content code> with a translation).
type frame struct {
	t     texts
	title string
	query string
}

// messageFrame reads the frame of distribution d of survey sv once per batch.
func (s *Service) messageFrame(ctx context.Context, db *gorm.DB, d *models.Distribution, sv *models.Survey) (frame, error) {
	f := frame{t: messageTexts[DefaultLanguage], title: sv.Title}
	if t, ok := messageTexts[d.Language]; ok {
		f.t = t
	}
	var items []lang.LangItem
	if code := contentCode[d.Language]; code != "" {
		var row models.SurveyLanguage
		err := db.Where("survey_id = ? AND language_code = ? AND draft = ?", sv.ID, code, false).Take(&row).Error
		switch {
		case err == nil:
			if json.Unmarshal([]byte(row.Script), &items) != nil {
				items = nil
			}
			for _, it := range items {
				if it.LanType == "surveyName" {
					if v := lang.HintText(it.LanValue); v != "" {
						f.title = v
						f.query = "?lang=" + row.LanguageCode
					}
				}
			}
		case !errors.Is(err, gorm.ErrRecordNotFound):
			return f, err
		}
	}
	doc := &lang.Survey{}
	if pv, err := s.Surveys.PublishedVersion(ctx, sv.ID); err == nil && pv.Doc != nil {
		doc = pv.Doc
	}
	// outside the answer page nobody has answered: placeholders show their fallbacks
	f.title = strings.TrimSpace(lang.RenderPiped(lang.PlainText(f.title), doc, nil, items))
	return f, nil
}

// compose writes the message of send x for the person name: the author's subject and text
// (or the language's default), the personal link always last. Titles and names are plain
// text here (the e-mail is text/plain; SMS providers fill approved templates).
func (s *Service) compose(d *models.Distribution, f frame, sid string, x models.InvitationSend, name string) message {
	t, title := f.t, f.title
	link := s.Link(sid, x.BindID) + f.query
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

// SurveyLanguage is the message language of a survey's invitations when the author chooses
// none: the survey's own language when it is one of Languages, else DefaultLanguage. The
// document stores no language of its own; the source language the author named for an AI
// translation counts first, else the writing of the survey title tells it (kana: ja-JP,
// hangul: ko-KR, Thai: th-TH, Russian Cyrillic: ru-RU, Vietnamese letters: vi-VN, Han:
// zh-CN or zh-TW by its traditional forms, plain ASCII letters: en-US).
func (s *Service) SurveyLanguage(ctx context.Context, sv *models.Survey) (string, error) {
	var src []string
	if err := s.DB.WithContext(ctx).Model(&models.TranslationJob{}).Where("survey_id = ? AND source_code <> ''", sv.ID).
		Order("created_at DESC").Limit(1).Pluck("source_code", &src).Error; err != nil {
		return "", err
	}
	if len(src) > 0 {
		if l, err := CheckLanguage(src[0]); err == nil {
			return l, nil
		}
		return DefaultLanguage, nil
	}
	return TitleLanguage(sv.Title), nil
}

// traditional holds common characters that simplified Chinese writes differently (们 个 这 …).
const traditional = "們個這為對說時請問題調會與來國開關學體後發點經長東車門見過還無聽讀寫給認識錢應該從讓員義實現務論議廣區職業滿環總電話號碼選項網頁課訓練師顧產參驗價單鄉縣醫療築資訊術報導動態統計畫劃"

// TitleLanguage is the message language the writing of a title tells (see SurveyLanguage).
func TitleLanguage(title string) string {
	var han, trad, kana, hangul, thai, cyr, nonRu, viet, ascii, otherLatin int
	for _, r := range title {
		switch {
		case unicode.In(r, unicode.Hiragana, unicode.Katakana):
			kana++
		case unicode.Is(unicode.Hangul, r):
			hangul++
		case unicode.Is(unicode.Thai, r):
			thai++
		case unicode.Is(unicode.Han, r):
			han++
			if strings.ContainsRune(traditional, r) {
				trad++
			}
		case unicode.Is(unicode.Cyrillic, r):
			cyr++
			if !strings.ContainsRune("абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ", r) {
				nonRu++
			}
		case r == 'ă' || r == 'Ă' || r == 'đ' || r == 'Đ' || r == 'ơ' || r == 'Ơ' || r == 'ư' || r == 'Ư' || (r >= 0x1EA0 && r <= 0x1EF9):
			viet++
		case r < 0x80 && unicode.IsLetter(r):
			ascii++
		case unicode.Is(unicode.Latin, r):
			otherLatin++
		}
	}
	switch {
	case kana > 0:
		return "ja-JP"
	case hangul > 0:
		return "ko-KR"
	case thai > 0:
		return "th-TH"
	case han > 0 && trad > 0:
		return "zh-TW"
	case han > 0:
		return "zh-CN"
	case cyr > 0 && nonRu == 0 && cyr >= ascii:
		return "ru-RU"
	case viet > 0:
		return "vi-VN"
	case ascii > 0 && otherLatin == 0 && cyr == 0:
		return "en-US"
	}
	return DefaultLanguage
}

// InvitationLanguage is SurveyLanguage of a survey the caller may see (the console's preset).
func (s *Service) InvitationLanguage(ctx context.Context, p *account.Principal, surveyID string) (string, error) {
	sv, err := s.Surveys.Check(ctx, p, surveyID, surveysvc.NeedAny)
	if err != nil {
		return "", err
	}
	return s.SurveyLanguage(ctx, sv)
}
