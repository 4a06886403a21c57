/** Temporal execution statuses as the workflow monitor reports them. */
export const WF_STATUSES = ['Running', 'Completed', 'Failed', 'Canceled', 'Terminated', 'ContinuedAsNew', 'TimedOut'];

/** Localised name of a Temporal execution status (the raw word when unknown). */
export function wfStatusText(f: (id: string) => string, status: string) {
  return WF_STATUSES.includes(status) ? f(`admin.wf.st.${status}`) : status;
}
