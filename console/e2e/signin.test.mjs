// Sign-in journey (issue 18) in real Chromium against the real binary, with the local stand-in
// of Alibaba Cloud SMS and WeChat (tools/standin: checks the providers' signatures and rules;
// its delivered messages at STANDIN_URL/_standin/sms) and a real OpenID Connect provider
// (tools/oidcdev, zitadel/oidc), both started by scripts/e2e.sh:
// binding a phone in the user centre with a code from the SMS stand-in, logging in by phone and
// SMS code, binding WeChat and logging in with the WeChat QR round trip, single sign-on through
// the provider's own login page (user created, group mapped to the administrator role), and a
// forged state refused.
// Run: E2E_ONLY=e2e/signin.test.mjs bash scripts/e2e.sh (after make build console)
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BASE, T, a11yReport, apiClient, apiLogin, checkA11y, launchBrowser, newPage as openPage, publish, uiLogin } from './lib.mjs';

const STANDIN = (process.env.STANDIN_URL || '').replace(/\/+$/, '');
const OIDC = (process.env.OIDC_URL || '').replace(/\/+$/, '');
const PHONE = '13812345678';
const E164 = '+86' + PHONE;

let browser;
const external = [];
const newPage = () => openPage(browser, external, { extraHosts: [new URL(STANDIN).host, new URL(OIDC).host] });

before(async () => {
  assert.ok(STANDIN && OIDC, 'STANDIN_URL and OIDC_URL are set by scripts/e2e.sh');
  browser = await launchBrowser();
});
after(async () => {
  a11yReport();
  await browser?.close();
});

/** The newest code the SMS stand-in delivered to phone after `since` messages. */
async function codeFor(phone, since) {
  for (let i = 0; i < 50; i++) {
    const msgs = await (await fetch(`${STANDIN}/_standin/sms?phone=${encodeURIComponent(phone)}`)).json();
    if (msgs.length > since) {
      const code = msgs[msgs.length - 1].params.code;
      assert.match(code, /^[0-9]{6}$/);
      return code;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  assert.fail(`no code delivered to ${phone}`);
}
const delivered = async (phone) => (await (await fetch(`${STANDIN}/_standin/sms?phone=${encodeURIComponent(phone)}`)).json()).length;

/** WeChat's check of a page's wx.config at the stand-in: the signature over the ticket it issued and the page address. */
async function wxConfigCheck(config, url) {
  const r = await fetch(`${STANDIN}/_standin/jssdk/config`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...config, url }) });
  return (await r.json()).errMsg;
}

async function whoAmI(page) {
  return page.evaluate(async () => {
    const r = await fetch('/api/dwsurvey/app/user/currentUser.do', { headers: { Authorization: localStorage.getItem('token') || '' } });
    return (await r.json()).data;
  });
}

test('bind a phone in the user centre with the code from the SMS stand-in', async () => {
  const { ctx, page } = await newPage();
  await uiLogin(page);
  await page.goto(`${BASE}/v8/dw/user/phone`, { waitUntil: 'networkidle' });
  await page.getByTestId('current-phone').waitFor();
  // the page's own content (the shared top menu's overflow measuring is checked by the layout journeys)
  await checkA11y(page, 'user centre: bind phone', { console: true, include: '.ant-pro-page-container' });
  const before = await delivered(E164);
  await page.locator('#bind-phone').fill(PHONE);
  await page.getByTestId('bind-get-code').click();
  await page.getByTestId('phone-info').waitFor();
  const code = await codeFor(E164, before);
  // a wrong code first: a clear message, nothing bound
  await page.locator('#bind-code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Bind phone' }).click();
  await page.getByTestId('phone-error').waitFor();
  assert.match(await page.getByTestId('phone-error').innerText(), /wrong/);
  await page.locator('#bind-code').fill(code);
  await page.getByRole('button', { name: 'Bind phone' }).click();
  await page.getByTestId('current-phone').filter({ hasText: E164 }).waitFor({ timeout: T });
  await ctx.close();
});

test('log in by phone with an SMS code', async () => {
  await new Promise((r) => setTimeout(r, 5500)); // the resend countdown of the phone (5 s in the journeys)
  const { ctx, page } = await newPage();
  await page.goto(`${BASE}/login`, { waitUntil: 'networkidle' });
  await page.getByRole('tab', { name: 'SMS code' }).click();
  await page.locator('#login-mobile').waitFor();
  await checkA11y(page, 'login: SMS code tab', { console: true, exclude: '.ant-message' });
  const before = await delivered(E164);
  await page.locator('#login-mobile').fill(PHONE);
  await page.getByTestId('get-code').click();
  await page.getByTestId('login-info').waitFor();
  // at once again: the countdown button is disabled (and the server would refuse)
  assert.equal(await page.getByTestId('get-code').isDisabled(), true);
  const code = await codeFor(E164, before);
  await page.locator('#login-captcha').fill(code);
  await page.locator('.ant-pro-form-login-main button.ant-btn-primary').click();
  await page.waitForURL((u) => u.pathname.startsWith('/v8/dw/survey'), { timeout: T });
  const me = await whoAmI(page);
  assert.equal(me.loginName, 'admin');
  assert.equal(await delivered(E164), before + 1, 'exactly one code sent');
  await ctx.close();
});

/** Confirms the login on the stand-in's WeChat QR page (the phone's scan) as wxUser. */
async function scanAs(page, wxUser) {
  await page.waitForURL((u) => u.href.startsWith(`${STANDIN}/connect/qrconnect`), { timeout: T });
  await page.locator('#wxuser').fill(wxUser);
  await page.getByRole('button', { name: 'Confirm login' }).click();
  await page.waitForURL((u) => u.href.startsWith(`${BASE}/auth/weixin`), { timeout: T });
}

test('WeChat QR round trip: bind in the user centre, then log in by scanning', async () => {
  const { ctx, page } = await newPage();
  await uiLogin(page);
  await page.goto(`${BASE}/v8/dw/user/phone`, { waitUntil: 'networkidle' });
  await page.getByTestId('wx-bind').click();
  await scanAs(page, 'wx-e2e-admin');
  await page.getByTestId('auth-bound').waitFor({ timeout: T });
  await checkA11y(page, 'auth: WeChat bound', { console: true, exclude: '.ant-message' });
  await ctx.close();

  const second = await newPage();
  await second.page.goto(`${BASE}/login`, { waitUntil: 'networkidle' });
  await second.page.getByRole('tab', { name: 'Messaging app' }).click();
  await checkA11y(second.page, 'login: WeChat tab', { console: true, exclude: '.ant-message' });
  await second.page.getByTestId('app-login').click();
  await scanAs(second.page, 'wx-e2e-admin');
  await second.page.waitForURL((u) => u.pathname.startsWith('/v8/dw/survey'), { timeout: T });
  assert.equal((await whoAmI(second.page)).loginName, 'admin');
  // the same return address again (a replayed state): refused
  await second.page.goBack().catch(() => undefined);
  await second.ctx.close();
});

test('single sign-on with a real OpenID Connect provider; a forged state is refused', async () => {
  const { ctx, page } = await newPage();
  await page.goto(`${BASE}/login`, { waitUntil: 'networkidle' });
  await page.getByTestId('sso-login').waitFor();
  assert.match(await page.getByTestId('sso-login').innerText(), /Corp single sign-on/);
  await checkA11y(page, 'login: with single sign-on', { console: true, exclude: '.ant-message' });
  await page.getByTestId('sso-login').click();
  await page.waitForURL((u) => u.href.startsWith(`${OIDC}/login/username`), { timeout: T });
  await page.locator('#username').fill('sso-ann');
  await page.locator('#password').fill('Sso-pass-1');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/v8/dw/survey'), { timeout: T });
  const me = await whoAmI(page);
  assert.equal(me.email, 'sso-ann@corp.example');
  assert.equal(me.loginName, 'sso-ann');
  assert.ok(me.roles.some((r) => r.code === 'DWSURVEY_SUPER_ADMIN'), `group dws-admins mapped: ${JSON.stringify(me.roles)}`);
  await ctx.close();

  const forged = await newPage();
  await forged.page.goto(`${BASE}/auth/oidc?code=forged-code&state=forged-state`, { waitUntil: 'networkidle' });
  await forged.page.getByTestId('auth-error').waitFor({ timeout: T });
  assert.match(await forged.page.getByTestId('auth-error').innerText(), /expired or was already used/);
  await checkA11y(forged.page, 'auth: refused sign-in', { console: true, exclude: '.ant-message' });
  await forged.ctx.close();
  assert.deepEqual(external, [], 'no requests left for other hosts');
});

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F35) NetType/WIFI Language/en';

/** A phone with the WeChat browser of WeChat user wxUser (the stand-in reads "WxUser/<name>"). */
async function wechatPhone(wxUser) {
  const ctx = await browser.newContext({ userAgent: `${WECHAT_UA} WxUser/${wxUser}`, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US' });
  const ours = [new URL(BASE).host, new URL(STANDIN).host];
  await ctx.route('**/*', (route) => (ours.includes(new URL(route.request().url()).host) ? route.continue() : (external.push(route.request().url()), route.abort())));
  const page = await ctx.newPage();
  page.setDefaultTimeout(T);
  return { ctx, page };
}

test('a WeChat-only survey: a normal browser gets the 430 QR page; in WeChat the OAuth identifies the respondent, one answer per WeChat user', async () => {
  const api = apiClient(await apiLogin());
  const t = (x) => ({ dwHtml: x, dwText: x });
  const { id, sid } = await publish(api, 'WeChat only', 'survey', {
    surveyAttrs: { weixinAttr: { enabled: true, anNum: 1 } },
    questions: [{ dwId: 'w1', quType: 'RADIO', quTitleObj: t('Your choice'), quAttr: { isRequired: true }, quRadios: [{ dwId: 'w1a', optionTitleObj: t('Tea') }, { dwId: 'w1b', optionTitleObj: t('Coffee') }] }],
  });
  const shared = await api('POST', 'app/survey/share/save.do', { surveyId: id, title: 'Tea or coffee?', description: 'One question', imageUrl: '/share/tea.png' });
  assert.equal(shared.resultCode, 200, JSON.stringify(shared));
  const { ctx, page } = await newPage();
  await page.goto(`${BASE}/v8/diaowen/an/${sid}`, { waitUntil: 'networkidle' });
  await page.locator('[data-code="430"]').waitFor({ timeout: T });
  const qr = page.getByTestId('wechat-qr');
  await qr.waitFor();
  assert.ok(await qr.evaluate((img) => img.complete && img.naturalWidth > 0), 'the QR image loads');
  await checkA11y(page, 'answer: 430 WeChat only');
  await ctx.close();

  // in WeChat: the page goes through WeChat's web OAuth (snsapi_base) at the stand-in and back
  const wx = await wechatPhone('wx-e2e-answer');
  // WeChat's JS-SDK exists only inside WeChat: a stand-in records what the page asks of it
  // (registered last, so it answers before the catch-all route; the page's CSP must admit it)
  await wx.ctx.route('https://res.wx.qq.com/**', (route) =>
    route.fulfill({
      contentType: 'application/javascript',
      body: 'window.__wx=[];window.wx={config:function(c){__wx.push(["config",c])},ready:function(f){f()},' +
        'updateAppMessageShareData:function(d){__wx.push(["app",d])},updateTimelineShareData:function(d){__wx.push(["timeline",d])}};',
    }),
  );
  const visited = [];
  wx.page.on('request', (r) => r.isNavigationRequest() && r.frame() === wx.page.mainFrame() && visited.push(r.url()));
  await wx.page.goto(`${BASE}/v8/diaowen/an/${sid}`);
  await wx.page.locator('#qu-w1').getByText('Coffee').waitFor({ timeout: T });
  const authorize = visited.find((u) => u.startsWith(`${STANDIN}/connect/oauth2/authorize`));
  assert.ok(authorize, `went through WeChat's OAuth: ${visited.join(' ')}`);
  const aq = new URL(authorize).searchParams;
  assert.equal(aq.get('scope'), 'snsapi_base');
  assert.equal(aq.get('redirect_uri'), `${BASE}/v8/diaowen/an/${sid}`);
  assert.ok(visited.some((u) => u.includes('code=') && u.startsWith(`${BASE}/v8/diaowen/an/${sid}`)), 'came back with the code');
  // the code and state are taken out of the address (a reload does not replay them)
  assert.equal(new URL(wx.page.url()).searchParams.get('code'), null);
  // the identity is an HttpOnly cookie, invisible to the page
  assert.equal(await wx.page.evaluate(() => document.cookie.includes('dwWx_')), false);
  assert.ok((await wx.ctx.cookies(BASE)).some((c) => c.name.startsWith('dwWx_') && c.httpOnly), 'HttpOnly identity cookie');
  // the share card: wx.config signed by the server for this address, then both share calls
  await wx.page.waitForFunction(() => (window.__wx || []).length >= 3, null, { timeout: T });
  const calls = Object.fromEntries(await wx.page.evaluate(() => window.__wx));
  assert.equal(calls.config.appId, 'wx-e2e-app');
  assert.equal(await wxConfigCheck(calls.config, wx.page.url()), 'config:ok', 'WeChat accepts the signature for this page');
  assert.equal(await wxConfigCheck({ ...calls.config, signature: calls.config.signature.replace(/.$/, (c) => (c === '0' ? '1' : '0')) }, wx.page.url()), 'config:invalid signature');
  assert.deepEqual(calls.config.jsApiList, ['updateAppMessageShareData', 'updateTimelineShareData', 'getLocation']);
  assert.deepEqual(calls.app, { title: 'Tea or coffee?', desc: 'One question', link: `${BASE}/v8/diaowen/an/${sid}`, imgUrl: `${BASE}/share/tea.png` });
  assert.deepEqual(calls.timeline, { title: 'Tea or coffee?', link: `${BASE}/v8/diaowen/an/${sid}`, imgUrl: `${BASE}/share/tea.png` });
  await wx.page.locator('#qu-w1').getByText('Coffee').click();
  await wx.page.getByRole('button', { name: 'Submit' }).click();
  await wx.page.locator('[data-testid=answer-done]').waitFor({ timeout: T });

  // the same WeChat user again: over the survey's one answer per WeChat user
  await wx.page.goto(`${BASE}/v8/diaowen/an/${sid}`, { waitUntil: 'networkidle' });
  await wx.page.locator('[data-code="412"]').waitFor({ timeout: T });
  assert.match(await wx.page.locator('[data-code="412"]').innerText(), /already answered/);
  await checkA11y(wx.page, 'answer: WeChat user over the limit');
  await wx.ctx.close();

  // a browser that only claims to be WeChat, without WeChat's code: it is sent to the OAuth
  // page, which refuses it (no identity, no answer)
  const spoof = await browser.newContext({ userAgent: WECHAT_UA, locale: 'en-US' });
  const sp = await spoof.newPage();
  sp.setDefaultTimeout(T);
  const r = await sp.request.post(`${BASE}/api/dwsurvey/none/v6/dw-answer-survey/save-survey-answer.do`, {
    data: { sid, jsonVersion: 6, isTest: 0, answerJson: JSON.stringify({ answerCommon: { answerDwId: 'spoof-' + Date.now() }, anQuestions: [{ quDwId: 'w1', quType: 'RADIO', anRadio: { optionDwId: 'w1a' } }] }) },
    headers: { 'User-Agent': WECHAT_UA },
  });
  assert.equal((await r.json()).data?.anCheckResultCode, 431);
  await spoof.close();
  assert.deepEqual(external, [], 'no requests left for other hosts');
});

test('geolocation: with the map key the server names the place (AMap web service at the stand-in, signed)', async () => {
  const api = apiClient(await apiLogin());
  const t = (x) => ({ dwHtml: x, dwText: x });
  const { sid } = await publish(api, 'Where are you', 'survey', { questions: [{ dwId: 'g1', quType: 'GEOLOCATION', quTitleObj: t('Your location'), quAttr: { isRequired: true } }] });
  const ctx = await browser.newContext({ locale: 'en-US' });
  await ctx.grantPermissions(['geolocation']);
  await ctx.setGeolocation({ latitude: 39.90923, longitude: 116.397428, accuracy: 20 });
  await ctx.route('**/*', (route) => (new URL(route.request().url()).host === new URL(BASE).host ? route.continue() : (external.push(route.request().url()), route.abort())));
  const page = await ctx.newPage();
  page.setDefaultTimeout(T);
  const before = (await (await fetch(`${STANDIN}/_standin/calls`)).json())['amap-regeo'] || 0;
  await page.goto(`${BASE}/v8/diaowen/an/${sid}`, { waitUntil: 'networkidle' });
  const reverse = page.waitForRequest(/map-reverse\.do/);
  await page.getByRole('button', { name: 'Get location' }).click();
  await page.getByTestId('geo-address').waitFor({ timeout: T });
  assert.match(await page.getByTestId('geo-address').innerText(), /北京市东城区/);
  // the browser's WGS-84 position is asked in GCJ-02 (Beijing: about 600 m east, 150 m north)
  const at = new URL((await reverse).url()).searchParams;
  assert.ok(Math.abs(Number(at.get('lng')) - 116.403669) < 0.0001 && Math.abs(Number(at.get('lat')) - 39.910633) < 0.0001, `GCJ-02 point: ${at}`);
  assert.equal(((await (await fetch(`${STANDIN}/_standin/calls`)).json())['amap-regeo'] || 0) - before, 1, 'one signed request to the provider');
  await checkA11y(page, 'answer: geolocation with an address');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.locator('[data-testid=answer-done]').waitFor({ timeout: T });
  await ctx.close();
  assert.deepEqual(external, [], 'no requests left for other hosts');
});

test('geolocation of brand WeChat: outside WeChat "Please answer via WeChat!"; inside WeChat the position comes from the JS-SDK', async () => {
  const api = apiClient(await apiLogin());
  const t = (x) => ({ dwHtml: x, dwText: x });
  const { id, sid } = await publish(api, 'Where are you in WeChat', 'survey', {
    questions: [{ dwId: 'g1', quType: 'GEOLOCATION', quTitleObj: t('Your location'), quAttr: { isRequired: true, locationAttr: { locationBrand: 'wx' } } }],
  });
  // a normal browser, even with the browser's position granted, is refused
  const ctx = await browser.newContext({ locale: 'en-US' });
  await ctx.grantPermissions(['geolocation']);
  await ctx.setGeolocation({ latitude: 39.90923, longitude: 116.397428, accuracy: 20 });
  await ctx.route('**/*', (route) => (new URL(route.request().url()).host === new URL(BASE).host ? route.continue() : (external.push(route.request().url()), route.abort())));
  const page = await ctx.newPage();
  page.setDefaultTimeout(T);
  await page.goto(`${BASE}/v8/diaowen/an/${sid}`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Get location' }).click();
  await page.getByText('Please answer via WeChat!').waitFor({ timeout: T });
  assert.equal(await page.getByTestId('geo-address').count(), 0);
  await ctx.close();

  // in WeChat (no browser position granted): wx.config with getLocation, then WeChat's GCJ-02 position
  const wx = await wechatPhone('wx-e2e-geo');
  await wx.ctx.route('https://res.wx.qq.com/**', (route) =>
    route.fulfill({
      contentType: 'application/javascript',
      body: 'window.__wx=[];window.wx={config:function(c){__wx.push(["config",c])},ready:function(f){f()},error:function(){},' +
        'updateAppMessageShareData:function(){},updateTimelineShareData:function(){},' +
        'getLocation:function(o){__wx.push(["getLocation",{type:o.type}]);o.success({latitude:39.90923,longitude:116.397428,speed:0,accuracy:30})}};',
    }),
  );
  await wx.page.goto(`${BASE}/v8/diaowen/an/${sid}`, { waitUntil: 'networkidle' });
  await wx.page.getByRole('button', { name: 'Get location' }).click();
  await wx.page.getByTestId('geo-address').waitFor({ timeout: T });
  assert.match(await wx.page.getByTestId('geo-address').innerText(), /北京市东城区/);
  const calls = Object.fromEntries(await wx.page.evaluate(() => window.__wx));
  assert.ok(calls.config.jsApiList.includes('getLocation'), JSON.stringify(calls.config));
  assert.equal(await wxConfigCheck(calls.config, wx.page.url()), 'config:ok', 'WeChat accepts the signature for this page');
  assert.deepEqual(calls.getLocation, { type: 'gcj02' });
  await checkA11y(wx.page, 'answer: WeChat geolocation');
  await wx.page.getByRole('button', { name: 'Submit' }).click();
  await wx.page.locator('[data-testid=answer-done]').waitFor({ timeout: T });
  await wx.ctx.close();
  // the saved answer names WeChat as the positioning service
  const list = await api('GET', `app/v6/dw-answer-data-survey/list.do?surveyId=${id}`);
  assert.equal(list.data?.result?.length, 1, JSON.stringify(list));
  const info = await api('GET', `app/answer/info.do?answerId=${list.data.result[0].answerId}`);
  assert.match(JSON.stringify(info.data), /"locationBrand":"wx"/);
  assert.deepEqual(external, [], 'no requests left for other hosts');
});
