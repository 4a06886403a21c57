// Imports: a survey (or bank questions) from .xlsx, .docx or .json. Choose, parse, preview, save.
import { UploadOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { history, useIntl, useParams, useRouteProps } from '@umijs/max';
import { Alert, Button, Card, Input, Result, Select, Space, Table, Tag, Upload } from 'antd';
import React, { useState } from 'react';
import { importFile, type ImportResult } from '../../services/authoring';
import { SURVEY_TYPES } from '../Survey';

function kindOf(name: string): string {
  const n = name.toLowerCase();
  if (n.endsWith('.xlsx')) return 'excel';
  if (n.endsWith('.docx')) return 'word';
  if (n.endsWith('.json')) return 'json';
  return '';
}

const Import: React.FC<{ bank?: boolean }> = ({ bank }) => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const { bankId } = useParams();
  // the route without the console layout (/v8/diaowen/dw/import-survey) is its own main landmark
  const bare = (useRouteProps() as { layout?: boolean }).layout === false;
  const isBank = bank || window.location.pathname.includes('import-bank');
  const [file, setFile] = useState<File>();
  const [res, setRes] = useState<ImportResult>();
  const [failMsg, setFailMsg] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [surveyName, setSurveyName] = useState('');
  const [surveyType, setSurveyType] = useState('survey');
  const [bankName, setBankName] = useState('');

  const run = async (mode: 'parse' | 'save') => {
    if (!file) return;
    const kind = kindOf(file.name);
    setBusy(true);
    try {
      const fields: Record<string, string> = { mode };
      if (isBank) {
        fields.kind = kind;
        if (bankId) fields.bankId = bankId;
        else if (bankName) fields.bankName = bankName;
      } else {
        if (surveyName) fields.surveyName = surveyName;
        fields.surveyType = surveyType;
      }
      const r = await importFile(isBank ? 'bank' : kind, file, fields);
      setRes(r.data);
      setFailMsg(undefined);
      if (mode === 'save') {
        if (r.data.survey) history.push(`/v8/dws/design/edit/${r.data.survey.id}`);
        else if (r.data.bank) history.push(`/v8/dw/qu-bank/question-list/${r.data.bank.id}`);
        else if (bankId) history.push(`/v8/dw/qu-bank/question-list/${bankId}`);
      }
    } catch (e: any) {
      const body = e?.body;
      setRes(body?.data ?? undefined);
      setFailMsg(body?.resultMsg || e?.message);
    } finally {
      setBusy(false);
    }
  };

  const errors = res?.errors ?? [];
  const page = (
    <PageContainer title={f(isBank ? 'au.imp.bank' : 'au.imp.title')}>
      <Card>
        <Alert type="info" showIcon message={f('au.imp.formats')} style={{ marginBottom: 12 }} />
        <Space wrap>
          <Upload
            accept=".xlsx,.docx,.json"
            maxCount={1}
            beforeUpload={(fl) => {
              setFile(fl as File);
              setRes(undefined);
              setFailMsg(undefined);
              return false;
            }}
            onRemove={() => setFile(undefined)}
            showUploadList={false}
          >
            <Button icon={<UploadOutlined />} data-testid="import-choose">
              {f('au.imp.choose')}
            </Button>
          </Upload>
          {file && <Tag data-testid="import-file">{file.name}</Tag>}
          {!isBank && (
            <>
              <Input aria-label={f('au.imp.surveyName')} placeholder={f('au.imp.surveyName')} value={surveyName} onChange={(e) => setSurveyName(e.target.value)} style={{ width: 220 }} />
              <Select aria-label={f('au.imp.surveyType')} value={surveyType} onChange={setSurveyType} style={{ width: 140 }} options={SURVEY_TYPES.map((t) => ({ value: t, label: f(`au.type.${t}`) }))} />
            </>
          )}
          {isBank && !bankId && <Input aria-label={f('au.imp.bankName')} placeholder={f('au.imp.bankName')} value={bankName} onChange={(e) => setBankName(e.target.value)} style={{ width: 220 }} />}
          <Button data-testid="import-parse" disabled={!file || !kindOf(file.name)} loading={busy} onClick={() => run('parse')}>
            {f('au.imp.parse')}
          </Button>
          <Button type="primary" data-testid="import-save" disabled={!res?.ready} loading={busy} onClick={() => run('save')}>
            {f('au.imp.save')}
          </Button>
        </Space>
        {file && !kindOf(file.name) && <Alert type="error" style={{ marginTop: 12 }} message={f('au.imp.badExt')} />}
        {failMsg && (
          <Result
            status="error"
            title={<span data-testid="import-failed">{f('au.imp.failed')}</span>}
            subTitle={failMsg}
            extra={
              errors.length > 0 && (
                <Table
                  size="small"
                  rowKey={(r, i) => `${r.line}-${i}`}
                  pagination={false}
                  data-testid="import-errors"
                  dataSource={errors}
                  columns={[
                    { title: f('au.imp.line'), dataIndex: 'line', width: 80 },
                    { title: f('au.imp.message'), dataIndex: 'message' },
                  ]}
                />
              )
            }
          />
        )}
        {res?.ready && !failMsg && (
          <div style={{ marginTop: 16 }}>
            <Alert type="success" showIcon data-testid="import-ready" message={f('au.imp.ready', { n: res.quNum ?? res.questions?.length ?? 0, title: res.title ?? '' })} />
            {(res.messages?.length ?? 0) > 0 && <Alert type="warning" style={{ marginTop: 8 }} message={res.messages!.join('; ')} />}
            <Table
              size="small"
              style={{ marginTop: 8 }}
              rowKey={(r, i) => `${r.line}-${i}`}
              dataSource={res.questions ?? []}
              pagination={{ pageSize: 20 }}
              columns={[
                { title: f('au.imp.line'), dataIndex: 'line', width: 70 },
                { title: f('au.s.type'), dataIndex: 'quType', width: 150, render: (v) => f(`dw.quType.${v}`) },
                { title: f('au.bank.quTitle'), dataIndex: 'title' },
                { title: f('au.q.options'), dataIndex: 'options', render: (v?: string[]) => (v ?? []).join(' | ') },
                { title: f('au.q.required'), dataIndex: 'required', width: 90, render: (v) => (v ? f('common.yes') : f('common.no')) },
              ]}
            />
          </div>
        )}
      </Card>
    </PageContainer>
  );
  return bare ? <main>{page}</main> : page;
};

export default Import;
