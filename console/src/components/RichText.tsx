// Small inline rich-text editor of the designer canvas (question titles, notes, option texts):
// a contentEditable field with a compact toolbar under it while focused — bold, italic, underline, text
// colour, link, clear formatting, and (in the designer, with pipeOwner) "insert answer of…", which
// writes an answer placeholder such as {Q1} at the caret (docs/logic-language.md, "Answer
// piping"). Ctrl/Cmd+B/I/U work; pasted and dropped HTML is cleaned to the
// allowed subset (RichTextSanitize, identical to the server's list); in a single-line field Enter
// inserts nothing and pasted blocks become spaces. No editor library: loaded only by the designer.
//
// The DOM is uncontrolled while editing: the field writes its HTML only when the value changes from
// outside (load, undo by another control), so typing never resets the caret, and a parent that
// re-renders with the value the field just emitted costs nothing.
import React, { memo, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { escapeText, htmlText, safeHref, sanitizeHtml } from './RichTextSanitize';
import { usePipeChoices, type PipeChoice } from './design/pipes';

export type RichTextProps = {
  html: string;
  onChange: (html: string, text: string) => void;
  /** Single line: Enter does not insert blocks (titles, options). */
  single?: boolean;
  placeholder?: string;
  /** The field's accessible name (default: the placeholder). */
  label?: string;
  className?: string;
  style?: React.CSSProperties;
  testid?: string;
  /** Labels of the toolbar (already translated). */
  labels: RichTextLabels;
  /**
   * Offers "insert answer of…": the dwId of the question that owns the text ("survey" for the end
   * page). The choices (earlier questions) come from the designer's PipeProvider.
   */
  pipeOwner?: string;
};

export type RichTextLabels = {
  bold: string;
  italic: string;
  underline: string;
  color: string;
  link: string;
  linkPh: string;
  clear: string;
  ok: string;
  /** "Insert answer of…", "No earlier question to quote" (optional: without them no picker). */
  pipe?: string;
  pipeNone?: string;
};

const COLORS = ['#000000', '#e53935', '#fb8c00', '#fdd835', '#43a047', '#1e88e5', '#8e24aa', '#757575'];
const BLOCKS = /<\/?(p|div|h[1-6]|ul|ol|li|blockquote|pre|table|thead|tbody|tr|td|th|hr|br)\b[^>]*>/gi;

/** Cleans HTML for a field: the allowed subset, and no blocks in single-line fields. */
export function cleanFor(html: string, single?: boolean): string {
  let s = sanitizeHtml(html);
  if (single) s = s.replace(BLOCKS, ' ').replace(/\s{2,}/g, ' ');
  return s;
}

function emptyish(el: HTMLElement) {
  return (el.textContent ?? '').length === 0 && !el.querySelector('img');
}

const RichText: React.FC<RichTextProps> = ({ html, onChange, single, placeholder, label, className, style, testid, labels, pipeOwner }) => {
  const ref = useRef<HTMLDivElement>(null);
  const last = useRef<string | null>(null); // the HTML the field holds (emitted or written)
  const [focused, setFocused] = useState(false);
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');
  const choicesFor = usePipeChoices();
  const [pipeList, setPipeList] = useState<PipeChoice[] | null>(null);
  const canPipe = !!(pipeOwner && choicesFor && labels.pipe);
  const range = useRef<Range | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || html === last.current) return;
    const clean = cleanFor(html ?? '', single);
    el.innerHTML = clean;
    last.current = html;
  }, [html, single]);

  const emit = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const clean = emptyish(el) ? '' : cleanFor(el.innerHTML, single);
    const text = htmlText(clean);
    if (clean === last.current) return;
    last.current = clean;
    onChangeRef.current(clean, text);
  }, [single]);

  const exec = (cmd: string, arg?: string) => {
    const cur = window.getSelection();
    const inside = !!cur && cur.rangeCount > 0 && !!ref.current?.contains(cur.anchorNode);
    ref.current?.focus();
    // the selection left the field (the link input has the focus): put the saved one back
    if (!inside && range.current) {
      const sel = window.getSelection();
      sel?.removeAllRanges();
      sel?.addRange(range.current);
    }
    document.execCommand('styleWithCSS', false, 'false');
    document.execCommand(cmd, false, arg);
    emit();
  };

  const saveRange = () => {
    const sel = window.getSelection();
    if (sel && sel.rangeCount > 0 && ref.current?.contains(sel.anchorNode)) range.current = sel.getRangeAt(0).cloneRange();
  };

  /** Writes a placeholder at the saved caret (plain text: it stays a placeholder, never markup). */
  const insertPipe = (name: string) => {
    setPipeList(null);
    const el = ref.current;
    if (!el) return;
    el.focus();
    const sel = window.getSelection();
    if (range.current && sel) {
      sel.removeAllRanges();
      sel.addRange(range.current);
    } else if (sel) {
      const r = document.createRange();
      r.selectNodeContents(el);
      r.collapse(false);
      sel.removeAllRanges();
      sel.addRange(r);
    }
    document.execCommand('insertText', false, `{${name}}`);
    saveRange();
    emit();
  };

  const insertClean = (raw: string, isHtml: boolean) => {
    let h = isHtml ? cleanFor(raw, single) : escapeText(raw);
    if (!isHtml) h = single ? h.replace(/\s*[\r\n]+\s*/g, ' ') : h.replace(/\r?\n/g, '<br>');
    document.execCommand('insertHTML', false, h);
    emit();
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    const mod = e.ctrlKey || e.metaKey;
    const k = e.key.toLowerCase();
    if (mod && !e.altKey && (k === 'b' || k === 'i' || k === 'u')) {
      e.preventDefault();
      range.current = null;
      exec(k === 'b' ? 'bold' : k === 'i' ? 'italic' : 'underline');
      return;
    }
    if (e.key === 'Enter') {
      e.preventDefault();
      if (!single) {
        document.execCommand('insertLineBreak');
        emit();
      }
    }
  };

  const btn = (key: string, title: string, content: React.ReactNode, onClick: () => void, st?: React.CSSProperties) => (
    <button
      type="button"
      key={key}
      className="dw-rt-btn"
      title={title}
      aria-label={title}
      data-testid={`rt-${key}`}
      style={st}
      onMouseDown={(e) => e.preventDefault()}
      onClick={(e) => {
        e.stopPropagation();
        onClick();
      }}
    >
      {content}
    </button>
  );

  return (
    <span
      className="dw-rt-wrap"
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) {
          setFocused(false);
          setLinkOpen(false);
          setPipeList(null);
        }
      }}
    >
      <div
        ref={ref}
        className={`dw-rt ${className ?? ''}`}
        style={style}
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-label={label ?? placeholder}
        aria-multiline={!single}
        tabIndex={0}
        data-testid={testid}
        data-placeholder={placeholder}
        onInput={emit}
        onKeyDown={onKeyDown}
        onKeyUp={saveRange}
        onMouseUp={saveRange}
        onPaste={(e) => {
          e.preventDefault();
          const h = e.clipboardData.getData('text/html');
          insertClean(h || e.clipboardData.getData('text/plain'), !!h);
        }}
        onDrop={(e) => {
          const h = e.dataTransfer.getData('text/html');
          const t = e.dataTransfer.getData('text/plain');
          if (!h && !t) return;
          e.preventDefault();
          insertClean(h || t, !!h);
        }}
      />
      {/* under the field, in the flow: it hides nothing around the field */}
      {focused && (
        <span className="dw-rt-bar" data-testid="rt-bar" onClick={(e) => e.stopPropagation()}>
          {btn('bold', `${labels.bold} (Ctrl+B)`, <b>B</b>, () => exec('bold'))}
          {btn('italic', `${labels.italic} (Ctrl+I)`, <i>I</i>, () => exec('italic'))}
          {btn('underline', `${labels.underline} (Ctrl+U)`, <u>U</u>, () => exec('underline'))}
          {COLORS.map((c) => btn(`color-${c.slice(1)}`, `${labels.color} ${c}`, <span className="dw-rt-swatch" style={{ background: c }} />, () => exec('foreColor', c)))}
          {btn('link', labels.link, '🔗', () => {
            saveRange();
            setHref('');
            setLinkOpen((v) => !v);
          })}
          {btn('clear', labels.clear, <span style={{ textDecoration: 'line-through' }}>T</span>, () => {
            exec('removeFormat');
            exec('unlink');
          })}
          {canPipe &&
            btn('pipe', labels.pipe!, '{…}', () => {
              saveRange();
              setLinkOpen(false);
              setPipeList((v) => (v ? null : choicesFor!(pipeOwner!)));
            })}
          {pipeList && (
            <span className="dw-rt-link dw-rt-pipes">
              {pipeList.length === 0 ? (
                <span data-testid="rt-pipe-none">{labels.pipeNone}</span>
              ) : (
                <select
                  data-testid="rt-pipe-list"
                  aria-label={labels.pipe}
                  size={Math.min(8, Math.max(2, pipeList.length))}
                  autoFocus
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' && e.currentTarget.value) {
                      e.preventDefault();
                      insertPipe(e.currentTarget.value);
                    }
                    if (e.key === 'Escape') {
                      e.preventDefault();
                      setPipeList(null);
                      ref.current?.focus();
                    }
                  }}
                  onClick={(e) => {
                    const v = (e.target as HTMLOptionElement).value;
                    if ((e.target as HTMLElement).tagName === 'OPTION' && v) insertPipe(v);
                  }}
                >
                  {pipeList.map((c) => (
                    <option key={c.name} value={c.name} data-testid={`rt-pipe-${c.name}`}>
                      {c.label}
                    </option>
                  ))}
                </select>
              )}
            </span>
          )}
          {linkOpen && (
            <span className="dw-rt-link">
              <input
                data-testid="rt-link-url"
                value={href}
                placeholder={labels.linkPh}
                autoFocus
                onChange={(e) => setHref(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    const u = safeHref(href);
                    setLinkOpen(false);
                    if (u) exec('createLink', u);
                  }
                  if (e.key === 'Escape') setLinkOpen(false);
                }}
              />
              {btn('link-ok', labels.ok, labels.ok, () => {
                const u = safeHref(href);
                setLinkOpen(false);
                if (u) exec('createLink', u);
              })}
            </span>
          )}
        </span>
      )}
    </span>
  );
};

export default memo(RichText);
