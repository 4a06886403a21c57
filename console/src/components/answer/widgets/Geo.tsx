// Geolocation (GEOLOCATION): the browser's position and an accuracy level.
import { useState } from 'react';
import { base, type WidgetProps } from './shared';

export function Geo(p: WidgetProps) {
  const { q, a, set, t, notify } = p;
  const [busy, setBusy] = useState(false);
  const loc = a?.anLocation;
  const locate = () => {
    if (!navigator.geolocation) {
      notify('error', t('an.geo.unsupported'));
      return;
    }
    setBusy(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setBusy(false);
        const { longitude, latitude, accuracy } = pos.coords;
        set({
          ...base(q, a),
          anLocation: {
            location: true,
            longitude,
            latitude,
            accuracy,
            formattedAddress: `${longitude.toFixed(6)},${latitude.toFixed(6)}`,
            locationBrand: 'browser',
            locationClient: 'browser',
            locationType: q.quAttr?.locationAttr?.locationType || 'accurate',
          },
        });
      },
      () => {
        setBusy(false);
        notify('error', t('an.geo.failed'));
      },
      { timeout: 10000, enableHighAccuracy: true },
    );
  };
  return (
    <div className="dwa-geo">
      {!p.readOnly && (
        <button type="button" className="dwa-btn" disabled={busy} onClick={locate} aria-describedby={p.ax?.describedBy}>
          {busy ? t('an.geo.locating') : t('an.geo.get')}
        </button>
      )}
      {loc?.formattedAddress && (
        <div className="dwa-geo-box">
          <div>{t('an.geo.coords', { lng: loc.longitude?.toFixed(6), lat: loc.latitude?.toFixed(6), acc: Math.round(loc.accuracy ?? 0) })}</div>
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
