// One G2 chart, rendered from a G2 option object. G2 is loaded on first use (dynamic import) so
// it never lands in the first-load JavaScript of pages without charts.
import { Spin } from 'antd';
import React, { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { localizeSpec } from './localizeSpec';
import { PALETTE } from './palette';

export type G2ChartHandle = {
  /** PNG data URL of the rendered chart (null before the first render). */
  toPNG: () => string | null;
};

export type G2ChartProps = {
  /** G2 spec (chart.options), without container; the palette is applied as the colour range. */
  spec: Record<string, any>;
  height?: number;
  'data-testid'?: string;
  /** Text alternative of the drawing (the chart is an image to assistive technology). */
  alt?: string;
};

const G2Chart = forwardRef<G2ChartHandle, G2ChartProps>(({ spec, height = 300, ...rest }, ref) => {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<any>(null);
  const [ready, setReady] = useState(false);
  // number of finished renders (a spec change draws again; tests wait for the count to grow)
  const [renders, setRenders] = useState(0);
  const [failed, setFailed] = useState(false);

  useImperativeHandle(ref, () => ({
    toPNG: () => {
      const canvas = box.current?.querySelector('canvas');
      return canvas ? canvas.toDataURL('image/png') : null;
    },
  }));

  useEffect(() => {
    let live = true;
    import('@antv/g2')
      .then(({ Chart }) => {
        if (!live || !box.current) return;
        // options() deep-merges into the previous tree (a bar's transpose or a line's extra
        // point layer would stay): start from an empty chart on every new spec.
        if (!chart.current) chart.current = new Chart({ container: box.current, autoFit: true, height });
        else chart.current.clear();
        const s = { ...localizeSpec(spec), height, scale: { color: { range: [...PALETTE] }, ...(spec.scale ?? {}) } };
        chart.current.options(s);
        return chart.current.render().then(() => {
          if (!live) return;
          setReady(true);
          setFailed(false);
          setRenders((n) => n + 1);
        });
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [spec, height]);

  // follow the width of the container (window resize, phone rotation, side menu collapse)
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    let w = el.clientWidth;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ro = new ResizeObserver(() => {
      if (el.clientWidth === w) return;
      w = el.clientWidth;
      clearTimeout(timer);
      timer = setTimeout(() => chart.current?.forceFit?.(), 150);
    });
    ro.observe(el);
    return () => {
      clearTimeout(timer);
      ro.disconnect();
    };
  }, []);

  useEffect(
    () => () => {
      chart.current?.destroy();
      chart.current = null;
    },
    [],
  );

  return (
    <div
      style={{ position: 'relative', minHeight: height }}
      data-testid={rest['data-testid']}
      role={rest.alt ? 'img' : undefined}
      aria-label={rest.alt}
      data-ready={ready ? '1' : '0'}
      data-renders={renders}
      data-failed={failed ? '1' : undefined}
    >
      {!ready && !failed && <Spin style={{ position: 'absolute', left: '50%', top: '40%' }} />}
      {failed && <span style={{ position: 'absolute', left: 8, top: 8, color: '#c62828' }}>⚠</span>}
      <div ref={box} />
    </div>
  );
});

export default G2Chart;
