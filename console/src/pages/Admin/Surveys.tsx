import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { ModalForm, PageContainer, ProFormSelect, ProTable } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Button, Segmented, Tag } from 'antd';
import React, { useRef, useState } from 'react';
import ConfirmDelete from '../../components/ConfirmDelete';
import {
  adminGroups,
  adminSurveyDelete,
  adminSurveyRestore,
  adminSurveys,
  adminSurveyTransfer,
  adminSurveyUsers,
  type AdminSurvey,
} from '../../services/backoffice';
import { namedRowSelection } from '../../utils/a11y';
import { toast } from '../../utils/toast';
import { formatDateTime } from '../../utils/format';

const TYPES = ['survey', 'exam', 'vote', 'satisfaction', 'eval', 'eval360', 'other'];
const STATE_COLORS = ['default', 'green', 'orange'];

/** survey (admin): every survey of every owner — open, move to the recycle bin, restore, transfer. */
const Surveys: React.FC = () => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const ref = useRef<ActionType>();
  const [bin, setBin] = useState(false);
  const [selected, setSelected] = useState<React.Key[]>([]);
  const [transfer, setTransfer] = useState<string[] | null>(null);

  const restore = async (ids: string[]) => {
    try {
      await adminSurveyRestore(ids);
      toast.success(f('bo.survey.restored'));
      setSelected([]);
      ref.current?.reload();
    } catch {
      // shown by the request layer
    }
  };

  const columns: ProColumns<AdminSurvey>[] = [
    {
      title: f('bo.survey.name'),
      dataIndex: 'surveyName',
      render: (_, r) =>
        bin ? (
          r.surveyName
        ) : (
          <a href={`/v8/dws/design/edit/${r.id}`} target="_blank" rel="noreferrer">
            {r.surveyName}
          </a>
        ),
    },
    { title: f('bo.survey.owner'), dataIndex: 'owner', render: (_, r) => (r.ownerName ? `${r.userName} (${r.ownerName})` : r.userName) },
    {
      title: f('au.s.type'),
      dataIndex: 'surveyType',
      valueType: 'select',
      valueEnum: Object.fromEntries(TYPES.map((t) => [t, { text: f(`au.type.${t}`) }])),
      render: (_, r) => f(`au.type.${r.surveyType}`),
    },
    {
      title: f('au.s.state'),
      dataIndex: 'surveyState',
      valueType: 'select',
      valueEnum: { 0: { text: f('au.state.0') }, 1: { text: f('au.state.1') }, 2: { text: f('au.state.2') } },
      render: (_, r) => <Tag color={STATE_COLORS[r.surveyState] ?? 'default'}>{f(`au.state.${r.surveyState}`)}</Tag>,
    },
    {
      title: f('au.s.group'),
      dataIndex: 'groupId',
      valueType: 'select',
      fieldProps: { showSearch: true, 'aria-label': f('au.s.group') },
      request: async ({ keyWords }) => {
        const res = await adminGroups({ current: 1, pageSize: 50, groupName: keyWords });
        return (res?.data ?? []).map((g) => ({ label: `${g.groupName} · ${g.userName}`, value: g.id }));
      },
      render: (_, r) => r.groupName || '—',
    },
    { title: f('bo.survey.answers'), dataIndex: 'answerNum', search: false },
    { title: f('common.createTime'), dataIndex: 'createDate', search: false, renderText: (v: unknown) => formatDateTime(v) },
    ...(bin ? [{ title: f('bo.survey.deleted'), dataIndex: 'deleteDate', search: false, renderText: (v: unknown) => formatDateTime(v) } as ProColumns<AdminSurvey>] : []),
    {
      title: f('common.actions'),
      valueType: 'option',
      render: (_, r) =>
        bin
          ? [
              <a key="restore" role="button" tabIndex={0} onClick={() => restore([r.id])} onKeyDown={(e) => e.key === 'Enter' && restore([r.id])}>
                {f('bo.survey.restore')}
              </a>,
            ]
          : [
              <a key="transfer" role="button" tabIndex={0} onClick={() => setTransfer([r.id])} onKeyDown={(e) => e.key === 'Enter' && setTransfer([r.id])}>
                {f('bo.survey.transfer')}
              </a>,
              <ConfirmDelete
                key="del"
                title={f('bo.survey.deleteConfirm', { name: r.surveyName })}
                onDelete={() => adminSurveyDelete([r.id])}
                onDone={() => ref.current?.reload()}
              />,
            ],
    },
  ];

  return (
    <PageContainer content={f('bo.survey.intro')}>
      <ProTable<AdminSurvey>
        rowKey="id"
        actionRef={ref}
        columns={columns}
        params={{ bin }}
        rowSelection={{ selectedRowKeys: selected, onChange: setSelected, ...namedRowSelection<AdminSurvey>((r) => r.surveyName, f) }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        search={{ labelWidth: 'auto' }}
        locale={{ emptyText: f(bin ? 'bo.survey.binEmpty' : 'bo.survey.empty') }}
        request={async (p) => {
          const { current, pageSize, surveyName, owner, surveyType, surveyState, groupId } = p as any;
          const res = await adminSurveys({ current, pageSize, surveyName, owner, surveyType, surveyState, groupId, deleted: bin ? 1 : undefined });
          return { data: res?.data ?? [], total: res?.total ?? 0, success: true };
        }}
        toolBarRender={() => [
          <Segmented
            key="bin"
            aria-label={f('bo.survey.view')}
            value={bin ? 'bin' : 'all'}
            onChange={(v) => {
              setSelected([]);
              setBin(v === 'bin');
            }}
            options={[
              { value: 'all', label: f('bo.survey.all') },
              { value: 'bin', label: f('bo.survey.bin') },
            ]}
          />,
          bin ? (
            <Button key="r" disabled={!selected.length} onClick={() => restore(selected as string[])}>
              {f('bo.survey.restoreSelected')}
            </Button>
          ) : (
            <Button key="t" disabled={!selected.length} onClick={() => setTransfer(selected as string[])}>
              {f('bo.survey.transferSelected')}
            </Button>
          ),
        ]}
      />
      <ModalForm
        title={f('bo.survey.transferTitle', { n: transfer?.length ?? 0 })}
        open={!!transfer}
        onOpenChange={(o) => !o && setTransfer(null)}
        width={480}
        modalProps={{ destroyOnClose: true }}
        onFinish={async (v: Record<string, any>) => {
          try {
            await adminSurveyTransfer(transfer ?? [], v.userId);
            toast.success(f('bo.survey.transferred'));
            setSelected([]);
            setTransfer(null);
            ref.current?.reload();
            return true;
          } catch {
            return false;
          }
        }}
      >
        <ProFormSelect
          name="userId"
          label={f('bo.survey.newOwner')}
          showSearch
          debounceTime={300}
          fieldProps={{ id: 'transfer-user', 'aria-label': f('bo.survey.newOwner'), filterOption: false } as any}
          placeholder={f('bo.survey.newOwnerPh')}
          rules={[{ required: true, message: f('bo.survey.newOwnerRule') }]}
          request={async ({ keyWords }) => {
            const res = await adminSurveyUsers(keyWords ?? '');
            return (res?.data ?? []).map((u) => ({ label: u.name ? `${u.loginName} (${u.name})` : u.loginName, value: u.id }));
          }}
        />
      </ModalForm>
    </PageContainer>
  );
};

export default Surveys;
