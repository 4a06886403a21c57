// design/dimension-group/:dwSurveyId — the survey's dimension groups (eval, eval360): each maps
// questions with weights to dimensions with score bands; edited on
// design/dimension-group/dimension/:dwSurveyId/:groupId.
import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, List, Space, Spin, Tag, Typography } from 'antd';
import React, { useCallback, useEffect, useState } from 'react';
import ConfirmDelete from '../../components/ConfirmDelete';
import { deleteDimensionGroup, dimensionGroups, type Group } from '../../services/eval';
import { errorText } from '../../utils/errors';
import Shell, { type ShellCtx } from './Shell';

export const groupPath = (surveyId: string, groupId: string) => `/v8/dws/design/dimension-group/dimension/${surveyId}/${groupId}`;

const Body: React.FC<ShellCtx> = ({ info, f }) => {
  const [groups, setGroups] = useState<Group[] | null>(null);
  const [err, setErr] = useState('');
  const [n, setN] = useState(0);
  const refresh = useCallback(() => setN((x) => x + 1), []);
  useEffect(() => {
    dimensionGroups(info.id)
      .then((r) => (setGroups(r.data ?? []), setErr('')))
      .catch((e) => setErr(errorText(e)));
  }, [info.id, n]);
  if (err && !groups) return <Alert type="error" showIcon message={err} action={<Button onClick={refresh}>{f('co.retry')}</Button>} />;
  if (!groups) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  return (
    <div data-testid="ev-groups">
      <Space style={{ marginBottom: 12 }} wrap>
        <Button type="primary" icon={<PlusOutlined />} href={groupPath(info.id, 'new')} data-testid="ev-group-add">
          {f('ev.g.add')}
        </Button>
        <Typography.Text type="secondary">{f('ev.g.intro')}</Typography.Text>
      </Space>
      {groups.length === 0 ? (
        <Empty description={f('ev.g.empty')} />
      ) : (
        <List
          grid={{ gutter: 16, xs: 1, md: 2, xl: 3 }}
          dataSource={groups}
          renderItem={(g) => (
            <List.Item>
              <Card
                size="small"
                title={g.name}
                data-testid="ev-group"
                actions={[
                  <Typography.Link key="e" href={groupPath(info.id, g.id ?? '')}>
                    {f('ev.g.edit')}
                  </Typography.Link>,
                  <ConfirmDelete key="d" title={f('ev.g.deleteConfirm', { name: g.name })} onDelete={() => deleteDimensionGroup(g.id ?? '')} onDone={refresh} />,
                ]}
              >
                {g.note && <Typography.Paragraph type="secondary">{g.note}</Typography.Paragraph>}
                <Space wrap>
                  {g.dimensions.map((d) => (
                    <Tag key={d.id}>{d.name}</Tag>
                  ))}
                  {g.dimensions.length === 0 && <Typography.Text type="secondary">{f('ev.g.noDims')}</Typography.Text>}
                </Space>
              </Card>
            </List.Item>
          )}
        />
      )}
    </div>
  );
};

const Page: React.FC = () => <Shell tab="dimension-group">{(c) => <Body {...c} />}</Shell>;
export default Page;
