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
