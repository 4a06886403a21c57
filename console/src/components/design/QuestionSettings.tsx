// Right panel: every setting of the selected question (spec section 3 question and attribute fields).
import { Button, Checkbox, Divider, Input, InputNumber, Typography } from 'antd';
import React from 'react';
import { CHECK_KEYS, type Option, type Question } from '../../survey';
import { BoolF, NumF, Row, SelF, TextF } from './fields';

/** Types without an answer key: on an exam, a maximum score makes them graded by hand. */
const HAND_GRADED = ['ANSWER', 'FILLBLANK', 'MULTIFILLBLANK', 'UPLOADFILE', 'UPLOAD_IMAGE', 'SIGNATURE'];
import { isChoiceType, isGroupType, isImgType, isMatrixType, optionKey, optText, setIn } from './model';

type P = {
  q: Question;
  index: number;
  surveyType: string;
  L: (k: string, v?: Record<string, any>) => string;
  onChange: (i: number, fn: (q: Question) => Question) => void;
  onSaveToBank?: () => void;
};

const INPUT_TYPES = ['Text', 'Textarea', 'InputNumber', 'DatePicker', 'DateTimePicker', 'TimePicker', 'TimeSelect', 'Password', 'InputTag', 'Select', 'Autocomplete'];

const QuestionSettings: React.FC<P> = ({ q, index, surveyType, L, onChange, onSaveToBank }) => {
  const onSet = (path: string, v: unknown) => onChange(index, (x) => setIn(x, path, v));
  const b = { obj: q, onSet };
  const t = q.quType;
  const k = optionKey(t);
  const exam = surveyType === 'exam';
  const choice = isChoiceType(t) || isGroupType(t);
  const checkbox = k === 'quCheckboxs' || t === 'CHECKBOXGROUP' || t === 'IMGCHECKBOXGROUP';
  const opts: Option[] = k ? ((q as any)[k] ?? []) : [];
  const setOpt = (i: number, path: string, v: unknown) => onChange(index, (x) => ({ ...x, [k!]: ((x as any)[k!] as Option[]).map((o, j) => (j === i ? setIn(o, path, v) : o)) }));

  return (
    <div data-testid="qu-settings">
      <Typography.Text strong>
        {L('au.d.quSettings')} · {L(`dw.quType.${t}${q.childType ? `.${q.childType}` : ''}`)}
      </Typography.Text>
      <Divider style={{ margin: '8px 0' }} />
      {t !== 'PAGETAG' && t !== 'PARAGRAPH' && t !== 'DW_COMPONENT' && (
        <>
          <BoolF {...b} path="quAttr.isRequired" label={L('au.q.required')} tid="set-required" />
          <BoolF {...b} path="quAttr.showQuNote" label={L('au.q.showNote')} />
          <BoolF {...b} path="quAttr.hideQu" label={L('au.q.hideQu')} />
          <TextF {...b} path="varAtrrs.customName" label={L('au.q.varName')} />
        </>
      )}
      {choice && (
        <>
          <SelF {...b} path="hv" label={L('au.q.hv')} options={[{ value: 2, label: L('au.q.hv2') }, { value: 1, label: L('au.q.hv1') }, { value: 4, label: L('au.q.hv4') }]} />
          {q.hv === 1 && <NumF {...b} path="cellCount" label={L('au.q.cellCount')} min={1} max={10} />}
        </>
      )}
      {(checkbox || t === 'ORDERQU' || isMatrixType(t)) && (
        <>
          <NumF {...b} path="minLimit" label={L('au.q.minLimit')} min={0} />
          <NumF {...b} path="maxLimit" label={L('au.q.maxLimit')} min={0} />
        </>
      )}
      {t === 'ORDERQU' && <NumF {...b} path="quAttr.orderQuAttr.topNum" label={L('au.q.topNum')} min={0} />}
      {k && k !== 'quMultiFillblanks' && (
        <>
          <Divider plain style={{ margin: '6px 0' }}>
            {L('au.q.options')}
          </Divider>
          {opts.map((o, i) => (
            <div key={o.dwId ?? i} className="dw-optset">
              <div style={{ fontSize: 12, color: '#666' }}>
                {i + 1}. {optText(o)}
              </div>
              <span style={{ display: 'flex', gap: 6, flexWrap: 'wrap', alignItems: 'center' }}>
                {choice && (
                  <Checkbox checked={!!o.defaultSelect} onChange={(e) => setOpt(i, 'defaultSelect', e.target.checked)}>
                    {L('au.q.default')}
                  </Checkbox>
                )}
                {choice && (
                  <Checkbox checked={!!o.isNote} onChange={(e) => setOpt(i, 'isNote', e.target.checked ? 1 : undefined)}>
                    {L('au.q.otherText')}
                  </Checkbox>
                )}
                {checkbox && (
                  <Checkbox checked={!!o.optionAttrs?.mutual} onChange={(e) => setOpt(i, 'optionAttrs.mutual', e.target.checked)}>
                    {L('au.q.mutual')}
                  </Checkbox>
                )}
                {(exam || choice) && (
                  <Checkbox data-testid={`set-right-${i}`} checked={!!o.isRight} onChange={(e) => setOpt(i, 'isRight', e.target.checked)}>
                    {L('au.q.isRight')}
                  </Checkbox>
                )}
                {(exam || choice) && (
                  <InputNumber size="small" style={{ width: 80 }} placeholder={L('au.q.score')} value={o.scoreNum ?? null} onChange={(v) => setOpt(i, 'scoreNum', v ?? undefined)} />
                )}
              </span>
              {isImgType(t) && (
                <Input size="small" placeholder={L('au.q.imgSrc')} value={o.optionImg?.imgSrc ?? ''} onChange={(e) => setOpt(i, 'optionImg.imgSrc', e.target.value)} />
              )}
            </div>
          ))}
        </>
      )}
      {(choice || exam) && (
        <>
          <Divider plain style={{ margin: '6px 0' }}>
            {L('au.q.scoring')}
          </Divider>
          <NumF {...b} path="quAttr.scoreAttr.maxScore" label={L('au.q.maxScore')} min={0} tid="set-maxScore" />
          {exam && choice && <BoolF {...b} path="quAttr.scoreAttr.manual" label={L('rv.q.manual')} tid="set-manual" />}
          {exam && HAND_GRADED.includes(t) && (
            <div className="dw-hint" data-testid="set-manual-hint" style={{ color: '#595959', fontSize: 12, marginBottom: 6 }}>
              {L('rv.q.manualHint')}
            </div>
          )}
          <SelF {...b} path="quAttr.scoreAttr.scoreFormula" label={L('au.q.scoreFormula')} allowClear options={[{ value: 'all', label: L('au.q.formulaAll') }, { value: 'part', label: L('au.q.formulaPart') }]} />
          <TextF {...b} path="solution.dwText" label={L('au.q.solution')} area />
        </>
      )}
      {isImgType(t) && (
        <>
          <NumF {...b} path="quAttr.imgAttr.column.pc" label={L('au.q.imgColPc')} min={1} max={8} />
          <NumF {...b} path="quAttr.imgAttr.column.m" label={L('au.q.imgColM')} min={1} max={4} />
          <TextF {...b} path="quAttr.imgAttr.aspectRatio" label={L('au.q.aspectRatio')} placeholder="4:3" />
        </>
      )}
      {(t === 'FILLBLANK' || t === 'ANSWER' || t === 'ENUMQU' || t === 'BIGQU' || t === 'MATRIX_INPUT') && (
        <>
          <Divider plain style={{ margin: '6px 0' }}>
            {L('au.q.input')}
          </Divider>
          <SelF {...b} path="quAttr.inputAttr.commonAttr.inputType" label={L('au.q.inputType')} tid="set-inputType" options={INPUT_TYPES.map((v) => ({ value: v, label: L(`au.input.${v}`) }))} />
          <SelF {...b} path="quAttr.inputAttr.commonAttr.checkType" label={L('au.q.checkType')} tid="set-checkType" allowClear options={[{ value: 'NO', label: L('au.check.NO') }, ...Object.keys(CHECK_KEYS).map((v) => ({ value: v, label: L(`au.check.${v}`) }))]} />
          {q.quAttr?.inputAttr?.commonAttr?.checkType === 'CUSTOM' && (
            <>
              <TextF {...b} path="quAttr.inputAttr.commonAttr.regex" label={L('au.q.regex')} />
              <TextF {...b} path="quAttr.inputAttr.commonAttr.regexMsg" label={L('au.q.regexMsg')} />
            </>
          )}
          <NumF {...b} path="quAttr.inputAttr.commonAttr.minlength" label={L('au.q.minlength')} min={0} />
          <NumF {...b} path="quAttr.inputAttr.commonAttr.maxlength" label={L('au.q.maxlength')} min={0} />
          <TextF {...b} path="quAttr.inputAttr.commonAttr.placeholder" label={L('au.q.placeholder')} />
          <TextF {...b} path="quAttr.inputAttr.commonAttr.defaultValue" label={L('au.q.defaultValue')} />
          <NumF {...b} path="quAttr.inputAttr.commonAttr.inputRow" label={L('au.q.inputRow')} min={1} max={20} />
          {q.quAttr?.inputAttr?.commonAttr?.inputType === 'InputNumber' && (
            <>
              <NumF {...b} path="quAttr.inputAttr.numAttr.min" label={L('au.q.numMin')} />
              <NumF {...b} path="quAttr.inputAttr.numAttr.max" label={L('au.q.numMax')} />
            </>
          )}
          {q.quAttr?.inputAttr?.commonAttr?.inputType === 'Select' && <TextF {...b} path="quAttr.inputAttr.selectAttr.options" label={L('au.q.selectOptions')} area />}
          {/Date|Time/.test(q.quAttr?.inputAttr?.commonAttr?.inputType ?? '') && (
            <>
              <TextF {...b} path="quAttr.inputAttr.dateTimeAttr.dateFormat" label={L('au.q.dateFormat')} placeholder="yyyy-MM-dd" />
              <BoolF {...b} path="quAttr.inputAttr.dateTimeAttr.isRange" label={L('au.q.isRange')} />
            </>
          )}
        </>
      )}
      {(t === 'SCORE' || t === 'CHENSCORE') && <NumF {...b} path="paramInt02" label={L('au.q.scoreMax')} min={1} max={100} tid="set-scoreMax" />}
      {(t === 'SCALE_NPS' || t === 'MATRIX_SCALE') && (
        <>
          <NumF {...b} path="quAttr.scaleAttr.min" label={L('au.q.scaleMin')} tid="set-scaleMin" />
          <NumF {...b} path="quAttr.scaleAttr.max" label={L('au.q.scaleMax')} tid="set-scaleMax" />
          <BoolF {...b} path="quAttr.scaleAttr.showLrText" label={L('au.q.showLr')} />
        </>
      )}
      {(t === 'SCALE_SLIDER' || t === 'MATRIX_SLIDER') && (
        <>
          <NumF {...b} path="quAttr.sliderAttr.min" label={L('au.q.scaleMin')} />
          <NumF {...b} path="quAttr.sliderAttr.max" label={L('au.q.scaleMax')} />
          <NumF {...b} path="quAttr.sliderAttr.step" label={L('au.q.step')} min={0} />
          <BoolF {...b} path="quAttr.sliderAttr.showLrText" label={L('au.q.showLr')} />
        </>
      )}
      {(t === 'SCALE_NPS' || t === 'SCALE_SLIDER' || t === 'MATRIX_SCALE' || t === 'MATRIX_SLIDER') && (
        <>
          <TextF {...b} path="lr.leftText" label={L('au.q.leftText')} />
          <TextF {...b} path="lr.rightText" label={L('au.q.rightText')} />
        </>
      )}
      {(t === 'UPLOADFILE' || t === 'UPLOAD_IMAGE') && (
        <>
          <NumF {...b} path="quAttr.uploadAttr.fileLimit" label={L('au.q.fileLimit')} min={1} max={20} tid="set-fileLimit" />
          <NumF {...b} path="quAttr.uploadAttr.fileSize" label={L('au.q.fileSize')} min={1} max={100} />
          <TextF {...b} path="quAttr.uploadAttr.fileAccept" label={L('au.q.fileAccept')} placeholder=".pdf,.docx,image/*" />
        </>
      )}
      {isMatrixType(t) && (
        <>
          <SelF {...b} path="quAttr.matrixAttr.pcAttr.rowShowType" label={L('au.q.rowShowPc')} allowClear options={['table', 'list'].map((v) => ({ value: v, label: L(`au.q.show.${v}`) }))} />
          <SelF {...b} path="quAttr.matrixAttr.mAttr.rowShowType" label={L('au.q.rowShowM')} allowClear options={['table', 'list'].map((v) => ({ value: v, label: L(`au.q.show.${v}`) }))} />
          <NumF {...b} path="quAttr.rowAttr.rowHeadMinWidth" label={L('au.q.rowHeadWidth')} min={0} />
        </>
      )}
      {t === 'CASCADE' && <TextF {...b} path="quAttr.cascadeAttr.cascadeJsonId" label={L('au.q.cascadeId')} tid="set-cascade" />}
      {t === 'GEOLOCATION' && (
        <>
          <SelF {...b} path="quAttr.locationAttr.locationType" label={L('au.q.locationType')} allowClear options={['auto', 'manual'].map((v) => ({ value: v, label: L(`au.q.loc.${v}`) }))} />
          <SelF {...b} path="quAttr.locationAttr.locationBrand" label={L('au.q.locationBrand')} allowClear options={['auto', 'amap', 'wx'].map((v) => ({ value: v, label: L(`au.q.brand.${v}`) }))} tid="set-location-brand" />
        </>
      )}
      {q.childType === 'divider' && (
        <>
          <TextF {...b} path="quAttr.dividerAttr.content" label={L('au.q.dividerText')} />
          <SelF {...b} path="quAttr.dividerAttr.borderStyle" label={L('au.q.borderStyle')} options={['solid', 'dashed', 'dotted'].map((v) => ({ value: v, label: v }))} />
          <SelF {...b} path="quAttr.dividerAttr.contentPosition" label={L('au.q.position')} options={['left', 'center', 'right'].map((v) => ({ value: v, label: L(`au.pos.${v}`) }))} />
        </>
      )}
      {q.childType === 'carousel' && (
        <>
          <NumF {...b} path="quAttr.carouselAttr.height" label={L('au.q.height')} min={40} max={800} />
          <BoolF {...b} path="quAttr.carouselAttr.autoplay" label={L('au.q.autoplay')} />
        </>
      )}
      {(q.childType === 'scrolltext' || t === 'SCROLLTEXT') && (
        <>
          <TextF {...b} path="quAttr.scrollTextAttr.scrollText.dwText" label={L('au.q.scrollText')} />
          <NumF {...b} path="quAttr.scrollTextAttr.duration" label={L('au.q.duration')} min={1} />
          <NumF {...b} path="quAttr.scrollTextAttr.delay" label={L('au.q.delay')} min={0} />
        </>
      )}
      {(q.childType === 'verifycode' || t === 'VERIFYCODE') && <Row label={L('au.q.verifyNote')}>{L('au.q.verifyDesc')}</Row>}
      {(q.childType === 'map' || t === 'MAP') && <Row label={L('au.q.mapNote')}>{L('au.q.mapDesc')}</Row>}
      {onSaveToBank && t !== 'PAGETAG' && (
        <Button size="small" block style={{ marginTop: 12 }} data-testid="save-to-bank" onClick={onSaveToBank}>
          {L('au.d.saveToBank')}
        </Button>
      )}
    </div>
  );
};

export default React.memo(QuestionSettings);
