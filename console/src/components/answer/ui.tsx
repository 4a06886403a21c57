// Small UI primitives of the answer pages (spinner, dialog, toasts, centred column). They keep
// antd out of the respondent bundle, whose first load must stay small (issue 5: ≤ 300 KB gzip).
import React, { useCallback, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';

export function Spinner({ size = 'large', label }: { size?: 'small' | 'large'; label?: string }) {
  return <span className={`dwa-spin dwa-spin-${size}`} role="progressbar" aria-label={label} aria-busy="true" />;
}

/** The centred answer column (24/24 on phones, 20/24 from 768 px, 16/24 from 992 px, 12/24 from 1200 px). */
export function Column({ children }: { children: React.ReactNode }) {
  return (
    <div className="dwa-row">
      <div className="dwa-col">{children}</div>
    </div>
  );
}

export type DialogProps = {
  open: boolean;
  title?: React.ReactNode;
  children?: React.ReactNode;
  /** Footer; default: cancel and OK buttons; null: none. */
  footer?: React.ReactNode | null;
  okText?: string;
  cancelText?: string;
  onOk?: () => void;
  onCancel?: () => void;
  /** The close button and Escape (default true). */
  closable?: boolean;
  maskClosable?: boolean;
  keyboard?: boolean;
  width?: number | string;
  testId?: string;
};

/** A modal dialog: focus moves into it, Tab stays inside, Escape closes it when allowed. */
export function Dialog({ open, title, children, footer, okText = 'OK', cancelText = 'Cancel', onOk, onCancel, closable = true, maskClosable = true, keyboard = true, width, testId }: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // a layout effect: focus enters as the dialog is drawn and returns as it goes (Preact runs
  // plain effects a frame later, leaving focus on the page body in between)
  useLayoutEffect(() => {
    if (!open) return;
    const before = document.activeElement as HTMLElement | null;
    const el = ref.current;
    const first = el?.querySelector<HTMLElement>('input, select, textarea, button:not(.dwa-modal-close)');
    (first ?? el)?.focus();
    return () => before?.focus?.();
  }, [open]);
  if (!open) return null;
  const cancelable = closable && keyboard;
  const onKey = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape' && cancelable && onCancel) {
      e.stopPropagation();
      onCancel();
      return;
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>('button, input, select, textarea, a[href], [tabindex]:not([tabindex="-1"])')].filter((x) => !x.hasAttribute('disabled'));
    if (!items.length) return;
    const i = items.indexOf(document.activeElement as HTMLElement);
    if (e.shiftKey && i <= 0) {
      e.preventDefault();
      items[items.length - 1].focus();
    } else if (!e.shiftKey && i === items.length - 1) {
      e.preventDefault();
      items[0].focus();
    }
  };
  const w = typeof width === 'number' ? `${width}px` : width;
  return (
    <div className="dwa-modal-mask" onMouseDown={(e) => e.target === e.currentTarget && maskClosable && closable && onCancel?.()}>
      <div
        ref={ref}
        className="dwa-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        tabIndex={-1}
        style={w ? { width: `min(${w}, calc(100vw - 24px))` } : undefined}
        onKeyDown={onKey}
        data-testid={testId}
      >
        {(title || (closable && onCancel)) && (
          <div className="dwa-modal-head">
            {title && <div className="dwa-modal-title" id={titleId}>{title}</div>}
            {closable && onCancel && (
              <button type="button" className="dwa-modal-close" aria-label={cancelText} onClick={onCancel}>
                ×
              </button>
            )}
          </div>
        )}
        <div className="dwa-modal-body">{children}</div>
        {footer === undefined ? (
          <div className="dwa-modal-footer">
            {onCancel && (
              <button type="button" className="dwa-btn" onClick={onCancel}>
                {cancelText}
              </button>
            )}
            <button type="button" className="dwa-btn dwa-primary" onClick={onOk}>
              {okText}
            </button>
          </div>
        ) : footer === null ? null : (
          <div className="dwa-modal-footer">{footer}</div>
        )}
      </div>
    </div>
  );
}

export type ToastKind = 'error' | 'warning' | 'info' | 'success';
type Toast = { id: number; kind: ToastKind; text: string };

/** useToast: [open(kind, text, seconds), the node to render]. Toasts are announced politely. */
export function useToast(): [(kind: ToastKind, text: string, seconds?: number) => void, React.ReactNode] {
  const [list, setList] = useState<Toast[]>([]);
  const seq = useRef(0);
  const open = useCallback((kind: ToastKind, text: string, seconds = 3) => {
    const id = ++seq.current;
    setList((l) => [...l.slice(-4), { id, kind, text }]);
    setTimeout(() => setList((l) => l.filter((x) => x.id !== id)), seconds * 1000);
  }, []);
  const node = useMemo(
    () => (
      <div className="dwa-toasts" aria-live="polite">
        {list.map((x) => (
          <div key={x.id} className={`dwa-toast dwa-toast-${x.kind}`} role={x.kind === 'error' ? 'alert' : 'status'}>
            {x.text}
          </div>
        ))}
      </div>
    ),
    [list],
  );
  return [open, node];
}
