// Collaborators of one survey (owner only): invite by login name with rights, change, remove.
import { useIntl } from '@umijs/max';
import { Button, Card, Input, Select, Space, Table } from 'antd';
import ConfirmDelete from '../../components/ConfirmDelete';
import React, { useCallback, useEffect, useState } from 'react';
import DesignShell, { useDesignCtx } from '../../components/design/DesignShell';
import { collabAdd, collabDelete, collabEdit, collabList, type Collaborator } from '../../services/authoring';
import { toast } from '../../utils/toast';
import { formatDateTime } from '../../utils/format';

const RIGHTS = ['design', 'data', 'both'];

const Collabs: React.FC = () => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const { surveyId } = useDesignCtx();
  const [list, setList] = useState<Collaborator[]>();
  const [login, setLogin] = useState('');
  const [rights, setRights] = useState('design');
  const load = useCallback(() => {
    collabList(surveyId)
      .then((r) => setList(r.data ?? []))
      .catch(() => setList([]));
  }, [surveyId]);
  useEffect(load, [load]);
  const rightsOpts = RIGHTS.map((r) => ({ value: r, label: f(`au.rights.${r}`) }));
  return (
    <Card size="small" title={f('au.tab.collaborate')}>
      <Space style={{ marginBottom: 12 }}>
        <Input data-testid="collab-login" aria-label={f('au.col.loginName')} placeholder={f('au.col.loginName')} value={login} onChange={(e) => setLogin(e.target.value)} />
        <Select data-testid="collab-rights" aria-label={f('au.col.rights')} value={rights} onChange={setRights} options={rightsOpts} style={{ width: 140 }} />
        <Button
          type="primary"
          data-testid="collab-add"
          disabled={!login.trim()}
          onClick={async () => {
            try {
              await collabAdd({ surveyId, loginName: login.trim(), rights });
              toast.success(f('au.col.added'));
              setLogin('');
              load();
            } catch {
              // shown by the request layer
            }
          }}
        >
          {f('au.col.invite')}
        </Button>
      </Space>
      <Table
        rowKey="id"
        size="small"
        loading={!list}
        dataSource={list ?? []}
        locale={{ emptyText: f('au.col.empty') }}
        columns={[
          { title: f('au.col.loginName'), dataIndex: 'loginName' },
          { title: f('au.col.name'), dataIndex: 'name' },
          {
            title: f('au.col.rights'),
            dataIndex: 'rights',
            render: (v, r) => (
              <Select
                size="small"
                value={v}
                options={rightsOpts}
                style={{ width: 140 }}
                onChange={async (nv) => {
                  try {
                    await collabEdit(r.id, nv);
                    toast.success(f('common.saved'));
                    load();
                  } catch {
                    // shown by the request layer
                  }
                }}
              />
            ),
          },
          { title: f('common.createTime'), dataIndex: 'createDate', render: (v: unknown) => formatDateTime(v) },
          {
            title: f('common.actions'),
            render: (_, r) => (
              <ConfirmDelete title={f('au.col.removeConfirm')} onDelete={() => collabDelete(r.id)} onDone={() => load()} label={f('common.remove')} />
            ),
          },
        ]}
      />
    </Card>
  );
};

const Page: React.FC = () => (
  <DesignShell tab="collaborate">
    <Collabs />
  </DesignShell>
);
export default Page;
