package dsl

// Node kinds of expressions.
const (
	KNum    = "num"
	KStr    = "str"
	KBool   = "bool"
	KEmpty  = "empty"
	KRef    = "ref"
	KList   = "list"
	KCall   = "call"
	KUnary  = "unary"
	KBinary = "binary"
)

// Expr is an expression node. It is JSON-serialisable; only the fields of
// its type are set.
type Expr struct {
	Type string `json:"type"`
	Pos  Pos    `json:"pos"`
	// num, str, bool
	Num  float64 `json:"num,omitempty"`
	Str  string  `json:"str,omitempty"`
	Bool bool    `json:"bool,omitempty"`
	// ref
	Ref *Ref `json:"ref,omitempty"`
	// call: Name(Args); list: Args are the items
	Name string  `json:"name,omitempty"`
	Args []*Expr `json:"args,omitempty"`
	// unary ("not", "-") uses Left; binary uses Left and Right
	Op    string `json:"op,omitempty"`
	Left  *Expr  `json:"left,omitempty"`
	Right *Expr  `json:"right,omitempty"`
}

// Ref is a reference to a question (Q3), an option (Q1A2), a matrix row
// (Q5R1), a matrix cell (Q5R1C2), a column (Q5C2) or a variable name.
// Numbers are 1-based; 0 means "not given". QuDwID and ItemDwID are filled
// by resolution against a document (see survey.Compile) so a stored AST
// survives renumbering.
type Ref struct {
	Name     string `json:"name"`
	Q        int    `json:"q,omitempty"`
	A        int    `json:"a,omitempty"`
	R        int    `json:"r,omitempty"`
	C        int    `json:"c,omitempty"`
	Var      bool   `json:"var,omitempty"`
	QuDwID   string `json:"quDwId,omitempty"`
	ItemDwID string `json:"itemDwId,omitempty"`
	ColDwID  string `json:"colDwId,omitempty"`
	// Slot is an engine-private lookup index (not serialised).
	Slot int `json:"-"`
}

// Statement kinds.
const (
	SIf       = "if"
	SShow     = "show"
	SHide     = "hide"
	SGoto     = "goto"
	SAssign   = "assign"
	SSolution = "solution"
	SValidate = "validate"
	SQuota    = "quota"
	SMutex    = "mutex"
	SComment  = "comment"
)

// Stmt is a statement node.
type Stmt struct {
	Kind string `json:"kind"`
	Pos  Pos    `json:"pos"`
	// if: Cond then Then
	Cond *Expr `json:"cond,omitempty"`
	Then *Stmt `json:"then,omitempty"`
	// show, hide, validate-on: Targets; goto, assign: Target (goto END has
	// Target.Name "END")
	Targets []*Ref `json:"targets,omitempty"`
	Target  *Ref   `json:"target,omitempty"`
	// assign: Value
	Value *Expr `json:"value,omitempty"`
	// validate: Cond and Message; solution: Message; comment: Message
	Message string `json:"message,omitempty"`
	// quota: Targets and Cap
	Cap float64 `json:"cap,omitempty"`
	// mutex: Targets with Others
	Others []*Ref `json:"others,omitempty"`
	// Comment trailing the statement on its line.
	Comment string `json:"comment,omitempty"`
}

// Program is a parsed program.
type Program struct {
	Stmts []*Stmt `json:"stmts"`
}
