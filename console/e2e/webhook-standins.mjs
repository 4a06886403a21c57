// Local stand-ins of the webhook targets for the journeys: WeCom group bot, Feishu custom bot,
// DingTalk robot and a Standard Webhooks endpoint. Each checks a request the way the real service
// does, with its own code (not the server's): key or token, signature, timestamp window, message
// shape and size; and answers in the service's own words. Requests are recorded.
import crypto from 'node:crypto';
import http from 'node:http';

const hmac = (key, data) => crypto.createHmac('sha256', key).update(data).digest();

function check(target, s, req, raw) {
  const u = new URL(req.url, 'http://x');
  const q = u.searchParams;
  let body;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    return [400, { error: 'invalid json' }, 'invalid json'];
  }
  if (target === 'work-chat') {
    const refuse = (code, msg) => [200, { errcode: code, errmsg: msg }, msg];
    if (u.pathname !== '/cgi-bin/webhook/send' || q.get('key') !== s.token) return refuse(93000, 'invalid webhook url');
    if (body.msgtype !== 'markdown' && body.msgtype !== 'text') return refuse(40008, 'invalid message type');
    const content = body[body.msgtype]?.content;
    if (!content) return refuse(44004, 'content is empty');
    if (Buffer.byteLength(content) > (body.msgtype === 'markdown' ? 4096 : 2048)) return refuse(40058, 'content exceed max length');
    return [200, { errcode: 0, errmsg: 'ok' }, ''];
  }
  if (target === 'feishu') {
    const refuse = (code, msg) => [200, { code, data: {}, msg }, msg];
    if (u.pathname !== `/open-apis/bot/v2/hook/${s.token}`) return [404, { code: 19001, msg: 'param invalid: incoming webhook access token invalid' }, 'token'];
    if (raw.length > 20 * 1024) return refuse(9499, 'request body too large');
    const want = hmac(`${body.timestamp}\n${s.secret}`, '').toString('base64');
    if (Math.abs(Date.now() / 1000 - Number(body.timestamp)) > 3600 || body.sign !== want)
      return refuse(19021, 'sign match fail or timestamp is not within one hour from current time');
    if (body.msg_type !== 'post' || !Object.values(body.content?.post ?? {}).some((p) => p.content?.length)) return refuse(9499, 'Bad Request');
    return [200, { code: 0, data: {}, msg: 'success' }, ''];
  }
  if (target === 'dingtalk') {
    const refuse = (code, msg) => [200, { errcode: code, errmsg: msg }, msg];
    if (u.pathname !== '/robot/send' || q.get('access_token') !== s.token) return refuse(300001, 'token is not exist');
    const ts = q.get('timestamp');
    const want = hmac(s.secret, `${ts}\n${s.secret}`).toString('base64');
    if (Math.abs(Date.now() - Number(ts)) > 3600_000 || q.get('sign') !== want) return refuse(310000, 'sign not match');
    if (body.msgtype !== 'markdown' || !body.markdown?.title || !body.markdown?.text) return refuse(300005, 'markdown title or text is empty');
    return [200, { errcode: 0, errmsg: 'ok' }, ''];
  }
  // custom: Standard Webhooks
  const id = req.headers['webhook-id'];
  const ts = req.headers['webhook-timestamp'];
  const sigs = String(req.headers['webhook-signature'] || '').split(' ');
  if (!id || !ts || Math.abs(Date.now() / 1000 - Number(ts)) > 300) return [400, { error: 'headers or timestamp' }, 'headers'];
  const mac = hmac(Buffer.from(s.secret.replace(/^whsec_/, ''), 'base64'), Buffer.concat([Buffer.from(`${id}.${ts}.`), raw]));
  const ok = sigs.some((x) => {
    const [v, b64] = x.split(',');
    const got = Buffer.from(b64 || '', 'base64');
    return v === 'v1' && got.length === mac.length && crypto.timingSafeEqual(got, mac);
  });
  if (!ok) return [400, { error: 'no valid signature' }, 'signature'];
  return [200, { received: id }, ''];
}

/**
 * Starts a stand-in of target ('work-chat' | 'feishu' | 'dingtalk' | 'custom') on 127.0.0.1.
 * Set .secret before requests arrive (the custom secret may be generated in the page).
 * .reply = {status, body} answers every request that way instead (a failing target).
 */
export async function startStandIn(target, secret = '') {
  const s = { target, secret, token: `tok${crypto.randomBytes(6).toString('hex')}`, accepted: [], refused: [], reply: null, url: '' };
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const rec = { headers: req.headers, url: req.url, body: raw.toString('utf8'), id: req.headers['webhook-id'] };
      let status, answer, problem;
      if (s.reply) [status, answer, problem] = [s.reply.status, s.reply.body ?? {}, 'scripted'];
      else [status, answer, problem] = check(target, s, req, raw);
      (problem ? s.refused : s.accepted).push({ ...rec, problem });
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${server.address().port}`;
  s.url =
    target === 'work-chat'
      ? `${base}/cgi-bin/webhook/send?key=${s.token}`
      : target === 'feishu'
        ? `${base}/open-apis/bot/v2/hook/${s.token}`
        : target === 'dingtalk'
          ? `${base}/robot/send?access_token=${s.token}`
          : `${base}/hooks/dwsurvey`;
  s.close = () => new Promise((r) => server.close(r));
  return s;
}
