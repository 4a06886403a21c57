// A G2 chart of Datum points with a PNG export button. Texts come from the caller so that a
// language switch changes the spec and the chart is drawn again.
import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import React, { useMemo, useRef } from 'react';
import { saveUrl } from '../../utils/download';
import { toast } from '../../utils/toast';
import { buildSpec, chartHeight, type ChartType, type Datum, type SpecOptions } from './chartData';
import G2Chart, { type G2ChartHandle } from './G2Chart';


/** PNG of a chart on a white background (the G2 canvas itself is transparent). */
export function whitePng(src: string, done: (url: string) => void) {
  const img = new Image();
  img.onload = () => {
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const g = c.getContext('2d');
    if (!g) return done(src);
    g.fillStyle = '#ffffff';
    g.fillRect(0, 0, c.width, c.height);
    g.drawImage(img, 0, 0);
    done(c.toDataURL('image/png'));
  };
  img.onerror = () => done(src);
  img.src = src;
}

/** The chart as text: every value by label (and series), for screen readers (WCAG 1.1.1). */
export function chartAlt(data: Datum[]): string {
  return data.map((d) => `${d.series ? `${d.series} ` : ''}${d.label}: ${d.value}`).join('; ');
}

const ChartBox: React.FC<{
  type: ChartType;
  data: Datum[];
  opts: SpecOptions;
  fileName: string;
  exportLabel: string;
  notReady: string;
  testId: string;
  /** controls shown left of the export button (chart type switch...) */
  tools?: React.ReactNode;
}> = ({ type, data, opts, fileName, exportLabel, notReady, testId, tools }) => {
  const ref = useRef<G2ChartHandle>(null);
  const spec = useMemo(() => buildSpec(type, data, opts), [type, data, opts]);
  const categories = useMemo(() => new Set(data.map((d) => d.label)).size, [data]);
  const height = chartHeight(type, categories);
  return (
    <div>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'flex-end', alignItems: 'center' }}>
        {tools}
        <Button
          size="small"
          icon={<DownloadOutlined />}
          data-testid={`${testId}-png`}
          onClick={() => {
            const url = ref.current?.toPNG();
            if (!url) return toast.warning(notReady);
            whitePng(url, (u) => saveUrl(u, fileName));
          }}
        >
          {exportLabel}
        </Button>
      </div>
      <G2Chart ref={ref} spec={spec} height={height} data-testid={testId} alt={chartAlt(data)} />
    </div>
  );
};

export default ChartBox;
