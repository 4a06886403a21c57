// The style designer's "apply a style template": the administrators' enabled style templates
// (resource/style-template); applying one copies its settings over the survey's surveyStyle
// (settings the template leaves out stay as they are).
import { useIntl } from '@umijs/max';
import { Button, Select, Space } from 'antd';
import React, { useEffect, useState } from 'react';
import { styleList, type StyleTemplate } from '../../services/backoffice';
import { toast } from '../../utils/toast';
import { useDesignCtx } from './DesignShell';

const StyleTemplatePicker: React.FC = () => {
  const intl = useIntl();
  const L = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const { update } = useDesignCtx();
  const [list, setList] = useState<StyleTemplate[]>([]);
  const [pick, setPick] = useState<string | undefined>();
  useEffect(() => {
    styleList({ current: 1, pageSize: 100 }, false)
      .then((r) => setList(r?.data ?? []))
      .catch(() => undefined);
  }, []);
  if (!list.length) return null;
  const tpl = list.find((t) => t.id === pick);
  return (
    <Space wrap style={{ marginBottom: 8 }}>
      <label htmlFor="style-template-pick">{L('bo.style.apply')}</label>
      <Select id="style-template-pick" style={{ minWidth: 200 }} value={pick} onChange={setPick} placeholder={L('bo.style.pick')} options={list.map((t) => ({ value: t.id, label: t.name }))} />
      <Button
        disabled={!tpl}
        data-testid="style-template-apply"
        onClick={() => {
          if (!tpl) return;
          update((d) => ({ ...d, surveyStyle: { ...(d.surveyStyle ?? {}), ...tpl.style } }));
          toast.success(L('bo.style.applied', { name: tpl.name }));
        }}
      >
        {L('bo.style.applyGo')}
      </Button>
    </Space>
  );
};

export default StyleTemplatePicker;
