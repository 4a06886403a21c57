import { KBinary, KBool, KCall, KEmpty, KList, KNum, KRef, KStr, KUnary, SAssign, SComment, SGoto, SHide, SIf, SMutex, SQuota, SShow, SSolution, SValidate, type Expr, type Program, type Ref, type Stmt } from './ast';

/**
 * formatProgram prints a program in canonical form: one statement per line,
 * no trailing newline, single spaces around binary operators, minimal
 * parentheses except that an "and" operand of "or" is always parenthesised.
 */
export function formatProgram(p: Program): string {
  return p.stmts.map(formatStmt).join('\n');
}

/** formatStmt prints one statement. */
export function formatStmt(s: Stmt): string {
  let b = '';
  switch (s.kind) {
    case SComment:
      return s.message ? '# ' + s.message : '#';
    case SIf: {
      const t = s.then!;
      b = 'if ' + formatExpr(s.cond!) + ' then ' + formatStmt({ kind: t.kind, pos: t.pos, targets: t.targets, target: t.target, value: t.value, message: t.message });
      break;
    }
    case SShow:
    case SHide:
      b = s.kind + ' ' + refs(s.targets, ', ');
      break;
    case SGoto:
      b = 'goto ' + s.target!.name;
      break;
    case SAssign:
      b = 'assign ' + s.target!.name + ' = ' + formatExpr(s.value!);
      break;
    case SSolution:
      b = 'solution ' + quote(s.message ?? '');
      break;
    case SValidate:
      b = 'validate ' + formatExpr(s.cond!) + ' ' + quote(s.message ?? '');
      if (s.targets && s.targets.length > 0) b += ' on ' + refs(s.targets, ', ');
      break;
    case SQuota:
      b = 'set ' + refs(s.targets, ' and ') + ' quota = ' + String(s.cap ?? 0);
      break;
    case SMutex:
      b = 'mutex ' + refs(s.targets, ', ') + ' with ' + refs(s.others, ', ');
      break;
  }
  if (s.comment) b += ' # ' + s.comment;
  return b;
}

function refs(rs: Ref[] | undefined, sep: string): string {
  return (rs ?? []).map((r) => r.name).join(sep);
}

function prec(e: Expr): number {
  switch (e.type) {
    case KBinary:
      switch (e.op) {
        case 'or':
          return 1;
        case 'and':
          return 2;
        case '+':
        case '-':
          return 5;
        case '*':
        case '/':
        case '%':
          return 6;
      }
      return 4;
    case KUnary:
      return e.op === 'not' ? 3 : 7;
  }
  return 8;
}

/** formatExpr prints an expression in canonical form. */
export function formatExpr(e: Expr): string {
  switch (e.type) {
    case KNum:
      return String(e.num ?? 0);
    case KStr:
      return quote(e.str ?? '');
    case KBool:
      return e.bool ? 'true' : 'false';
    case KEmpty:
      return 'empty';
    case KRef:
      return e.ref!.name;
    case KList:
      return '[' + (e.args ?? []).map(formatExpr).join(', ') + ']';
    case KCall:
      return e.name + '(' + (e.args ?? []).map(formatExpr).join(', ') + ')';
    case KUnary:
      if (e.op === 'not') return 'not ' + sub(e.left!, 3, false);
      return '-' + sub(e.left!, 7, false);
    case KBinary: {
      const p = prec(e);
      const l = e.left!;
      const r = e.right!;
      let lp = e.op === 'or' && l.type === KBinary && l.op === 'and';
      let rp = e.op === 'or' && r.type === KBinary && r.op === 'and';
      if (p === 4) {
        lp = lp || prec(l) === 4;
        rp = rp || prec(r) === 4;
      }
      rp = rp || prec(r) === p;
      return sub(l, p, lp) + ' ' + e.op + ' ' + sub(r, p, rp);
    }
  }
  return '';
}

function sub(e: Expr, parentPrec: number, paren: boolean): string {
  return paren || prec(e) < parentPrec ? '(' + formatExpr(e) + ')' : formatExpr(e);
}

/** quote prints a string literal with double quotes. */
export function quote(s: string): string {
  let b = '"';
  for (const ch of s) {
    switch (ch) {
      case '"':
        b += '\\"';
        break;
      case '\\':
        b += '\\\\';
        break;
      case '\n':
        b += '\\n';
        break;
      case '\t':
        b += '\\t';
        break;
      default:
        b += ch;
    }
  }
  return b + '"';
}
