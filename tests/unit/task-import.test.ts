import { describe, expect, it } from 'vitest';
import { localFileProblem, splitLines } from '@/lib/client/csv-import';

describe('task import in the browser', () => {
  it('refuses a file that is not .csv, or over 10 MB, before sending it', () => {
    expect(localFileProblem(new File(['taskType'], 'tasks.CSV'))).toBeNull();
    expect(localFileProblem(new File(['PK'], 'tasks.xlsx'))).toBe('type');
    expect(localFileProblem(new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.csv'))).toBe('size');
  });

  it('reads the NDJSON lines complete so far and keeps the unfinished rest for the next chunk', () => {
    const first = splitLines('{"type":"progress","processed":0,"total":2}\n{"type":"progr');
    expect(first.lines).toEqual([{ type: 'progress', processed: 0, total: 2 }]);
    const second = splitLines(`${first.rest}ess","processed":2,"total":2}\n`);
    expect(second).toEqual({ lines: [{ type: 'progress', processed: 2, total: 2 }], rest: '' });
  });
});
