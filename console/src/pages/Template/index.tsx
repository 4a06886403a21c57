// Template centre: covers, industry and scene filters (choices from the templates in use), create a
// survey from a template.
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { ModalForm, PageContainer, ProFormText, ProTable } from '@ant-design/pro-components';
import { history, useIntl } from '@umijs/max';
import { Space, Tag } from 'antd';
import ConfirmDelete from '../../components/ConfirmDelete';
import React, { useEffect, useRef, useState } from 'react';
import Cover from './Cover';
import { templateCreateSurvey, templateDelete, templateFacets, templateList, type Template } from '../../services/authoring';
import { toast } from '../../utils/toast';

const Templates: React.FC = () => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const ref = useRef<ActionType>();
  const [useTpl, setUseTpl] = useState<Template | null>(null);
  const [facets, setFacets] = useState<{ industries: string[]; scenes: string[] }>({ industries: [], scenes: [] });
  useEffect(() => {
    templateFacets()
      .then((r) => setFacets(r.data ?? { industries: [], scenes: [] }))
      .catch(() => undefined);
  }, []);
  const opts = (l: string[]) => l.map((x) => ({ value: x, label: x }));
  const columns: ProColumns<Template>[] = [
    {
      title: f('au.tpl.name'),
      dataIndex: 'templateName',
      render: (_, r) => (
        <Space>
          <Cover id={r.id} has={!!r.coverUrl} alt={r.templateName} />
          <span data-testid="tpl-name">{r.templateName}</span>
          <Tag>{f(`au.tpl.scope.${r.scope}`)}</Tag>
        </Space>
      ),
    },
    {
      title: f('au.tpl.industry'),
      dataIndex: 'industry',
      valueType: 'select',
      fieldProps: { options: opts(facets.industries), placeholder: f('au.tpl.allIndustries'), 'data-testid': 'tpl-filter-industry', showSearch: true },
      render: (_, r) => r.industry || '-',
    },
    {
      title: f('au.tpl.scene'),
      dataIndex: 'scene',
      valueType: 'select',
      fieldProps: { options: opts(facets.scenes), placeholder: f('au.tpl.allScenes'), 'data-testid': 'tpl-filter-scene', showSearch: true },
      render: (_, r) => r.scene || '-',
    },
    { title: f('au.s.type'), dataIndex: 'surveyType', search: false, render: (_, r) => f(`au.type.${r.surveyType}`) },
    { title: f('au.tpl.used'), dataIndex: 'usedCount', search: false },
    { title: f('au.tpl.creator'), dataIndex: 'creator', search: false },
    { title: f('au.tpl.notes'), dataIndex: 'notes', search: false, ellipsis: true },
    {
      title: f('common.actions'),
      valueType: 'option',
      render: (_, r) => (
        <Space>
          <a data-testid="tpl-use" onClick={() => setUseTpl(r)}>
            {f('au.tpl.use')}
          </a>
          {r.scope === 'user' && (
            <ConfirmDelete title={f('common.deleteConfirm')} onDelete={() => templateDelete(r.id)} onDone={() => ref.current?.reload()} />
          )}
        </Space>
      ),
    },
  ];
  return (
    <PageContainer>
      <ProTable<Template>
        rowKey="id"
        actionRef={ref}
        search={{ defaultCollapsed: false }}
        columns={columns}
        locale={{ emptyText: f('au.tpl.empty') }}
        request={async (p) => {
          const { current, pageSize, templateName, industry, scene } = p as any;
          const r = await templateList({ current, pageSize, templateName, industry, scene });
          return { data: r.data ?? [], total: r.total, success: true };
        }}
      />
      <ModalForm
        title={f('au.tpl.use')}
        open={!!useTpl}
        modalProps={{ destroyOnClose: true, onCancel: () => setUseTpl(null) }}
        initialValues={{ surveyName: useTpl?.templateName }}
        onFinish={async (v) => {
          try {
            const r = await templateCreateSurvey(useTpl!.id, v.surveyName);
            toast.success(f('au.s.created'));
            setUseTpl(null);
            history.push(`/v8/dws/design/edit/${r.data.id}`);
            return true;
          } catch {
            return false;
          }
        }}
      >
        <ProFormText name="surveyName" label={f('au.s.name')} fieldProps={{ id: 'tpl-survey-name', maxLength: 200 }} />
      </ModalForm>
    </PageContainer>
  );
};

export default Templates;
