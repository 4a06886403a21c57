// mo/poster/{dwSurveyId}: the share poster of a survey (drawn by the server: title, the
// template's colours and cover, the QR code of the answer link), a template to choose, download.
import { DownloadOutlined } from '@ant-design/icons';
import { useIntl, useParams } from '@umijs/max';
import { Alert, Button, Card, Select, Space, Spin } from 'antd';
import React, { useEffect, useState } from 'react';
import { posterList, posterSurvey, type PosterTemplate } from '../../services/backoffice';
import { download } from '../../utils/download';

const PosterPage: React.FC = () => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const { dwSurveyId = '' } = useParams();
  const [templates, setTemplates] = useState<PosterTemplate[]>([]);
  const [tpl, setTpl] = useState<string | undefined>();
  const [img, setImg] = useState<{ url: string; blob: Blob } | null>(null);
  const [err, setErr] = useState(false);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    posterList({ current: 1, pageSize: 50 }, false)
      .then((r) => setTemplates(r?.data ?? []))
      .catch(() => undefined);
  }, []);
  useEffect(() => {
    let live = true;
    setLoading(true);
    setErr(false);
    posterSurvey(dwSurveyId, tpl)
      .then((b: any) => {
        if (!live) return;
        if (!(b instanceof Blob) || b.type !== 'image/png') throw new Error('not a poster');
        setImg((old) => {
          if (old) URL.revokeObjectURL(old.url);
          return { url: URL.createObjectURL(b), blob: b };
        });
      })
      .catch(() => live && setErr(true))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [dwSurveyId, tpl]);
  return (
    <main style={{ maxWidth: 520, margin: '16px auto', padding: '0 12px' }}>
      <Card title={<h1 style={{ fontSize: 18, margin: 0 }}>{f('bo.posterPage.title')}</h1>}>
        <Space wrap style={{ marginBottom: 12 }}>
          {templates.length > 0 && (
            <Select
              aria-label={f('bo.posterPage.template')}
              style={{ minWidth: 180 }}
              value={tpl}
              allowClear
              placeholder={f('bo.posterPage.defaultTemplate')}
              onChange={setTpl}
              options={templates.map((t) => ({ value: t.id, label: t.name }))}
            />
          )}
          <Button type="primary" icon={<DownloadOutlined />} disabled={!img || err} onClick={() => img && download(img.blob, `poster-${dwSurveyId}.png`)} data-testid="poster-download">
            {f('bo.posterPage.download')}
          </Button>
        </Space>
        {err ? (
          <Alert type="error" showIcon message={f('bo.posterPage.failed')} />
        ) : loading && !img ? (
          <Spin />
        ) : (
          img && <img src={img.url} alt={f('bo.posterPage.alt')} data-testid="survey-poster" style={{ width: '100%', border: '1px solid #d9d9d9' }} />
        )}
      </Card>
    </main>
  );
};

export default PosterPage;
