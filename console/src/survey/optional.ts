// Parts of the engine that a survey loads only when it uses them, so that the answer page's
// first load stays small: the functions added with piping (and regex() patterns) and the
// answer piping renderer. Call
// prepareSurvey with the document (text or object) before building an Engine or a DocPiper.
import { loadFunctions } from './dsl/funcs';

export type PipeModule = typeof import('./pipe');

/** A call of a function added with piping, in program text or a stored AST ("name":"upper"). */
const NAMES = 'iif|number|text|upper|lower|trim|substr|startsWith|endsWith|regex|floor|ceil|pow|sqrt|today|age|dateDiff|year|month|day';
const NEW_FUNCTIONS = new RegExp(`\\b(?:${NAMES})\\s*\\(|"name":"(?:${NAMES})"`);

let pipeMod: PipeModule | null = null;

/** pipeModule is the piping renderer once prepareSurvey found a placeholder-like brace. */
export function pipeModule(): PipeModule | null {
  return pipeMod;
}

/** prepareSurvey loads what the document needs: patterns for regex(), the renderer for {Q1}. */
export async function prepareSurvey(doc: unknown): Promise<void> {
  const text = typeof doc === 'string' ? doc : JSON.stringify(doc ?? null);
  const tasks: Promise<unknown>[] = [];
  if (NEW_FUNCTIONS.test(text)) tasks.push(loadFunctions());
  if (!pipeMod && /\{[\p{L}_$]/u.test(text)) tasks.push(import('./pipe').then((m) => (pipeMod = m)));
  await Promise.all(tasks);
}
