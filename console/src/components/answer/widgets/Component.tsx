// Display components (DW_COMPONENT, MAP, VERIFYCODE, SCROLLTEXT): divider, carousel, map,
// verification code and scrolling text.
import { useEffect, useState } from 'react';
import type { Question } from '../../../survey';
import { randomCode, textOf, type Tr } from '../util';
import { Carousel } from './Carousel';
import { MapMarker } from './MapMarker';
import { base, Html, type WidgetProps } from './shared';

function VerifyCode(p: WidgetProps) {
  const { q, a, set, t } = p;
  const code = a?.anFbk?.answer;
  useEffect(() => {
    if (!code && !p.readOnly) set({ ...base(q, a), anFbk: { answer: randomCode(6) } });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className="dwa-verify">
      {t('an.verifycode')}: <strong className="dwa-code">{code}</strong>
    </div>
  );
}

/** Scrolling text: stops for reduced motion (CSS), and has a pause button (WCAG 2.2.2). */
function ScrollText({ q, t }: { q: Question; t: Tr }) {
  const sa = q.quAttr?.scrollTextAttr;
  const html = textOf(sa?.scrollText, textOf(q.quTitleObj, q.quTitle));
  const [paused, setPaused] = useState(false);
  return (
    <div className={`dwa-scroll ${paused ? 'dwa-paused' : ''}`}>
      <div className="dwa-scroll-inner" style={{ animationDuration: `${sa?.duration || 30}s`, animationDelay: `${sa?.delay || 0}s` }}>
        <Html html={html} />
      </div>
      <button type="button" className="dwa-play" aria-pressed={paused} onClick={() => setPaused(!paused)}>
        {paused ? t('an.carousel.play') : t('an.carousel.pause')}
      </button>
    </div>
  );
}

export function Component(p: WidgetProps) {
  const { q } = p;
  const kind = q.quType === 'MAP' ? 'map' : q.quType === 'VERIFYCODE' ? 'verifycode' : q.quType === 'SCROLLTEXT' ? 'scrolltext' : q.childType || 'divider';
  switch (kind) {
    case 'carousel':
      return <Carousel q={q} t={p.t} />;
    case 'map':
      return <MapMarker {...p} />;
    case 'verifycode':
      return <VerifyCode {...p} />;
    case 'scrolltext':
      return <ScrollText q={q} t={p.t} />;
  }
  const da = q.quAttr?.dividerAttr;
  return (
    <div className={`dwa-divider dwa-divider-${da?.contentPosition || 'center'}`} role="separator" style={{ borderTopStyle: (da?.borderStyle as any) || 'solid' }}>
      {da?.content ? <span>{da.content}</span> : null}
    </div>
  );
}
