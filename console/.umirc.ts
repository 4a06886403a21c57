import { defineConfig } from '@umijs/max';
import routes from './config/routes';

export default defineConfig({
  // After the build: the light respondent answer entry in dist/an/ (issue 5, first load ≤ 300 KB gzip).
  plugins: ['./scripts/answer-lite-plugin.ts'],
  antd: {},
  access: {},
  model: {},
  initialState: {},
  request: {},
  locale: {
    default: 'en-US',
    baseNavigator: true,
    antd: true,
    useLocalStorage: true,
    title: false,
  },
  layout: {
    title: 'DWSurvey',
    locale: true,
  },
  title: 'DWSurvey',
  // Supported browsers: evergreen desktop and mobile (WeChat's built-in browser is Chromium-based).
  // Narrower than umi's default (Chrome 80), so far fewer core-js polyfills enter every page.
  targets: { chrome: 100, edge: 100, firefox: 100, safari: 15 },
  // Stable ECMAScript features only (umi's default imports all of core-js, proposals included).
  polyfill: { imports: ['core-js/stable'] },
  // antd 5 uses dayjs; without this the locale plugin also bundles moment into every page.
  moment2dayjs: { preset: 'antd', plugins: [] },
  favicons: ['/favicon.svg'],
  // Embedded in a third-party site (the c/comp widget), browsers that block third-party storage
  // (private windows, strict modes) throw on localStorage/sessionStorage: use memory instead.
  headScripts: [
    {
      content:
        "(function(){function m(){var d=new Map();return{get length(){return d.size},key:function(i){var k=Array.from(d.keys())[i];return k===undefined?null:k},getItem:function(k){k=String(k);return d.has(k)?d.get(k):null},setItem:function(k,v){d.set(String(k),String(v))},removeItem:function(k){d.delete(String(k))},clear:function(){d.clear()}}}['localStorage','sessionStorage'].forEach(function(n){try{window[n].getItem('dws')}catch(e){try{Object.defineProperty(window,n,{value:m(),configurable:true})}catch(e2){}}})})();",
    },
  ],
  publicPath: '/',
  history: { type: 'browser' },
  hash: true,
  outputPath: 'dist',
  routes,
  proxy: {
    '/api': {
      target: 'http://127.0.0.1:8080',
      changeOrigin: true,
    },
  },
  npmClient: 'npm',
});
