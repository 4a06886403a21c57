import { getIntl } from '@umijs/max';
import type { Translate } from './errors';

/** Formats a locale message outside React components. */
export const t: Translate = (id, values) => {
  try {
    return getIntl().formatMessage({ id }, values);
  } catch {
    return id;
  }
};
