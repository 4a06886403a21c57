import type { ProColumns } from '@ant-design/pro-components';
import { PageContainer, ProTable } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Tag } from 'antd';
import React from 'react';
import { permList, type Perm as P } from '../../services/api';
import { permGroupLabel, permLabel } from '../../utils/perms';

/** Read-only list of permissions. */
const Perm: React.FC = () => {
  const intl = useIntl();
  const f = (id: string) => intl.formatMessage({ id });
  const columns: ProColumns<P>[] = [
    { title: f('admin.perm.name'), dataIndex: 'name', render: (_, r) => permLabel(f, r) },
    { title: f('admin.perm.code'), dataIndex: 'code', render: (_, r) => <Tag>{r.code}</Tag> },
    { title: f('admin.perm.group'), dataIndex: 'group', render: (_, r) => permGroupLabel(f, r.group) },
  ];
  return (
    <PageContainer>
      <ProTable<P>
        rowKey="code"
        columns={columns}
        search={false}
        pagination={{ defaultPageSize: 20 }}
        request={async () => {
          const res = await permList();
          return { data: res?.data ?? [], success: true, total: res?.data?.length ?? 0 };
        }}
      />
    </PageContainer>
  );
};

export default Perm;
