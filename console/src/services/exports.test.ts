import { describe, expect, it } from 'vitest';
import { blobOrError, ExportDownloadError, exportActive, fmtSize } from './exports';

describe('exports', () => {
  it('passes a file through and turns a JSON envelope into an error with its message', async () => {
    const file = new Blob(['a,b\r\n'], { type: 'text/csv' });
    expect(await blobOrError(file)).toBe(file);
    const err = new Blob([JSON.stringify({ resultCode: 400, resultMsg: 'The export is cancelled' })], { type: 'application/json' });
    await expect(blobOrError(err)).rejects.toBeInstanceOf(ExportDownloadError);
    await expect(blobOrError(err)).rejects.toMatchObject({ serverMsg: 'The export is cancelled' });
    const broken = new Blob(['{not json'], { type: 'application/json; charset=utf-8' });
    await expect(blobOrError(broken)).rejects.toMatchObject({ serverMsg: '' });
  });
  it('formats sizes and tells running exports', () => {
    expect(fmtSize(0)).toBe('0 B');
    expect(fmtSize(512)).toBe('512 B');
    expect(fmtSize(1536)).toBe('1.5 KB');
    expect(fmtSize(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(exportActive('queued') && exportActive('running')).toBe(true);
    expect(exportActive('done') || exportActive('cancelled') || exportActive('failed')).toBe(false);
  });
});
