/** Temporal execution statuses as the workflow monitor reports them. */
export const WF_STATUSES = ['Running', 'Completed', 'Failed', 'Canceled', 'Terminated', 'ContinuedAsNew', 'TimedOut'];

/** Localised name of a Temporal execution status (the raw word when unknown). */
export function wfStatusText(f: (id: string) => string, status: string) {
  return WF_STATUSES.includes(status) ? f(`admin.wf.st.${status}`) : status;
}

/** Workflow types of this product (the monitor's type filter offers them; add new ones here). */
export const WF_TYPES = ['CollectionWorkflow', 'LogArchiveWorkflow', 'ExportWorkflow', 'ExportExpiryWorkflow', 'DeliveryWorkflow', 'InvitationWorkflow', 'ReviewWorkflow', 'GradingWorkflow', 'LotteryWorkflow', 'AnswerLogArchiveWorkflow', 'TranslationWorkflow'];

/**
 * The step column of the workflow monitor in the console's language. The review and grading
 * workflows publish their current step in the "step" memo ("level N", "administrator",
 * "grading", or how they ended); those words are named exactly. Any other step (or a running
 * workflow without a step memo) is named by what a workflow of its type does
 * (bo.wf.step.<type>, one text per WF_TYPES entry) while it runs, and left empty once it has
 * closed (the status says how), never shown as the raw memo word; a type the console does
 * not know keeps the word.
 */
export function wfStepText(fmt: (id: string, values?: Record<string, string | number>) => string, step: string, type?: string, running = true) {
  const level = /^level ([1-3])$/.exec(step);
  if (level) return fmt('rv.step.level', { n: Number(level[1]) });
  const key: Record<string, string> = {
    administrator: 'rv.step.admin',
    passed: 'rv.state.passed',
    failed: 'rv.state.failed',
    ended: 'rv.state.ended',
    grading: 'rv.wf.grading',
    graded: 'rv.wf.graded',
  };
  if (key[step]) return fmt(key[step]);
  if (type && WF_TYPES.includes(type)) return running ? fmt(`bo.wf.step.${type}`) : '';
  return step;
}
