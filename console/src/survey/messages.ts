// Validation messages (Go survey/messages.go).

/** A validation message: stable key, English text, parameters. */
export interface Message {
  quDwId?: string;
  itemDwId?: string;
  key: string;
  text: string;
  params: Record<string, number | string>;
}

/** English templates; {name} is replaced by the parameter. */
export const MESSAGE_TEXTS: Record<string, string> = {
  required: 'This question is required',
  minOptions: 'Select at least {n} options',
  maxOptions: 'Select at most {n} options',
  groupMin: 'Group {i}: select at least {n} options',
  groupMax: 'Group {i}: select at most {n} options',
  orderRequired: 'Rank at least {n} options',
  blankRequired: 'Blank {i} is required',
  scoreRequired: 'Score every item',
  rowRequired: 'Row {i} is not answered',
  rowMin: 'Row {i} - at least {n} items',
  rowMax: 'Row {i} - at most {n} items',
  colMin: 'Column {i} - at least {n} items',
  colMax: 'Column {i} - at most {n} items',
  minLength: 'Enter at least {n} characters',
  maxLength: 'Enter at most {n} characters',
  minValue: 'Minimum not less than {n}',
  maxValue: 'Maximum not more than {n}',
  outOfRange: 'The value must be between {min} and {max}',
  timeRange: 'The end cannot be before the start',
  timeOutOfRange: 'The time must be between {min} and {max}',
  email: 'Enter a valid email address',
  unstrcn: 'Cannot be all Chinese characters',
  strcn: 'Enter Chinese characters only',
  num: 'Enter a number',
  digits: 'Enter an integer',
  tel: 'Enter a valid telephone number',
  phone: 'Enter a valid mobile number',
  telPhone: 'Enter a valid telephone or mobile number',
  date: 'Enter a valid date',
  time: 'Enter a valid time',
  datetime: 'Enter a valid date and time',
  identCode: 'Enter a valid ID number',
  zipcode: 'Enter a valid postal code',
  url: 'Enter a valid URL',
  custom: '{message}',
  fileSize: 'File size cannot exceed {n}MB!',
  imageSize: 'Image size cannot exceed {n}KB',
  fileCount: 'At most {n} files can be uploaded',
  fileType: 'File type {ext} is not allowed',
  signatureEmpty: 'Drawing board is empty',
  validateRule: 'Hint: {message}',
  mutex: 'These options cannot be chosen together',
  mutual: 'An exclusive option cannot be combined with other options',
  quotaFull: 'The item quota is full',
  pageMinTime: 'Current page answering time {x} minutes is less than the page minimum of {n} minutes',
};

/** Used by CUSTOM/REGEX checks without regexMsg. */
export const DEFAULT_CUSTOM_MESSAGE = 'The content does not match the required format';

function render(tpl: string, params: Record<string, number | string>): string {
  const keys = Object.keys(params).sort();
  for (const k of keys) {
    const v = params[k];
    tpl = tpl.split('{' + k + '}').join(typeof v === 'number' ? String(v) : v);
  }
  return tpl;
}

/** newMsg builds a message; empty quDwId/itemDwId are left out. */
export function newMsg(qu: string, key: string, params?: Record<string, number | string>, item = ''): Message {
  const p = params ?? {};
  const m: Message = {} as Message;
  if (qu) m.quDwId = qu;
  if (item) m.itemDwId = item;
  m.key = key;
  m.text = render(MESSAGE_TEXTS[key] ?? '', p);
  m.params = p;
  return m;
}

/** withQu sets the question and item of a message. */
export function withQu(m: Message | null, qu: string, item: string): Message | null {
  if (!m) return m;
  return newMsg(qu, m.key, m.params, item);
}
