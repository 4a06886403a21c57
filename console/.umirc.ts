import { defineConfig } from '@umijs/max';
import routes from './config/routes';

export default defineConfig({
  // After the build: the light respondent answer entry in dist/an/ (issue 5, first load ≤ 300 KB gzip).
  // html-a11y-plugin: the page allows zoom (WCAG 1.4.4; umi's template sets user-scalable=no).
  plugins: ['./scripts/answer-lite-plugin.ts', './scripts/html-a11y-plugin.ts'],
  // antd's default primary blue (#1677ff) has 4.1:1 with white text; #0958d9 (antd blue-7) 6.2:1.
  // Hover shades darker (#003eb3, antd blue-8; the derived lighter #2e7ae6 is 4.16:1 with white).
  // Secondary texts at #595959 (7:1; antd's #8c8c8c is 3.4:1); tag colours in src/global.css.
  antd: {
    theme: {
      token: { colorPrimary: '#0958d9', colorLink: '#0958d9', colorPrimaryHover: '#003eb3', colorLinkHover: '#003eb3', colorTextSecondary: '#595959', colorTextTertiary: '#595959', colorTextDescription: '#595959', colorTextQuaternary: '#707070', colorError: '#c62828' },
      // WCAG 2.2 target size (2.5.8): every switch is at least 24 px tall (antd's small one is 28x16
      // and its default 44x22, which axe counts as too small next to other controls)
      components: { Switch: { trackHeight: 24, handleSize: 20, trackMinWidth: 44, trackHeightSM: 24, handleSizeSM: 20, trackMinWidthSM: 40 } },
    },
  },
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
  // The storage fallback for third-party frames (public/dws-storage-shim.js), first of all
  // scripts; a file, not inline: the Content-Security-Policy allows no inline script.
  headScripts: [{ src: '/dws-storage-shim.js' }],
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
