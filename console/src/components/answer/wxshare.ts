// Inside WeChat the answer page uses WeChat's JS-SDK, configured once per page: the server signs
// the page address (anon/weixin/js-api-ticket.do; with sid it also answers the survey's share
// card: collect settings' share page), then wx.config. The share card goes to
// updateAppMessageShareData (chats) and updateTimelineShareData (Moments); geolocation questions
// of brand wx (or auto inside WeChat) take WeChat's position (getLocation, GCJ-02). Outside
// WeChat, or when WeChat is not configured, nothing is loaded.
import { call } from '../../services/answer';

/** WeChat's JS-SDK (the page's CSP admits this origin only inside WeChat). */
export const WEIXIN_SDK = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';
/** The JS-SDK interfaces the answer page uses. */
export const WEIXIN_APIS = ['updateAppMessageShareData', 'updateTimelineShareData', 'getLocation'];

type Share = { title?: string; desc?: string; imgUrl?: string; link?: string };
type JsConfig = { appId: string; nonceStr: string; timestamp: number; signature: string; share?: Share };
type Weixin = { wx: any; page: string; share?: Share };

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

let sdk: Promise<Weixin | null> | undefined;

/**
 * WeChat's JS-SDK configured for this page (the first call's sid gives the share card); null
 * outside WeChat, when WeChat is not configured on the server or when WeChat refuses the
 * configuration.
 */
export function weixinSDK(sid = ''): Promise<Weixin | null> {
  if (!inWeixin()) return Promise.resolve(null);
  sdk ??= (async () => {
    const page = window.location.href.split('#')[0];
    const res = await call<JsConfig>('GET', 'anon/weixin/js-api-ticket.do', { params: sid ? { url: page, sid } : { url: page } });
    const cfg = res.resultCode === 200 ? res.data : undefined;
    if (!cfg?.signature) return null;
    await loadScript(WEIXIN_SDK);
    const wx = (window as any).wx;
    if (!wx?.config) return null;
    wx.config({ debug: false, appId: cfg.appId, timestamp: cfg.timestamp, nonceStr: cfg.nonceStr, signature: cfg.signature, jsApiList: WEIXIN_APIS });
    await new Promise<void>((resolve, reject) => {
      wx.ready(resolve);
      wx.error?.(reject);
    });
    return { wx, page, share: cfg.share };
  })().catch(() => null);
  return sdk;
}

/** Applies the share card of survey sid when the page runs in WeChat; failures leave WeChat's default card. */
export async function applyWeixinShare(sid: string): Promise<void> {
  if (!sid) return;
  const s = await weixinSDK(sid);
  if (!s?.share) return;
  const { title = '', desc = '', imgUrl = '', link = s.page } = s.share;
  s.wx.updateAppMessageShareData({ title, desc, link, imgUrl });
  s.wx.updateTimelineShareData({ title, link, imgUrl });
}

export type WeixinPosition = { longitude: number; latitude: number; accuracy: number };

/**
 * WeChat's position of the respondent (GCJ-02): undefined when the JS-SDK is not available
 * (outside WeChat, WeChat not configured), null when the respondent refused or WeChat failed.
 */
export async function weixinLocation(): Promise<WeixinPosition | null | undefined> {
  const s = await weixinSDK();
  if (!s?.wx.getLocation) return undefined;
  return new Promise((resolve) => {
    s.wx.getLocation({
      type: 'gcj02',
      success: (r: { longitude: number | string; latitude: number | string; accuracy?: number | string }) => {
        const longitude = Number(r.longitude);
        const latitude = Number(r.latitude);
        resolve(Number.isFinite(longitude) && Number.isFinite(latitude) ? { longitude, latitude, accuracy: Number(r.accuracy) || 0 } : null);
      },
      fail: () => resolve(null),
      cancel: () => resolve(null),
    });
  });
}
