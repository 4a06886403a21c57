import { message } from 'antd';
import { TOAST_SECONDS } from './errors';

/** antd message with the spec's durations: error, info, warning 5 s; success 3 s. */
export const toast = {
  success: (content: string) => message.success({ content, duration: TOAST_SECONDS.success }),
  info: (content: string) => message.info({ content, duration: TOAST_SECONDS.info }),
  warning: (content: string) => message.warning({ content, duration: TOAST_SECONDS.warning }),
  error: (content: string) => message.error({ content, duration: TOAST_SECONDS.error }),
};
