/** Temporal execution statuses as the workflow monitor reports them. */
export const WF_STATUSES = ['Running', 'Completed', 'Failed', 'Canceled', 'Terminated', 'ContinuedAsNew', 'TimedOut'];

/** Localised name of a Temporal execution status (the raw word when unknown). */
export function wfStatusText(f: (id: string) => string, status: string) {
  return WF_STATUSES.includes(status) ? f(`admin.wf.st.${status}`) : status;
}

/** Workflow types of this product (the monitor's type filter offers them; add new ones here). */
export const WF_TYPES = ['CollectionWorkflow', 'LogArchiveWorkflow', 'ExportWorkflow', 'ExportExpiryWorkflow', 'DeliveryWorkflow', 'InvitationWorkflow', 'ReviewWorkflow', 'GradingWorkflow', 'LotteryWorkflow', 'AnswerLogArchiveWorkflow', 'TranslationWorkflow'];

/** The review and grading workflows' current step (their "step" memo: "level N",
 *  "administrator", "grading", or how they ended) in the console's language; any other
 *  workflow's step word is shown as it is. */
export function wfStepText(fmt: (id: string, values?: Record<string, string | number>) => string, step: string) {
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
  return key[step] ? fmt(key[step]) : step;
}
