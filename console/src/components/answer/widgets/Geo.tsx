// Geolocation (GEOLOCATION): the respondent's position and an accuracy level. The question's
// brand (quAttr.locationAttr.locationBrand) picks the positioning service: auto takes WeChat's
// position inside WeChat and the browser's elsewhere, amap the browser's, wx only WeChat's
// (outside WeChat: "Please answer via WeChat!"). Coordinates are GCJ-02 (WeChat's already are;
// the browser's WGS-84 is converted). With a map key the server names the place.
import { useState } from 'react';
import { call } from '../../../services/answer';
import { wgs84ToGcj02 } from '../../../survey/gcj02';
import { inWeixin, weixinLocation, type WeixinPosition } from '../wxshare';
import { base, type WidgetProps } from './shared';

type Reverse = { formattedAddress: string; addressComponent?: Record<string, string> };
let mapConfigured: Promise<boolean> | undefined;

/** The address of a point from the server's map provider (services/maps); null without a map key or on failure. */
async function reverseGeocode(lng: number, lat: number): Promise<Reverse | null> {
  mapConfigured ??= call<{ configured?: boolean }>('GET', 'anon/web/map-config.do')
    .then((r) => !!r.data?.configured)
    .catch(() => false);
  if (!(await mapConfigured)) return null;
  try {
    const r = await call<Reverse>('GET', 'anon/web/map-reverse.do', { params: { lng: lng.toFixed(6), lat: lat.toFixed(6) } });
    return r.resultCode === 200 && r.data?.formattedAddress ? r.data : null;
  } catch {
    return null;
  }
}

export function Geo(p: WidgetProps) {
  const { q, a, set, t, notify } = p;
  const [busy, setBusy] = useState(false);
  const loc = a?.anLocation;
  const brand = q.quAttr?.locationAttr?.locationBrand || 'auto';
  const located = async ({ longitude, latitude, accuracy }: WeixinPosition, source: 'wx' | 'browser') => {
    // with a map key the server names the place; without one the coordinates stay the address
    const addr = await reverseGeocode(longitude, latitude);
    setBusy(false);
    set({
      ...base(q, a),
      anLocation: {
        location: true,
        longitude,
        latitude,
        accuracy,
        formattedAddress: addr?.formattedAddress || `${longitude.toFixed(6)},${latitude.toFixed(6)}`,
        ...(addr?.addressComponent ? { addressComponent: addr.addressComponent } : {}),
        locationBrand: source === 'wx' ? 'wx' : addr ? 'amap' : 'browser',
        locationClient: source,
        locationType: q.quAttr?.locationAttr?.locationType || 'accurate',
      },
    });
  };
  const failed = () => {
    setBusy(false);
    notify('error', t('an.geo.failed'));
  };
  const locate = async () => {
    const weixin = inWeixin();
    if (brand === 'wx' && !weixin) {
      notify('error', t('an.geo.wxOnly'));
      return;
    }
    setBusy(true);
    if (weixin && brand !== 'amap') {
      const pos = await weixinLocation();
      if (pos === null) return failed();
      if (pos) return located(pos, 'wx');
      // no JS-SDK (WeChat not configured on the server): WeChat's browser locates like any other
    }
    if (!navigator.geolocation) {
      setBusy(false);
      notify('error', t('an.geo.unsupported'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        const g = wgs84ToGcj02(pos.coords.longitude, pos.coords.latitude);
        void located({ longitude: g.lng, latitude: g.lat, accuracy: pos.coords.accuracy }, 'browser');
      },
      failed,
      { timeout: 10000, enableHighAccuracy: true },
    );
  };
  return (
    <div className="dwa-geo">
      {!p.readOnly && (
        <button type="button" className="dwa-btn" disabled={busy} onClick={() => void locate()} aria-describedby={p.ax?.describedBy}>
          {busy ? t('an.geo.locating') : t('an.geo.get')}
        </button>
      )}
      {loc?.formattedAddress && (
        <div className="dwa-geo-box">
          <div>{t('an.geo.coords', { lng: loc.longitude?.toFixed(6), lat: loc.latitude?.toFixed(6), acc: Math.round(loc.accuracy ?? 0) })}</div>
          {(loc.locationBrand === 'amap' || !!loc.addressComponent) && <div data-testid="geo-address">{loc.formattedAddress}</div>}
          <div role="radiogroup" aria-label={t('an.geo.accuracy')} className="dwa-geo-acc">
            <span>{t('an.geo.accuracy')}</span>
            {(['vague', 'accurate', 'high'] as const).map((k) => (
              <label key={k}>
                <input type="radio" name={`geo-${q.dwId}`} checked={loc.accuracyLevel === k} disabled={p.readOnly} onChange={() => set({ ...base(q, a), anLocation: { ...loc, accuracyLevel: k } })} />
                {t(`an.geo.${k}`)}
              </label>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
