import type { InitialState } from './app';
import { computeAccess } from './utils/authority';

/** Route access keys from the user's currentAuthority (see docs/api-foundation.md). */
export default function access(initialState: InitialState | undefined) {
  const user = initialState?.currentUser;
  return computeAccess(user?.currentAuthority ?? initialState?.authority, !!user);
}
