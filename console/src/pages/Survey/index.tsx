// My surveys: list, filters (title, state, group), create, copy, delete (recycle bin), state changes,
// template, export, survey groups (manage, move a survey, filter).
import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { ModalForm, PageContainer, ProFormSelect, ProFormText, ProFormTextArea, ProTable } from '@ant-design/pro-components';
import { history, useIntl } from '@umijs/max';
import { Badge, Button, Dropdown, Modal, Select, Space, Tag, Tooltip } from 'antd';
import React, { useEffect, useRef, useState } from 'react';
import {
  collaborateList, errMsg, exportSurvey, groupList, survey2Template, surveyAdd, surveyCopy, surveyDelete, surveyList, surveyStatus,
  type SurveyGroup, type SurveyRow,
} from '../../services/authoring';
import { toast } from '../../utils/toast';
import { download } from '../../utils/download';
import { questionnaireWord } from '../../services/exports';
import { GroupDrawer, MoveToGroup } from './Groups';
import { formatDateTime } from '../../utils/format';

export const SURVEY_TYPES = ['survey', 'exam', 'vote', 'satisfaction', 'eval', 'eval360', 'other'];

export const StateTag: React.FC<{ s: number; f: (k: string) => string }> = ({ s, f }) => (
  <Tag color={s === 1 ? 'green' : s === 2 ? 'red' : 'default'}>{f(`au.state.${s}`)}</Tag>
);

const SurveyList: React.FC<{ collab?: boolean }> = ({ collab }) => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const ref = useRef<ActionType>();
  const [groupRows, setGroupRows] = useState<SurveyGroup[]>();
  const [groupErr, setGroupErr] = useState<string>();
  const groups = groupRows ?? [];
  const [groupFilter, setGroupFilter] = useState<string>('');
  const [groupsOpen, setGroupsOpen] = useState(false);
  const [moveFor, setMoveFor] = useState<SurveyRow | null>(null);
  const [createOpen, setCreateOpen] = useState(false);
  const [tplFor, setTplFor] = useState<SurveyRow | null>(null);

  const loadGroups = () =>
    groupList()
      .then((r) => {
        setGroupRows(r.data ?? []);
        setGroupErr(undefined);
      })
      .catch((e) => {
        setGroupRows([]);
        setGroupErr(errMsg(e));
      });
  useEffect(() => {
    if (!collab) loadGroups();
    else setGroupRows([]);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [collab]);

  const design = (r: SurveyRow) => history.push(`/v8/dws/design/edit/${r.id}`);
  const act = async (fn: () => Promise<unknown>, ok = f('common.operationOk')) => {
    try {
      await fn();
      toast.success(ok);
      ref.current?.reload();
    } catch {
      // the request layer shows the error
    }
  };

  const columns: ProColumns<SurveyRow>[] = [
    {
      title: f('au.s.name'),
      dataIndex: 'surveyName',
      render: (_, r) => (
        <Space>
          <a data-testid="survey-name" onClick={() => design(r)}>
            {r.surveyName}
          </a>
          {r.isCollaborator && (
            <Tooltip title={f('au.s.collabRights', { r: f(`au.rights.${r.rights}`) })}>
              <Badge count={f('au.s.collab')} style={{ background: '#722ed1' }} data-testid="collab-badge" />
            </Tooltip>
          )}
        </Space>
      ),
    },
    { title: f('au.s.type'), dataIndex: 'surveyType', search: false, width: 110, render: (_, r) => f(`au.type.${r.surveyType}`) },
    {
      title: f('au.s.state'),
      dataIndex: 'surveyState',
      width: 110,
      valueType: 'select',
      valueEnum: { 0: { text: f('au.state.0') }, 1: { text: f('au.state.1') }, 2: { text: f('au.state.2') } },
      render: (_, r) => <StateTag s={r.surveyState} f={f} />,
    },
    {
      title: f('au.s.group'),
      dataIndex: 'groupId',
      hideInTable: !!collab,
      search: false,
      render: (_, r) => <span data-testid="row-group">{r.groupName || '-'}</span>,
    },
    { title: f('au.s.answers'), dataIndex: 'answerNum', search: false, width: 90 },
    { title: f('au.s.updated'), dataIndex: 'updateDate', search: false, width: 170, renderText: (v: unknown) => formatDateTime(v) },
    {
      title: f('common.actions'),
      valueType: 'option',
      width: 260,
      render: (_, r) => {
        const owner = r.rights === 'owner';
        const canDesign = owner || r.rights === 'design' || r.rights === 'both';
        const items = [
          canDesign && { key: 'copy', label: f('au.s.copy') },
          canDesign && r.surveyState === 1 && { key: 'end', label: f('au.s.end') },
          canDesign && r.surveyState === 2 && { key: 'reopen', label: f('au.s.reopen') },
          canDesign && r.surveyState !== 0 && { key: 'edit', label: f('au.s.returnEdit') },
          canDesign && { key: 'template', label: f('au.s.toTemplate') },
          canDesign && { key: 'export', label: f('au.s.export') },
          canDesign && { key: 'exportWord', label: <span data-testid="row-export-word">{f('ex.word')}</span> },
          canDesign && { key: 'preview', label: f('au.d.preview') },
          owner && !collab && { key: 'group', label: <span data-testid="row-move-group">{f('au.grp.move')}</span> },
          owner && { key: 'collab', label: f('au.tab.collaborate') },
          (owner || r.rights === 'both') && { key: 'webhook', label: <span data-testid="row-webhook">{f('wh.title')}</span> },
          owner && { key: 'delete', label: <span data-testid="row-delete">{f('common.delete')}</span>, danger: true },
        ].filter(Boolean) as any[];
        return (
          <Space>
            {canDesign && (
              <a data-testid="row-design" onClick={() => design(r)}>
                {f('au.s.design')}
              </a>
            )}
            {canDesign && r.surveyState === 0 && (
              <a data-testid="row-publish" onClick={() => design(r)}>
                {f('au.d.publish')}
              </a>
            )}
            <a data-testid="row-collect" onClick={() => history.push(`/v8/dws/c/url/${r.id}`)}>
              {f('co.collect')}
            </a>
            <a data-testid="row-results" onClick={() => history.push(`/v8/dws/d/chart/${r.id}`)}>
              {f('menu.dws.dChart')}
            </a>
            <Dropdown
              menu={{
                items,
                onClick: ({ key }) => {
                  if (key === 'copy') act(() => surveyCopy(r.id));
                  if (key === 'end') act(() => surveyStatus(r.id, 2));
                  if (key === 'reopen') act(() => surveyStatus(r.id, 1));
                  if (key === 'edit') act(() => surveyStatus(r.id, 0));
                  if (key === 'template') setTplFor(r);
                  if (key === 'group') setMoveFor(r);
                  if (key === 'preview') window.open(`/v8/diaowen/dw-preview/survey/${r.id}`, '_blank');
                  if (key === 'collab') history.push(`/v8/dws/design/collaborate/${r.id}`);
                  if (key === 'webhook') history.push(`/v8/dws/set/webhook/${r.id}`);
                  if (key === 'exportWord')
                    questionnaireWord(r.id, intl.locale?.startsWith('zh') ? 'zh' : 'en')
                      .then((b) => download(b, `${r.surveyName || r.sid}.docx`))
                      .catch(() => toast.error(f('ex.wordFailed')));
                  if (key === 'export')
                    exportSurvey(r.id)
                      .then((b) => download(b as unknown as Blob, `survey-${r.sid}.json`))
                      .catch(() => toast.error(f('au.s.exportFailed')));
                  if (key === 'delete')
                    Modal.confirm({
                      title: f('au.s.deleteConfirm', { name: r.surveyName }),
                      content: f('au.s.deleteDesc'),
                      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' } as any,
                      onOk: () => act(() => surveyDelete(r.id), f('au.s.deleted')),
                    });
                },
              }}
            >
              <a data-testid="row-more">
                {f('au.s.more')} <DownOutlined />
              </a>
            </Dropdown>
          </Space>
        );
      },
    },
  ];

  return (
    <PageContainer>
      <ProTable<SurveyRow>
        rowKey="id"
        actionRef={ref}
        columns={columns}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        params={{ groupId: collab ? undefined : groupFilter || undefined }}
        request={async (params) => {
          const { current, pageSize, surveyName, surveyState, groupId } = params as any;
          const fn = collab ? collaborateList : surveyList;
          const r = await fn({ current, pageSize, surveyName, surveyState, groupId });
          return { data: r.data ?? [], total: r.total, success: true };
        }}
        locale={{ emptyText: f(collab ? 'au.s.emptyCollab' : 'au.s.empty') }}
        toolBarRender={() =>
          collab
            ? []
            : [
                <Select
                  key="grp"
                  style={{ minWidth: 160 }}
                  data-testid="group-filter"
                  aria-label={f('au.grp.filter')}
                  value={groupFilter}
                  onChange={setGroupFilter}
                  options={[{ value: '', label: f('au.grp.all') }, ...groups.map((g) => ({ value: g.id, label: `${g.groupName} (${g.surveyCount ?? 0})` }))]}
                />,
                <Button key="grpm" data-testid="group-manage" onClick={() => setGroupsOpen(true)}>
                  {f('au.grp.manage')}
                </Button>,
                <Button key="imp" data-testid="import-survey" onClick={() => history.push('/v8/dw/import-survey')}>
                  {f('au.imp.title')}
                </Button>,
                <Button key="tpl" onClick={() => history.push('/v8/dw/template')}>
                  {f('menu.template')}
                </Button>,
                <Button key="add" type="primary" icon={<PlusOutlined />} data-testid="add-survey" onClick={() => setCreateOpen(true)}>
                  {f('au.s.create')}
                </Button>,
              ]
        }
      />
      <ModalForm
        title={f('au.s.create')}
        open={createOpen}
        modalProps={{ destroyOnClose: true, onCancel: () => setCreateOpen(false) }}
        initialValues={{ surveyType: 'survey' }}
        onFinish={async (v) => {
          try {
            const r = await surveyAdd(v);
            setCreateOpen(false);
            toast.success(f('au.s.created'));
            history.push(`/v8/dws/design/edit/${r.data.id}`);
            return true;
          } catch {
            return false;
          }
        }}
      >
        <ProFormText name="surveyName" label={f('au.s.name')} fieldProps={{ id: 'survey-title', maxLength: 200 }} rules={[{ required: true, message: f('common.required') }]} />
        <ProFormSelect name="surveyType" label={f('au.s.type')} fieldProps={{ id: 'survey-type' }} options={SURVEY_TYPES.map((t) => ({ value: t, label: f(`au.type.${t}`) }))} rules={[{ required: true }]} />
        <ProFormSelect name="groupId" label={f('au.s.group')} options={groups.map((g) => ({ value: g.id, label: g.groupName }))} />
      </ModalForm>
      {!collab && (
        <GroupDrawer
          open={groupsOpen}
          groups={groupRows}
          error={groupErr}
          onClose={() => setGroupsOpen(false)}
          onChanged={() => {
            loadGroups();
            ref.current?.reload();
          }}
        />
      )}
      {moveFor && (
        <MoveToGroup
          survey={moveFor}
          groups={groups}
          onClose={() => setMoveFor(null)}
          onMoved={() => {
            loadGroups();
            ref.current?.reload();
          }}
        />
      )}
      <ModalForm
        title={f('au.s.toTemplate')}
        open={!!tplFor}
        modalProps={{ destroyOnClose: true, onCancel: () => setTplFor(null) }}
        initialValues={{ templateName: tplFor?.surveyName?.slice(0, 18) }}
        onFinish={async (v) => {
          try {
            await survey2Template({ surveyId: tplFor!.id, ...v });
            toast.success(f('au.s.templateSaved'));
            setTplFor(null);
            return true;
          } catch {
            return false;
          }
        }}
      >
        <ProFormText name="templateName" label={f('au.tpl.name')} fieldProps={{ maxLength: 18 }} rules={[{ required: true }]} />
        <ProFormText name="industry" label={f('au.tpl.industry')} />
        <ProFormText name="scene" label={f('au.tpl.scene')} />
        <ProFormTextArea name="notes" label={f('au.tpl.notes')} fieldProps={{ maxLength: 500 }} />
      </ModalForm>
    </PageContainer>
  );
};

export default SurveyList;
