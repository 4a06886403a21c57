package models

import (
	"time"

	"gorm.io/gorm"
)

// ContactGroup is a named group of an owner's address book (dw/contacts). (OwnerID, Name)
// is unique.
type ContactGroup struct {
	ID        string `gorm:"primaryKey;size:64"`
	OwnerID   string `gorm:"size:64;not null;uniqueIndex:ux_contact_group_name,priority:1"`
	Name      string `gorm:"size:64;not null;uniqueIndex:ux_contact_group_name,priority:2"`
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Contact is one person of an owner's address book. Account is unique per owner and is
// what the contact logs in with on the answer side (/login/an/{sid}); PasswordHash is the
// bcrypt hash of the initial password (or the one the contact chose), empty when the
// contact can only answer through a unique link.
type Contact struct {
	ID      string `gorm:"primaryKey;size:64"`
	OwnerID string `gorm:"size:64;not null;uniqueIndex:ux_contact_account,priority:1;index:ix_contact_group,priority:1"`
	// GroupID is "" for contacts in no group.
	GroupID      string `gorm:"size:64;not null;default:'';index:ix_contact_group,priority:2"`
	Account      string `gorm:"size:64;not null;uniqueIndex:ux_contact_account,priority:2"`
	Name         string `gorm:"size:64;not null"`
	Email        string `gorm:"size:254;not null;default:''"`
	Phone        string `gorm:"size:32;not null;default:''"`
	JobTitle     string `gorm:"size:64;not null;default:''"`
	PasswordHash string `gorm:"size:100;not null;default:''"`
	Verified     bool   `gorm:"not null"`
	LastLoginAt  *time.Time
	CreatedAt    time.Time `gorm:"index"`
	UpdatedAt    time.Time
}

// ContactToken is a contact's answer-side login (the raw token is "ct_" + 64 hex digits and
// only its sha256 is stored, like user tokens).
type ContactToken struct {
	TokenHash string `gorm:"primaryKey;size:64"`
	ContactID string `gorm:"size:64;not null;index"`
	CreatedAt time.Time
	ExpiresAt time.Time `gorm:"index"`
	RevokedAt *time.Time
}

// SurveyBind is a bind record (c/bind-contacts, c/user-bind): one contact or one system user
// bound to a survey. ID is the unguessable relateContactEsId of the person's unique link
// an/{sid}/contacts/{ID} (96 random bits). Exactly one of ContactID and UserID is set;
// (SurveyID, ContactID, UserID) is unique. The state (completed / unanswered) is not
// stored: it is whether a submitted answer of the person exists (answers.contact_id or
// answers.user_id), so it can never disagree with the answers.
type SurveyBind struct {
	ID        string `gorm:"primaryKey;size:64"`
	SurveyID  string `gorm:"size:64;not null;uniqueIndex:ux_bind_person,priority:1"`
	ContactID string `gorm:"size:64;not null;default:'';uniqueIndex:ux_bind_person,priority:2;index"`
	UserID    string `gorm:"size:64;not null;default:'';uniqueIndex:ux_bind_person,priority:3;index"`
	// GroupID is the contact group the person was bound through ("" when chosen singly).
	GroupID   string    `gorm:"size:64;not null;default:''"`
	CreatedBy string    `gorm:"size:64;not null;default:''"`
	CreatedAt time.Time `gorm:"index"`
}

// Distribution channels and states.
const (
	ChannelEmail = "email"
	ChannelSMS   = "sms"

	DistributionRunning  = "running"  // invitations or reminders still to come
	DistributionFinished = "finished" // every round sent, or every contact answered
	DistributionStopped  = "stopped"  // the survey ended, or the author stopped it
)

// Distribution is one sending of invitations to the people bound to a survey, with its
// reminders: its InvitationWorkflow is `invitation:<ID>`.
type Distribution struct {
	ID       string `gorm:"primaryKey;size:64"`
	SurveyID string `gorm:"size:64;not null;index"`
	Channel  string `gorm:"size:16;not null"`
	// Language of the message (zh-CN or en-US).
	Language string `gorm:"size:16;not null"`
	// Subject and Message are the author's texts (plain text; empty: the default of the
	// language). The unique link is always appended.
	Subject string `gorm:"size:200;not null;default:''"`
	Message string `gorm:"type:text"`
	// RemindEveryHours between rounds, Reminders the number of reminder rounds (0: none).
	RemindEveryHours int    `gorm:"not null;default:0"`
	Reminders        int    `gorm:"not null;default:0"`
	State            string `gorm:"size:16;not null"`
	// Round is the latest round planned (0 the invitation, n the n-th reminder).
	Round      int    `gorm:"not null;default:0"`
	StopReason string `gorm:"size:255;not null;default:''"`
	CreatedBy  string `gorm:"size:64;not null;default:''"`
	CreatedAt  time.Time
	UpdatedAt  time.Time
	FinishedAt *time.Time
}

// Invitation send states (InvitationSend.State).
const (
	SendPending = "pending" // to be sent
	SendSending = "sending" // claimed by an activity that is sending it now
	SendSent    = "sent"    // the server accepted it
	SendFailed  = "failed"  // refused for a reason other than the address, or the send failed
	SendBounced = "bounced" // the server refused the recipient (5xx on RCPT)
	SendSkipped = "skipped" // not sent: answered meanwhile, or no address
	// SendUnknown: a worker stopped while this message was being sent; it is not sent again
	// (it may or may not have left), so no contact is ever sent a message twice.
	SendUnknown = "unknown"
)

// InvitationSend is one message of a distribution to one bound person in one round
// (0 the invitation, n the n-th reminder). (DistributionID, Round, BindID) is the key, so
// planning a round twice changes nothing.
type InvitationSend struct {
	DistributionID string `gorm:"primaryKey;size:64"`
	Round          int    `gorm:"primaryKey;autoIncrement:false"`
	BindID         string `gorm:"primaryKey;size:64"`
	State          string `gorm:"size:16;not null;index"`
	Address        string `gorm:"size:254;not null;default:''"`
	Error          string `gorm:"size:500;not null;default:''"`
	// ClaimedAt: when a sending activity claimed it (state sending).
	ClaimedAt *time.Time
	SentAt    *time.Time
	UpdatedAt time.Time
}

// ContactsMigration (version 15) creates the address book, bind records, contact logins,
// distributions and their sends, and an index to find a person's answers of a survey.
var ContactsMigration = Migration{Version: 15, Name: "contacts, groups, bind records, contact logins, distributions, sends", Up: func(tx *gorm.DB) error {
	if err := tx.AutoMigrate(&ContactGroup{}, &Contact{}, &ContactToken{}, &SurveyBind{}, &Distribution{}, &InvitationSend{}); err != nil {
		return err
	}
	if !tx.Migrator().HasIndex(&Answer{}, "ix_answer_contact") {
		return tx.Exec("CREATE INDEX ix_answer_contact ON answers (survey_id, contact_id)").Error
	}
	return nil
}}
