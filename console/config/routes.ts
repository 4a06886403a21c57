/**
 * Route tree of the spec (section 2). The top layout lives under /v8 and an identical left-right
 * layout under /v8/lr; both are generated from the same children. Every route carries an `access`
 * key of src/access.ts and a `titleKey` (locale id) used for the page title.
 */
type R = {
  path?: string;
  name?: string;
  icon?: string;
  component?: string;
  redirect?: string;
  access?: string;
  titleKey?: string;
  hideInMenu?: boolean;
  layout?: boolean;
  routes?: R[];
  [k: string]: unknown;
};

const COMING = './Coming';

/** Children shared by /v8 and /v8/lr (paths relative, without the prefix). */
function children(): R[] {
  return [
    { path: 'dw/survey', name: 'survey', icon: 'FileTextOutlined', component: './Survey', access: 'canSurvey' },
    { path: 'dw/import-survey', name: 'importSurvey', component: './Import', access: 'canSurvey', hideInMenu: true },
    // two routes: react-router 6.3 has no optional segments (":bankId?" never matched an id)
    { path: 'dw/import-bank', name: 'importBank', component: './Import/Bank', access: 'canSurvey', hideInMenu: true },
    { path: 'dw/import-bank/:bankId', name: 'importBank', component: './Import/Bank', access: 'canSurvey', hideInMenu: true },
    { path: 'dw/my-task', name: 'myTask', icon: 'CarryOutOutlined', component: './MyTask', access: 'canLogin' },
    { path: 'dw/my-review', name: 'myReview', icon: 'AuditOutlined', component: './Review', access: 'canLogin' },
    { path: 'dw/my-answer', name: 'myAnswer', icon: 'FormOutlined', component: './MyTask/MyAnswer', access: 'canLogin', hideInMenu: true },
    { path: 'dw/template', name: 'template', icon: 'AppstoreOutlined', component: './Template', access: 'canSurvey' },
    { path: 'dw/qu-bank', name: 'quBank', icon: 'DatabaseOutlined', component: './QuBank', access: 'canSurvey' },
    {
      path: 'dw/qu-bank/question-list/:dwQuBankId',
      name: 'quBankQuestions',
      component: './QuBank/Questions',
      access: 'canSurvey',
      hideInMenu: true,
    },
    { path: 'dw/collaborate', name: 'collaborate', icon: 'TeamOutlined', component: './Collaborate', access: 'canSurvey' },
    { path: 'dw/contacts', name: 'contacts', icon: 'ContactsOutlined', component: './Contacts', access: 'canSurvey' },
    { path: 'dw/domain', name: 'domain', component: COMING, access: 'canSurvey', hideInMenu: true },
    { path: 'dw/set-lottery', name: 'setLottery', component: './Lottery/SetLottery', access: 'canSurvey', hideInMenu: true },
    {
      path: 'dw/data',
      name: 'data',
      icon: 'BarChartOutlined',
      access: 'canData',
      routes: [
        { path: 'dw/data/dashboard', name: 'dashboard', component: './Dashboard', access: 'canData' },
        { path: 'dw/data/recycle', name: 'recycle', component: './Recycle', access: 'canData' },
      ],
    },
    { path: 'dw/user', name: 'userCenter', icon: 'UserOutlined', component: './UserCenter', access: 'canLogin', hideInMenu: true },
    ...['pwd', 'onePwd', 'phone', 'award'].map((p) => ({
      path: `dw/user/${p}`,
      name: `userCenter.${p}`,
      component: p === 'pwd' || p === 'onePwd' ? './UserCenter' : p === 'award' ? './Lottery/Award' : p === 'phone' ? './UserPhone' : COMING,
      access: 'canLogin',
      hideInMenu: true,
      titleKey: `menu.userCenter.${p}`,
    })),
    {
      path: 'dw/admin',
      name: 'admin',
      icon: 'SettingOutlined',
      access: 'canAdmin',
      routes: [
        { path: 'dw/admin', component: './Admin/Home', access: 'canAdmin' },
        { path: 'dw/admin/user', redirect: 'dw/admin/user/user' },
        { path: 'dw/admin/user/user', name: 'users', component: './Admin/Users', access: 'canAdminUser' },
        { path: 'dw/admin/user/dept', name: 'dept', component: './Admin/Dept', access: 'canAdminDept' },
        { path: 'dw/admin/user/dept-user', name: 'deptUser', component: './Admin/DeptUser', access: 'canAdminDept' },
        { path: 'dw/admin/system', redirect: 'dw/admin/system/role' },
        { path: 'dw/admin/system/role', name: 'role', component: './Admin/Role', access: 'canAdminRole' },
        { path: 'dw/admin/system/perm', name: 'perm', component: './Admin/Perm', access: 'canAdminRole' },
        { path: 'dw/admin/system/log', name: 'log', component: './Admin/Log', access: 'canAdminLog' },
        { path: 'dw/admin/system/set', name: 'set', component: './Admin/Site', access: 'canAdminSite' },
        { path: 'dw/admin/workflows', name: 'workflows', component: './Admin/Workflows', access: 'canAdminWorkflow' },
        { path: 'dw/admin/resource/template', name: 'resTemplate', component: './Admin/Templates', access: 'canAdminTemplate' },
        { path: 'dw/admin/system/set/attrs', name: 'setAttrs', component: './Admin/Site', access: 'canAdminSite', hideInMenu: true },
        { path: 'dw/admin/system/set/version', name: 'setVersion', component: './Admin/Version', access: 'canAdminSite' },
        { path: 'dw/admin/system/set/license', name: 'setLicense', component: './Admin/License', access: 'canAdminSite' },
        { path: 'dw/admin/ent/site-custom', name: 'siteCustom', component: './Admin/Site', access: 'canAdminSite' },
        { path: 'dw/admin/ent/site-domain', name: 'siteDomain', component: './Admin/SiteDomain', access: 'canAdminSite' },
        { path: 'dw/admin/system/app-secret', name: 'appSecret', component: './Admin/AppSecret', access: 'canAdminApp' },
        { path: 'dw/admin/survey', name: 'survey', component: './Admin/Surveys', access: 'canAdminSurvey' },
        { path: 'dw/admin/survey/group', name: 'surveyGroup', component: './Admin/SurveyGroups', access: 'canAdminSurvey' },
        { path: 'dw/admin/survey/answer-log', name: 'answerLog', component: './Admin/AnswerLog', access: 'canAdminSurvey' },
        { path: 'dw/admin/resource/cascade', name: 'resCascade', component: './Admin/Cascade', access: 'canAdminCascade' },
        { path: 'dw/admin/resource/poster', name: 'resPoster', component: './Admin/Posters', access: 'canAdminStyle' },
        { path: 'dw/admin/resource/style-template', name: 'resStyleTemplate', component: './Admin/StyleTemplates', access: 'canAdminStyle' },
        { path: 'dw/admin/dashboard/analysis', name: 'dashAnalysis', component: './Admin/DashAnalysis', access: 'canAdminDashboard' },
        { path: 'dw/admin/dashboard/monitor', name: 'dashMonitor', component: './Admin/DashMonitor', access: 'canAdminDashboard' },
        { path: 'dw/admin/system/notice', name: 'notice', component: './Admin/Notices', access: 'canAdminNotice' },
      ],
    },
  ];
}

/** Prefixes relative paths, fills titleKey from the menu locale id, sets the layout kind. */
function build(list: R[], prefix: string, parentKey: string, extra: Partial<R>): R[] {
  return list.map((r) => {
    const out: R = { ...extra, ...r };
    if (r.path !== undefined) out.path = r.path.startsWith('/') ? r.path : `${prefix}/${r.path}`;
    if (r.redirect !== undefined) out.redirect = r.redirect.startsWith('/') ? r.redirect : `${prefix}/${r.redirect}`;
    const key = r.name ? `${parentKey}.${r.name}` : parentKey;
    if (r.name && !r.titleKey) out.titleKey = key;
    if (r.routes) out.routes = build(r.routes, prefix, key, extra);
    return out;
  });
}

const designRoutes: [string, string][] = [
  ['dw/survey', 'dwsSurvey'],
  ['design/edit/:dwSurveyId', 'designEdit'],
  ['design/style/:dwSurveyId', 'designStyle'],
  ['design/attr/:dwSurveyId', 'designAttr'],
  ['design/redirection/:dwSurveyId', 'designRedirection'],
  ['design/dsl/:dwSurveyId', 'designDsl'],
  ['design/collaborate/:dwSurveyId', 'designCollaborate'],
  ['design/webhook/:dwSurveyId', 'designWebhook'],
  ['d/quota-progress/:dwSurveyId', 'quotaProgress'],
  ['c/attr/:dwSurveyId', 'cAttr'],
  ['c/url/:dwSurveyId', 'cUrl'],
  ['c/comp/:dwSurveyId', 'cComp'],
  ['survey/c/share/:dwSurveyId', 'cShare'],
  ['d/chart/:dwSurveyId', 'dChart'],
  ['d/data/:dwSurveyId', 'dData'],
  ['d/cross/:dwSurveyId', 'dCross'],
  ['c/ip/:dwSurveyId', 'cIp'],
  ['c/pwd/:dwSurveyId', 'cPwd'],
  ['c/wx/:dwSurveyId', 'cWx'],
  ['d/analysis/:dwSurveyId', 'dAnalysis'],
  ['d/district/:dwSurveyId', 'dDistrict'],
  ['d/log/:dwSurveyId', 'dLog'],
  ['d/print/:dwSurveyId', 'dPrint'],
  ['d/DwPrintMbData/:dwSurveyId', 'dPrintMb'],
  ['d/source-stats/:dwSurveyId', 'dSourceStats'],
  ['c/redirection/:dwSurveyId', 'cRedirection'],
  ['c/bind-contacts/:dwSurveyId', 'cBindContacts'],
  ['d/collaborate/:dwSurveyId', 'dCollaborate'],
  ['c/lottery-list/:dwSurveyId', 'cLotteryList'],
  ['set/webhook/:dwSurveyId', 'setWebhook'],
  ['c/source/:dwSurveyId', 'cSource'],
  ['c/user-bind/:dwSurveyId', 'cUserBind'],
  ['design/solution/:dwSurveyId', 'designSolution'],
  ['design/dimension-group/:dwSurveyId', 'designDimensionGroup'],
  ['design/dimension-group/dimension/:dwSurveyId/:groupId', 'designDimension'],
  ['design/eval360/:dwSurveyId', 'designEval360'],
  ['design/language/:dwSurveyId', 'designLanguage'],
];

/** Lottery and evaluation pages (issue 17) of the design layout. */
const EVAL_PAGES: Record<string, string> = {
  'c/lottery-list/:dwSurveyId': './Lottery',
  'design/solution/:dwSurveyId': './Eval/Solution',
  'design/dimension-group/:dwSurveyId': './Eval/Groups',
  'design/dimension-group/dimension/:dwSurveyId/:groupId': './Eval/Dimensions',
  'design/eval360/:dwSurveyId': './Eval/Subjects',
};

/** Authoring pages of the design layout and of the no-layout group (other routes: COMING). */
const authoringPages: Record<string, string> = {
  'design/edit/:dwSurveyId': './Design/Edit',
  'design/style/:dwSurveyId': './Design/Style',
  'design/attr/:dwSurveyId': './Design/Attr',
  'design/redirection/:dwSurveyId': './Design/Redirection',
  'design/dsl/:dwSurveyId': './Design/Dsl',
  'design/collaborate/:dwSurveyId': './Design/Collaborate',
  'dw-design/logic-code/:dwSurveyId': './Design/LogicCode',
  'dw-preview/survey/:dwSurveyId': './Design/Preview',
  'dw/import-survey': './Import',
};

/** Collection pages (issue 6) of the design layout and of the no-layout group. */
const COLLECT_PAGES: Record<string, string> = {
  'c/attr/:dwSurveyId': './Collect/Attr',
  'c/url/:dwSurveyId': './Collect/Url',
  'c/comp/:dwSurveyId': './Collect/Comp',
  'survey/c/share/:dwSurveyId': './Collect/Share',
  'c/pwd/:dwSurveyId': './Collect/Pwd',
  'c/ip/:dwSurveyId': './Collect/Ip',
  'c/wx/:dwSurveyId': './Collect/Wx',
  'c/redirection/:dwSurveyId': './Collect/Redirection',
  'c/bind-contacts/:dwSurveyId': './Collect/BindContacts',
  'c/user-bind/:dwSurveyId': './Collect/UserBind',
  'd/quota-progress/:dwSurveyId': './Collect/Quota',
  'dw-quota-progress/:dwSurveyId': './Collect/QuotaPublic',
};

/** Results pages (issue 7) of the design layout. */
const RESULT_PAGES: Record<string, string> = {
  'd/chart/:dwSurveyId': './Results/Chart',
  'd/data/:dwSurveyId': './Results/Data',
  'd/cross/:dwSurveyId': './Results/Cross',
  'd/analysis/:dwSurveyId': './Results/Analysis',
  'd/district/:dwSurveyId': './Results/District',
  'd/log/:dwSurveyId': './Results/Log',
  'd/print/:dwSurveyId': './Results/Print',
  'd/DwPrintMbData/:dwSurveyId': './Results/PrintTemplates',
  'd/source-stats/:dwSurveyId': './Results/SourceStats',
};

/** Content languages of a survey (issue 16). */
const LANGUAGE_PAGES: Record<string, string> = {
  'design/language/:dwSurveyId': './Design/Language',
};

/** Webhook settings and delivery log (issue 13): the design tab and the management child. */
const WEBHOOK_PAGES: Record<string, string> = {
  'design/webhook/:dwSurveyId': './Webhook',
  'set/webhook/:dwSurveyId': './Webhook',
};

/** Respondent pages of the answer side (other /v8/diaowen routes: their own issues). */
const ANSWER_PAGES: Record<string, string> = {
  'an/:sid': './Answer',
  'an/m/:sid': './Answer/Mobile',
  'an/:sid/:answerId': './Answer',
  'an/:sid/contacts/:relateContactEsId': './Answer',
  'an/review/:sid/:answerId': './Answer/Review',
  'an/review-event/:pathType/:sid/:answerId': './Answer/ReviewEvent',
  'an-solution/:answerId': './Answer/Solution',
  'top/:dwSurveyId': './Answer/ScoreTop',
  'vote/top/:dwSurveyId': './Answer/VoteTop',
  'lottery/:lotteryId/:dwSurveyId': './Answer/Lottery',
  'dimension/:answerId': './Answer/Dimension',
  'preview-solution/:dwSurveyId': './Answer/PreviewSolution',
  notice: './Notice',
  'notice/:noticeId': './Notice',
  'mo/poster/:dwSurveyId': './Poster',
};

const answerRoutes: [string, string][] = [
  ['an/:sid', 'answer'],
  ['an/m/:sid', 'answerMobile'],
  ['an/:sid/:answerId', 'answerEdit'],
  ['an/review/:sid/:answerId', 'answerReview'],
  ['an/review-event/:pathType/:sid/:answerId', 'answerReviewEvent'],
  ['an/:sid/contacts/:relateContactEsId', 'answerContact'],
  ['an-solution/:answerId', 'answerSolution'],
  ['dw-design/survey/:dwSurveyId', 'designer'],
  ['dw-design/logic-code/:dwSurveyId', 'logicCode'],
  ['dw-preview/survey/:dwSurveyId', 'preview'],
  ['dw-preview-style/survey/:dwSurveyId', 'previewStyle'],
  ['dw/import-survey', 'importSurvey'],
  ['top/:dwSurveyId', 'scoreTop'],
  ['vote/top/:dwSurveyId', 'voteTop'],
  ['dw-quota-progress/:dwSurveyId', 'dwQuotaProgress'],
  ['notice', 'notice'],
  ['notice/:noticeId', 'notice'],
  ['lottery/:lotteryId/:dwSurveyId', 'lottery'],
  ['dimension/:answerId', 'dimension'],
  ['preview-solution/:dwSurveyId', 'previewSolution'],
  ['mo/poster/:dwSurveyId', 'poster'],
];

const routes: R[] = [
  { path: '/', redirect: '/v8/dw/survey' },
  // login group (no layout)
  { path: '/login', component: './Login', layout: false, titleKey: 'menu.login' },
  { path: '/login/register', component: './Login/Register', layout: false, titleKey: 'menu.register' },
  { path: '/login/an/:sid', component: './Login', layout: false, titleKey: 'menu.login' },
  { path: '/login/dw-auto-login', component: './Login', layout: false, titleKey: 'menu.login' },
  // third-party sign-in callbacks: /auth/oidc (single sign-on), /auth/weixin (WeChat QR login and binding)
  { path: '/auth/:kind', component: './Auth', layout: false, titleKey: 'menu.login' },
  { path: '/protocal/agreement', component: COMING, layout: false, titleKey: 'menu.agreement' },
  { path: '/protocal/privacy', component: COMING, layout: false, titleKey: 'menu.privacy' },
  // answer side and other no-top-bar pages (built by later issues)
  {
    path: '/v8/diaowen',
    layout: false,
    routes: answerRoutes.map(([p, n]) => ({
      path: `/v8/diaowen/${p}`,
      component: ANSWER_PAGES[p] ?? authoringPages[p] ?? COLLECT_PAGES[p] ?? COMING,
      layout: false,
      titleKey: `menu.answer.${n}`,
    })),
  },
  // survey design pages (hidden from the menu; built by later issues)
  { path: '/v8/dws', redirect: '/v8/dws/dw/survey' },
  ...designRoutes.map(([p, n]) => ({
    path: `/v8/dws/${p}`,
    // named so that ProLayout (which sets document.title for layout pages) finds a title
    name: `dws.${n}`,
    component: authoringPages[p] ?? COLLECT_PAGES[p] ?? RESULT_PAGES[p] ?? WEBHOOK_PAGES[p] ?? EVAL_PAGES[p] ?? LANGUAGE_PAGES[p] ?? COMING,
    access: 'canSurvey',
    hideInMenu: true,
    titleKey: `menu.dws.${n}`,
  })),
  // left-right layout (same children as the top layout). The trees are not nested under a
  // wrapper route: ProLayout drops nameless menu groups together with their children.
  { path: '/v8/lr', redirect: '/v8/lr/dw/survey' },
  ...build(children(), '/v8/lr', 'menu', { layoutKind: 'side' }),
  // top layout
  { path: '/v8', redirect: '/v8/dw/survey' },
  ...build(children(), '/v8', 'menu', { layoutKind: 'top' }),
  { path: '*', component: './NotFound', layout: false, titleKey: 'menu.notFound' },
];

export default routes;
