import { TOAST_SECONDS } from './errors';

type Kind = keyof typeof TOAST_SECONDS;

// antd's message is loaded on first use so that it stays out of every page's first load.
function show(kind: Kind, content: string): void {
  void import('antd/es/message').then(({ default: message }) => message[kind]({ content, duration: TOAST_SECONDS[kind] }));
}

/** antd message with the spec's durations: error, info, warning 5 s; success 3 s. */
export const toast = {
  success: (content: string) => show('success', content),
  info: (content: string) => show('info', content),
  warning: (content: string) => show('warning', content),
  error: (content: string) => show('error', content),
};
