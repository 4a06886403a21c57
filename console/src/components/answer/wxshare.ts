// Inside WeChat the answer page sets the survey's share card (title, description, image; the
// collect settings' share page) through WeChat's JS-SDK: the server signs the page address
// (anon/weixin/js-api-ticket.do with sid also answers the card), wx.config, then
// updateAppMessageShareData (chats) and updateTimelineShareData (Moments). Outside WeChat, or
// when WeChat is not configured, nothing is loaded.
import { call } from '../../services/answer';

/** WeChat's JS-SDK (the page's CSP admits this origin only inside WeChat). */
export const WEIXIN_SDK = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';

type ShareConfig = {
  appId: string;
  nonceStr: string;
  timestamp: number;
  signature: string;
  share?: { title?: string; desc?: string; imgUrl?: string; link?: string };
};

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = src;
    s.async = true;
    s.onload = () => resolve();
    s.onerror = () => reject(new Error('script'));
    document.head.appendChild(s);
  });
}

export const inWeixin = () => typeof navigator !== 'undefined' && /MicroMessenger/i.test(navigator.userAgent);

/** Applies the share card of survey sid when the page runs in WeChat; failures leave WeChat's default card. */
export async function applyWeixinShare(sid: string): Promise<void> {
  if (!sid || !inWeixin()) return;
  const page = window.location.href.split('#')[0];
  const res = await call<ShareConfig>('GET', 'anon/weixin/js-api-ticket.do', { params: { url: page, sid } });
  const cfg = res.resultCode === 200 ? res.data : undefined;
  if (!cfg?.signature || !cfg.share) return;
  await loadScript(WEIXIN_SDK);
  const wx = (window as any).wx;
  if (!wx?.config) return;
  const { title = '', desc = '', imgUrl = '', link = page } = cfg.share;
  wx.config({ debug: false, appId: cfg.appId, timestamp: cfg.timestamp, nonceStr: cfg.nonceStr, signature: cfg.signature, jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'] });
  wx.ready(() => {
    wx.updateAppMessageShareData({ title, desc, link, imgUrl });
    wx.updateTimelineShareData({ title, link, imgUrl });
  });
}
