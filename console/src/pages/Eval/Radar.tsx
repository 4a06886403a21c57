// Radar of dimension scores in percent of their maximum (AntV G2, polar area + line), one series
// per rater group; fewer than 3 dimensions draw as grouped bars (a radar needs 3 axes). The
// drawing is an image with a text alternative; the pages list the same numbers in a table.
import React, { useMemo } from 'react';
import G2Chart from '../../components/results/G2Chart';

export type RadarPoint = { dim: string; series: string; percent: number };

export default function Radar({ data, alt, testid, height = 340 }: { data: RadarPoint[]; alt: string; testid?: string; height?: number }) {
  const dims = new Set(data.map((d) => d.dim)).size;
  const spec = useMemo(() => {
    if (dims < 3)
      return {
        type: 'interval',
        data,
        encode: { x: 'dim', y: 'percent', color: 'series' },
        transform: [{ type: 'dodgeX' }],
        scale: { y: { domainMin: 0, domainMax: 100 } },
        axis: { y: { title: '%' }, x: { title: false } },
      };
    return {
      type: 'view',
      data,
      coordinate: { type: 'polar' },
      scale: { x: { padding: 0.5, align: 0 }, y: { tickCount: 5, domainMin: 0, domainMax: 100 } },
      axis: { x: { grid: true, tick: false, title: false, gridLineDash: [0, 0] }, y: { zIndex: 1, title: false, gridLineDash: [0, 0] } },
      children: [
        { type: 'area', encode: { x: 'dim', y: 'percent', color: 'series' }, style: { fillOpacity: 0.25 } },
        { type: 'line', encode: { x: 'dim', y: 'percent', color: 'series' }, style: { lineWidth: 2 } },
        { type: 'point', encode: { x: 'dim', y: 'percent', color: 'series' } },
      ],
    };
  }, [data, dims]);
  return <G2Chart spec={spec} height={height} alt={alt} data-testid={testid} />;
}
