// The answer widgets, one file per question family (each owns its markup, keyboard handling and
// accessible names). Widget picks the one for a question's type.
import { lazy, Suspense, type ComponentType } from 'react';
import type { Question } from '../../../survey';
import { Choice } from './Choice';
import { FillBlank, MultiFillBlank } from './FillBlank';
import { Matrix } from './Matrix';
import { Nps } from './Nps';
import { OrderQu } from './Ranking';
import { Score as ScoreQu } from './Score';
import type { WidgetProps } from './shared';
import { SliderQu } from './Slider';

export type { WidgetProps } from './shared';
export { orderClick } from './Ranking';
export { TextInput } from './TextInput';

// Widgets few surveys use load on demand (their own chunk in the light answer build), so that the
// first load stays small; preloadWidgets fetches those a loaded survey needs before their page.
const LOADERS = {
  upload: () => import('./Upload').then((m) => ({ default: m.Upload })),
  signature: () => import('./Signature').then((m) => ({ default: m.Signature })),
  geo: () => import('./Geo').then((m) => ({ default: m.Geo })),
  cascade: () => import('./Cascade').then((m) => ({ default: m.Cascade })),
  imageHot: () => import('./ImageHot').then((m) => ({ default: m.ImageHot })),
  color: () => import('./ColorPicker').then((m) => ({ default: m.ColorPicker })),
  component: () => import('./Component').then((m) => ({ default: m.Component })),
};
type LazyKind = keyof typeof LOADERS;
const LAZY = Object.fromEntries(Object.entries(LOADERS).map(([k, load]) => [k, lazy(load as () => Promise<{ default: ComponentType<WidgetProps> }>)])) as unknown as Record<LazyKind, ComponentType<WidgetProps>>;

function lazyKind(t: string): LazyKind | null {
  if (t === 'UPLOADFILE' || t === 'UPLOAD_IMAGE') return 'upload';
  if (t === 'SIGNATURE') return 'signature';
  if (t === 'GEOLOCATION') return 'geo';
  if (t === 'CASCADE') return 'cascade';
  if (t === 'IMAGE_HOT') return 'imageHot';
  if (t === 'COLOR_PICKER') return 'color';
  if (t === 'DW_COMPONENT' || t === 'MAP' || t === 'VERIFYCODE' || t === 'SCROLLTEXT') return 'component';
  return null;
}

/** Starts loading the on-demand widgets the questions use (idempotent: import() caches). */
export function preloadWidgets(questions: Question[]) {
  const kinds = new Set(questions.map((q) => lazyKind(q.quType)).filter(Boolean) as LazyKind[]);
  kinds.forEach((k) => void LOADERS[k]().catch(() => undefined));
}

function lazyWidget(p: WidgetProps) {
  const W = LAZY[lazyKind(p.q.quType) as LazyKind];
  return (
    <Suspense fallback={<span className="dwa-hint" aria-busy="true">…</span>}>
      <W {...p} />
    </Suspense>
  );
}

/** The widget for one question. */
export function Widget(p: WidgetProps) {
  const t = p.q.quType;
  switch (t) {
    case 'RADIO':
    case 'CHECKBOX':
    case 'YESNO':
    case 'COMPRADIO':
    case 'COMPCHECKBOX':
    case 'IMGRADIO':
    case 'IMGCHECKBOX':
    case 'IMGCHECKBOXGROUP':
    case 'CHECKBOXGROUP':
    case 'RADIOGROUP':
      return <Choice {...p} />;
    case 'FILLBLANK':
    case 'ANSWER':
    case 'BIGQU':
    case 'ENUMQU':
      return <FillBlank {...p} />;
    case 'MULTIFILLBLANK':
      return <MultiFillBlank {...p} />;
    case 'ORDERQU':
      return <OrderQu {...p} />;
    case 'SCORE':
    case 'CHENSCORE':
      return <ScoreQu {...p} />;
    case 'SCALE_NPS':
      return <Nps {...p} />;
    case 'SCALE_SLIDER':
      return <SliderQu {...p} />;
    case 'UPLOADFILE':
    case 'UPLOAD_IMAGE':
      return lazyWidget(p);
    case 'SIGNATURE':
      return lazyWidget(p);
    case 'GEOLOCATION':
      return lazyWidget(p);
    case 'CASCADE':
      return lazyWidget(p);
    case 'IMAGE_HOT':
      return lazyWidget(p);
    case 'COLOR_PICKER':
      return lazyWidget(p);
    case 'DW_COMPONENT':
    case 'MAP':
    case 'VERIFYCODE':
    case 'SCROLLTEXT':
      return lazyWidget(p);
    case 'PAGETAG':
    case 'PARAGRAPH':
      return null;
  }
  if (t.startsWith('MATRIX_')) return <Matrix {...p} />;
  return <FillBlank {...p} />;
}
