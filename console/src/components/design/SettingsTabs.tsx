// Style, answer settings and end page tabs (surveyStyle / surveyAttrs of the document).
import { UploadOutlined } from '@ant-design/icons';
import { useIntl } from '@umijs/max';
import { Alert, Button, Card, Col, Row as ARow, Upload } from 'antd';
import React, { useMemo } from 'react';
import RichText, { type RichTextLabels } from '../RichText';
import { upload } from '../../services/authoring';
import { styleContrastIssues } from '../../utils/contrast';
import { toast } from '../../utils/toast';
import ReviewSettingsCard from '../review/ReviewSettingsCard';
import { useDesignCtx } from './DesignShell';
import { BoolF, BtnTextF, ColorF, NumF, Row, SelF, TextF } from './fields';
import { ownBtnText } from '../../survey/defaults';
import { getIn, setIn } from './model';
import StyleTemplatePicker from './StyleTemplatePicker';

function useBind() {
  const intl = useIntl();
  const L = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const { st, update } = useDesignCtx();
  const onSet = (path: string, v: unknown) => update((d) => setIn(d, path, v));
  return { L, b: { obj: st.doc!, onSet }, doc: st.doc! };
}

const ImgF: React.FC<{ path: string; label: string }> = ({ path, label }) => {
  const { L, b } = useBind();
  const id = React.useId();
  return (
    <>
      <BoolF {...b} path={`${path}.enabled`} label={label} tid={`f-${path}`} />
      <Row label={L('au.style.imgSrc')} labelId={id}>
        <span style={{ display: 'flex', gap: 4 }}>
          <input className="dw-inline" aria-label={`${label}: ${L('au.style.imgSrc')}`} style={{ border: '1px solid #8c8c8c' }} value={getIn(b.obj, `${path}.src`) ?? ''} onChange={(e) => b.onSet(`${path}.src`, e.target.value)} />
          <Upload
            showUploadList={false}
            accept="image/*"
            customRequest={async (o: any) => {
              try {
                const r = await upload(o.file as File);
                const f = r.data?.[0];
                if (f) {
                  const src = f.resourceToken ? `${f.location}?resourceToken=${encodeURIComponent(f.resourceToken)}` : f.location;
                  b.onSet(`${path}.src`, src);
                  b.onSet(`${path}.enabled`, true);
                  toast.success(L('au.style.uploaded'));
                }
                o.onSuccess?.(r);
              } catch (e) {
                o.onError?.(e);
              }
            }}
          >
            <Button size="small" icon={<UploadOutlined />} aria-label={`${label}: ${L('au.style.upload')}`} />
          </Upload>
        </span>
      </Row>
    </>
  );
};

export const StyleTab: React.FC = () => {
  const { L, b, doc } = useBind();
  const s = doc.surveyStyle ?? {};
  // WCAG 2.2 AA on the answer page: the author hears when a colour makes text or controls unreadable
  const issues = styleContrastIssues(s);
  return (
    <ARow gutter={16}>
      <Col xs={24} lg={14}>
        <StyleTemplatePicker />
        <Card size="small" title={L('au.style.colors')}>
          {issues.length > 0 && (
            <Alert
              type="warning"
              showIcon
              role="status"
              data-testid="style-contrast-warning"
              style={{ marginBottom: 8 }}
              message={L('au.style.contrast.title')}
              description={
                <ul style={{ margin: 0, paddingLeft: 18 }}>
                  {issues.map((x) => (
                    <li key={x.key}>{L(`au.style.contrast.${x.key}`, { ratio: x.ratio.toFixed(2), need: x.need })}</li>
                  ))}
                </ul>
              }
            />
          )}
          <ColorF {...b} defaultText={L('au.style.colorDefault')} path="surveyStyle.themeColor" label={L('au.style.themeColor')} tid="style-themeColor" />
          <ColorF {...b} defaultText={L('au.style.colorDefault')} path="surveyStyle.pageThemeColor" label={L('au.style.pageThemeColor')} />
          <ColorF {...b} defaultText={L('au.style.colorDefault')} path="surveyStyle.pageBgColor" label={L('au.style.pageBgColor')} tid="style-pageBgColor" />
          <ColorF {...b} defaultText={L('au.style.colorDefault')} path="surveyStyle.progressColor" label={L('au.style.progressColor')} />
          <ColorF {...b} defaultText={L('au.style.colorDefault')} path="surveyStyle.logoBgColor" label={L('au.style.logoBgColor')} />
        </Card>
        <Card size="small" title={L('au.style.images')} style={{ marginTop: 8 }}>
          <ImgF path="surveyStyle.pageTopImg" label={L('au.style.topImg')} />
          <ImgF path="surveyStyle.pageBgImg" label={L('au.style.bgImg')} />
          <ImgF path="surveyStyle.logoImg" label={L('au.style.logo')} />
          <SelF {...b} path="surveyStyle.logoImg.position" label={L('au.style.logoPos')} allowClear options={['left', 'center', 'right'].map((v) => ({ value: v, label: L(`au.pos.${v}`) }))} />
        </Card>
        <Card size="small" title={L('au.style.buttons')} style={{ marginTop: 8 }}>
          <BtnTextF {...b} field="submitBtnText" label={L('au.style.submitBtn')} placeholder={L('au.pv.submit')} tid="style-submitBtn" />
          <BtnTextF {...b} field="nextBtnText" label={L('au.style.nextBtn')} placeholder={L('au.pv.next')} />
          <BtnTextF {...b} field="prevBtnText" label={L('au.style.prevBtn')} placeholder={L('au.pv.prev')} />
        </Card>
        <Card size="small" title={L('au.style.show')} style={{ marginTop: 8 }}>
          {['showSurveyTitle', 'showSurveyNote', 'showPageHeader', 'showProgressbar', 'hidePageProgress', 'showQuNum', 'showQuTypeName', 'showQuScoreNum'].map((k) => (
            <BoolF key={k} {...b} path={`surveyStyle.${k}`} label={L(`au.style.${k}`)} tid={`style-${k}`} />
          ))}
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card size="small" title={L('au.style.sample')}>
          <div data-testid="style-sample" style={{ background: s.pageBgColor || '#f5f5f5', padding: 12, borderRadius: 6 }}>
            {s.pageTopImg?.enabled && s.pageTopImg.src && <img src={s.pageTopImg.src} alt="" style={{ width: '100%', maxHeight: 80, objectFit: 'cover' }} />}
            <div style={{ background: '#fff', padding: 12 }}>
              {/* a sample of the answer page, not a heading of this page */}
              {s.showSurveyTitle !== false && <div style={{ color: s.themeColor, fontSize: '1.17em', fontWeight: 'bold', margin: '1em 0' }}>{doc.surveyNameObj?.dwText ?? doc.surveyName}</div>}
              {s.showProgressbar && <div style={{ height: 4, background: '#eee' }}><div style={{ width: '40%', height: 4, background: s.progressColor }} /></div>}
              <p>{s.showQuNum ? '1. ' : ''}…</p>
              <Button type="primary" style={{ background: s.themeColor }}>
                {ownBtnText(s, 'submitBtnText') || L('au.pv.submit')}
              </Button>
            </div>
          </div>
        </Card>
      </Col>
    </ARow>
  );
};

export const AttrTab: React.FC = () => {
  const { L, b, doc } = useBind();
  const { surveyId } = useDesignCtx();
  const exam = doc.surveyType === 'exam';
  const A = 'surveyAttrs';
  return (
    <ARow gutter={16}>
      <Col xs={24} lg={12}>
        <Card size="small" title={L('au.attr.limits')}>
          <BoolF {...b} path={`${A}.anBroAttr.enabled`} label={L('au.attr.browser')} tid="attr-browser" />
          <NumF {...b} path={`${A}.anBroAttr.anNum`} label={L('au.attr.perBrowser')} min={1} />
          <BoolF {...b} path={`${A}.anIpAttr.enabled`} label={L('au.attr.ip')} tid="attr-ip" />
          <NumF {...b} path={`${A}.anIpAttr.anNum`} label={L('au.attr.perIp')} min={1} />
          <BoolF {...b} path={`${A}.anRefreshAttr.randomCode`} label={L('au.attr.captcha')} />
          <NumF {...b} path={`${A}.anRefreshAttr.randomCodeNum`} label={L('au.attr.captchaNum')} min={1} tid="attr-randomCodeNum" />
          <BoolF {...b} path={`${A}.anPwdAttr.enabled`} label={L('au.attr.pwd')} tid="attr-pwd" />
          <TextF {...b} path={`${A}.anPwdAttr.anPwdCode`} label={L('au.attr.pwdCode')} tid="attr-pwdCode" />
          <BoolF {...b} path={`${A}.anStartTimeAttr.enabled`} label={L('au.attr.start')} />
          <TextF {...b} path={`${A}.anStartTimeAttr.startTime`} label={L('au.attr.startTime')} placeholder="2026-01-01 08:00:00" />
          <BoolF {...b} path={`${A}.anEndTimeAttr.enabled`} label={L('au.attr.end')} />
          <TextF {...b} path={`${A}.anEndTimeAttr.endTime`} label={L('au.attr.endTime')} placeholder="2026-12-31 18:00:00" />
          <BoolF {...b} path={`${A}.anEndNumAttr.enabled`} label={L('au.attr.endNum')} />
          <NumF {...b} path={`${A}.anEndNumAttr.endNum`} label={L('au.attr.endNumN')} min={1} tid="attr-endNum" />
          <BoolF {...b} path={`${A}.contactAttr.enabled`} label={L('au.attr.contacts')} tid="attr-contacts" />
          <SelF
            {...b}
            path={`${A}.contactAttr.whoAn`}
            label={L('ct.attr.who')}
            options={['bind', 'owner', 'link'].map((v) => ({ value: v, label: L(`ct.attr.who.${v}`) }))}
            tid="attr-contactWho"
          />
          <NumF {...b} path={`${A}.contactAttr.anNum`} label={L('ct.attr.anNum')} min={0} tid="attr-contactAnNum" />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={L('au.attr.flow')}>
          <BoolF {...b} path={`${A}.opoqAttr.enabled`} label={L('au.attr.opoq')} tid="attr-opoq" />
          <BoolF {...b} path={`${A}.breakAnAttr.client.enabled`} label={L('au.attr.breakClient')} />
          <BoolF {...b} path={`${A}.breakAnAttr.server.enabled`} label={L('au.attr.breakServer')} />
          <BoolF {...b} path={`${A}.autoNextPage`} label={L('au.attr.autoNext')} />
          <BoolF {...b} path={`${A}.submitConfirmAttr.enabled`} label={L('au.attr.submitConfirm')} tid="attr-submitConfirm" />
          <BoolF {...b} path={`${A}.verifyCodeAttr.enabled`} label={L('au.attr.verifyCode')} />
          <SelF
            {...b}
            path={`${A}.verifyCodeAttr.imgType`}
            label={L('au.attr.verifyCodeImg')}
            options={[
              { value: 'barcode', label: L('au.attr.verifyCodeBarcode') },
              { value: 'qr', label: L('au.attr.verifyCodeQr') },
            ]}
            tid="attr-verifyCodeImg"
          />
          <NumF {...b} path={`${A}.verifyCodeAttr.expireDays`} label={L('au.attr.verifyCodeDays')} min={0.01} max={3650} tid="attr-verifyCodeDays" />
          {(doc.surveyType === 'eval' || doc.surveyType === 'eval360') && (
            <BoolF {...b} path={`${A}.evalAttr.showDimReport.enabled`} label={L('ev.attr.showDimReport')} tid="attr-showDimReport" />
          )}
        </Card>
        <Card size="small" title={L('au.attr.scoring')} style={{ marginTop: 8 }}>
          <BoolF {...b} path={`${A}.scoreAttr.enabled`} label={L('au.attr.scoreEnabled')} />
          <NumF {...b} path={`${A}.scoreAttr.maxScore`} label={L('au.attr.maxScore')} min={0} />
          <BoolF {...b} path={`${A}.scoreAttr.showSumScore.enabled`} label={L('au.attr.showSum')} />
          <SelF {...b} path={`${A}.scoreAttr.showSumScore.showContent`} label={L('au.attr.showContent')} options={['sumAndDetail', 'sumAndSolution', 'sumAfterDetail'].map((v) => ({ value: v, label: L(`au.attr.sc.${v}`) }))} />
          <BoolF {...b} path={`${A}.scoreAttr.showTopSum.enabled`} label={L('sec.attr.showTopSum')} tid="attr-showTopSum" />
        </Card>
        {(exam || true) && (
          <Card size="small" title={L('au.attr.exam')} style={{ marginTop: 8 }}>
            <BoolF {...b} path={`${A}.examAttr.shuffle.question`} label={L('au.attr.shuffleQ')} />
            <BoolF {...b} path={`${A}.examAttr.shuffle.option`} label={L('au.attr.shuffleO')} />
            <BoolF {...b} path={`${A}.examAttr.shuffle.rowOption`} label={L('au.attr.shuffleR')} />
            <BoolF {...b} path={`${A}.examAttr.shuffle.colOption`} label={L('au.attr.shuffleC')} />
            <BoolF {...b} path={`${A}.examAttr.answerCard.enabled`} label={L('au.attr.answerCard')} />
            <BoolF {...b} path={`${A}.examAttr.pageEvent.copy`} label={L('au.attr.noCopy')} />
            <BoolF {...b} path={`${A}.examAttr.pageEvent.paste`} label={L('au.attr.noPaste')} />
            <BoolF {...b} path={`${A}.examAttr.pageEvent.switch.enabled`} label={L('au.attr.tabSwitch')} />
            <NumF {...b} path={`${A}.examAttr.pageEvent.switch.maxCount`} label={L('au.attr.tabSwitchMax')} min={0} />
            <BoolF {...b} path={`${A}.pageAnTimeAttr.anMinTime.enabled`} label={L('au.attr.pageMin')} />
            <NumF {...b} path={`${A}.pageAnTimeAttr.anMinTime.time`} label={L('au.attr.minutes')} min={0} />
            <BoolF {...b} path={`${A}.pageAnTimeAttr.anMaxTime.enabled`} label={L('au.attr.pageMax')} />
            <NumF {...b} path={`${A}.pageAnTimeAttr.anMaxTime.time`} label={L('au.attr.minutes')} min={0} />
          </Card>
        )}
        <ReviewSettingsCard surveyId={surveyId} />
      </Col>
    </ARow>
  );
};

// The end page fields the answer page reads (spec: endPageAttr.textAttr.submitSuccess and
// redirectionAttr): the success text is rich text and can quote answers ({Q1}), the redirect
// address can quote answers in its query.
export const EndTab: React.FC = () => {
  const { L, b } = useBind();
  const P = 'surveyAttrs.endPageAttr';
  const labels = useMemo<RichTextLabels>(
    () => ({
      bold: L('au.rt.bold'), italic: L('au.rt.italic'), underline: L('au.rt.underline'), color: L('au.rt.color'), link: L('au.rt.link'),
      linkPh: L('au.rt.linkPh'), clear: L('au.rt.clear'), ok: L('common.ok'), pipe: L('pipe.insert'), pipeNone: L('pipe.none'),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const text = (getIn(b.obj, `${P}.textAttr.submitSuccess.text`) as string) ?? '';
  return (
    <Card size="small" title={L('au.tab.end')} style={{ maxWidth: 720 }}>
      <BoolF {...b} path={`${P}.textAttr.submitSuccess.enabled`} label={L('pipe.end.showText')} tid="end-text-on" />
      <Row label={L('pipe.end.text')}>
        <div className="dw-end-text" style={{ border: '1px solid #d9d9d9', borderRadius: 4, padding: '2px 6px', minHeight: 48 }}>
          <RichText
            html={text}
            labels={labels}
            testid="end-text"
            pipeOwner="survey"
            placeholder={L('au.end.successText')}
            onChange={(h) => b.onSet(`${P}.textAttr.submitSuccess.text`, h)}
          />
        </div>
      </Row>
      <BoolF {...b} path={`${P}.redirectionAttr.enabled`} label={L('pipe.end.redirect')} tid="end-redirect-on" />
      <TextF {...b} path={`${P}.redirectionAttr.reqUrl`} label={L('pipe.end.url')} tid="end-url" placeholder="https://" />
      <BoolF {...b} path={`${P}.showScore`} label={L('au.end.showScore')} />
    </Card>
  );
};
