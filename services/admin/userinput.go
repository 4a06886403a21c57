package admin

import "encoding/json"

// UnmarshalJSON reads a UserInput and notes which of the optional profile fields the body
// carried: the reference (DWSurvey v6) client edits a user with {id, loginName, pwd,
// status} only, and fields it does not send keep their stored values. `pwd` is its name
// for the password.
func (in *UserInput) UnmarshalJSON(raw []byte) error {
	type plain UserInput
	var body struct {
		plain
		Pwd string `json:"pwd"`
	}
	if err := json.Unmarshal(raw, &body); err != nil {
		return err
	}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(raw, &keys); err != nil {
		return err
	}
	*in = UserInput(body.plain)
	if in.Password == "" {
		in.Password = body.Pwd
	}
	in.sent = map[string]bool{}
	for _, k := range []string{"name", "email", "cellphone"} {
		_, in.sent[k] = keys[k]
	}
	return nil
}

// keepUnsent fills the profile fields a JSON body left out with the stored values.
func (in *UserInput) keepUnsent(name, email, cellphone string) {
	if in.sent == nil {
		return
	}
	if !in.sent["name"] {
		in.Name = name
	}
	if !in.sent["email"] {
		in.Email = email
	}
	if !in.sent["cellphone"] {
		in.Cellphone = cellphone
	}
}
