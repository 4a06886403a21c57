// Small helpers of the collection pages.
import { toast } from '../../utils/toast';

export { errorText } from '../../utils/errors';

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
