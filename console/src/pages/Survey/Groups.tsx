// Survey groups of My surveys: a drawer to create, rename and delete groups (name, description,
// type, status) and a dialog to move a survey into a group.
import { PlusOutlined } from '@ant-design/icons';
import { useIntl } from '@umijs/max';
import { Alert, Button, Drawer, Empty, Form, Input, Modal, Select, Space, Spin, Table, Tag } from 'antd';
import React, { useState } from 'react';
import ConfirmDelete from '../../components/ConfirmDelete';
import { groupAdd, groupDelete, groupEdit, surveyGroup, type SurveyGroup, type SurveyRow } from '../../services/authoring';
import { toast } from '../../utils/toast';

export const GROUP_TYPES = [1, 2, 3];

const GroupForm: React.FC<{ group?: SurveyGroup; onClose: () => void; onSaved: () => void }> = ({ group, onClose, onSaved }) => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={f(group ? 'au.grp.edit' : 'au.grp.add')}
      onCancel={onClose}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'group-form-ok' } as any}
      onOk={async () => {
        const v = await form.validateFields();
        setBusy(true);
        try {
          if (group) await groupEdit({ id: group.id, ...v });
          else await groupAdd(v);
          toast.success(f('common.saved'));
          onSaved();
          onClose();
        } catch {
          // the request layer shows the server's message
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          groupName: group?.groupName,
          groupDescription: group?.groupDescription,
          groupType: group?.groupType ?? 1,
          status: group?.status ?? 1,
        }}
      >
        <Form.Item name="groupName" label={f('au.grp.name')} rules={[{ required: true, whitespace: true, message: f('common.required') }, { max: 18 }]}>
          <Input maxLength={18} data-testid="group-form-name" autoFocus />
        </Form.Item>
        <Form.Item name="groupDescription" label={f('au.grp.desc')} rules={[{ max: 255 }]}>
          <Input.TextArea rows={2} maxLength={255} data-testid="group-form-desc" />
        </Form.Item>
        <Space wrap>
          <Form.Item name="groupType" label={f('au.grp.type')}>
            <Select style={{ width: 160 }} data-testid="group-form-type" options={GROUP_TYPES.map((t) => ({ value: t, label: f(`au.grp.type.${t}`) }))} />
          </Form.Item>
          <Form.Item name="status" label={f('au.grp.status')}>
            <Select style={{ width: 160 }} data-testid="group-form-status" options={[1, 0].map((s) => ({ value: s, label: f(`au.grp.status.${s}`) }))} />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
};

/** The group manager: list with survey counts, add, edit, delete (only empty groups). */
export const GroupDrawer: React.FC<{ open: boolean; groups?: SurveyGroup[]; error?: string; onClose: () => void; onChanged: () => void }> = ({
  open,
  groups,
  error,
  onClose,
  onChanged,
}) => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const [editing, setEditing] = useState<{ g?: SurveyGroup } | null>(null);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={Math.min(720, typeof window !== 'undefined' ? window.innerWidth : 720)}
      title={f('au.grp.manage')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} data-testid="group-add" onClick={() => setEditing({})}>
          {f('au.grp.add')}
        </Button>
      }
    >
      {error && <Alert type="error" showIcon message={f('au.grp.loadFailed')} description={error} style={{ marginBottom: 8 }} />}
      {!groups ? (
        <Spin />
      ) : groups.length === 0 ? (
        <Empty description={f('au.grp.empty')} />
      ) : (
        <Table<SurveyGroup>
          rowKey="id"
          size="small"
          pagination={false}
          data-testid="group-table"
          scroll={{ x: 560 }}
          dataSource={groups}
          columns={[
            { title: f('au.grp.name'), dataIndex: 'groupName', render: (v) => <span data-testid="group-name">{v}</span> },
            { title: f('au.grp.desc'), dataIndex: 'groupDescription', ellipsis: true },
            { title: f('au.grp.type'), dataIndex: 'groupType', render: (v) => f(`au.grp.type.${GROUP_TYPES.includes(v) ? v : 1}`) },
            { title: f('au.grp.status'), dataIndex: 'status', render: (v) => <Tag color={v === 1 ? 'green' : 'default'}>{f(`au.grp.status.${v === 1 ? 1 : 0}`)}</Tag> },
            { title: f('au.grp.count'), dataIndex: 'surveyCount', width: 80 },
            {
              title: f('common.actions'),
              width: 130,
              render: (_, g) => (
                <Space>
                  <a data-testid="group-edit" onClick={() => setEditing({ g })}>
                    {f('common.edit')}
                  </a>
                  <ConfirmDelete
                    title={
                      <div style={{ maxWidth: 260 }}>
                        <div>{f('au.grp.deleteConfirm', { name: g.groupName })}</div>
                        <div style={{ color: '#595959', fontSize: 12 }}>{f('au.grp.deleteHint')}</div>
                      </div>
                    }
                    onDelete={() => groupDelete(g.id)}
                    onDone={onChanged}
                  />
                </Space>
              ),
            },
          ]}
        />
      )}
      {editing && <GroupForm group={editing.g} onClose={() => setEditing(null)} onSaved={onChanged} />}
    </Drawer>
  );
};

/** Moves one survey into a group (or out of every group). */
export const MoveToGroup: React.FC<{ survey: SurveyRow; groups: SurveyGroup[]; onClose: () => void; onMoved: () => void }> = ({ survey, groups, onClose, onMoved }) => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const [to, setTo] = useState<string>(survey.groupId ?? '');
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={`${f('au.grp.move')}: ${survey.surveyName}`}
      onCancel={onClose}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'move-group-ok' } as any}
      onOk={async () => {
        setBusy(true);
        try {
          await surveyGroup(survey.id, to);
          toast.success(f('au.grp.moved'));
          onMoved();
          onClose();
        } catch {
          // shown by the request layer
        } finally {
          setBusy(false);
        }
      }}
    >
      <Select
        style={{ width: '100%' }}
        data-testid="move-group-select"
        value={to}
        onChange={setTo}
        options={[{ value: '', label: f('au.grp.none') }, ...groups.map((g) => ({ value: g.id, label: g.groupName }))]}
      />
    </Modal>
  );
};
