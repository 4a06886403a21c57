export * from './ast';
export { lex, tokString, Tok, type Token, type TokKind } from './lexer';
export { parseProgram, tryParseProgram, parseExpr, parseRef, isKeyword, FUNCTIONS } from './parser';
export { formatProgram, formatStmt, formatExpr, quote } from './format';
export * from './value';
export { evalExpr, evalCond, mapEnv, fix, round, type Env } from './eval';
export { checkCall, setFunctions, loadFunctions, type Clock } from './funcs';
