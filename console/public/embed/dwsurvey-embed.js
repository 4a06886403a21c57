/* DWSurvey site widget. Paste:
 * <script src="https://HOST/embed/dwsurvey-embed.js" data-sid="SID" data-mode="float|inline" data-text="Survey" async></script>
 * float: a floating button opening the survey in an overlay; inline: an iframe where the script is. */
(function () {
  'use strict';
  var d = document;
  var s = d.currentScript;
  if (!s) {
    var all = d.querySelectorAll('script[data-sid]:not([data-dws-done])');
    s = all[all.length - 1];
  }
  if (!s || s.getAttribute('data-dws-done')) return;
  s.setAttribute('data-dws-done', '1');
  var sid = s.getAttribute('data-sid');
  if (!sid) return;
  var origin = new URL(s.src, location.href).origin;
  var url = origin + '/v8/diaowen/an/' + encodeURIComponent(sid);
  var mode = s.getAttribute('data-mode') === 'inline' ? 'inline' : 'float';
  var text = s.getAttribute('data-text') || 'Survey';
  var color = s.getAttribute('data-color') || '#1677ff';

  function frame(css) {
    var f = d.createElement('iframe');
    f.src = url;
    f.title = text;
    f.className = 'dwsurvey-embed-frame';
    f.setAttribute('loading', 'lazy');
    f.setAttribute('allow', 'clipboard-write');
    f.style.cssText = 'border:0;display:block;background:#fff;' + css;
    return f;
  }

  if (mode === 'inline') {
    var h = parseInt(s.getAttribute('data-height') || '720', 10) || 720;
    var box = d.createElement('div');
    box.className = 'dwsurvey-embed-inline';
    box.appendChild(frame('width:100%;height:' + h + 'px;'));
    s.parentNode.insertBefore(box, s.nextSibling);
    return;
  }

  var btn = d.createElement('button');
  btn.type = 'button';
  btn.className = 'dwsurvey-embed-btn';
  btn.textContent = text;
  btn.style.cssText =
    'position:fixed;right:24px;bottom:24px;z-index:2147483000;padding:10px 18px;border:0;border-radius:22px;' +
    'background:' + color + ';color:#fff;font:14px/1.4 sans-serif;cursor:pointer;box-shadow:0 4px 12px rgba(0,0,0,.25);';
  var overlay = null;

  function close() {
    if (overlay) overlay.remove();
    overlay = null;
    d.removeEventListener('keydown', onKey);
  }
  function onKey(e) {
    if (e.key === 'Escape') close();
  }
  function open() {
    if (overlay) return;
    overlay = d.createElement('div');
    overlay.className = 'dwsurvey-embed-overlay';
    overlay.setAttribute('role', 'dialog');
    overlay.setAttribute('aria-modal', 'true');
    overlay.setAttribute('aria-label', text);
    overlay.style.cssText =
      'position:fixed;inset:0;z-index:2147483001;background:rgba(0,0,0,.45);display:flex;align-items:center;justify-content:center;';
    var panel = d.createElement('div');
    panel.style.cssText =
      'position:relative;width:min(760px,calc(100vw - 24px));height:min(90vh,900px);background:#fff;border-radius:8px;overflow:hidden;';
    var x = d.createElement('button');
    x.type = 'button';
    x.className = 'dwsurvey-embed-close';
    x.setAttribute('aria-label', 'Close');
    x.textContent = '\u00d7';
    x.style.cssText =
      'position:absolute;top:4px;right:8px;z-index:1;border:0;background:transparent;font:24px/1 sans-serif;cursor:pointer;color:#666;';
    x.addEventListener('click', close);
    overlay.addEventListener('click', function (e) {
      if (e.target === overlay) close();
    });
    panel.appendChild(x);
    panel.appendChild(frame('width:100%;height:100%;'));
    overlay.appendChild(panel);
    d.body.appendChild(overlay);
    d.addEventListener('keydown', onKey);
  }
  btn.addEventListener('click', open);

  function mount() {
    d.body.appendChild(btn);
  }
  if (d.body) mount();
  else d.addEventListener('DOMContentLoaded', mount);
})();
