import { defineConfig } from '@umijs/max';
import routes from './config/routes';

export default defineConfig({
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
