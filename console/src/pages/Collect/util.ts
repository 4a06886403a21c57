// Small helpers of the collection pages.
import { useEffect, useState } from 'react';
import { errorText } from '../../utils/errors';
import { toast } from '../../utils/toast';

export { errorText };

/** Copies text; tells the user when the browser cannot. */
export async function copyText(text: string, ok: string, unsupported: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      toast.success(ok);
      return true;
    }
  } catch {
    // fall through to the legacy way
  }
  try {
    const ta = document.createElement('textarea');
    ta.value = text;
    ta.setAttribute('readonly', '');
    ta.style.position = 'fixed';
    ta.style.opacity = '0';
    document.body.appendChild(ta);
    ta.select();
    const done = document.execCommand('copy');
    ta.remove();
    if (done) {
      toast.success(ok);
      return true;
    }
  } catch {
    // unsupported
  }
  toast.warning(unsupported);
  return false;
}

/**
 * A settings card of one survey: load() fills the form once (loading), save(values) stores it
 * with the server's message on failure (err) and a toast `saved` on success (busy meanwhile).
 */
export function useSettingsCard<V>(surveyId: string, load: () => Promise<void>, save: (v: V) => Promise<void>, saved: string) {
  const [loading, setLoading] = useState(true);
  const [err, setErr] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    load()
      .catch((e) => setErr(errorText(e)))
      .finally(() => setLoading(false));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [surveyId]);
  const submit = async (v: V) => {
    setErr('');
    setBusy(true);
    try {
      await save(v);
      toast.success(saved);
    } catch (e) {
      setErr(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return { loading, err, busy, submit };
}
