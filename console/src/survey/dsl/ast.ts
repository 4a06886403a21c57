// AST of the condition language. The JSON form is identical to Go's
// survey/dsl (dwDslAst): only the fields of a node's type are present and
// zero values are left out.

/** 1-based line and column (columns count Unicode code points). */
export interface Pos {
  line: number;
  col: number;
}

/** Expression node kinds. */
export const KNum = 'num';
export const KStr = 'str';
export const KBool = 'bool';
export const KEmpty = 'empty';
export const KRef = 'ref';
export const KList = 'list';
export const KCall = 'call';
export const KUnary = 'unary';
export const KBinary = 'binary';

/**
 * A reference: question (Q3), option (Q1A2), matrix row (Q5R1), cell
 * (Q5R1C2), column (Q5C2) or a variable name. Numbers are 1-based and left
 * out when not given. quDwId/itemDwId/colDwId are filled when the program
 * is resolved against a document.
 */
export interface Ref {
  name: string;
  q?: number;
  a?: number;
  r?: number;
  c?: number;
  var?: boolean;
  quDwId?: string;
  itemDwId?: string;
  colDwId?: string;
  /** Engine-private lookup slot (non-enumerable, never serialised). */
  slot?: number;
}

export interface Expr {
  type: string;
  pos: Pos;
  num?: number;
  str?: string;
  bool?: boolean;
  ref?: Ref;
  name?: string;
  args?: Expr[];
  op?: string;
  left?: Expr;
  right?: Expr;
}

/** Statement kinds. */
export const SIf = 'if';
export const SShow = 'show';
export const SHide = 'hide';
export const SGoto = 'goto';
export const SAssign = 'assign';
export const SSolution = 'solution';
export const SValidate = 'validate';
export const SQuota = 'quota';
export const SMutex = 'mutex';
export const SComment = 'comment';

export interface Stmt {
  kind: string;
  pos: Pos;
  cond?: Expr;
  then?: Stmt;
  targets?: Ref[];
  target?: Ref;
  value?: Expr;
  message?: string;
  cap?: number;
  others?: Ref[];
  comment?: string;
}

export interface Program {
  stmts: Stmt[];
}

/** A located syntax error; message is "line:col: text" as in Go. */
export class DslError extends Error {
  pos: Pos;
  msg: string;
  constructor(pos: Pos, msg: string) {
    super(`${pos.line}:${pos.col}: ${msg}`);
    this.name = 'DslError';
    this.pos = pos;
    this.msg = msg;
  }
}
