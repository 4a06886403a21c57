// Filters of the raw-data list: state, submit time range, IP, city/province and answer values
// (a question and one of its options; several allowed, all must hold).
import { Button, Col, DatePicker, Form, Input, Row, Select, Space, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import React, { useMemo, useState } from 'react';
import { DATA_STATES, valueLabel, type FilterForm, type ValueChoice } from './DataLogic';

type Props = {
  f: (id: string, v?: Record<string, any>) => string;
  choices: ValueChoice[];
  choicesLoading?: boolean;
  onApply: (v: FilterForm) => void;
};

type Raw = { state?: FilterForm['state']; range?: [Dayjs | null, Dayjs | null] | null; ip?: string; city?: string };

const FMT = 'YYYY-MM-DD HH:mm:ss';

const DataFilters: React.FC<Props> = ({ f, choices, choicesLoading, onApply }) => {
  const [form] = Form.useForm<Raw>();
  const [values, setValues] = useState<string[]>([]);
  const [qu, setQu] = useState<string | undefined>();
  const [opt, setOpt] = useState<string | undefined>();
  const options = useMemo(() => choices.find((c) => c.quDwId === qu)?.options ?? [], [choices, qu]);

  const apply = (vals: string[] = values) => {
    const r = form.getFieldsValue();
    onApply({
      state: r.state,
      range: r.range && (r.range[0] || r.range[1]) ? [r.range[0]?.format(FMT) ?? '', r.range[1]?.format(FMT) ?? ''] : null,
      ip: r.ip,
      city: r.city,
      values: vals,
    });
  };
  const addValue = () => {
    if (!opt || values.includes(opt)) return;
    const next = [...values, opt];
    setValues(next);
    setOpt(undefined);
    apply(next);
  };
  const removeValue = (k: string) => {
    const next = values.filter((x) => x !== k);
    setValues(next);
    apply(next);
  };
  const reset = () => {
    form.resetFields();
    setValues([]);
    setQu(undefined);
    setOpt(undefined);
    onApply({ state: 'all', values: [] });
  };

  return (
    <Form form={form} layout="vertical" initialValues={{ state: 'all' }} onFinish={() => apply()} data-testid="data-filters" name="rd-filters">
      <Row gutter={12}>
        <Col xs={24} sm={12} md={6}>
          <Form.Item name="state" label={f('rd.filter.state')}>
            <Select
              data-testid="filter-state"
              options={DATA_STATES.map((s) => ({ value: s, label: <span data-testid={`filter-state-${s}`}>{f(`rd.filter.state.${s}`)}</span> }))}
              onChange={() => apply()}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} md={10}>
          <Form.Item name="range" label={f('rd.filter.time')}>
            <DatePicker.RangePicker showTime style={{ width: '100%' }} allowEmpty={[true, true]} data-testid="filter-range" />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name="ip" label={f('rd.filter.ip')}>
            <Input allowClear maxLength={64} placeholder="1.2.3.4" data-testid="filter-ip" />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name="city" label={f('rd.filter.city')}>
            <Input allowClear maxLength={64} placeholder={f('rd.filter.cityPlaceholder')} data-testid="filter-city" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12} align="bottom">
        <Col xs={24} md={8}>
          <Form.Item label={f('rd.filter.question')}>
            <Select
              showSearch
              allowClear
              optionFilterProp="label"
              loading={choicesLoading}
              value={qu}
              onChange={(v) => {
                setQu(v);
                setOpt(undefined);
              }}
              aria-label={f('rd.filter.question')}
              placeholder={choices.length || choicesLoading ? f('rd.filter.pickQuestion') : f('rd.filter.noChoice')}
              options={choices.map((c) => ({ value: c.quDwId, label: c.title }))}
              data-testid="filter-question"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={f('rd.filter.option')}>
            <Select
              showSearch
              allowClear
              optionFilterProp="label"
              value={opt}
              onChange={setOpt}
              aria-label={f('rd.filter.option')}
              disabled={!qu}
              placeholder={f('rd.filter.pickOption')}
              options={options.map((o) => ({ value: o.key, label: o.label }))}
              data-testid="filter-option"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item>
            <Space wrap>
              <Button onClick={addValue} disabled={!opt} data-testid="filter-add-value">
                {f('rd.filter.addValue')}
              </Button>
              <Button type="primary" htmlType="submit" data-testid="filter-apply">
                {f('rd.filter.apply')}
              </Button>
              <Button onClick={reset} data-testid="filter-reset">
                {f('rd.filter.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Col>
      </Row>
      {values.length > 0 && (
        <div style={{ marginBottom: 12 }} data-testid="filter-values">
          <span style={{ marginRight: 8 }}>{f('rd.filter.values')}</span>
          {values.map((k) => (
            <Tag key={k} closable onClose={() => removeValue(k)} data-testid="filter-value-tag" style={{ marginBottom: 4 }}>
              {valueLabel(choices, k)}
            </Tag>
          ))}
        </div>
      )}
    </Form>
  );
};

export default DataFilters;
