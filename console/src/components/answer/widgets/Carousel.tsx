// Image carousel component (DW_COMPONENT childType carousel). Autoplay (every 3 s) has a pause
// button (WCAG 2.2.2) and does not start when the reader prefers reduced motion; each image is
// named by its option text, or "Image n of m".
import { useEffect, useState } from 'react';
import type { Question } from '../../../survey';
import { optTitle, type Tr } from '../util';
import { plain, reducedMotion } from './shared';

export function Carousel({ q, t }: { q: Question; t: Tr }) {
  const opts = [...(q.quRadios ?? []), ...(q.quCheckboxs ?? [])].filter((o) => o.optionImg?.imgSrc);
  const n = opts.length;
  const h = q.quAttr?.carouselAttr?.height || 150;
  const [playing, setPlaying] = useState(() => (q.quAttr?.carouselAttr?.autoplay ?? true) && !reducedMotion());
  const [i, setI] = useState(0);
  useEffect(() => {
    if (!playing || n < 2) return;
    const id = setInterval(() => setI((x) => (x + 1) % n), 3000);
    return () => clearInterval(id);
  }, [playing, n]);
  const cur = opts[i % (n || 1)];
  return (
    <div className="dwa-carousel" style={{ height: h }} role="group" aria-roledescription={t('an.carousel')} aria-label={t('an.carousel')}>
      {cur ? <img src={cur.optionImg?.imgSrc} alt={plain(optTitle(cur)) || t('an.carousel.image', { n: (i % n) + 1, total: n })} style={{ height: h }} /> : null}
      {n > 1 && (
        <div className="dwa-dots">
          <button type="button" className="dwa-play" aria-pressed={!playing} onClick={() => setPlaying(!playing)}>
            {playing ? t('an.carousel.pause') : t('an.carousel.play')}
          </button>
          {opts.map((_, j) => (
            <button type="button" key={j} aria-label={t('an.carousel.image', { n: j + 1, total: n })} aria-current={j === i || undefined} className={j === i ? 'dwa-on' : ''} onClick={() => setI(j)} />
          ))}
        </div>
      )}
    </div>
  );
}
